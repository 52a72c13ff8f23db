import { APPROVAL_NOTE_MAX, approveCalling, CallingApproved, CallingApproveRequest } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope, withCaller } from "@svc/http";
import { callingContext } from "./context";

export const callingApprove = defineOperation(
  {
    operationId: "approveCalling",
    method: "post",
    path: "/api/calling/approve",
    summary: "Approve a calling handoff",
    description:
      "Operators only. Names the session by owner_id, agent_id and session_id (ids are scoped per owner and agent) and moves it from awaiting_approval to approved, recording who approved, when, and an optional note; the agent then reads `approved` with the purpose and the handoff. " +
      "A key of the session's own owner is refused (403 own_handoff) even when it carries the operator capability: an agent never approves its own handoff.",
    tags: ["practice"],
    auth: "operator",
    listing: { spec: "4.5, 3.4" },
    maxBodyBytes: bodyCapForText(APPROVAL_NOTE_MAX + 3 * 128),
    request: { body: CallingApproveRequest },
    responses: {
      200: { description: "The approved session: purpose, handoff and approval.", schema: CallingApproved },
      400: { description: "A field missing, malformed, over its cap or not accepted (named).", schema: ErrorEnvelope },
      401: { description: "No valid Bearer credential.", schema: ErrorEnvelope },
      403: { description: "Not an operator (operator_only), or a key of the session's own owner (own_handoff).", schema: ErrorEnvelope },
      404: { description: "No calling session has this owner_id, agent_id and session_id.", schema: ErrorEnvelope },
      409: { description: "The session is not awaiting approval (the code is not_awaiting_approval, with its status).", schema: ErrorEnvelope },
      503: { description: "Calling is turned off on this deployment (calling_disabled), or the session store cannot be reached.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => c.json(await approveCalling({ ctx: withCaller(c, await callingContext(c)), input: body })),
);
