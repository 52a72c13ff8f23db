import { GUARDRAIL_REQUEST_TEXT_CAP, GUARDRAIL_STRUCTURE_BYTES, guardAction, GuardrailRequest, GuardrailResponse } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope } from "@svc/http";

export const guardrailCheck = defineOperation(
  {
    operationId: "checkGuardrail",
    method: "post",
    path: "/api/guardrail",
    summary: "Gate an action before executing it",
    description:
      "A graduated verdict (proceed, proceed_with_caution, pause_for_review, do_not_proceed) with its reasons (a harm code, or a code of the reason engine) and the verbatim spans that drove them, each naming its request field. " +
      "The act is `action` and/or `tool_call` ({name, arguments}); or, without them, the last assistant turn of `messages` (OpenAI-style, tool_calls included). " +
      "Deterministic: the offline reader of actions and the reason engine with the offline Layer 1, no language model, so it answers in well under 100 ms. Fails open when metering is down: a safety check must answer.",
    tags: ["guardrail"],
    auth: "bearer",
    listing: { spec: "4.6, 8" },
    charge: { skill: "svc-guard", onOutage: "open" },
    // Every field at its cap even when every character arrives JSON-escaped (\uXXXX, 6 bytes),
    // with the JSON of 50 turns and their tool calls around it.
    maxBodyBytes: bodyCapForText(GUARDRAIL_REQUEST_TEXT_CAP) + GUARDRAIL_STRUCTURE_BYTES,
    request: { body: GuardrailRequest },
    responses: {
      200: { description: "The verdict.", schema: GuardrailResponse },
      400: {
        description:
          "No act to gate (none of action, tool_call, or messages with an assistant turn), a field over its cap (action, context, a turn's content, tool_call arguments serialised: 5,000 characters; 50 turns; 20,000 characters of messages in all), or a malformed field; the error names the field path (e.g. messages[3].content).",
        schema: ErrorEnvelope,
      },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      429: { description: "svc-guard allowance exhausted.", schema: ErrorEnvelope },
    },
  },
  // No language model on this path: the offline reader and the offline Layer 1, always.
  async (c, { body }) => c.json(await guardAction(body)),
);
