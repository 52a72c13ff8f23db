import { listPendingHandoffs, PendingHandoffs, PendingHandoffsQuery } from "@svc/core";
import { defineOperation, ErrorEnvelope } from "@svc/http";
import { callingContext } from "./context";

export const callingPending = defineOperation(
  {
    operationId: "listPendingHandoffs",
    method: "get",
    path: "/api/calling/pending",
    summary: "Calling handoffs awaiting approval",
    description:
      "Operators only. The sessions at the awaiting_approval gate, longest waiting first, each named by owner_id, agent_id and session_id as POST /api/calling/approve wants them, with the discovered purpose and the handoff.",
    tags: ["practice"],
    auth: "operator",
    listing: { spec: "4.5, 3.4" },
    request: { query: PendingHandoffsQuery },
    responses: {
      200: { description: "The queue.", schema: PendingHandoffs },
      400: { description: "limit outside 1 to 100.", schema: ErrorEnvelope },
      401: { description: "No valid Bearer credential.", schema: ErrorEnvelope },
      403: { description: "Not an operator.", schema: ErrorEnvelope },
      503: { description: "Calling is turned off on this deployment (calling_disabled), or the session store cannot be reached.", schema: ErrorEnvelope },
    },
  },
  async (c, { query }) => {
    return c.json(await listPendingHandoffs({ ctx: await callingContext(c), input: query }));
  },
);
