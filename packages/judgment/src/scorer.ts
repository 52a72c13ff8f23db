import type { HarmCode } from "./types";
import weightsFile from "./weights.json";

/**
 * The trained scorer: a logistic regression over the rules' binary features, its weights learned
 * by `npm run judgment:train` from the train split of the development corpus and its verdict
 * thresholds chosen on the dev split. Harm features carry weights >= 0 and modifiers <= 0 (the
 * training keeps them so), so every reason pushes the way it says.
 */
export interface Weights {
  readonly version: string;
  readonly bias: number;
  readonly weights: Readonly<Record<string, number>>;
  /** Probability thresholds, ascending: at or above each, that verdict. */
  readonly thresholds: { readonly proceed_with_caution: number; readonly pause_for_review: number; readonly do_not_proceed: number };
  /**
   * The wording alone, where no rule read a harm: the score at or above which it reads one (chosen
   * on dev), and the harm code each word weighing toward harm speaks for (the code of most harmful
   * train cases it appears in, and their share). Absent: the wording never reads a harm alone.
   */
  readonly wording?: { readonly alone: number; readonly codes: Readonly<Record<string, WordingCode>> };
}

/** The harm code a word speaks for, and the share of the harmful train cases with it that are of that code. */
export interface WordingCode {
  readonly code: HarmCode;
  readonly share: number;
}

export const WEIGHTS: Weights = weightsFile as unknown as Weights;

export const VERDICTS = ["proceed", "proceed_with_caution", "pause_for_review", "do_not_proceed"] as const;
export type Verdict = (typeof VERDICTS)[number];

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

export function weightOf(feature: string, weights: Weights = WEIGHTS): number {
  return weights.weights[feature] ?? 0;
}

/** The logit of a set of features: bias plus the weight of each distinct feature. */
export function logitOf(features: Iterable<string>, weights: Weights = WEIGHTS): number {
  let z = weights.bias;
  for (const f of new Set(features)) z += weightOf(f, weights);
  return z;
}

export function verdictOf(probability: number, weights: Weights = WEIGHTS): Verdict {
  const t = weights.thresholds;
  if (probability >= t.do_not_proceed) return "do_not_proceed";
  if (probability >= t.pause_for_review) return "pause_for_review";
  if (probability >= t.proceed_with_caution) return "proceed_with_caution";
  return "proceed";
}

/** The name's first part, after any `ctx:` (no regex, no array: it runs for every hit, many times). */
function kindOf(feature: string): string {
  const from = feature.startsWith("ctx:") ? 4 : 0;
  const dot = feature.indexOf(".", from);
  return dot === -1 ? feature.slice(from) : feature.slice(from, dot);
}
/** A feature's kind, by its name: a modifier (`mod.`), an aggravator (`agg.`) or a harm code's. */
export const isModifier = (feature: string) => kindOf(feature) === "mod";
export const isAggravator = (feature: string) => kindOf(feature) === "agg";
/** A word of the act's wording (`lex.`, rules/lexical.ts): weighed either way, never a harm on its own. */
export const isLexical = (feature: string) => kindOf(feature) === "lex";
export const isHarm = (feature: string) => !isModifier(feature) && !isAggravator(feature) && !isLexical(feature);

/**
 * The score of a set of features as the reader gives it: the model's probability, and whether a
 * harm is read: by a rule (a harm feature with weight), or else by the wording alone when the
 * score reaches the wording's own threshold (`byWording`). Aggravators count only when a harm is
 * read. With no harm read the verdict is proceed ("nothing recognised"), whatever the score.
 */
export function scoreOf(features: readonly string[], weights: Weights = WEIGHTS): { probability: number; harmRead: boolean; byWording: boolean } {
  const full = sigmoid(logitOf(features, weights));
  if (features.some((f) => isHarm(f) && weightOf(f, weights) > 0)) return { probability: full, harmRead: true, byWording: false };
  if (weights.wording && full >= weights.wording.alone) return { probability: full, harmRead: true, byWording: true };
  return {
    probability: sigmoid(
      logitOf(
        features.filter((f) => !isAggravator(f)),
        weights,
      ),
    ),
    harmRead: false,
    byWording: false,
  };
}
