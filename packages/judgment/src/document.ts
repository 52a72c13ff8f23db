import { tokenize } from "./text";
import type { Doc, ReaderInput, Segment, SegmentRole, ToolCall } from "./types";

/** A tool call as one line of text: `name({"arg": ...})`; spans of a tool call point into this. */
export function renderToolCall(call: ToolCall): string {
  const args = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {});
  return `${call.name}(${args})`;
}

/** One segment of text, tokenized, with its own memo of what rules derive from it. */
export function segment(field: string, role: SegmentRole, isAction: boolean, text: string): Segment {
  const { tokens, sentences } = tokenize(text);
  return { field, role, isAction, text, tokens, sentences, memo: new Map() };
}

/**
 * The request as segments, each keeping its field and its role. The act gated is `action` and
 * `tool_call` when given; otherwise the trajectory's last assistant turn (its text and its tool
 * calls). Everything else is context: background, the user's turns, tool outputs.
 */
export function documentOf(input: ReaderInput): Doc {
  const segments: Segment[] = [];
  const toolCalls: Array<{ call: ToolCall; segment: Segment }> = [];
  const explicit = Boolean(input.action?.trim()) || Boolean(input.tool_call);
  if (input.action?.trim()) segments.push(segment("action", "action", true, input.action));
  if (input.tool_call) {
    const s = segment("tool_call", "tool_call", true, renderToolCall(input.tool_call));
    segments.push(s);
    toolCalls.push({ call: input.tool_call, segment: s });
  }
  const messages = input.messages ?? [];
  let lastAssistant = -1;
  if (!explicit)
    for (let i = messages.length - 1; i >= 0; i--)
      if (messages[i]!.role === "assistant") {
        lastAssistant = i;
        break;
      }
  messages.forEach((m, i) => {
    const isAction = i === lastAssistant;
    if (m.content.trim()) segments.push(segment(`messages[${i}]`, m.role, isAction, m.content));
    (m.tool_calls ?? []).forEach((call, j) => {
      const s = segment(`messages[${i}].tool_calls[${j}]`, "tool_call", isAction, renderToolCall(call));
      segments.push(s);
      if (isAction) toolCalls.push({ call, segment: s });
    });
  });
  if (input.context?.trim()) segments.push(segment("context", "context", false, input.context));
  return { segments, action: segments.filter((s) => s.isAction), context: segments.filter((s) => !s.isAction), toolCalls, memo: new Map() };
}
