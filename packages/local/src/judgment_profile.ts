import { createHash } from "node:crypto";
import { documentOf, hitsOf, readAction } from "@svc/judgment";
import { RULES } from "../../judgment/src/rules";
import type { Scope } from "../../judgment/src/types";
import { loadCorpus, readerInputOf } from "./judgment_corpus";

/**
 * Profiling and output-identity checks of the offline reader (not part of the service).
 *   npx tsx packages/local/src/judgment_profile.ts hash      # SHA-256 of readAction + hits over every corpus case
 *   npx tsx packages/local/src/judgment_profile.ts profile   # per-stage CPU time on a 5k+5k input
 *   npx tsx packages/local/src/judgment_profile.ts bench     # p50/p99 of readAction on 5k+5k
 */

/** Texts laid end to end, one a line, to exactly 5,000 characters. */
export function fill5k(texts: readonly string[]): string {
  let out = "";
  for (let i = 0; out.length < 5000; i++) out += `${texts[i % texts.length]!}\n`;
  return out.slice(0, 5000);
}

/**
 * The guard's worst case within its caps (npm run bench, and the profiles): an action and a
 * context of 5,000 characters each, made of the development corpus's own texts (shell, SQL,
 * tool calls and prose mixed) in file order.
 */
export function benchInput(): { action: string; context: string } {
  const corpus = loadCorpus();
  return { action: fill5k(corpus.map((c) => c.action)), context: fill5k(corpus.filter((c) => c.context).map((c) => c.context!)) };
}

function hash(): void {
  const h = createHash("sha256");
  const cases = loadCorpus();
  for (const c of cases) {
    const input = readerInputOf(c);
    h.update(JSON.stringify(readAction(input)));
    h.update(JSON.stringify(hitsOf(documentOf(input))));
    h.update("\n");
  }
  const b = benchInput();
  h.update(JSON.stringify(readAction(b)));
  h.update(JSON.stringify(hitsOf(documentOf(b))));
  console.log(`${cases.length} cases ${h.digest("hex")}`);
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function profile(iterations: number): void {
  const input = benchInput();
  const names = RULES.map((_, i) => `rule[${i}]`);
  // Name each top-level rule by the first feature it emits on the input (or its index).
  const doc0 = documentOf(input);
  const action0: Scope = { kind: "action", segments: doc0.action };
  RULES.forEach((r, i) => {
    const hits = r(action0, doc0);
    const f = hits[0]?.feature;
    if (f) names[i] = `${i}:${f.split(".")[0]}.*`;
  });
  const times: number[] = RULES.flatMap(() => [0, 0]);
  let tDoc = 0;
  let tTotal = 0;
  for (let k = 0; k < 20; k++) readAction(input);
  for (let n = 0; n < iterations; n++) {
    const t0 = performance.now();
    const doc = documentOf(input);
    const t1 = performance.now();
    tDoc += t1 - t0;
    const action: Scope = { kind: "action", segments: doc.action };
    const context: Scope = { kind: "context", segments: doc.context.filter((s) => s.role !== "tool") };
    RULES.forEach((r, i) => {
      const a = performance.now();
      r(action, doc);
      const b = performance.now();
      r(context, doc);
      const c = performance.now();
      times[i * 2]! += b - a;
      times[i * 2 + 1]! += c - b;
    });
    tTotal += performance.now() - t0;
  }
  const ms = (x: number) => (x / iterations).toFixed(3);
  console.log(`documentOf ${ms(tDoc)} ms`);
  for (const i of RULES.keys()) console.log(`${names[i]!.padEnd(40)} act ${ms(times[i * 2]!)}  ctx ${ms(times[i * 2 + 1]!)}`);
  console.log(`total ${ms(tTotal)} ms (wall, per read)`);
}

function bench(iterations: number): void {
  const input = benchInput();
  for (let k = 0; k < 50; k++) readAction(input);
  const samples: number[] = [];
  const c0 = cpu();
  for (let n = 0; n < iterations; n++) {
    const t = performance.now();
    readAction(input);
    samples.push(performance.now() - t);
  }
  const cpuMs = (cpu() - c0) / iterations;
  samples.sort((a, b) => a - b);
  const q = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!.toFixed(3);
  console.log(`readAction 5k+5k: p50 ${q(0.5)} ms  p90 ${q(0.9)} ms  p99 ${q(0.99)} ms  cpu/read ${cpuMs.toFixed(3)} ms  (${iterations} iterations)`);
}

const mode = process.argv[1]?.includes("judgment_profile") ? (process.argv[2] ?? "bench") : "none";
const n = Number(process.argv[3] ?? 500);
if (mode === "hash") hash();
else if (mode === "profile") profile(n);
else if (mode === "bench") bench(n);
