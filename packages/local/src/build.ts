import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { build as esbuild } from "esbuild";
import { BUDGETS, workerNamed } from "./deploy";
import { SERVICE_FUNCTIONS } from "./functions";
import { isMain, REPO_ROOT } from "./main";

const run = promisify(execFile);

/**
 * Size budgets in gzip bytes, by what each Worker carries (deploy.ts): the overview 90 KiB, the
 * Workers that read no text 350 KiB, those that carry the offline reader 1 MiB.
 */
export function budgetOf(name: string): number {
  const worker = workerNamed(name);
  return worker ? BUDGETS[worker.bundle] : WORKERS_GZIP_LIMIT;
}
/** Workers' own limit for a compressed script (free plan). */
export const WORKERS_GZIP_LIMIT = 3 * 1024 * 1024;
/** Packages that a function without a database, queue or language model must not bundle. */
export const INFRASTRUCTURE_PACKAGES = ["kysely", "@neondatabase/serverless", "@electric-sql/pglite", "@aws-sdk/client-sqs", "openai", "@upstash/redis"];
export const PURE_FUNCTIONS = ["overview", "discovery"];
/** Workers without HTTP routes (a cron trigger), built from wrangler.toml like the others. */
export const SCHEDULED_WORKERS = ["scheduler"];
/** The Lambda consumer's bundle, where infra/cdk expects it. */
export const CONSUMER_ENTRY = "functions/narrative-worker/src/handler.ts";

/**
 * Bundles the narrative consumer for AWS Lambda (Node 22, ESM). The AWS SDK v3 ships in the
 * runtime, so it stays external; everything else is inlined.
 */
export async function buildConsumerBundle(outRoot = join(REPO_ROOT, "dist")): Promise<BundleReport> {
  const outdir = join(outRoot, "narrative-worker");
  const result = await esbuild({
    entryPoints: [join(REPO_ROOT, CONSUMER_ENTRY)],
    outfile: join(outdir, "index.mjs"),
    bundle: true,
    minify: true,
    platform: "node",
    target: "node22",
    format: "esm",
    external: ["@aws-sdk/*"],
    // Some dependencies still call require(); give the ESM bundle one.
    banner: { js: "import { createRequire as __svcRequire } from 'node:module'; const require = __svcRequire(import.meta.url);" },
    metafile: true,
    logLevel: "silent",
  });
  const code = readFileSync(join(outdir, "index.mjs"));
  const packages = new Set<string>();
  for (const input of Object.keys(result.metafile.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    if (match) packages.add(match[1]!);
  }
  return { name: "narrative-worker", bytes: code.byteLength, gzipBytes: gzipSync(code, { level: 9 }).byteLength, packages: [...packages].sort(), outdir };
}

export interface BundleReport {
  readonly name: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly packages: readonly string[];
  readonly outdir: string;
}

/** Bundles one function exactly as `wrangler deploy --env <name>` does (dry run; wrangler.toml turns minify on). */
export async function buildFunctionBundle(name: string, outRoot = join(REPO_ROOT, "dist")): Promise<BundleReport> {
  const outdir = join(outRoot, name);
  const metafile = join(outdir, "bundle-meta.json");
  await run(join(REPO_ROOT, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--env", name, "--outdir", outdir, "--metafile", metafile], {
    cwd: REPO_ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    maxBuffer: 16 * 1024 * 1024,
  });
  const code = readFileSync(join(outdir, "index.js"));
  const meta = JSON.parse(readFileSync(metafile, "utf8")) as { inputs: Record<string, unknown> };
  const packages = new Set<string>();
  for (const input of Object.keys(meta.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
    if (match) packages.add(match[1]!);
  }
  return { name, bytes: code.byteLength, gzipBytes: gzipSync(code, { level: 9 }).byteLength, packages: [...packages].sort(), outdir };
}

/** Problems with a bundle: over its budget, or carrying infrastructure SDKs it must not. */
export function bundleProblems(report: BundleReport): string[] {
  const problems: string[] = [];
  const budget = budgetOf(report.name);
  if (report.gzipBytes > budget) problems.push(`${report.name}: ${kib(report.gzipBytes)} gzip exceeds its budget of ${kib(budget)}`);
  if (PURE_FUNCTIONS.includes(report.name)) {
    const carried = report.packages.filter((p) => INFRASTRUCTURE_PACKAGES.includes(p));
    if (carried.length > 0) problems.push(`${report.name}: bundles ${carried.join(", ")}`);
  }
  return problems;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

async function main(): Promise<void> {
  const names = [...SERVICE_FUNCTIONS.map((fn) => fn.name), ...SCHEDULED_WORKERS];
  const reports = [...(await Promise.all(names.map((name) => buildFunctionBundle(name)))), await buildConsumerBundle()];
  console.log("function        minified     gzip (min)   budget");
  for (const r of reports) {
    const budget = budgetOf(r.name);
    const file = r.name === "narrative-worker" ? "index.mjs (AWS Lambda)" : "index.js";
    console.log(`${r.name.padEnd(17)} ${kib(r.bytes).padStart(11)}  ${kib(r.gzipBytes).padStart(11)}  ${kib(budget).padStart(11)}   dist/${r.name}/${file}`);
  }
  const problems = reports.flatMap(bundleProblems);
  if (problems.length > 0) {
    console.error(`Bundle problems:\n- ${problems.join("\n- ")}`);
    process.exit(1);
  }
}

if (isMain(import.meta.url)) void main();
