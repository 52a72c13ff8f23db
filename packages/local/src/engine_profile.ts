/**
 * Profiling of the guardrail's reason-engine path, stage by stage, on the bench input
 * (5,000-char action + 5,000-char context), and a fingerprint of guardAction's full output over
 * the development corpus (to check an optimisation changes nothing).
 *
 *   npx tsx packages/local/src/engine_profile.ts [iterations]   # per-stage timings
 *   npx tsx packages/local/src/engine_profile.ts --hash          # output fingerprint
 */
import { createHash } from "node:crypto";
import { assess, detectDistress, examine, extractOffline, guardAction, guardrailLens, offlineExtractor } from "@svc/core";
import { readAction } from "@svc/judgment";
import { loadCorpus, requestOf } from "./judgment_corpus";
import { benchInput } from "./judgment_profile";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

async function fingerprint(): Promise<void> {
  const corpus = loadCorpus();
  const all = createHash("sha256");
  const engine = createHash("sha256");
  for (const c of corpus) {
    const out = JSON.stringify(await guardAction(requestOf(c)));
    all.update(out);
    // The engine alone on every text of the corpus, acts and contexts both: wider than the guardrail reads.
    for (const text of [c.action, c.context ?? ""]) {
      if (!text) continue;
      const exam = await examine(offlineExtractor, { text, context: null, ref: "fp" });
      engine
        .update(JSON.stringify(exam.extraction))
        .update(JSON.stringify(exam.assessment))
        .update(JSON.stringify(guardrailLens(exam)));
      engine.update(JSON.stringify(detectDistress([text, text.toUpperCase(), text.replace(/'/g, "\u2019")])));
    }
  }
  const { action, context } = benchInput();
  const bench = JSON.stringify(await guardAction({ action, context }));
  console.log(`cases ${corpus.length}`);
  console.log(`guardAction(corpus) ${all.digest("hex")}`);
  console.log(`engine(corpus texts) ${engine.digest("hex")}`);
  console.log(`guardAction(bench) ${sha(bench)}`);
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function profile(iterations: number): Promise<void> {
  const { action, context } = benchInput();
  const request = { action, context };
  const extraction = extractOffline({ text: action });
  const exam = await examine(offlineExtractor, { text: action, context, ref: "guardrail" });
  const reading = readAction({ action, context, tool_call: null, messages: null });
  const stages: Array<[string, () => unknown]> = [
    ["extractOffline (L1)", () => extractOffline({ text: action })],
    ["assess (L2)", () => assess({ extraction, text: action, examination: { ref: "g", depth_tier: "quick", prior_feedback_ref: null, input_sha256: "0" } })],
    ["examine (L1+L2+sha)", () => examine(offlineExtractor, { text: action, context, ref: "guardrail" })],
    ["detectDistress", () => detectDistress([action])],
    ["guardrailLens (incl. distress)", () => guardrailLens(exam, reading)],
    ["readAction (judgment)", () => readAction({ action, context, tool_call: null, messages: null })],
    ["guardAction (whole)", () => guardAction(request)],
  ];
  for (const [name, run] of stages) {
    for (let i = 0; i < 30; i++) await run();
    const samples: number[] = [];
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      await run();
      samples.push(performance.now() - t);
    }
    const cpu = process.cpuUsage(cpu0);
    samples.sort((a, b) => a - b);
    const cpuPer = (cpu.user + cpu.system) / 1000 / iterations;
    console.log(`${name.padEnd(32)} p50 ${pct(samples, 50).toFixed(3)} ms  p99 ${pct(samples, 99).toFixed(3)} ms  cpu/iter ${cpuPer.toFixed(3)} ms`);
  }
}

const args = process.argv.slice(2);
if (args.includes("--hash")) await fingerprint();
else await profile(Number(args[0] ?? 300));
