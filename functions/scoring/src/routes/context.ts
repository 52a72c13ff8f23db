import type { ScoringContext } from "@svc/core";
import { principalOf, sessionOf, type AppEnv } from "@svc/http";
import type { Context } from "hono";

/** The caller and the request's ports, as the scoring services take them. */
export async function scoringContext(c: Context<AppEnv>): Promise<ScoringContext> {
  const session = await sessionOf(c);
  return {
    principal: principalOf(c),
    extractor: session.language().extractor,
    scores: session.scores,
    documents: session.documents,
    journal: session.journal,
    sealer: () => session.sealer(),
    newId: () => crypto.randomUUID(),
    now: () => new Date(),
  };
}
