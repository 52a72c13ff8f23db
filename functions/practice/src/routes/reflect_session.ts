import { PRACTICE_ANSWER_MAX, ReflectRequest, ReflectResponse, reflectTurn } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope, withCaller } from "@svc/http";
import { reflectContext } from "./context";

export const reflectSession = defineOperation(
  {
    operationId: "reflectSession",
    method: "post",
    path: "/api/practice/reflect",
    summary: "Session-close reflection, Q1 to Q6",
    description:
      "Open with session_summary and no response (first question Q1), then answer each step in order: Q1..Q6, verification, supporting; the sequence is never shortened. " +
      "The answer to `supporting` closes the session: the answers are examined by the reason engine and the profile returned with a note to surface verbatim; that pass is the one metered svc-reason loop, every other turn is free. " +
      "A distress signal in the answers ends the flow (`redirected`). session_id is scoped to the credential's owner and the agent and echoed unchanged; a call without response on an existing session changes nothing and returns where it stands. " +
      "reflect_at_close `off` opens nothing and costs nothing (`skipped`). Sessions opened before 2026-09-26 cannot be resumed (409).",
    tags: ["practice"],
    auth: "bearer",
    listing: { spec: "4.5, 2.16, 3.3" },
    requires: { capability: "reflect" },
    charge: { skill: "svc-reason", at: "service" },
    // The answer, the summary's texts (1,000 + 200 + 20 x 200) and the ids.
    maxBodyBytes: bodyCapForText(PRACTICE_ANSWER_MAX + 1000 + 200 + 20 * 200 + 2 * 128),
    request: { body: ReflectRequest },
    responses: {
      200: { description: "The next question, the completion with the profile, the redirect, or `skipped`.", schema: ReflectResponse },
      400: {
        description:
          "A field missing, malformed, over its cap or not accepted (named): session_summary missing or not an object on open, an invalid context_source, an empty or blank response.",
        schema: ErrorEnvelope,
      },
      401: { description: "No valid Bearer credential.", schema: ErrorEnvelope },
      403: { description: "The credential lacks the reflect capability, or its key is bound to another agent.", schema: ErrorEnvelope },
      404: { description: "An answer to a session that was never opened (under this owner and agent).", schema: ErrorEnvelope },
      409: {
        description: "The session is closed (complete or redirected), was opened before 2026-09-26, or another answer changed it first.",
        schema: ErrorEnvelope,
      },
      429: { description: "The closing pass found the svc-reason loop allowance, or the burst window, exhausted.", schema: ErrorEnvelope },
      503: { description: "The session store or the meter cannot be reached.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => c.json(await reflectTurn({ ctx: withCaller(c, await reflectContext(c)), input: body })),
);
