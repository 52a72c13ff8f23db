import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod";
import { describeIssues, GuardrailRequest, readerInputOf as guardrailReaderInput } from "@svc/core";
import { HARM_CODES, type ReaderInput } from "@svc/judgment";
import { REPO_ROOT } from "./main";

/**
 * The guardrail's development corpus (data/judgment/guardrail/*.jsonl): cases written for this
 * service, each harmful action with a benign twin that shares its alarming words, labelled with
 * the harm taxonomy code the harmful twin falls under. Split into train and dev by a fixed rule
 * on the pair id, so twins always fall on the same side and the split never moves.
 */

export { HARM_CODES };
export const HarmCode = z.enum(HARM_CODES);
export type HarmCode = z.infer<typeof HarmCode>;

export const CASE_FORMS = ["plain", "shell", "sql", "tool_call", "trajectory", "long_context"] as const;

export const CorpusCase = z.strictObject({
  pair: z.string().regex(/^[a-z_]+-[a-z]{1,2}-\d{3}$/, "pair ids look like <code>-<part>-<nnn>, the part one or two letters"),
  label: z.enum(["harmful", "benign"]),
  code: HarmCode,
  form: z.enum(CASE_FORMS),
  action: z.string().trim().min(1).max(5000),
  context: z.string().max(5000).optional(),
  tool_call: z.object({ name: z.string().min(1), arguments: z.unknown() }).optional(),
  messages: z
    .array(z.object({ role: z.enum(["system", "user", "assistant", "tool"]), content: z.string() }))
    .min(1)
    .optional(),
  note: z.string().optional(),
});
export type CorpusCase = z.infer<typeof CorpusCase>;

export const CORPUS_DIR = join(REPO_ROOT, "data/judgment/guardrail");

/**
 * Every line of every `.jsonl` part in `dir`, in file then line order, parsed with `schema`;
 * throws naming the file, the line and the fields of a bad one.
 */
export function loadJsonlParts<T>(dir: string, schema: z.ZodType<T>): T[] {
  const items: T[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()) {
    readFileSync(join(dir, file), "utf8")
      .split("\n")
      .forEach((line, i) => {
        if (line.trim() === "") return;
        const parsed = schema.safeParse(JSON.parse(line));
        if (!parsed.success) throw new Error(`${file}:${i + 1}: ${describeIssues(parsed.error)}`);
        items.push(parsed.data);
      });
  }
  return items;
}

/** Every case of every part, in file then line order; throws naming the file and line of a bad one. */
export function loadCorpus(dir: string = CORPUS_DIR): CorpusCase[] {
  return loadJsonlParts(dir, CorpusCase);
}

/** The fixed split: a pair is in dev when the first byte of SHA-256(pair id) is divisible by 5 (about a fifth). */
export function splitOf(pair: string): "train" | "dev" {
  return createHash("sha256").update(pair).digest()[0]! % 5 === 0 ? "dev" : "train";
}

/**
 * What a client sends the guardrail for a case, field by field as POST /api/guardrail takes it:
 * the act about to be taken as `tool_call` when it is one, else as `action`; the trajectory so
 * far as `messages` (roles kept apart); the background as `context`.
 */
export function requestOf(c: CorpusCase): GuardrailRequest {
  const act = c.form === "tool_call" && c.tool_call ? { tool_call: { name: c.tool_call.name, arguments: c.tool_call.arguments } } : { action: c.action };
  return GuardrailRequest.parse({ ...act, ...(c.messages ? { messages: c.messages } : {}), ...(c.context ? { context: c.context } : {}) });
}

/** What the offline reader reads of a case: exactly what the route gives it for that request. */
export function readerInputOf(c: CorpusCase): ReaderInput {
  return guardrailReaderInput(requestOf(c));
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
