import { listScores, ScoreList, ScoreListQuery } from "@svc/core";
import { defineOperation, ErrorEnvelope, principalOf, sessionOf } from "@svc/http";

export const userScoresGet = defineOperation(
  {
    operationId: "listUserScores",
    method: "get",
    path: "/api/user/scores",
    summary: "The caller's stored scores",
    description: "Newest first; `limit` (1 to 100, default 20) and the cursor `before` = next_cursor. Only the caller's own scores.",
    tags: ["scoring"],
    auth: "bearer",
    listing: { spec: "4.2, 2.7" },
    request: { query: ScoreListQuery },
    responses: {
      200: { description: "A page of scores.", schema: ScoreList },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
    },
  },
  async (c, { query }) => {
    const session = await sessionOf(c);
    return c.json(await listScores(session.scores, principalOf(c).owner_id, query));
  },
);
