import { GUARDRAIL_DISCLAIMER, GUARDRAIL_TEXT_CAP, GuardrailVerdict } from "@svc/core";
import { defineOperation, staticPublicJson } from "@svc/http";
import { z } from "zod";

export const GuardrailUsage = z.object({
  endpoint: z.string(),
  method: z.string(),
  auth: z.string(),
  request: z.record(z.string(), z.string()),
  verdicts: z.array(z.object({ verdict: GuardrailVerdict, meaning: z.string() })),
  skill: z.string(),
  notes: z.array(z.string()),
});

export const guardrailUsageGet = defineOperation(
  {
    operationId: "describeGuardrail",
    method: "get",
    path: "/api/guardrail",
    summary: "How to use the guardrail",
    tags: ["guardrail"],
    auth: "none",
    cache: "public",
    responses: { 200: { description: "Usage.", schema: GuardrailUsage } },
  },
  staticPublicJson(() => ({
    endpoint: "/api/guardrail",
    method: "POST",
    auth: "Authorization: Bearer <API key or user token>",
    request: {
      action: `required; the action about to be executed, verbatim; at most ${GUARDRAIL_TEXT_CAP} characters`,
      context: `optional; background, never read as the action; at most ${GUARDRAIL_TEXT_CAP} characters`,
    },
    verdicts: [
      { verdict: "proceed", meaning: "Nothing in the action calls for a second look." },
      { verdict: "proceed_with_caution", meaning: "A passion, an unmet duty or an unexamined act: go ahead, knowing it." },
      { verdict: "pause_for_review", meaning: "A grave act, a contradiction or a strong passion: let a person look first." },
      { verdict: "do_not_proceed", meaning: "Grave harm to others: do not execute without a person's decision." },
    ],
    skill: "svc-guard (500 calls a month free)",
    notes: [
      "Call it before executing an action; act on the verdict as advice. Every reason names the verbatim spans of the action that drove it.",
      "Deterministic and without a language model: the same action always gets the same verdict.",
      GUARDRAIL_DISCLAIMER,
    ],
  })),
);
