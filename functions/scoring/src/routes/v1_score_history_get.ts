import { ForbiddenError, hasCapability, listScores, OwnerId, ScoreList, ScoreListQuery } from "@svc/core";
import { defineOperation, ErrorEnvelope, principalOf, sessionOf } from "@svc/http";
import * as z from "zod";

export const v1ScoreHistoryGet = defineOperation(
  {
    operationId: "getScoreHistoryV1",
    method: "get",
    path: "/api/v1/score-history/{user_id}",
    summary: "A user's score history",
    description:
      "The caller's own history (user_id equal to its qualified owner id as GET /api/me shows it: user:<sub> or key:<name>); operators may read any.",
    tags: ["scoring"],
    auth: "bearer",
    listing: { spec: "4.6", planned: true },
    request: { params: z.object({ user_id: OwnerId.describe("A qualified owner id: user:<sub>, key:<name> or operator.") }), query: ScoreListQuery },
    responses: {
      200: { description: "A page of scores, newest first.", schema: ScoreList },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: { description: "Another user's history, and the caller is not an operator.", schema: ErrorEnvelope },
    },
  },
  async (c, { params, query }) => {
    const principal = principalOf(c);
    if (params.user_id !== principal.owner_id && !hasCapability(principal, "operator")) {
      throw new ForbiddenError("Only your own score history can be read.", "not_your_history", { required: "operator" });
    }
    return c.json(await listScores((await sessionOf(c)).scores, params.user_id, query));
  },
);
