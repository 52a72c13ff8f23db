import * as z from "zod";
import { AgentId } from "../credentials";
import { BASELINE_SCENARIOS, FOUNDATIONAL_IDS, FULL_IDS } from "./framework";

/**
 * The three submissions of spec 4.3: exactly 14, 55 or 4 responses, each id known and given
 * once, each response 50 to 10,000 characters. Objects are strict, so the fields these
 * endpoints do not accept (scenario, context, deliberation count, agent name, domain…) are
 * refused with a 400 naming them.
 */
export const RESPONSE_MIN = 50;
export const RESPONSE_MAX = 10_000;

const ResponseText = z
  .string()
  .min(RESPONSE_MIN, `a response needs at least ${RESPONSE_MIN} characters`)
  .max(RESPONSE_MAX, `a response is limited to ${RESPONSE_MAX.toLocaleString("en")} characters`);

function exactlyOnce(ids: readonly string[], key: "assessment_id" | "scenario_id") {
  return (responses: ReadonlyArray<Record<string, unknown>>, ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    responses.forEach((r, i) => {
      const id = String(r[key]);
      if (!ids.includes(id)) ctx.addIssue({ code: "custom", path: [i, key], message: `${id} is not one of the ids this submission takes`, input: id });
      else if (seen.has(id)) ctx.addIssue({ code: "custom", path: [i, key], message: `${id} is given twice`, input: id });
      seen.add(id);
    });
  };
}

const assessmentResponses = (ids: readonly string[]) =>
  z
    .array(z.strictObject({ assessment_id: z.string().describe("One of the ids of the index."), response: ResponseText }))
    .length(ids.length, `responses must hold exactly ${ids.length} responses, one per id`)
    .superRefine(exactlyOnce(ids, "assessment_id"));

export const FoundationalSubmission = z.strictObject({
  agent_id: AgentId.describe("The agent assessed, at least 2 characters."),
  responses: assessmentResponses(FOUNDATIONAL_IDS),
});
export type FoundationalSubmission = z.infer<typeof FoundationalSubmission>;

export const FullSubmission = z.strictObject({
  agent_id: AgentId,
  responses: assessmentResponses(FULL_IDS),
});
export type FullSubmission = z.infer<typeof FullSubmission>;

const SCENARIO_IDS = BASELINE_SCENARIOS.map((s) => s.id);

export const BaselineSubmission = z.strictObject({
  agent_id: AgentId,
  responses: z
    .array(z.strictObject({ scenario_id: z.string(), response: ResponseText }))
    .length(SCENARIO_IDS.length, `responses must hold exactly ${SCENARIO_IDS.length} responses, one per scenario`)
    .superRefine(exactlyOnce(SCENARIO_IDS, "scenario_id")),
});
export type BaselineSubmission = z.infer<typeof BaselineSubmission>;
