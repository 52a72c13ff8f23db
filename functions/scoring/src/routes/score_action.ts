import { ActionScore, optionalTextField, scoreAction as scoreActionService, textField } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope, type RouteContract, type RouteListing } from "@svc/http";
import * as z from "zod";
import { scoringContext } from "./context";

const TEXT_CAP = 5000;
/** Three fields at the cap even when every character arrives JSON-escaped (\uXXXX, 6 bytes). */
export const TEXT_BODY_BYTES = bodyCapForText(3 * TEXT_CAP);
const text = (field: string) => textField(field, TEXT_CAP);

export const ScoreActionRequest = z.strictObject({
  action: text("action").describe("The action taken, as its agent would describe it."),
  context: optionalTextField("context", TEXT_CAP),
  intended_outcome: optionalTextField("intended_outcome", TEXT_CAP),
});

/** The listing's name for the same operation, with its camelCase field. */
export const ScoreRequest = z.strictObject({
  action: text("action"),
  context: optionalTextField("context", TEXT_CAP),
  intendedOutcome: optionalTextField("intendedOutcome", TEXT_CAP),
});

export const ScoredAction = ActionScore.extend({ id: z.uuid().describe("The stored score's id (GET /api/user/scores).") });

function scoreRoute<const B extends z.ZodType>(path: string, operationId: string, body: B, summary: string, listing: RouteListing) {
  return {
    operationId,
    method: "post",
    path,
    summary,
    description:
      "Examines a past action with the reason engine (Layer 1 and the deterministic Layer 2) and presents it as spec 2.5: three-level proximity, appropriateness, passions, virtue domains, an improvement path. The score is stored for its owner.",
    tags: ["scoring"],
    auth: "bearer",
    listing,
    charge: { skill: "svc-score" },
    maxBodyBytes: TEXT_BODY_BYTES,
    request: { body },
    responses: {
      200: { description: "The score.", schema: ScoredAction },
      400: { description: "A field missing, over 5,000 characters, or not accepted.", schema: ErrorEnvelope },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      429: { description: "svc-score allowance exhausted.", schema: ErrorEnvelope },
    },
  } as const satisfies RouteContract;
}

export const scoreAction = defineOperation(
  scoreRoute("/api/score-action", "scoreAction", ScoreActionRequest, "Score a past action", { spec: "4.2, 2.5" }),
  async (c, { body }) => c.json(await scoreActionService({ ctx: await scoringContext(c), input: body })),
);

export const v1ScoreAction = defineOperation(
  scoreRoute("/api/v1/score-action", "scoreActionV1", ScoreActionRequest, "Score a past action (versioned)", { spec: "4.6", planned: true }),
  async (c, { body }) => c.json(await scoreActionService({ ctx: await scoringContext(c), input: body })),
);

export const score = defineOperation(
  scoreRoute("/api/score", "score", ScoreRequest, "Score an action (the listing's name)", { spec: "4.6" }),
  async (c, { body }) =>
    c.json(
      await scoreActionService({ ctx: await scoringContext(c), input: { action: body.action, context: body.context, intended_outcome: body.intendedOutcome } }),
    ),
);
