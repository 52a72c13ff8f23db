import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ACCOUNT_WEIGHTS_PATH, chooseAccountThresholds, fitAccounts, trainAccountWeights, type AccountExample } from "./judgment_accounts_train";

const example = (label: 0 | 1, features: string[], acts: { wrong?: boolean; right?: boolean } = {}): AccountExample => ({
  label,
  features,
  wrongAct: acts.wrong ?? features.some((f) => f.startsWith("wrong.")),
  rightAct: acts.right ?? features.some((f) => f.startsWith("right.")),
  account: true,
});

describe("the training of the reader of accounts", () => {
  it("reproduces the committed weights byte for byte from the data", () => {
    expect(trainAccountWeights()).toBe(readFileSync(ACCOUNT_WEIGHTS_PATH, "utf8"));
  }, 120_000);

  it("weighs a wrong act up and a right act down, never the other way, and is deterministic", () => {
    const examples: AccountExample[] = [];
    for (let i = 0; i < 20; i++) {
      examples.push(example(1, ["wrong.theft", "circle.household.wrong"]));
      examples.push(example(0, ["right.returning", "circle.household.right"]));
      // A right act seen only on wrong cases may not argue for wrong: it gets no weight.
      examples.push(example(1, ["right.helping", "wrong.cheating"]));
      examples.push(example(0, ["wrong.misread"]));
      examples.push(example(0, []));
    }
    const model = fitAccounts(examples);
    expect(model.weights["wrong.theft"]).toBeGreaterThan(0);
    expect(model.weights["right.returning"]).toBeLessThan(0);
    expect(model.weights["right.helping"]).toBeUndefined();
    expect(model.weights["wrong.misread"]).toBeUndefined();
    expect(JSON.stringify(fitAccounts(examples))).toBe(JSON.stringify(model));
  });

  it("places the violated threshold where balanced accuracy is best among cases with a wrong act read", () => {
    const s = (p: number, label: 0 | 1, wrongAct = true, rightAct = false) => ({ p, label, wrongAct, rightAct, account: true });
    const scored = [
      s(0.9, 1),
      s(0.8, 1),
      s(0.7, 1),
      s(0.6, 0),
      s(0.3, 0),
      s(0.2, 1, false),
      s(0.1, 0, false, true),
      s(0.15, 0, false, true),
      s(0.4, 1, false, true),
    ];
    const t = chooseAccountThresholds(scored);
    // 0.7 admits the three wrongs with a wrong act and no right; halfway down to 0.6.
    expect(t.violated).toBe(0.65);
    // Rights read with no wrong: at or below 0.15 none is labelled wrong; 0.4 is. Halfway up to 0.4.
    expect(t.met).toBe(0.275);
  });
});
