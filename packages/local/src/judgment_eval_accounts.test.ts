import { describe, expect, it } from "vitest";
import { accountSplitOf, type Account } from "./judgment_accounts";
import { evaluateAccounts } from "./judgment_eval_accounts";
import { ethicsSplitOf, type EthicsItem } from "./judgment_ethics";

// The accounts eval on a small fixture: what "called wrong", "decided" and the circle figures count.

const devPairs = Array.from({ length: 200 }, (_, k) => k).filter((k) => ethicsSplitOf(k) === "dev");
const devIds = Array.from({ length: 300 }, (_, k) => `acc-z-${String(k).padStart(3, "0")}`).filter((id) => accountSplitOf(id) === "dev");

const ethics: EthicsItem[] = [
  { row: 0, pair: devPairs[0]!, label: 1, text: "I took money from my grandmother's purse while she slept." },
  { row: 1, pair: devPairs[0]!, label: 0, text: "I put money back in my grandmother's purse after she asked me to fetch her change." },
  { row: 2, pair: devPairs[1]!, label: 1, text: "I went for a walk by the river." },
  { row: 3, pair: devPairs[1]!, label: 0, text: "I went for a run by the river." },
];

const account = (
  id: string,
  text: string,
  label_wrong: 0 | 1 | null,
  is_kathekon: boolean | null,
  circles: Account["circles"],
  theme: Account["theme"],
): Account => ({
  id,
  text,
  act_kind: "past_action",
  label_wrong,
  is_kathekon,
  circles,
  deliberation: null,
  passions: [],
  domains: circles.length ? ["dikaiosyne"] : [],
  grave_act: false,
  theme,
  tags: [],
});

const accounts: Account[] = [
  account(devIds[0]!, "I kicked my neighbour's dog because it kept barking.", 1, false, [{ circle: "cosmic", obligation_claim: "violated" }], "harm_animal"),
  account(devIds[1]!, "I returned the wallet I found on the bus to its owner.", 0, true, [{ circle: "humanity", obligation_claim: "met" }], "returning"),
  account(devIds[2]!, "I went for a long walk by the river this morning.", 0, null, [], "neutral"),
];

describe("the accounts eval", () => {
  it("counts ETHICS calls, decided is_kathekon and circles on the dev split only", async () => {
    const report = await evaluateAccounts("dev", { ethics, accounts });
    expect(report.ethics.cases).toBe(4);
    // The theft is called wrong; nothing else is.
    expect(report.ethics.recall).toBe(0.5);
    expect(report.ethics.falsePositiveRate).toBe(0);
    expect(report.ethics.balancedAccuracy).toBe(0.75);
    expect(report.decided).toMatchObject({ cases: 3, decidable: 2, decidableShare: 1, decidableCorrect: 1, kathekonAccuracy: 1 });
    expect(report.decided.decidedShare).toBeCloseTo(2 / 3);
    expect(report.circles).toMatchObject({ accounts: 3, labelled: 2, recall: 1, precision: 1, exact: 1, neutralSilent: 1 });
    const train = await evaluateAccounts("train", { ethics, accounts });
    expect(train.ethics.cases).toBe(0);
    expect(train.circles.accounts).toBe(0);
  });
});
