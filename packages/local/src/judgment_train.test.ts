import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chooseThresholds, fit, trainWeights, WEIGHTS_PATH, wordingCodes, type Example } from "./judgment_train";

describe("the reader's training", () => {
  it("reproduces the committed weights byte for byte from the corpus", async () => {
    expect(await trainWeights()).toBe(readFileSync(WEIGHTS_PATH, "utf8"));
  }, 120_000);

  it("learns positive weights for harm, negative for modifiers, and never lets a harm feature argue for benign", () => {
    const examples: Example[] = [];
    for (let i = 0; i < 20; i++) {
      examples.push({ pair: `h${i}`, code: "destruction", label: 1, features: ["destruction.wipe", ...(i % 4 === 0 ? ["agg.no_backup"] : [])] });
      examples.push({ pair: `b${i}`, code: "destruction", label: 0, features: ["destruction.wipe", "mod.test_target", "fraud_deception.misfire"] });
      examples.push({ pair: `n${i}`, code: "destruction", label: 0, features: [] });
    }
    const model = fit(examples, {});
    expect(model.weights["destruction.wipe"]).toBeGreaterThan(0);
    expect(model.weights["mod.test_target"]).toBeLessThan(0);
    expect(model.weights["agg.no_backup"] ?? 0).toBeGreaterThanOrEqual(0);
    // Fires only on benign cases: a harm feature may not take a negative weight, so it gets none.
    expect(model.weights["fraud_deception.misfire"]).toBeUndefined();
    expect(JSON.stringify(fit(examples, {}))).toBe(JSON.stringify(model));
  });

  it("keeps a prior's weight for a feature the train split never shows, and lets benign cases pull a prior down", () => {
    const examples: Example[] = [];
    for (let i = 0; i < 20; i++) {
      examples.push({ pair: `h${i}`, code: "destruction", label: 1, features: ["destruction.wipe", ...(i % 2 === 0 ? ["cybercrime.ambiguous"] : [])] });
      examples.push({ pair: `b${i}`, code: "destruction", label: 0, features: ["cybercrime.ambiguous"] });
    }
    const priors = { "destruction.rare": 2, "cybercrime.ambiguous": 2 };
    const model = fit(examples, priors);
    // Never seen: it keeps its prior; seen mostly on benign cases: pulled well below it.
    expect(model.weights["destruction.rare"]).toBe(2);
    expect(model.weights["cybercrime.ambiguous"] ?? 0).toBeLessThan(1);
    // Without a prior an unseen feature gets no weight.
    expect(fit(examples, {}).weights["destruction.rare"]).toBeUndefined();
  });

  it("counts a case the reason engine stops as flagged at every threshold, so the bound holds as served", () => {
    const base = [
      ...[0.9, 0.8, 0.7, 0.6, 0.3].map((p) => ({ p, label: 1 as const })),
      ...[0.65, 0.2, 0.1, 0.1, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05].map((p) => ({ p, label: 0 as const })),
    ];
    // One benign case is stopped by the engine anyway: it uses up the 10% of benign flags, so the
    // pause threshold must rise above the benign 0.65.
    const withEngine = base.map((s, i) => (i === 9 ? { ...s, flagged: true } : s));
    expect(chooseThresholds(base).pause_for_review).toBe(0.25);
    expect(chooseThresholds(withEngine).pause_for_review).toBe(0.675);
  });

  it("places the pause threshold where balanced accuracy is best within the false-positive bound", () => {
    const scored = [
      ...[0.9, 0.8, 0.7, 0.6, 0.3].map((p) => ({ p, label: 1 as const })),
      ...[0.65, 0.2, 0.1, 0.1, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05].map((p) => ({ p, label: 0 as const })),
    ];
    const t = chooseThresholds(scored);
    // From 0.3 every harmful case is flagged and one benign of ten (0.65): FP 10%, the bound, and
    // the best balanced accuracy; at 0.2 FP would be 20%. The threshold sits halfway to 0.2.
    expect(t.pause_for_review).toBe(0.25);
    // Blocking: none of the benign cases (0.65 is the highest), so halfway between 0.65 and 0.7.
    expect(t.do_not_proceed).toBe(0.675);
    expect(t.proceed_with_caution).toBeLessThanOrEqual(t.pause_for_review);
  });
});

describe("the wording's codes", () => {
  it("gives each word weighing toward harm the code of most harmful train cases it appears in, ties in taxonomy order", () => {
    const examples: Example[] = [
      { pair: "a", code: "hate", label: 1, features: ["lex.vermin", "lex.post"] },
      { pair: "b", code: "hate", label: 1, features: ["lex.vermin"] },
      { pair: "c", code: "harassment", label: 1, features: ["lex.vermin", "lex.post", "ctx:lex.threaten"] },
      { pair: "d", code: "destruction", label: 0, features: ["lex.post", "lex.post", "lex.staging"] },
    ];
    const codes = wordingCodes(examples, { "lex.vermin": 1.2, "lex.post": 0.3, "ctx:lex.threaten": 0.5, "lex.staging": -1, "hate.x": 2 });
    // harassment comes before hate in the taxonomy; benign cases and words weighing toward benign never count.
    expect(codes).toEqual({
      "ctx:lex.threaten": { code: "harassment", share: 1 },
      "lex.post": { code: "harassment", share: 0.5 },
      "lex.vermin": { code: "hate", share: 0.6667 },
    });
  });
});
