import { examine, GUARDRAIL_TEXT_CAP, GuardrailRequest, GuardrailResponse, guardrailLens, offlineExtractor } from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope } from "@svc/http";

export const guardrailCheck = defineOperation(
  {
    operationId: "checkGuardrail",
    method: "post",
    path: "/api/guardrail",
    summary: "Gate an action before executing it",
    description:
      "A graduated verdict (proceed, proceed_with_caution, pause_for_review, do_not_proceed) with its reasons and the verbatim spans of the action that drove them. " +
      "Deterministic: the reason engine with the offline Layer 1, no language model, so it answers in well under 100 ms. Fails open when metering is down: a safety check must answer.",
    tags: ["guardrail"],
    auth: "bearer",
    skill: "svc-guard",
    onMeterOutage: "open",
    // Both fields at the cap even when every character arrives JSON-escaped (\uXXXX, 6 bytes).
    maxBodyBytes: bodyCapForText(2 * GUARDRAIL_TEXT_CAP),
    request: { body: GuardrailRequest },
    responses: {
      200: { description: "The verdict.", schema: GuardrailResponse },
      400: { description: "action missing, or action or context over 5,000 characters.", schema: ErrorEnvelope },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      429: { description: "svc-guard allowance exhausted.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => {
    // No language model on this path: always the offline Layer 1.
    const exam = await examine(offlineExtractor, { text: body.action, context: body.context ?? null, ref: `guard_${crypto.randomUUID()}` });
    return c.json(guardrailLens(exam));
  },
);
