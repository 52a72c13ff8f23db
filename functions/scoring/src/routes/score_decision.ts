import { DecisionScore, ScoreDecisionRequest, scoreDecision as scoreDecisionService } from "@svc/core";
import { defineOperation, ErrorEnvelope } from "@svc/http";
import { scoringContext } from "./context";

export const scoreDecision = defineOperation(
  {
    operationId: "scoreDecision",
    method: "post",
    path: "/api/score-decision",
    summary: "Compare 2 to 5 options",
    description: "Each option is examined by the reason engine, in parallel, then ranked: appropriate acts first, then by proximity, then by fewer passions.",
    tags: ["scoring"],
    auth: "bearer",
    listing: { spec: "4.6, 8" },
    charge: { skill: "svc-decide" },
    request: { body: ScoreDecisionRequest },
    responses: {
      200: { description: "The ranked options.", schema: DecisionScore },
      400: { description: "Fewer than 2 or more than 5 options, or a field over its cap.", schema: ErrorEnvelope },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      429: { description: "svc-decide allowance exhausted.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => c.json(await scoreDecisionService({ ctx: await scoringContext(c), input: body })),
);
