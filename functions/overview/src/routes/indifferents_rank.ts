import { RankIndifferentsRequest, RankIndifferentsResponse, rankIndifferents } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope } from "@svc/http";

/**
 * POST /api/v1/rank-indifferents: a lookup over public framework data, so it is public and
 * free like the GET overviews (docs/decisions.md).
 */
export const indifferentsRank = defineOperation(
  {
    operationId: "rankIndifferentsV1",
    method: "post",
    path: "/api/v1/rank-indifferents",
    summary: "Rank indifferents by selective value",
    description: "Orders the given indifferents for selection: preferred by value first, the most strongly dispreferred last; equal value shares a rank.",
    tags: ["overview"],
    auth: "none",
    listing: { spec: "4.6", planned: true },
    maxBodyBytes: bodyCapForText(24 * 64),
    request: { body: RankIndifferentsRequest },
    responses: {
      200: { description: "The ranking.", schema: RankIndifferentsResponse },
      400: { description: "Malformed body, or an unknown or repeated id (the field names the element).", schema: ErrorEnvelope },
      413: { description: "Body over its byte cap (about 25 KiB).", schema: ErrorEnvelope },
    },
  },
  (c, { body }) => c.json(rankIndifferents(body)),
);
