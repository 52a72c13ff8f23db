import { createHash } from "node:crypto";
import { join } from "node:path";
import { documentOf, hitsOf, isLexical, isModifier, PRIORS, scoreOf, type Weights, type WordingCode } from "@svc/judgment";
import { guardAction } from "@svc/core";
import { HARM_CODES, loadCorpus, readerInputOf, requestOf, splitOf, type CorpusCase, type HarmCode } from "./judgment_corpus";
import { fitLogistic, round4, writeOrCheck } from "./logistic";
import { isMain, REPO_ROOT } from "./main";

/**
 * `npm run judgment:train [-- --check]`: learns the offline reader's weights from the train split
 * of the development corpus and chooses its verdict thresholds on the dev split, then writes
 * packages/judgment/src/weights.json. Deterministic: full-batch gradient descent from zero with
 * fixed steps, features in sorted order, weights rounded to 4 decimals, so the same corpus and
 * rules always give the same bytes; `--check` fails when the committed file is not them.
 *
 * The model is a logistic regression over the rules' binary features with an L2 penalty. Signs are
 * kept honest by projection after every step: a modifier (`mod.`) can only lower the score, a harm
 * feature or an aggravator can only raise it, so every reason pushes the way it says. The words of
 * the act (`lex.`) are weighed either way; they never make a harm read on their own.
 */

export const WEIGHTS_PATH = join(REPO_ROOT, "packages/judgment/src/weights.json");

export const TRAINING = {
  /** A feature must fire on at least this many train cases to get a weight. */
  minSupport: 2,
  lambda: 0.003,
  /**
   * The penalty on the wording's words (`lex.`, thousands of them, each seen in few cases): lighter
   * than the rules', chosen on dev among 0, 0.0003, 0.001, 0.003, 0.01, 0.03 (74.3% balanced
   * accuracy at 0.001 against 72.8% at 0.003 and 70.3% at 0.03).
   */
  lexicalLambda: 0.001,
  learningRate: 1,
  iterations: 4000,
  /** The scores among which dev chooses where the wording alone reads a harm (see trainWeights). */
  wordingAlone: [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95],
  /** The most benign dev cases that may be flagged (pause_for_review or above). */
  maxFalsePositiveRate: 0.1,
  /** do_not_proceed: at most this share of benign dev cases. */
  maxBenignBlocked: 0.02,
  /** proceed_with_caution: at least this share of harmful dev cases at caution or above. */
  cautionRecall: 0.97,
} as const;

export interface Example {
  readonly pair: string;
  readonly code: HarmCode;
  readonly label: 0 | 1;
  readonly features: readonly string[];
}

export function featuresOf(c: CorpusCase): string[] {
  return [...new Set(hitsOf(documentOf(readerInputOf(c))).map((h) => h.feature))].sort();
}

export function examplesOf(cases: readonly CorpusCase[]): Example[] {
  return cases.map((c) => ({ pair: c.pair, code: c.code, label: c.label === "harmful" ? 1 : 0, features: featuresOf(c) }));
}

export function fit(examples: readonly Example[], priors: Readonly<Record<string, number>> = PRIORS): { bias: number; weights: Record<string, number> } {
  return fitLogistic(examples, {
    minSupport: TRAINING.minSupport,
    iterations: TRAINING.iterations,
    learningRate: TRAINING.learningRate,
    lambdaOf: (f) => (isLexical(f) ? TRAINING.lexicalLambda : TRAINING.lambda),
    signOf: (f) => (isLexical(f) ? 0 : isModifier(f) ? -1 : 1),
    priors,
  });
}

type Model = { bias: number; weights: Record<string, number>; wording?: Weights["wording"] };

/** A dev case's score as the reader will give it: 0 when no harm is read (its verdict is proceed). */
function probabilityOf(model: Model, features: readonly string[]): number {
  const { probability, harmRead } = scoreOf(features, {
    version: "",
    thresholds: { proceed_with_caution: 0, pause_for_review: 0, do_not_proceed: 0 },
    ...model,
  });
  return harmRead ? probability : 0;
}

/**
 * The harm code each word weighing toward harm speaks for, when the wording alone reads a harm:
 * the code of the most harmful train cases the word appears in (ties in taxonomy order), with the
 * share of those cases among all the harmful cases it appears in, so a word found under every
 * code ("all", "send") counts for little when a code is chosen.
 */
export function wordingCodes(train: readonly Example[], weights: Readonly<Record<string, number>>): Record<string, WordingCode> {
  const counts = new Map<string, Map<HarmCode, number>>();
  for (const e of train)
    if (e.label === 1)
      for (const f of new Set(e.features)) {
        if (!isLexical(f) || (weights[f] ?? 0) <= 0) continue;
        const byCode = counts.get(f) ?? new Map<HarmCode, number>();
        byCode.set(e.code, (byCode.get(e.code) ?? 0) + 1);
        counts.set(f, byCode);
      }
  const codes: Record<string, WordingCode> = {};
  for (const f of [...counts.keys()].sort()) {
    const byCode = counts.get(f)!;
    const code = HARM_CODES.reduce((best, c) => ((byCode.get(c) ?? 0) > (byCode.get(best) ?? 0) ? c : best), HARM_CODES[0]);
    const total = [...byCode.values()].reduce((a, b) => a + b, 0);
    codes[f] = { code, share: round4(byCode.get(code)! / total) };
  }
  return codes;
}

/** Balanced accuracy on dev as served at a pause threshold (a case the engine flags counts as flagged). */
function servedBalancedAccuracy(scored: ReadonlyArray<{ p: number; label: 0 | 1; flagged?: boolean }>, pause: number): number {
  const rate = (label: 0 | 1) => {
    const of = scored.filter((s) => s.label === label);
    return of.filter((s) => s.flagged || round4(s.p) >= pause).length / Math.max(1, of.length);
  };
  return (rate(1) + 1 - rate(0)) / 2;
}

/**
 * The verdict thresholds, on dev: pause_for_review where balanced accuracy is highest with the
 * benign flag rate within its bound; do_not_proceed the lowest threshold above it that blocks at
 * most maxBenignBlocked of benign cases; proceed_with_caution the highest below it that still puts
 * cautionRecall of harmful cases at caution or above. A case the reason engine flags whatever the
 * reader says (`flagged`: a distress signal, a contradicted claim, a strong passion) counts as
 * flagged at every threshold, so the bound holds for the verdict as served.
 */
export function chooseThresholds(scored: ReadonlyArray<{ p: number; label: 0 | 1; flagged?: boolean }>): Weights["thresholds"] {
  // Scores are compared as the candidates are made, to 4 decimals: a raw 0.61488 must not pass
  // for below a candidate 0.6149 and then sit above the threshold placed under it.
  const harmful = scored.filter((s) => s.label === 1).map((s) => (s.flagged ? Infinity : round4(s.p)));
  const benign = scored.filter((s) => s.label === 0).map((s) => (s.flagged ? Infinity : round4(s.p)));
  const rate = (ps: number[], t: number) => (ps.length === 0 ? 0 : ps.filter((p) => p >= t).length / ps.length);
  const candidates = [...new Set(scored.filter((s) => !s.flagged).map((s) => round4(s.p)))].sort((a, b) => a - b);
  candidates.push(1.0001);
  let pause = candidates[candidates.length - 1]!;
  let best = -1;
  for (const t of candidates) {
    const fpr = rate(benign, t);
    if (fpr > TRAINING.maxFalsePositiveRate) continue;
    const ba = (rate(harmful, t) + 1 - fpr) / 2;
    if (ba > best) {
      best = ba;
      pause = t;
    }
  }
  const block = candidates.find((t) => t >= pause && rate(benign, t) <= TRAINING.maxBenignBlocked) ?? pause;
  const below = candidates.filter((t) => t <= pause && rate(harmful, t) >= TRAINING.cautionRecall);
  const caution = below.length > 0 ? below[below.length - 1]! : candidates[0]!;
  // Each threshold sits halfway between the dev score it admits and the next one below, so an
  // unseen case near the boundary is not decided by where one dev case happened to fall.
  const margin = (t: number) => {
    const lower = candidates.filter((c) => c < t);
    return lower.length === 0 ? t : round4((t + lower[lower.length - 1]!) / 2);
  };
  const p = margin(pause);
  return { proceed_with_caution: Math.min(margin(caution), p), pause_for_review: p, do_not_proceed: Math.max(margin(block), p) };
}

/** Whether the reason engine alone stops the case (a reason of its own at pause_for_review or above); its reasons do not depend on the weights. */
async function engineFlags(c: CorpusCase): Promise<boolean> {
  const response = await guardAction(requestOf(c));
  return response.reasons.some(
    (r) => !(HARM_CODES as readonly string[]).includes(r.code) && (r.verdict === "pause_for_review" || r.verdict === "do_not_proceed"),
  );
}

export async function trainWeights(corpus: readonly CorpusCase[] = loadCorpus()): Promise<string> {
  const devCases = corpus.filter((c) => splitOf(c.pair) === "dev");
  const train = examplesOf(corpus.filter((c) => splitOf(c.pair) === "train"));
  const dev = examplesOf(devCases);
  const model = fit(train);
  const flagged: boolean[] = [];
  for (const c of devCases) flagged.push(await engineFlags(c));
  // The wording alone reads a harm at the score, among the candidates, that serves dev best
  // (ties to the higher, the more sparing), or never when none beats the rules alone.
  const codes = wordingCodes(train, model.weights);
  const scoredWith = (m: Model) => dev.map((e, i) => ({ p: probabilityOf(m, e.features), label: e.label, flagged: flagged[i]! }));
  let best: Model = model;
  let bestScored = scoredWith(model);
  let bestAccuracy = servedBalancedAccuracy(bestScored, chooseThresholds(bestScored).pause_for_review);
  for (const alone of [...TRAINING.wordingAlone].sort((a, b) => b - a)) {
    const candidate: Model = { ...model, wording: { alone, codes } };
    const scored = scoredWith(candidate);
    const accuracy = servedBalancedAccuracy(scored, chooseThresholds(scored).pause_for_review);
    if (accuracy > bestAccuracy) [best, bestScored, bestAccuracy] = [candidate, scored, accuracy];
  }
  const thresholds = chooseThresholds(bestScored);
  const body = { bias: model.bias, weights: model.weights, thresholds, ...(best.wording ? { wording: best.wording } : {}) };
  const digest = createHash("sha256").update(JSON.stringify(body)).digest("hex").slice(0, 10);
  const file = {
    version: `lr-${digest}`,
    trained_on: { train_cases: train.length, dev_cases: dev.length, features: Object.keys(model.weights).length, ...TRAINING },
    ...body,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

async function main(): Promise<void> {
  writeOrCheck(WEIGHTS_PATH, await trainWeights(), { file: "packages/judgment/src/weights.json", command: "npm run judgment:train" });
}

if (isMain(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
