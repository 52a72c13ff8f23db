import { createHash } from "node:crypto";
import { join } from "node:path";
import { readAccount, sigmoid, type AccountReading, type AccountWeights } from "@svc/judgment";
import { accountSplitOf, loadAccounts, type Account } from "./judgment_accounts";
import { ethicsSplitOf, loadEthics, type EthicsItem } from "./judgment_ethics";
import { fitLogistic, round4, writeOrCheck } from "./logistic";
import { isMain, REPO_ROOT } from "./main";

/**
 * `npm run judgment:train-accounts [-- --check]`: learns the weights of the reader of accounts
 * (packages/judgment/src/accounts) from the train splits of the ETHICS commonsense short scenarios
 * and of the Stoic accounts (label_wrong), chooses its two thresholds on their dev splits, and writes
 * packages/judgment/src/accounts/weights.json. Deterministic like the guardrail's trainer: full-batch
 * gradient descent from zero, fixed steps, features in sorted order, weights rounded to 4 decimals;
 * `--check` fails when the committed file is not what the data trains.
 *
 * A logistic regression over the reader's named features, with an L2 penalty and signs kept honest
 * by projection: a wrong act (`wrong.`) can only raise the score, a right act (`right.`) only lower
 * it; circles and others' acts are weighed either way.
 */

export const ACCOUNT_WEIGHTS_PATH = join(REPO_ROOT, "packages/judgment/src/accounts/weights.json");

export const ACCOUNT_TRAINING = {
  minSupport: 2,
  /** How much a Stoic account weighs in the fit against one ETHICS scenario: chosen on dev among 1, 2, 3 (1: 43.3% of decidable dev accounts decided as labelled; 2 and 3: 47.4%; ETHICS unchanged). */
  accountWeight: 2,
  /** The L2 penalty. */
  lambda: 0.001,
  /** The L2 penalty of the account's words (`lex.`): chosen on dev among 0.0002, 0.0005, 0.001 (accounts decided as labelled 38.9%, 41.4%, 38.9%). */
  lexicalLambda: 0.0005,
  /**
   * A call from the words alone must be right at least as often as it is wrong on dev (odds 1:
   * every call more likely right than not). Measured on 4,055 accounts: odds 1, 1.25, 1.5 decide
   * 72.2%, 53.5%, 42.2% of the clearly right or wrong dev accounts, 48.4%, 38.2%, 31.1% as
   * labelled (the calls odds 1 adds are right 58% of the time); on the ETHICS hard pairs they move
   * recall and false positives together (42.7/38.0, 28.7/23.5, 19.9/14.4: balanced accuracy ~52.5%).
   * The stricter odds also proved unstable: 1.5's threshold moved from 0.60 to 0.92 with 200 accounts.
   */
  wordingOdds: 1,
  learningRate: 1,
  iterations: 3000,
  /** violated: the threshold with the best balanced accuracy whose false-positive rate stays within this. */
  maxFalsePositiveRate: 0.25,
} as const;

export interface AccountExample {
  readonly label: 0 | 1;
  readonly features: readonly string[];
  /** The reading has an act of the author's that is a wrong / a right. */
  readonly wrongAct: boolean;
  readonly rightAct: boolean;
  /** A Stoic account (not an ETHICS scenario): the met threshold is chosen on these. */
  readonly account: boolean;
  /** A wrong put right after it: the extractor reads the rights, never the wrong (act.amends). */
  readonly amends?: boolean;
  /** The account names someone or something its act could touch (the wording's object). */
  readonly object?: boolean;
  /** That object is a person or an animal: only then may the words alone read a duty met. */
  readonly owedTo?: boolean;
  /** A Stoic account's is_kathekon label (null for ETHICS scenarios and undecidable accounts). */
  readonly kathekon?: boolean | null;
}

function exampleOf(text: string, label: 0 | 1, account: boolean, kathekon: boolean | null = null): AccountExample {
  const reading: AccountReading = readAccount(text);
  return {
    object: reading.wording.object !== null,
    owedTo: reading.wording.object?.kind === "person" || reading.wording.object?.kind === "animal",
    kathekon,
    label,
    features: reading.features,
    wrongAct: reading.acts.some((a) => a.polarity === "wrong"),
    rightAct: reading.acts.some((a) => a.polarity === "right"),
    account,
    amends: reading.features.includes("act.amends"),
  };
}

export function examplesOfSplit(split: "train" | "dev", data: { ethics?: readonly EthicsItem[]; accounts?: readonly Account[] } = {}): AccountExample[] {
  const ethics = (data.ethics ?? loadEthics()).filter((e) => ethicsSplitOf(e.pair) === split);
  const accounts = (data.accounts ?? loadAccounts()).filter((a) => accountSplitOf(a.id) === split && a.label_wrong !== null);
  return [...ethics.map((e) => exampleOf(e.text, e.label, false)), ...accounts.map((a) => exampleOf(a.text, a.label_wrong!, true, a.is_kathekon))];
}

const signOf = (f: string) => (f.startsWith("wrong.") ? 1 : f.startsWith("right.") ? -1 : 0);

export function fitAccounts(
  examples: readonly AccountExample[],
  options: { lambda?: number; lexicalLambda?: number; accountWeight?: number } = {},
): { bias: number; weights: Record<string, number> } {
  const lambda = options.lambda ?? ACCOUNT_TRAINING.lambda;
  const accountWeight = options.accountWeight ?? ACCOUNT_TRAINING.accountWeight;
  return fitLogistic(
    examples.map((e) => ({ features: e.features, label: e.label, weight: e.account ? accountWeight : 1 })),
    {
      minSupport: ACCOUNT_TRAINING.minSupport,
      iterations: ACCOUNT_TRAINING.iterations,
      learningRate: ACCOUNT_TRAINING.learningRate,
      lambdaOf: (f) => (f.startsWith("lex.") ? (options.lexicalLambda ?? ACCOUNT_TRAINING.lexicalLambda) : lambda),
      signOf,
    },
  );
}

export function scoreOfExample(model: { bias: number; weights: Record<string, number> }, e: AccountExample): number {
  let z = model.bias;
  for (const f of e.features) z += model.weights[f] ?? 0;
  return round4(sigmoid(z));
}

/**
 * The thresholds, on dev. violated: among cases whose reading has a wrong of the author's, called
 * wrong at p >= t; t where balanced accuracy over all dev cases is best with the false-positive rate
 * within its bound. met: among the Stoic accounts whose reading has a right of the author's and that
 * are not called wrong (a met duty is the accounts' label, not the scenarios'), the t where the rights called met
 * at p <= t outnumber the wrongs called met by the most.
 * Each sits halfway between the dev score it admits and the next one out. Then the words alone, on
 * the cases the acts leave undecided that name someone: wording_violated where the wrongs called
 * less wordingOdds times the rights called is highest; wording_met the same on the Stoic accounts,
 * a call right when the account is labelled kathekon.
 */
export function chooseAccountThresholds(
  scored: ReadonlyArray<{
    p: number;
    label: 0 | 1;
    wrongAct: boolean;
    rightAct: boolean;
    account: boolean;
    amends?: boolean;
    object?: boolean;
    owedTo?: boolean;
    kathekon?: boolean | null;
  }>,
): AccountWeights["thresholds"] {
  const wrongs = scored.filter((s) => s.label === 1);
  const rights = scored.filter((s) => s.label === 0);
  // As the offline extractor decides: amends read as the rights; else a wrong act at p >= t.
  const called = (s: { p: number; wrongAct: boolean; amends?: boolean }, t: number) => s.wrongAct && !s.amends && s.p >= t;
  const candidates = [...new Set(scored.map((s) => s.p))].sort((a, b) => a - b);
  candidates.push(1.0001);
  let violated = 1.0001;
  let best = -1;
  for (const t of candidates) {
    const fpr = rights.filter((s) => called(s, t)).length / Math.max(1, rights.length);
    if (fpr > ACCOUNT_TRAINING.maxFalsePositiveRate) continue;
    const ba = (wrongs.filter((s) => called(s, t)).length / Math.max(1, wrongs.length) + 1 - fpr) / 2;
    if (ba > best) {
      best = ba;
      violated = t;
    }
  }
  const metCases = scored.filter((s) => s.account && s.rightAct && !s.amends && !called(s, violated));
  // met: each right called met must on balance be right: the threshold where the count of rights
  // called met less the wrongs called met is highest (the lowest such).
  let met = -1;
  let net = 0;
  const metCandidates = [...new Set(metCases.map((s) => s.p))].sort((a, b) => a - b);
  for (const t of metCandidates) {
    const under = metCases.filter((s) => s.p <= t);
    const gain = under.filter((s) => s.label === 0).length - under.filter((s) => s.label === 1).length;
    if (gain > net) {
      net = gain;
      met = t;
    }
  }
  const below = (t: number) => {
    const lower = candidates.filter((c) => c < t);
    return lower.length === 0 ? t : round4((t + lower[lower.length - 1]!) / 2);
  };
  const above = (t: number) => {
    const higher = metCandidates.find((c) => c > t);
    return higher === undefined || t < 0 ? t : round4((t + higher) / 2);
  };
  const thresholdViolated = violated > 1 ? violated : below(violated);
  const thresholdMet = above(met);
  // As the extractor decides: amends, a wrong at p >= violated, a right at p <= met; else the words.
  const undecided = scored.filter((s) => s.object && !s.amends && !(s.wrongAct && s.p >= thresholdViolated) && !(s.rightAct && s.p <= thresholdMet));
  const odds = ACCOUNT_TRAINING.wordingOdds;
  const upCandidates = [...new Set(undecided.map((s) => s.p))].sort((a, b) => b - a);
  let wordingViolated = 1.0001;
  let upNet = 0;
  for (const t of upCandidates) {
    const over = undecided.filter((s) => s.p >= t);
    const gain = over.filter((s) => s.label === 1).length - odds * over.filter((s) => s.label === 0).length;
    if (gain > upNet) {
      upNet = gain;
      wordingViolated = t;
    }
  }
  const accountsUndecided = undecided.filter((s) => s.account && s.owedTo && s.p < wordingViolated);
  const downCandidates = [...new Set(accountsUndecided.map((s) => s.p))].sort((a, b) => a - b);
  let wordingMet = -1;
  let downNet = 0;
  for (const t of downCandidates) {
    const under = accountsUndecided.filter((s) => s.p <= t);
    const gain = under.filter((s) => s.kathekon === true).length - odds * under.filter((s) => s.kathekon !== true).length;
    if (gain > downNet) {
      downNet = gain;
      wordingMet = t;
    }
  }
  const between = (t: number, sorted: readonly number[]) => {
    const k = sorted.indexOf(t);
    return k < 0 || k + 1 >= sorted.length ? t : round4((t + sorted[k + 1]!) / 2);
  };
  return {
    violated: thresholdViolated,
    met: thresholdMet,
    wording_violated: wordingViolated > 1 ? wordingViolated : between(wordingViolated, upCandidates),
    wording_met: wordingMet < 0 ? wordingMet : between(wordingMet, downCandidates),
  };
}

export function trainAccountWeights(data: { ethics?: readonly EthicsItem[]; accounts?: readonly Account[] } = {}): string {
  const train = examplesOfSplit("train", data);
  const dev = examplesOfSplit("dev", data);
  const model = fitAccounts(train);
  const thresholds = chooseAccountThresholds(dev.map((e) => ({ ...e, p: scoreOfExample(model, e) })));
  const body = { bias: model.bias, weights: model.weights, thresholds };
  const digest = createHash("sha256").update(JSON.stringify(body)).digest("hex").slice(0, 10);
  const file = {
    version: `acc-lr-${digest}`,
    trained_on: { train_cases: train.length, dev_cases: dev.length, features: Object.keys(model.weights).length, ...ACCOUNT_TRAINING },
    ...body,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

function main(): void {
  writeOrCheck(ACCOUNT_WEIGHTS_PATH, trainAccountWeights(), {
    file: "packages/judgment/src/accounts/weights.json",
    command: "npm run judgment:train-accounts",
  });
}

if (isMain(import.meta.url)) {
  try {
    main();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
