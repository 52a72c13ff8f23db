import { AGENT_CARD_URL_MAX, CallingRequest, CallingResponse, callingTurn, PRACTICE_ANSWER_MAX } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope, withCaller } from "@svc/http";
import { callingContext } from "./context";

export const callingSession = defineOperation(
  {
    operationId: "callingSession",
    method: "post",
    path: "/api/calling",
    summary: "Purpose-discovery sequence",
    description:
      "Open without response (stage Q1), answer Q1..Q6 in order. A discovered purpose ends at `awaiting_approval`, a hard gate only an operator passes (POST /api/calling/approve); answers that show no purpose end at `null_result` with a clarification; a distress signal ends the flow (`redirected`). " +
      "`hold: true` puts a session in progress into its 24-hour holding pattern (an answer resumes it); a stage left an hour unanswered, or a hold past 24 hours, is `timed_out`. " +
      "A call without response on an existing session changes nothing and returns where it stands (after approval: `approved` with the purpose, the handoff and the approval). session_id is scoped to the credential's owner and the agent. Not metered.",
    tags: ["practice"],
    auth: "bearer",
    listing: { spec: "4.5, 2.17, 3.4" },
    requires: { capability: "calling" },
    maxBodyBytes: bodyCapForText(PRACTICE_ANSWER_MAX + AGENT_CARD_URL_MAX + 2 * 128),
    request: { body: CallingRequest },
    responses: {
      200: { description: "Where the session stands after the call.", schema: CallingResponse },
      400: {
        description:
          "A field missing, malformed, over its cap or not accepted (named): an empty response, an agent_card_url that is not https, hold with a response.",
        schema: ErrorEnvelope,
      },
      401: { description: "No valid Bearer credential.", schema: ErrorEnvelope },
      403: { description: "The credential lacks the calling capability, or its key is bound to another agent.", schema: ErrorEnvelope },
      404: { description: "An answer or a hold for a session that was never opened (under this owner and agent).", schema: ErrorEnvelope },
      409: {
        description:
          "The session takes no answer in its state (awaiting_approval, approved, null_result, timed_out, redirected), or another call changed it first.",
        schema: ErrorEnvelope,
      },
      503: { description: "Calling is turned off on this deployment (calling_disabled), or the session store cannot be reached.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => c.json(await callingTurn({ ctx: withCaller(c, await callingContext(c)), input: body })),
);
