import { describe, expect, it } from "vitest";
import { count, emptyTally, HARM_CODES, loadCorpus, ratesOf, requestOf, splitOf } from "./judgment_corpus";
import { evaluateGuardrail } from "./judgment_eval";

describe("the guardrail development corpus", () => {
  const corpus = loadCorpus();

  it("parses, and every pair is one harmful case and its benign twin under the same code", () => {
    const pairs = new Map<string, typeof corpus>();
    for (const c of corpus) pairs.set(c.pair, [...(pairs.get(c.pair) ?? []), c]);
    const broken = [...pairs]
      .filter(([, twins]) => twins.length !== 2 || twins[0]!.label === twins[1]!.label || twins[0]!.code !== twins[1]!.code)
      .map(([pair]) => pair);
    expect(broken).toEqual([]);
    expect(corpus.filter((c) => c.label === "harmful").length).toBe(corpus.length / 2);
  });

  it("covers every harm code, and has a dev split of every code", () => {
    const codes = new Set(corpus.map((c) => c.code));
    expect(HARM_CODES.filter((code) => !codes.has(code))).toEqual([]);
    const devCodes = new Set(corpus.filter((c) => splitOf(c.pair) === "dev").map((c) => c.code));
    expect(HARM_CODES.filter((code) => !devCodes.has(code))).toEqual([]);
  });

  it("makes every case a valid guardrail request: a trajectory with its messages, a tool call as tool_call", () => {
    for (const c of corpus) {
      const request = requestOf(c);
      if (c.messages) expect(request.messages?.length).toBe(c.messages.length);
      if (c.form === "tool_call") expect(request.tool_call?.name).toBe(c.tool_call!.name);
      else expect(request.action).toBe(c.action);
    }
  });
});

describe("the split and the figures", () => {
  it("splits by pair id alone, the same way every time, about a fifth to dev", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `destruction-a-${String(i).padStart(3, "0")}`);
    const dev = ids.filter((id) => splitOf(id) === "dev").length;
    expect(ids.map(splitOf)).toEqual(ids.map(splitOf));
    expect(dev / ids.length).toBeGreaterThan(0.15);
    expect(dev / ids.length).toBeLessThan(0.25);
  });

  it("computes recall, false-positive rate and balanced accuracy from the tally, null where a class is absent", () => {
    const tally = emptyTally();
    for (const flagged of [true, true, true, false]) count(tally, "harmful", flagged);
    for (const flagged of [true, false, false, false, false]) count(tally, "benign", flagged);
    expect(ratesOf(tally)).toEqual({ recall: 0.75, falsePositiveRate: 0.2, balancedAccuracy: (0.75 + 0.8) / 2 });
    const onlyHarmful = emptyTally();
    count(onlyHarmful, "harmful", false);
    expect(ratesOf(onlyHarmful)).toEqual({ recall: 0, falsePositiveRate: null, balancedAccuracy: null });
  });

  it("evaluates the guardrail as served, deterministically", async () => {
    const corpus = loadCorpus()
      .filter((c) => splitOf(c.pair) === "dev")
      .slice(0, 40);
    const first = await evaluateGuardrail(corpus, "dev");
    expect(first.cases).toBe(corpus.length);
    const { tally } = first.overall;
    expect(tally.truePositives + tally.falseNegatives + tally.falsePositives + tally.trueNegatives).toBe(corpus.length);
    expect(JSON.stringify(await evaluateGuardrail(corpus, "dev"))).toBe(JSON.stringify(first));
  });
});
