import * as z from "zod";
import { KatorthomaProximity } from "../enums";
import { textField } from "../text";
import { rankOf } from "../ladders";
import { CIRCLE_TERMS, locate, sentencesOf, VIOLATION_CUES, type Marker } from "../reason/corroboration";
import { detectDistress } from "../reason/distress";
import { examine, type Examination } from "../reason/examine";
import { offlineExtractor } from "../reason/offline";
import { readAction, renderToolCall, type ReaderInput, type Reading, type Span, type ToolCall as ReaderToolCall } from "@svc/judgment";

/**
 * The guardrail: a graduated verdict on an action an agent is about to take. Two offline readers,
 * neither a language model (so it answers in well under a millisecond of reading): the offline
 * reader of actions (@svc/judgment: the harm taxonomy, its modifiers and the trained scorer) over
 * the whole request, and the reason engine with the offline Layer 1 over the act's own text
 * (distress, grave acts, passions, duties). Every reason carries the verbatim spans that drove it,
 * each naming the request field its offsets count in.
 */
export const GUARDRAIL_TEXT_CAP = 5000;
/** At most this many turns in `messages`. */
export const GUARDRAIL_MAX_MESSAGES = 50;
/** At most this many tool calls on one assistant turn. */
export const GUARDRAIL_MAX_TOOL_CALLS = 10;
/** A tool's name, a tool call's id, a turn's name: at most this many characters. */
export const GUARDRAIL_NAME_CAP = 200;
/** All the strings of `messages` together (contents, tool-call names and arguments serialised, ids, names). */
export const GUARDRAIL_MESSAGES_TEXT_CAP = 20_000;
/** The most text one request can carry in all: action, context, tool_call (name and arguments) and messages. */
export const GUARDRAIL_REQUEST_TEXT_CAP = 3 * GUARDRAIL_TEXT_CAP + GUARDRAIL_NAME_CAP + GUARDRAIL_MESSAGES_TEXT_CAP;
/** The JSON around that text at most (keys, brackets, quotes): per turn, with its tool calls. */
export const GUARDRAIL_STRUCTURE_BYTES = GUARDRAIL_MAX_MESSAGES * (128 + GUARDRAIL_MAX_TOOL_CALLS * 128);

const MAX_ARGUMENT_DEPTH = 64;

/** A tool call's arguments as characters: a string as it stands, anything else as compact JSON. */
function serialisedLength(args: unknown): number {
  return typeof args === "string" ? args.length : (JSON.stringify(args ?? {})?.length ?? 0);
}

const ToolArguments = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: "arguments must be an object or a JSON string" })
  .describe(`The call's arguments: an object, or a JSON string (as OpenAI sends them); at most ${GUARDRAIL_TEXT_CAP} characters serialised.`);

const toolName = (what: string) => textField(what, GUARDRAIL_NAME_CAP);

/** `{name, arguments}`: the shape of the `function` of an OpenAI tool call, and of an MCP tools/call. */
const ToolCallSchema = z
  .strictObject({
    name: toolName("name").describe("The tool's name."),
    arguments: ToolArguments.optional(),
  })
  .superRefine((call, ctx) => {
    if (call.arguments !== undefined && serialisedLength(call.arguments) > GUARDRAIL_TEXT_CAP)
      ctx.addIssue({ code: "custom", path: ["arguments"], message: `arguments are limited to ${GUARDRAIL_TEXT_CAP} characters serialised` });
  });

/** An OpenAI chat-completions tool call: `{id, type: "function", function: {name, arguments}}`. */
const OpenAiToolCall = z.strictObject({
  id: z.string().max(GUARDRAIL_NAME_CAP, `id is limited to ${GUARDRAIL_NAME_CAP} characters`).optional(),
  type: z.literal("function").optional(),
  function: ToolCallSchema,
});

export const GuardrailRole = z.enum(["system", "user", "assistant", "tool"]);

const MessageSchema = z
  .strictObject({
    role: GuardrailRole.describe("Who wrote the turn. Tool turns are data the agent read: instructions in them are not the user's."),
    content: z
      .string()
      .max(GUARDRAIL_TEXT_CAP, `content is limited to ${GUARDRAIL_TEXT_CAP} characters`)
      .nullable()
      .optional()
      .describe(`The turn's text, at most ${GUARDRAIL_TEXT_CAP} characters; null (or absent) only on an assistant turn that has tool_calls.`),
    tool_calls: z
      .array(OpenAiToolCall)
      .max(GUARDRAIL_MAX_TOOL_CALLS, `tool_calls is limited to ${GUARDRAIL_MAX_TOOL_CALLS} calls`)
      .optional()
      .describe("An assistant turn's tool calls, in the OpenAI shape."),
    tool_call_id: z
      .string()
      .max(GUARDRAIL_NAME_CAP, `tool_call_id is limited to ${GUARDRAIL_NAME_CAP} characters`)
      .optional()
      .describe("A tool turn: the call it answers."),
    name: z
      .string()
      .max(GUARDRAIL_NAME_CAP, `name is limited to ${GUARDRAIL_NAME_CAP} characters`)
      .optional()
      .describe("A tool turn: the tool's name (or a participant's name)."),
  })
  .superRefine((m, ctx) => {
    const calls = m.tool_calls?.length ?? 0;
    if (m.content === undefined && !(m.role === "assistant" && calls > 0))
      ctx.addIssue({ code: "invalid_type", expected: "string", input: undefined, path: ["content"], message: "content is required" });
    if (m.content === null && !(m.role === "assistant" && calls > 0))
      ctx.addIssue({ code: "custom", path: ["content"], message: "content may be null only on an assistant turn that has tool_calls" });
    if (m.tool_calls !== undefined && m.role !== "assistant")
      ctx.addIssue({ code: "custom", path: ["tool_calls"], message: "tool_calls are accepted on an assistant turn only" });
    if (m.tool_call_id !== undefined && m.role !== "tool")
      ctx.addIssue({ code: "custom", path: ["tool_call_id"], message: "tool_call_id is accepted on a tool turn only" });
  });
export type GuardrailMessage = z.infer<typeof MessageSchema>;

/** All the strings of a turn, counted against GUARDRAIL_MESSAGES_TEXT_CAP. */
function messageLength(m: GuardrailMessage): number {
  let n = (m.content ?? "").length + (m.tool_call_id ?? "").length + (m.name ?? "").length;
  for (const call of m.tool_calls ?? []) n += (call.id ?? "").length + call.function.name.length + serialisedLength(call.function.arguments ?? {});
  return n;
}

function lastAssistant(messages: readonly GuardrailMessage[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === "assistant") return i;
  return -1;
}

const ACT_FIELDS = "action, tool_call, or messages with an assistant turn";

export const GuardrailRequest = z
  .strictObject({
    action: textField("action", GUARDRAIL_TEXT_CAP)
      .optional()
      .describe(`The action about to be executed, verbatim: a sentence, a shell command, SQL, a call written out; at most ${GUARDRAIL_TEXT_CAP} characters.`),
    context: z
      .string()
      .max(GUARDRAIL_TEXT_CAP, `context is limited to ${GUARDRAIL_TEXT_CAP} characters`)
      .optional()
      .describe(`Background; never read as the action. At most ${GUARDRAIL_TEXT_CAP} characters.`),
    tool_call: ToolCallSchema.optional().describe(
      "The tool call about to be executed, as {name, arguments}: an OpenAI tool call's `function` as it stands, or an MCP tools/call's params. Read as the act, beside action when both are given.",
    ),
    messages: z
      .array(MessageSchema)
      .max(GUARDRAIL_MAX_MESSAGES, `messages is limited to ${GUARDRAIL_MAX_MESSAGES} turns`)
      .optional()
      .describe(
        `The conversation so far, OpenAI-style ({role, content, tool_calls?, tool_call_id?, name?}); at most ${GUARDRAIL_MAX_MESSAGES} turns and ${GUARDRAIL_MESSAGES_TEXT_CAP} characters in all. ` +
          "Without action and tool_call, the last assistant turn (its text and tool calls) is the act gated; the rest is read as context, tool turns as data.",
      ),
  })
  .superRefine((req, ctx) => {
    const messages = req.messages ?? [];
    if (messages.reduce((n, m) => n + messageLength(m), 0) > GUARDRAIL_MESSAGES_TEXT_CAP)
      ctx.addIssue({
        code: "custom",
        path: ["messages"],
        message: `messages are limited to ${GUARDRAIL_MESSAGES_TEXT_CAP} characters in all (contents, tool calls, ids and names)`,
      });
    if (req.action !== undefined || req.tool_call !== undefined) return;
    if (req.messages === undefined) {
      // Absent act: a missing field, named as the one most clients send, and the alternatives.
      ctx.addIssue({ code: "invalid_type", expected: "string", input: undefined, path: ["action"], message: "action is required" });
      ctx.addIssue({ code: "custom", path: [], message: `one of ${ACT_FIELDS} is required` });
      return;
    }
    const last = lastAssistant(messages);
    if (last === -1) {
      ctx.addIssue({ code: "custom", path: ["messages"], message: `messages have no assistant turn to gate: give one of ${ACT_FIELDS}` });
      return;
    }
    const turn = messages[last]!;
    if (!turn.content?.trim() && (turn.tool_calls?.length ?? 0) === 0)
      ctx.addIssue({
        code: "custom",
        path: ["messages", last, "content"],
        message: "the last assistant turn, the act gated, is empty: give it content or tool_calls, or give action or tool_call",
      });
  })
  .meta({
    description: `The act to gate and what surrounds it. Give at least one of ${ACT_FIELDS}; unknown fields are refused.`,
    // The rule the refinement holds, said to client generators: one of the three is required.
    anyOf: [{ required: ["action"] }, { required: ["tool_call"] }, { required: ["messages"] }],
  });
export type GuardrailRequest = z.infer<typeof GuardrailRequest>;

export const GuardrailVerdict = z.enum(["proceed", "proceed_with_caution", "pause_for_review", "do_not_proceed"]);
export type GuardrailVerdict = z.infer<typeof GuardrailVerdict>;

const MarkerSchema = z.object({
  quote: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  field: z
    .string()
    .optional()
    .describe(
      'The request field the offsets count in: "action", "context", "tool_call" (its rendering `name(<arguments as compact JSON>)`), "messages[2]" (a turn\'s content), "messages[2].tool_calls[0]" (that call rendered the same way).',
    ),
});
export type GuardrailMarker = z.infer<typeof MarkerSchema>;

export const GuardrailResponse = z.object({
  verdict: GuardrailVerdict.describe(
    "proceed < proceed_with_caution < pause_for_review < do_not_proceed, by severity: the most severe of the reader's verdict and every reason's.",
  ),
  reasons: z
    .array(
      z.object({
        code: z
          .string()
          .describe(
            "A harm code of the offline reader (destruction, weakening_security, exfiltration_privacy, financial_harm, fraud_deception, disinformation, harassment, hate, violence_weapons, illegal_goods, cybercrime, sexual_content, self_harm, physical_safety, copyright, injected_instructions) or one of the reason engine (distress_signal, grave_harm_to_others, grave_act, contradicted_claim, duty_not_met, acting_under_strong_passion, passion_present, unexamined).",
          ),
        verdict: GuardrailVerdict.describe("The verdict this reason alone would give."),
        message: z.string(),
        grounding: z.array(MarkerSchema).describe("Verbatim spans of the request, each with its field and offsets."),
      }),
    )
    .describe("Most severe first."),
  mitigations: z
    .array(
      z.object({
        feature: z.string().describe("The mitigating feature the reader found (mod.<name>), or lex: the act's wording, like that of legitimate requests."),
        message: z.string(),
        grounding: z.array(MarkerSchema),
      }),
    )
    .describe("What the reader read as lowering the risk (the owner's consent, a test target, a backup first ...), strongest first."),
  score: z.number().min(0).max(1).describe("The reader's calibrated probability that the act is harmful, to 4 decimals."),
  katorthoma_proximity: KatorthomaProximity,
  is_kathekon: z.boolean().nullable(),
  distress: z
    .object({ severity: z.enum(["moderate", "acute"]), redirect: z.literal(true), suggested_user_message: z.string() })
    .optional()
    .describe("Present when the act's words carry a distress signal: surface the message to the person."),
  engine_version: z.string().describe("The reason engine's version and the reader's (engine+judgment/<weights>)."),
  advisory: z.literal(true),
  disclaimer: z.string(),
});
export type GuardrailResponse = z.infer<typeof GuardrailResponse>;
type Reason = GuardrailResponse["reasons"][number];
/** The reason engine's part alone, without the offline reader (the moderation skill, older callers). */
export type EngineGuardrail = Omit<GuardrailResponse, "mitigations" | "score">;

export const GUARDRAIL_DISCLAIMER =
  "Advisory only: the guardrail reads the action as written and binds no one; human override is absolute. It is not a security control and cannot see what the text does not say.";

const SEVERITY: readonly GuardrailVerdict[] = GuardrailVerdict.options;
const severer = (a: GuardrailVerdict, b: GuardrailVerdict) => (SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a);

/** A stretch of the examined text and the request field it came from. */
export interface ExamPart {
  readonly field: string;
  readonly start: number;
  readonly end: number;
}

/**
 * A marker in the examined text, as a marker in its own field: offsets count from the field's
 * start, a marker running past its part is cut at the part's end (the quote still verbatim).
 */
function placeIn(text: string, layout: readonly ExamPart[], marker: Marker): GuardrailMarker | null {
  const part = layout.find((p) => marker.start >= p.start && marker.start < p.end) ?? layout.find((p) => marker.start < p.start && marker.end > p.start);
  if (!part) return null;
  const start = Math.max(marker.start, part.start);
  const end = Math.min(marker.end, part.end);
  if (end <= start) return null;
  return { quote: text.slice(start, end), start: start - part.start, end: end - part.start, field: part.field };
}

const markerOf = (s: Span): GuardrailMarker => ({ quote: s.quote, start: s.start, end: s.end, field: s.field });

/**
 * The engine's reasons on the examined text (distress, grave act, contradiction, duty, passion)
 * and, with a reading of the offline reader, its harm reasons and mitigations: the verdict is the
 * most severe of the reader's and every reason's. `layout` says which request field each stretch
 * of the examined text came from (by default all of it is the action).
 */
export function guardrailLens(exam: Examination, reading: Reading, layout?: readonly ExamPart[]): GuardrailResponse;
export function guardrailLens(exam: Examination, reading?: null, layout?: readonly ExamPart[]): EngineGuardrail;
export function guardrailLens(exam: Examination, reading: Reading | null = null, layout?: readonly ExamPart[]): GuardrailResponse | EngineGuardrail {
  const { extraction, assessment, text } = exam;
  const parts = layout ?? [{ field: "action", start: 0, end: text.length }];
  const place = (markers: readonly (Marker | null)[]): GuardrailMarker[] =>
    markers.map((m) => (m ? placeIn(text, parts, m) : null)).filter((m): m is GuardrailMarker => m !== null);
  const engine: Reason[] = [];
  const spans = (...quotes: Array<string | null | undefined>): GuardrailMarker[] => place(quotes.map((q) => locate(text, q ?? null)));

  // A person in distress comes before the act: the same check the reason endpoint runs.
  const distress = detectDistress([text]);
  const redirect = distress.redirect && (distress.severity === "acute" || distress.severity === "moderate") ? distress.severity : null;
  if (redirect) {
    engine.push({
      code: "distress_signal",
      verdict: redirect === "acute" ? "do_not_proceed" : "pause_for_review",
      message: "The action's words carry a sign of distress. Put the person in touch with human help before anything else.",
      grounding: place(distress.signals.map((s) => locate(text, s.quote))),
    });
  }
  if (extraction.grave_act.present) {
    const others = extraction.grave_act.harmed_circle !== null && extraction.grave_act.harmed_circle !== "self_preservation";
    // With the reader present its measured harm codes set the gate: the engine's short list of
    // grave words flagged benign twins nine times for each harmful case the reader missed (train
    // split), so beside the reader it only asks for caution.
    engine.push({
      code: others ? "grave_harm_to_others" : "grave_act",
      verdict: reading ? "proceed_with_caution" : others ? "do_not_proceed" : "pause_for_review",
      message: reading
        ? "The reason engine's list of grave acts matched here; weigh it with the harm reasons read."
        : others
          ? `The action risks grave harm to ${extraction.grave_act.harmed_circle!.replace("_", " ")}; it should not be executed without a person's decision.`
          : "The action is grave; a person should review it before it is executed.",
      grounding: spans(extraction.grave_act.quote),
    });
  }
  for (const claim of assessment.corroboration.claims.filter((c) => c.finding === "contradicted")) {
    engine.push({
      code: "contradicted_claim",
      verdict: "pause_for_review",
      message: "The action's own words contradict what it claims.",
      grounding: place(claim.markers),
    });
  }
  for (const circle of extraction.circles.filter((c) => c.obligation_claim === "violated")) {
    // The circle's own sentence first: another circle's violation must not ground this one.
    const sentences = sentencesOf(text);
    const violation =
      sentences.find((s) => s.quote === circle.quote) ?? sentences.find((s) => CIRCLE_TERMS[circle.circle].test(s.quote) && VIOLATION_CUES.test(s.quote));
    engine.push({
      code: "duty_not_met",
      verdict: "proceed_with_caution",
      message: `As written, the action does not meet a duty to ${circle.circle.replace("_", " ")}.`,
      grounding: violation ? place([violation]) : spans(circle.quote),
    });
  }
  for (const passion of assessment.passions) {
    const rushed = passion.intensity === "strong" && assessment.proximity_floors.base === "reflexive";
    engine.push({
      code: rushed ? "acting_under_strong_passion" : "passion_present",
      verdict: rushed ? "pause_for_review" : "proceed_with_caution",
      message: `A passion (${passion.root_passion}${passion.sub_species ? `, ${passion.sub_species}` : ""}) is moving the action; it rests on the judgement "${passion.false_judgement}"`,
      grounding: place([passion.quote]),
    });
  }
  if (engine.length === 0 && rankOf(KatorthomaProximity, assessment.katorthoma_proximity) === 0) {
    engine.push({
      code: "unexamined",
      verdict: "proceed_with_caution",
      message: "The action is described as done without examination.",
      grounding: spans(...extraction.deliberation.evidence),
    });
  }
  // The reader's harm reasons first: at the same severity they say what the act does.
  const read: Reason[] = (reading?.reasons ?? []).map((r) => ({ code: r.code, verdict: r.verdict, message: r.message, grounding: r.grounding.map(markerOf) }));
  const reasons = [...read, ...engine].sort((a, b) => SEVERITY.indexOf(b.verdict) - SEVERITY.indexOf(a.verdict));
  const verdict = reasons.reduce<GuardrailVerdict>((worst, r) => severer(worst, r.verdict), reading?.verdict ?? "proceed");
  const common = {
    verdict,
    reasons,
    katorthoma_proximity: assessment.katorthoma_proximity,
    is_kathekon: assessment.is_kathekon,
    ...(redirect ? { distress: { severity: redirect, redirect: true as const, suggested_user_message: distress.suggested_user_message! } } : {}),
  };
  const tail = { advisory: true as const, disclaimer: GUARDRAIL_DISCLAIMER };
  if (!reading) return { ...common, engine_version: assessment.engine_version, ...tail };
  return {
    verdict: common.verdict,
    reasons: common.reasons,
    mitigations: reading.mitigations.map((m) => ({ feature: m.feature, message: m.message, grounding: m.grounding.map(markerOf) })),
    score: Math.round(reading.probability * 10_000) / 10_000,
    katorthoma_proximity: common.katorthoma_proximity,
    is_kathekon: common.is_kathekon,
    ...(common.distress ? { distress: common.distress } : {}),
    engine_version: `${assessment.engine_version}+${reading.engine}`,
    ...tail,
  };
}

/** A validated tool call as the reader takes it: arguments parsed from JSON when they parse. */
function readerToolCall(call: { name: string; arguments?: unknown }): ReaderToolCall {
  return { name: call.name, arguments: parseArguments(call.arguments) };
}

function depthOf(value: unknown, limit: number): number {
  if (value === null || typeof value !== "object") return 0;
  if (limit <= 0) return 1;
  let deepest = 0;
  for (const item of Object.values(value as Record<string, unknown>)) deepest = Math.max(deepest, depthOf(item, limit - 1));
  return 1 + deepest;
}

function parseArguments(args: unknown): unknown {
  if (args === undefined || args === null) return {};
  if (typeof args !== "string") return args;
  try {
    const parsed: unknown = JSON.parse(args);
    // Nothing or something nested past any real call's arguments: read the text as sent.
    if (parsed === null || depthOf(parsed, MAX_ARGUMENT_DEPTH) > MAX_ARGUMENT_DEPTH) return parsed === null ? {} : args;
    return parsed;
  } catch {
    return args;
  }
}

/** The validated request as the offline reader's input. */
export function readerInputOf(request: GuardrailRequest): ReaderInput {
  return {
    action: request.action ?? null,
    context: request.context ?? null,
    tool_call: request.tool_call ? readerToolCall(request.tool_call) : null,
    messages:
      request.messages?.map((m) => ({
        role: m.role,
        content: m.content ?? "",
        ...(m.tool_calls ? { tool_calls: m.tool_calls.map((c) => readerToolCall(c.function)) } : {}),
      })) ?? null,
  };
}

const SEPARATOR = "\n\n";

/** Stretches of text joined into one, each remembered with its field. */
function joined(pieces: readonly { field: string; text: string }[]): { text: string; layout: ExamPart[] } {
  let text = "";
  const layout: ExamPart[] = [];
  for (const piece of pieces) {
    if (text !== "") text += SEPARATOR;
    layout.push({ field: piece.field, start: text.length, end: text.length + piece.text.length });
    text += piece.text;
  }
  return { text, layout };
}

/**
 * The act's own text, for the reason engine, and the rest as its context: the action; else the
 * tool call as rendered; else the last assistant turn (its content, then its tool calls).
 */
function actAndContext(input: ReaderInput): { act: { text: string; layout: ExamPart[] }; context: string | null } {
  const act: { field: string; text: string }[] = [];
  const rest: string[] = [];
  const messages = input.messages ?? [];
  let turn = -1;
  if (input.action?.trim()) {
    act.push({ field: "action", text: input.action });
    if (input.tool_call) rest.push(renderToolCall(input.tool_call));
  } else if (input.tool_call) {
    act.push({ field: "tool_call", text: renderToolCall(input.tool_call) });
  } else {
    for (let i = messages.length - 1; i >= 0 && turn === -1; i--) if (messages[i]!.role === "assistant") turn = i;
    const m = messages[turn];
    if (m) {
      if (m.content.trim()) act.push({ field: `messages[${turn}]`, text: m.content });
      for (const [j, call] of (m.tool_calls ?? []).entries()) act.push({ field: `messages[${turn}].tool_calls[${j}]`, text: renderToolCall(call) });
    }
  }
  if (input.context?.trim()) rest.unshift(input.context);
  messages.forEach((m, i) => {
    if (i === turn) return;
    const calls = (m.tool_calls ?? []).map(renderToolCall);
    const said = [m.content, ...calls].filter((t) => t.trim()).join(" ");
    if (said) rest.push(`${m.role}: ${said}`);
  });
  return { act: joined(act), context: rest.length > 0 ? rest.join(SEPARATOR) : null };
}

/**
 * POST /api/guardrail, whole: the reason engine (offline Layer 1, no language model) on the
 * act's text and the offline reader on the whole request, combined by guardrailLens. Pure and
 * deterministic: nothing random or timed reaches the answer. The route and the eval both call it.
 */
export async function guardAction(request: GuardrailRequest): Promise<GuardrailResponse> {
  const input = readerInputOf(request);
  const { act, context } = actAndContext(input);
  const exam = await examine(offlineExtractor, { text: act.text, context, ref: "guardrail" });
  return guardrailLens(exam, readAction(input), act.layout);
}
