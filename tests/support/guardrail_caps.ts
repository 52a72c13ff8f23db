/**
 * A guardrail request with every field at its cap at once, each character outside ASCII so that
 * a client escaping JSON (as Python's json.dumps does by default) sends six bytes for each: the
 * largest body a caller can legitimately send.
 */
export function guardrailRequestAtCaps() {
  return {
    action: "漢".repeat(5000),
    context: "字".repeat(5000),
    tool_call: { name: "n".repeat(200), arguments: "引".repeat(5000) },
    messages: [
      { role: "user", content: "用".repeat(5000) },
      { role: "assistant", content: "答".repeat(5000) },
      { role: "tool", content: "具".repeat(5000) },
      { role: "assistant", content: "終".repeat(5000) },
    ],
  };
}
