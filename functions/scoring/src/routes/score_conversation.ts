import { ConversationScore, conversationLens, examine, mapBounded, MAX_TURNS, ScoreConversationRequest } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope, sessionOf } from "@svc/http";

export const scoreConversation = defineOperation(
  {
    operationId: "scoreConversation",
    method: "post",
    path: "/api/score-conversation",
    summary: "Audit a conversation or an e-mail thread",
    description:
      "Each turn (up to 50, 5,000 characters each) examined by the reason engine, with per-turn findings grounded in the turn's own words and a summary per speaker.",
    tags: ["scoring"],
    auth: "bearer",
    charge: { skill: "svc-converse" },
    maxBodyBytes: bodyCapForText(MAX_TURNS * 5100 + 5000),
    request: { body: ScoreConversationRequest },
    responses: {
      200: { description: "Findings per turn and per speaker.", schema: ConversationScore },
      400: { description: "No turns, more than 50, or a field over its cap.", schema: ErrorEnvelope },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      429: { description: "svc-converse allowance exhausted.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => {
    const { extractor } = (await sessionOf(c)).language();
    const exams = await mapBounded(body.turns, 5, (turn) =>
      examine(extractor, { text: turn.text, context: body.context ?? null, ref: `turn_${crypto.randomUUID()}` }),
    );
    return c.json(conversationLens(body, exams));
  },
);
