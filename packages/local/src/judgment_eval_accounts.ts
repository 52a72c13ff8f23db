import { examine, offlineExtractor, type Examination } from "@svc/core";
import { accountSplitOf, loadAccounts, type Account } from "./judgment_accounts";
import { ethicsSplitOf, loadEthics, type EthicsItem } from "./judgment_ethics";
import { isMain } from "./main";

/**
 * `npx tsx packages/local/src/judgment_eval_accounts.ts [--split dev|train] [--json]`: the offline
 * reader of accounts as every scoring lens serves it (the offline extractor, then Layer 2, through
 * `examine` as POST /api/score-action does), on the dev split by default:
 *
 *   ethics     ETHICS commonsense short scenarios: "called wrong" is is_kathekon === false;
 *              recall on the wrong ones, false-positive rate on the others, balanced accuracy.
 *   decided    on the clearly right or wrong accounts (label_wrong not null), the share whose
 *              is_kathekon is decided (true or false), and the share decided the way it is labelled;
 *              the same on those whose is_kathekon is labelled (an account of no act toward anyone
 *              is "not wrong" yet rightly undecided); is_kathekon as labelled on every account.
 *   circles    on the accounts: each labelled (circle, claim) found as read (recall), each decided
 *              (circle, claim) read found among the labels (precision), and the accounts whose decided
 *              circles are exactly the labelled ones (a labelled "indeterminate" is not a decision).
 *
 * Only aggregate figures: the dev split is measured, never read case by case.
 */

export interface AccountsEvalReport {
  readonly split: "dev" | "train";
  readonly ethics: {
    readonly cases: number;
    readonly recall: number;
    readonly falsePositiveRate: number;
    readonly balancedAccuracy: number;
    readonly decided: number;
  };
  readonly decided: {
    readonly cases: number;
    readonly decidedShare: number;
    readonly correctShare: number;
    readonly wrongRecall: number;
    readonly rightRecall: number;
    /** The same on the accounts whose is_kathekon is labelled true or false (a neutral account is rightly undecided). */
    readonly decidable: number;
    readonly decidableShare: number;
    readonly decidableCorrect: number;
    /** On every account: is_kathekon as labelled (null included). */
    readonly kathekonAccuracy: number;
  };
  readonly circles: {
    readonly accounts: number;
    readonly labelled: number;
    readonly recall: number;
    readonly precision: number;
    readonly exact: number;
    readonly neutralSilent: number;
  };
}

const examineText = (text: string, ref: string): Promise<Examination> => examine(offlineExtractor, { text, context: null, ref });

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

export async function evaluateAccounts(
  split: "dev" | "train" = "dev",
  data: { ethics?: readonly EthicsItem[]; accounts?: readonly Account[] } = {},
): Promise<AccountsEvalReport> {
  const ethics = (data.ethics ?? loadEthics()).filter((e) => ethicsSplitOf(e.pair) === split);
  const accounts = (data.accounts ?? loadAccounts()).filter((a) => accountSplitOf(a.id) === split);

  let tp = 0;
  let fn = 0;
  let fp = 0;
  let tn = 0;
  let ethicsDecided = 0;
  for (const e of ethics) {
    const { assessment } = await examineText(e.text, "eval");
    const calledWrong = assessment.is_kathekon === false;
    if (assessment.is_kathekon !== null) ethicsDecided++;
    if (e.label === 1) calledWrong ? tp++ : fn++;
    else calledWrong ? fp++ : tn++;
  }

  let clear = 0;
  let decided = 0;
  let correct = 0;
  let wrongs = 0;
  let wrongsCalled = 0;
  let rights = 0;
  let rightsCalled = 0;
  let decidable = 0;
  let decidableDecided = 0;
  let decidableCorrect = 0;
  let kathekonRight = 0;
  let labelled = 0;
  let found = 0;
  let read = 0;
  let readRight = 0;
  let exact = 0;
  let neutral = 0;
  let neutralSilent = 0;
  for (const a of accounts) {
    const { assessment, extraction } = await examineText(a.text, "eval");
    const k = assessment.is_kathekon;
    if (a.label_wrong !== null) {
      clear++;
      if (k !== null) decided++;
      if ((a.label_wrong === 1 && k === false) || (a.label_wrong === 0 && k === true)) correct++;
      if (a.label_wrong === 1) {
        wrongs++;
        if (k === false) wrongsCalled++;
      } else {
        rights++;
        if (k === true) rightsCalled++;
      }
      if (a.is_kathekon !== null) {
        decidable++;
        if (k !== null) decidableDecided++;
        if (k === a.is_kathekon) decidableCorrect++;
      }
    }
    if (k === a.is_kathekon) kathekonRight++;
    const key = (c: { circle: string; obligation_claim: string }) => `${c.circle}:${c.obligation_claim}`;
    const truth = new Set(a.circles.filter((c) => c.obligation_claim !== "indeterminate").map(key));
    const got = new Set(extraction.circles.filter((c) => c.obligation_claim !== "indeterminate").map(key));
    labelled += truth.size;
    for (const t of truth) if (got.has(t)) found++;
    read += got.size;
    for (const g of got) if (truth.has(g)) readRight++;
    if (truth.size === got.size && [...truth].every((t) => got.has(t))) exact++;
    if (a.theme === "neutral") {
      neutral++;
      if (got.size === 0) neutralSilent++;
    }
  }
  const recall = ratio(tp, tp + fn);
  const fpr = ratio(fp, fp + tn);
  return {
    split,
    ethics: { cases: ethics.length, recall, falsePositiveRate: fpr, balancedAccuracy: (recall + 1 - fpr) / 2, decided: ratio(ethicsDecided, ethics.length) },
    decided: {
      cases: clear,
      decidedShare: ratio(decided, clear),
      correctShare: ratio(correct, clear),
      wrongRecall: ratio(wrongsCalled, wrongs),
      rightRecall: ratio(rightsCalled, rights),
      decidable,
      decidableShare: ratio(decidableDecided, decidable),
      decidableCorrect: ratio(decidableCorrect, decidable),
      kathekonAccuracy: ratio(kathekonRight, accounts.length),
    },
    circles: {
      accounts: accounts.length,
      labelled,
      recall: ratio(found, labelled),
      precision: ratio(readRight, read),
      exact: ratio(exact, accounts.length),
      neutralSilent: ratio(neutralSilent, neutral),
    },
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function formatAccountsReport(r: AccountsEvalReport): string {
  return [
    `offline reader of accounts on the ${r.split} split (offline extractor + Layer 2, as score-action serves it)`,
    "",
    `ETHICS commonsense short, ${r.ethics.cases} scenarios (called wrong = is_kathekon false)`,
    `  recall ${pct(r.ethics.recall)}  FP rate ${pct(r.ethics.falsePositiveRate)}  balanced accuracy ${pct(r.ethics.balancedAccuracy)}  is_kathekon decided ${pct(r.ethics.decided)}`,
    "",
    `Stoic accounts clearly right or wrong, ${r.decided.cases}`,
    `  is_kathekon decided ${pct(r.decided.decidedShare)}  decided as labelled ${pct(r.decided.correctShare)}  (wrong read false ${pct(r.decided.wrongRecall)}, right read true ${pct(r.decided.rightRecall)})`,
    `  of them ${r.decided.decidable} with is_kathekon labelled true or false: decided ${pct(r.decided.decidableShare)}, as labelled ${pct(r.decided.decidableCorrect)}`,
    `  is_kathekon as labelled (null included) on all ${r.circles.accounts} accounts: ${pct(r.decided.kathekonAccuracy)}`,
    "",
    `circles on ${r.circles.accounts} accounts, ${r.circles.labelled} labelled (circle, claim)`,
    `  recall ${pct(r.circles.recall)}  precision ${pct(r.circles.precision)}  exact ${pct(r.circles.exact)}  neutral accounts with no decided circle ${pct(r.circles.neutralSilent)}`,
  ].join("\n");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const split = args.includes("--split") ? args[args.indexOf("--split") + 1] : "dev";
  if (split !== "dev" && split !== "train") throw new Error("--split takes dev or train");
  const report = await evaluateAccounts(split);
  console.log(args.includes("--json") ? JSON.stringify(report, null, 2) : formatAccountsReport(report));
}

if (isMain(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
