import { ConversationScore, MAX_TURNS, ScoreConversationRequest, scoreConversation as scoreConversationService } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope } from "@svc/http";
import { scoringContext } from "./context";

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
    listing: { spec: "4.6" },
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
  async (c, { body }) => c.json(await scoreConversationService({ ctx: await scoringContext(c), input: body })),
);
