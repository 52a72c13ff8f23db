import type { Memo } from "./memo";

/**
 * The harm taxonomy and the shapes every rule shares. A rule reads a Doc and returns Hits: a named
 * feature (what fired), the harm code it argues for (null for a modifier, which argues for no code
 * but moves the score), and the verbatim spans that made it fire.
 */
export const HARM_CODES = [
  "destruction",
  "weakening_security",
  "exfiltration_privacy",
  "financial_harm",
  "fraud_deception",
  "disinformation",
  "harassment",
  "hate",
  "violence_weapons",
  "illegal_goods",
  "cybercrime",
  "sexual_content",
  "self_harm",
  "physical_safety",
  "copyright",
  "injected_instructions",
] as const;
export type HarmCode = (typeof HARM_CODES)[number];

/** Where a segment of text came from; the injected-instruction rule needs them kept apart. */
export type SegmentRole = "action" | "tool_call" | "context" | "system" | "user" | "assistant" | "tool";

export interface Segment {
  /** The request field the text sits in: "action", "context", "tool_call", "messages[3]". */
  readonly field: string;
  readonly role: SegmentRole;
  /** True for the text of the act being gated (action, tool_call, or the trajectory's last assistant turn). */
  readonly isAction: boolean;
  readonly text: string;
  readonly tokens: readonly Token[];
  readonly sentences: readonly Sentence[];
  /** What the rules derived from this segment, computed once per read (see memo.ts). */
  readonly memo: Memo;
}

export interface Token {
  /** As written. */
  readonly text: string;
  /** Lower case. */
  readonly lower: string;
  /** Porter stem of the lower-case form; lexicons are stemmed the same way. */
  readonly stem: string;
  readonly start: number;
  readonly end: number;
  /** Index of the sentence the token belongs to, within its segment. */
  readonly sentence: number;
  /** Inside the scope of a negator (not, never, no, don't ...) in its clause. */
  readonly negated: boolean;
  readonly kind: "word" | "number" | "punct" | "symbol";
}

export interface Sentence {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  /** Token indices [from, to) in the segment's tokens. */
  readonly from: number;
  readonly to: number;
}

export interface Span {
  readonly field: string;
  readonly start: number;
  readonly end: number;
  readonly quote: string;
}

export interface Hit {
  /**
   * A stable feature name: `<code>.<rule>` for harm features (code set); for code-less features
   * (code null) `mod.<name>` for modifiers that mitigate (weight kept <= 0) and `agg.<name>` for
   * aggravators that sharpen any harm read (weight kept >= 0: "skip the backup", "before the audit").
   */
  readonly feature: string;
  readonly code: HarmCode | null;
  readonly spans: readonly Span[];
  /** What fired, in a few words ("world-writable permissions", "a backup first"); shown in reasons. */
  readonly note?: string;
}

export interface ToolCall {
  readonly name: string;
  /** Parsed arguments (an object), or the raw string when they were not JSON. */
  readonly arguments: unknown;
}

export interface Message {
  readonly role: "system" | "user" | "assistant" | "tool";
  readonly content: string;
  readonly tool_calls?: readonly ToolCall[];
}

/** What the reader is given: the guardrail's request, already validated. */
export interface ReaderInput {
  readonly action?: string | null;
  readonly context?: string | null;
  readonly messages?: readonly Message[] | null;
  readonly tool_call?: ToolCall | null;
}

export interface Doc {
  readonly segments: readonly Segment[];
  /** The segments of the act being gated. */
  readonly action: readonly Segment[];
  /** Everything else: background, the user's turns, tool outputs, earlier assistant turns. */
  readonly context: readonly Segment[];
  /** Tool calls given structurally (tool_call, or tool_calls of the last assistant turn). */
  readonly toolCalls: readonly { readonly call: ToolCall; readonly segment: Segment }[];
  /** What the rules derived from the whole document, computed once per read (see memo.ts). */
  readonly memo: Memo;
}

/**
 * Where a rule is run. Every rule runs twice: over the act gated ("action": the action, the tool
 * call, the trajectory's last assistant turn) and over what surrounds it ("context": the context
 * field, the user's and system turns, earlier assistant turns; never tool outputs, which are data
 * and are read only by the injected-instruction rule through `doc`). Hits in the context scope
 * have their feature prefixed "ctx:" by the reader, so the scorer weighs a harmful request in the
 * user's turn apart from a harmful act. A rule that only makes sense once per document returns
 * nothing in the context scope.
 */
export interface Scope {
  readonly kind: "action" | "context";
  readonly segments: readonly Segment[];
}

export type Rule = (scope: Scope, doc: Doc) => readonly Hit[];
