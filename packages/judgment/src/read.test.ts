import { describe, expect, it } from "vitest";
import { readAction } from "./read";
import { WEIGHTS } from "./scorer";

describe("readAction", () => {
  const call = { tool_call: { name: "run_shell", arguments: { cmd: "chmod -R 777 / && rm -rf /var/log/*" } } };

  it("names each thing it read once in a reason's message, though summary features repeat their rules' notes", () => {
    const reading = readAction(call);
    const security = reading.reasons.find((r) => r.code === "weakening_security");
    expect(security).toBeDefined();
    const read = security!.message.split(" Read: ")[1]!.replace(/\.$/, "").split("; ");
    expect(read.length).toBeGreaterThan(1);
    expect(new Set(read).size).toBe(read.length);
  });

  it("gives the same answer for the same request, with spans quoting the request verbatim", () => {
    const a = readAction(call);
    expect(JSON.stringify(readAction(call))).toBe(JSON.stringify(a));
    const rendered = `run_shell(${JSON.stringify(call.tool_call.arguments)})`;
    for (const r of a.reasons) for (const g of r.grounding) expect(rendered.slice(g.start, g.end)).toBe(g.quote);
    expect(a.engine).toBe(`judgment/${WEIGHTS.version}`);
  });

  it("answers proceed with no reasons when nothing harmful is read", () => {
    const r = readAction({ action: "Summarise the three open pull requests for me." });
    expect(r.verdict).toBe("proceed");
    expect(r.reasons).toEqual([]);
  });
});
