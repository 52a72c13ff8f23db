import { actionScoreLens, ActionScore, examine, optionalTextField, textField } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope, principalOf, sessionOf, type OperationHandler, type RouteContract } from "@svc/http";
import * as z from "zod";

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

function scoreRoute<const B extends z.ZodType>(path: string, operationId: string, body: B, summary: string) {
  return {
    operationId,
    method: "post",
    path,
    summary,
    description:
      "Examines a past action with the reason engine (Layer 1 and the deterministic Layer 2) and presents it as spec 2.5: three-level proximity, appropriateness, passions, virtue domains, an improvement path. The score is stored for its owner.",
    tags: ["scoring"],
    auth: "bearer",
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

/** The one handler behind /api/score-action, /api/score and /api/v1/score-action. */
async function scoreAndStore(
  c: Parameters<OperationHandler<RouteContract>>[0],
  input: { action: string; context?: string | undefined; outcome?: string | undefined },
): Promise<Response> {
  const session = await sessionOf(c);
  const id = crypto.randomUUID();
  const background = [input.context, input.outcome ? `Intended outcome: ${input.outcome}` : undefined].filter(Boolean).join("\n\n");
  const exam = await examine(session.language().extractor, { text: input.action, context: background || null, ref: `score_${id}` });
  const score = actionScoreLens(exam);
  await session.scores.record({
    id,
    owner_id: principalOf(c).owner_id,
    action_description: input.action,
    katorthoma_proximity: score.katorthoma_proximity,
    proximity: exam.assessment.katorthoma_proximity,
    is_kathekon: score.is_kathekon,
    kathekon_quality: score.kathekon_quality,
    passions: score.passions_detected.map((p) => p.root_passion),
    virtue_domains: score.virtue_domains_engaged,
  });
  return c.json({ id, ...score });
}

export const scoreAction = defineOperation(scoreRoute("/api/score-action", "scoreAction", ScoreActionRequest, "Score a past action"), (c, { body }) =>
  scoreAndStore(c, { action: body.action, context: body.context, outcome: body.intended_outcome }),
);

export const v1ScoreAction = defineOperation(
  scoreRoute("/api/v1/score-action", "scoreActionV1", ScoreActionRequest, "Score a past action (versioned)"),
  (c, { body }) => scoreAndStore(c, { action: body.action, context: body.context, outcome: body.intended_outcome }),
);

export const score = defineOperation(scoreRoute("/api/score", "score", ScoreRequest, "Score an action (the listing's name)"), (c, { body }) =>
  scoreAndStore(c, { action: body.action, context: body.context, outcome: body.intendedOutcome }),
);
