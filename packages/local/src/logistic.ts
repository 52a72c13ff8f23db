import { readFileSync, writeFileSync } from "node:fs";
import { sigmoid } from "@svc/judgment";

/**
 * The logistic regression both offline readers are trained with (judgment_train.ts for the
 * guardrail's reader of actions, judgment_accounts_train.ts for the reader of accounts):
 * full-batch gradient descent from zero with fixed steps over binary features, an L2 penalty
 * (towards a prior where one is given), signs kept by projection after every step, weights
 * rounded to 4 decimals, features in sorted order, so the same examples give the same bytes.
 */

export const round4 = (x: number) => Math.round(x * 1e4) / 1e4 + 0; // + 0 turns -0 into 0

export interface LogisticExample {
  readonly features: readonly string[];
  readonly label: 0 | 1;
  /** How much the example counts in the loss (1 when absent). */
  readonly weight?: number;
}

export interface LogisticSpec {
  /** A feature must fire on at least this many examples to get a weight (unless it has a prior). */
  readonly minSupport: number;
  readonly iterations: number;
  readonly learningRate: number;
  /** The L2 penalty of a feature. */
  readonly lambdaOf: (feature: string) => number;
  /** 1: the weight may only be >= 0; -1: only <= 0; 0: either. */
  readonly signOf: (feature: string) => number;
  /** Features kept whatever their support, penalised towards this weight instead of 0. */
  readonly priors?: Readonly<Record<string, number>>;
}

export function fitLogistic(examples: readonly LogisticExample[], spec: LogisticSpec): { bias: number; weights: Record<string, number> } {
  const priors = spec.priors ?? {};
  const support = new Map<string, number>();
  for (const e of examples) for (const f of e.features) support.set(f, (support.get(f) ?? 0) + 1);
  const names = [...new Set([...[...support].filter(([, n]) => n >= spec.minSupport).map(([f]) => f), ...Object.keys(priors)])].sort();
  const prior = names.map((f) => priors[f] ?? 0);
  const index = new Map(names.map((f, i) => [f, i]));
  const rows = examples.map((e) => e.features.map((f) => index.get(f)).filter((i): i is number => i !== undefined));
  const sign = names.map(spec.signOf);
  const lambdas = names.map(spec.lambdaOf);
  const w = new Float64Array(names.length);
  const grad = new Float64Array(names.length);
  let b = 0;
  const n = examples.length;
  for (let it = 0; it < spec.iterations; it++) {
    grad.fill(0);
    let gb = 0;
    for (let i = 0; i < n; i++) {
      let z = b;
      for (const j of rows[i]!) z += w[j]!;
      const err = (sigmoid(z) - examples[i]!.label) * (examples[i]!.weight ?? 1);
      gb += err;
      for (const j of rows[i]!) grad[j]! += err;
    }
    b -= (spec.learningRate * gb) / n;
    for (let j = 0; j < names.length; j++) {
      let v = w[j]! - spec.learningRate * (grad[j]! / n + lambdas[j]! * (w[j]! - prior[j]!));
      if (v * sign[j]! < 0) v = 0;
      w[j] = v;
    }
  }
  const weights: Record<string, number> = {};
  names.forEach((f, j) => {
    const v = round4(w[j]!);
    if (v !== 0) weights[f] = v;
  });
  return { bias: round4(b), weights };
}

/**
 * A trainer's last step: with `--check`, fail unless the committed file is exactly `text`;
 * otherwise write it and say what was written.
 */
export function writeOrCheck(path: string, text: string, names: { file: string; command: string }): void {
  if (process.argv.includes("--check")) {
    if (readFileSync(path, "utf8") !== text) {
      console.error(`${names.file} is not what the data trains: run ${names.command}`);
      process.exit(1);
    }
    console.log(`${names.file} is reproduced byte for byte from the data`);
    return;
  }
  writeFileSync(path, text);
  const parsed = JSON.parse(text) as { version: string; thresholds: unknown; trained_on: { features: number } };
  console.log(`wrote ${path}: ${parsed.version}, ${parsed.trained_on.features} weighted features, thresholds ${JSON.stringify(parsed.thresholds)}`);
}
