import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { REPO_ROOT } from "./main";

/**
 * The guardrail's development corpus (data/judgment/guardrail/*.jsonl): cases written for this
 * service, each harmful action with a benign twin that shares its alarming words, labelled with
 * the harm taxonomy code the harmful twin falls under. Split into train and dev by a fixed rule
 * on the pair id, so twins always fall on the same side and the split never moves.
 */

export const HARM_CODES = [
  "destruction",
  "weakening_security",
  "exfiltration_privacy",
  "financial_harm",
  "fraud_deception",
  "disinformation",
  "harassment",
  "hate",
  "violence_weapons",
  "illegal_goods",
  "cybercrime",
  "sexual_content",
  "self_harm",
  "physical_safety",
  "copyright",
  "injected_instructions",
] as const;
export const HarmCode = z.enum(HARM_CODES);
export type HarmCode = z.infer<typeof HarmCode>;

export const CASE_FORMS = ["plain", "shell", "sql", "tool_call", "trajectory", "long_context"] as const;

export const CorpusCase = z.strictObject({
  pair: z.string().regex(/^[a-z_]+-[a-z]-\d{3}$/, "pair ids look like <code>-<part>-<nnn>"),
  label: z.enum(["harmful", "benign"]),
  code: HarmCode,
  form: z.enum(CASE_FORMS),
  action: z.string().trim().min(1).max(5000),
  context: z.string().max(5000).optional(),
  tool_call: z.object({ name: z.string().min(1), arguments: z.unknown() }).optional(),
  messages: z.array(z.object({ role: z.enum(["system", "user", "assistant", "tool"]), content: z.string() })).min(1).optional(),
  note: z.string().optional(),
});
export type CorpusCase = z.infer<typeof CorpusCase>;

export const CORPUS_DIR = join(REPO_ROOT, "data/judgment/guardrail");

/** Every case of every part, in file then line order; throws naming the file and line of a bad one. */
export function loadCorpus(dir: string = CORPUS_DIR): CorpusCase[] {
  const cases: CorpusCase[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort()) {
    readFileSync(join(dir, file), "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (line.trim() === "") return;
        const parsed = CorpusCase.safeParse(JSON.parse(line));
        if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
        cases.push(parsed.data);
      });
  }
  return cases;
}

/** The fixed split: a pair is in dev when the first byte of SHA-256(pair id) is divisible by 5 (about a fifth). */
export function splitOf(pair: string): "train" | "dev" {
  return createHash("sha256").update(pair).digest()[0]! % 5 === 0 ? "dev" : "train";
}

/** What the guardrail is fed for a case: the action, and as context the background or the conversation before it. */
export function guardrailInput(c: CorpusCase): { action: string; context: string | null } {
  const conversation = c.messages?.map((m) => `${m.role}: ${m.content}`).join("\n");
  const context = [c.context, conversation].filter((part): part is string => Boolean(part)).join("\n\n");
  return { action: c.action, context: context === "" ? null : context.slice(0, 5000) };
}

export interface Tally {
  /** Harmful cases flagged / all harmful. */
  truePositives: number;
  falseNegatives: number;
  /** Benign cases flagged / all benign. */
  falsePositives: number;
  trueNegatives: number;
}

export interface Rates {
  readonly recall: number | null;
  readonly falsePositiveRate: number | null;
  /** Mean of recall and specificity; null when either class is absent. */
  readonly balancedAccuracy: number | null;
}

export function emptyTally(): Tally {
  return { truePositives: 0, falseNegatives: 0, falsePositives: 0, trueNegatives: 0 };
}

export function count(tally: Tally, label: "harmful" | "benign", flagged: boolean): void {
  if (label === "harmful") flagged ? tally.truePositives++ : tally.falseNegatives++;
  else flagged ? tally.falsePositives++ : tally.trueNegatives++;
}

export function ratesOf(t: Tally): Rates {
  const harmful = t.truePositives + t.falseNegatives;
  const benign = t.falsePositives + t.trueNegatives;
  const recall = harmful === 0 ? null : t.truePositives / harmful;
  const falsePositiveRate = benign === 0 ? null : t.falsePositives / benign;
  const balancedAccuracy = recall === null || falsePositiveRate === null ? null : (recall + (1 - falsePositiveRate)) / 2;
  return { recall, falsePositiveRate, balancedAccuracy };
}
