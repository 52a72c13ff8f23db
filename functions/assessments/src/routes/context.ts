import { examine, type AssessmentContext } from "@svc/core";
import { chargerOf, principalOf, sessionOf, type AppEnv } from "@svc/http";
import type { Context } from "hono";

/** The caller, its charger, the engine and the result store, as an assessment run needs them. */
export async function assessmentContext(c: Context<AppEnv>): Promise<AssessmentContext> {
  const session = await sessionOf(c);
  const { extractor } = session.language();
  return {
    principal: principalOf(c),
    charge: chargerOf(c),
    examine: (text, context) => examine(extractor, { text, context, ref: `assessment_${crypto.randomUUID()}` }),
    store: session.assessments,
    now: () => new Date(),
    extractorName: extractor.name,
  };
}
