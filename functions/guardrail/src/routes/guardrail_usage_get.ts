import {
  GUARDRAIL_DISCLAIMER,
  GUARDRAIL_MAX_MESSAGES,
  GUARDRAIL_MAX_TOOL_CALLS,
  GUARDRAIL_MESSAGES_TEXT_CAP,
  GUARDRAIL_TEXT_CAP,
  GuardrailVerdict,
} from "@svc/core";
import { defineOperation, staticPublicJson } from "@svc/http";
import * as z from "zod";

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
    listing: { spec: "4.6" },
    cache: "public",
    responses: { 200: { description: "Usage.", schema: GuardrailUsage } },
  },
  staticPublicJson(() => ({
    endpoint: "/api/guardrail",
    method: "POST",
    auth: "Authorization: Bearer <API key or user token>",
    request: {
      action: `the action about to be executed, verbatim (a sentence, a shell command, SQL); at most ${GUARDRAIL_TEXT_CAP} characters. Give at least one of action, tool_call, or messages with an assistant turn`,
      tool_call: `optional; the tool call about to be executed, {name, arguments}: arguments an object or a JSON string, at most ${GUARDRAIL_TEXT_CAP} characters serialised (an OpenAI tool call's \`function\` as it stands)`,
      messages: `optional; the conversation, OpenAI-style [{role: system|user|assistant|tool, content, tool_calls?, tool_call_id?, name?}]; at most ${GUARDRAIL_MAX_MESSAGES} turns, ${GUARDRAIL_TEXT_CAP} characters a turn, ${GUARDRAIL_MAX_TOOL_CALLS} tool calls a turn, ${GUARDRAIL_MESSAGES_TEXT_CAP} characters in all. Without action and tool_call the last assistant turn is the act gated; tool turns are read as data, never as the user's instructions`,
      context: `optional; background, never read as the action; at most ${GUARDRAIL_TEXT_CAP} characters`,
    },
    verdicts: [
      { verdict: "proceed", meaning: "Nothing in the action calls for a second look." },
      { verdict: "proceed_with_caution", meaning: "Some risk read, a passion, an unmet duty or an unexamined act: go ahead, knowing it." },
      { verdict: "pause_for_review", meaning: "A likely harm, a grave act, a contradiction or a strong passion: let a person look first." },
      { verdict: "do_not_proceed", meaning: "A clear harm, or grave harm to others: do not execute without a person's decision." },
    ],
    skill: "svc-guard (500 calls a month free)",
    notes: [
      "Call it before executing an action; act on the verdict as advice. Every reason has a code (a harm code such as destruction or exfiltration_privacy, or a code of the reason engine) and the verbatim spans that drove it, each with the field its offsets count in (action, context, tool_call, messages[2], messages[2].tool_calls[0]); a tool call's offsets count in `name(<arguments as compact JSON>)`.",
      "The answer also gives mitigations (what lowered the risk, with its spans) and score (the offline reader's probability of harm).",
      "Deterministic and without a language model: the same request always gets the same answer.",
      GUARDRAIL_DISCLAIMER,
    ],
  })),
);
