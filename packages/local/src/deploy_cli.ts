import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { generateDataKeyRing, generateSigningKey, serializeDataKeyRing, serializeKeyRing } from "@svc/core";
import { EnvSchema } from "@svc/runtime";
import { WORKERS, workerNamed, type WorkerDeploy } from "./deploy";
import { type CliIo, commandLine, runAsMain } from "./cli";
import { REPO_ROOT } from "./main";

const run = promisify(execFile);

/**
 * `npm run deploy:check -- --env <worker> [--env-file <path>]`: which of the Worker's required
 * secrets are missing (and, with --env-file, which given values are malformed). Without
 * --env-file it asks Cloudflare (`wrangler secret list --env <worker>`, so wrangler must be logged
 * in or have CLOUDFLARE_API_TOKEN). Exit 0 when nothing is missing, 1 when something is, 2 when
 * it cannot tell.
 *
 * `npm run secrets:generate [-- --out <dir>] [--force]`: fresh production SIGNING_KEYS, DATA_KEYS
 * and CONTINUATION_SECRET, one file each (mode 0600) under --out (default .secrets/), and the
 * `wrangler secret put` lines for every Worker that uses them. Refuses to overwrite without
 * --force: a replaced signing ring can no longer verify what the old one signed.
 */
const USAGE = `usage:
  npm run deploy:check -- --env <worker> [--env-file <path>]
  npm run secrets:generate [-- --out <dir>] [--force]
workers: ${WORKERS.map((w) => w.name).join(", ")}`;

class CannotTell extends Error {}

/** KEY=value lines (dotenv, as `wrangler secret bulk` and .dev.vars take them); # comments. */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) continue;
    let value = line.slice(eq + 1).trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.at(-1) === value[0]) value = value.slice(1, -1);
    out[
      line
        .slice(0, eq)
        .trim()
        .replace(/^export\s+/, "")
    ] = value;
  }
  return out;
}

/** The secret names Cloudflare holds for a Worker, through wrangler. */
async function secretsOnCloudflare(worker: WorkerDeploy, env: NodeJS.ProcessEnv): Promise<Set<string>> {
  try {
    const { stdout } = await run(join(REPO_ROOT, "node_modules/.bin/wrangler"), ["secret", "list", "--env", worker.name, "--format", "json"], {
      cwd: REPO_ROOT,
      env: { ...env, WRANGLER_SEND_METRICS: "false" },
      maxBuffer: 4 * 1024 * 1024,
    });
    const listed = JSON.parse(stdout.slice(stdout.indexOf("["))) as { name: string }[];
    return new Set(listed.map((s) => s.name));
  } catch (err) {
    const detail = (err as { stderr?: string }).stderr?.trim() || (err as Error).message;
    throw new CannotTell(
      `cannot list the secrets of svc-${worker.name} on Cloudflare (log in with \`npx wrangler login\` or set CLOUDFLARE_API_TOKEN, or check a file with --env-file):\n${detail.slice(0, 600)}`,
    );
  }
}

export interface CheckReport {
  readonly missing: readonly string[];
  readonly malformed: readonly { variable: string; message: string }[];
  readonly optionalUnset: readonly string[];
}

/** What a Worker lacks, given the names (and, from a file, the values) it has. */
export function checkWorkerSecrets(worker: WorkerDeploy, present: ReadonlySet<string>, values?: Record<string, string>): CheckReport {
  const malformed: { variable: string; message: string }[] = [];
  if (values) {
    // The Worker's own values through the service's own schema: every issue a Worker would answer with.
    const own = Object.fromEntries([...worker.required, ...worker.optional].filter((n) => values[n] !== undefined).map((n) => [n, values[n]!]));
    const result = EnvSchema.safeParse(own);
    if (!result.success) for (const issue of result.error.issues) malformed.push({ variable: String(issue.path[0] ?? "environment"), message: issue.message });
  }
  return {
    missing: worker.required.filter((name) => !present.has(name)),
    malformed,
    optionalUnset: worker.optional.filter((name) => !present.has(name)),
  };
}

async function deployCheck(envName: string | undefined, envFile: string | undefined, env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const worker = envName ? workerNamed(envName) : undefined;
  if (!worker) {
    io.err(envName ? `unknown worker "${envName}"\n${USAGE}` : USAGE);
    return 2;
  }
  let present: Set<string>;
  let values: Record<string, string> | undefined;
  let source: string;
  if (envFile) {
    let text: string;
    try {
      text = readFileSync(envFile, "utf8");
    } catch (err) {
      io.err(`cannot read ${envFile}: ${(err as Error).message}`);
      return 2;
    }
    values = parseDotenv(text);
    present = new Set(Object.keys(values).filter((k) => values![k] !== ""));
    source = envFile;
  } else {
    try {
      present = await secretsOnCloudflare(worker, env);
    } catch (err) {
      if (!(err instanceof CannotTell)) throw err;
      io.err(err.message);
      return 2;
    }
    source = `Cloudflare (svc-${worker.name})`;
  }
  const report = checkWorkerSecrets(worker, present, values);
  io.out(`svc-${worker.name}: ${worker.required.length} required secret(s), checked against ${source}`);
  for (const name of report.missing) io.out(`missing: ${name}    npx wrangler secret put ${name} --env ${worker.name}`);
  for (const m of report.malformed) io.out(`malformed: ${m.variable}: ${m.message}`);
  for (const name of report.optionalUnset) io.out(`optional, unset: ${name}`);
  const ok = report.missing.length === 0 && report.malformed.length === 0;
  io.out(ok ? "ready to deploy" : "NOT ready to deploy");
  return ok ? 0 : 1;
}

/** The three generated secrets, each in its stored form. */
export async function generateProductionSecrets(now: Date): Promise<Record<"SIGNING_KEYS" | "DATA_KEYS" | "CONTINUATION_SECRET", string>> {
  return {
    SIGNING_KEYS: serializeKeyRing({ records: [await generateSigningKey(now)] }).trim(),
    DATA_KEYS: serializeDataKeyRing(generateDataKeyRing(now)).trim(),
    CONTINUATION_SECRET: randomBytes(32).toString("base64url"),
  };
}

async function secretsGenerate(outDir: string, force: boolean, io: CliIo): Promise<number> {
  const secrets = await generateProductionSecrets(new Date());
  const names = Object.keys(secrets) as (keyof typeof secrets)[];
  const existing = names.filter((name) => existsSync(join(outDir, name)));
  if (existing.length > 0 && !force) {
    io.err(
      `${existing.map((n) => join(outDir, n)).join(", ")} already exist(s); a new signing ring cannot verify what the old one signed. Pass --force to replace them.`,
    );
    return 1;
  }
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  for (const name of names) writeFileSync(join(outDir, name), `${secrets[name]}\n`, { mode: 0o600 });
  io.out(`# Written to ${outDir} (mode 0600; keep them out of version control). Upload each to the Workers that use it:`);
  for (const name of names)
    for (const worker of WORKERS.filter((w) => w.required.includes(name) || w.optional.includes(name)))
      io.out(`npx wrangler secret put ${name} --env ${worker.name} < ${join(outDir, name)}`);
  return 0;
}

export async function runDeployCli(argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo, cwd: string = process.cwd()): Promise<number> {
  const [command, ...rest] = argv;
  const line = commandLine(
    rest,
    {
      env: { type: "string" },
      "env-file": { type: "string" },
      out: { type: "string" },
      force: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    io,
    USAGE,
  );
  if (typeof line === "number") return line;
  const { values, positionals } = line;
  if (positionals.length > 0) {
    io.err(`unexpected argument "${positionals[0]}"\n${USAGE}`);
    return 2;
  }
  if (command === "check") return deployCheck(values.env, values["env-file"] && resolve(cwd, values["env-file"]), env, io);
  if (command === "secrets") return secretsGenerate(resolve(cwd, values.out ?? ".secrets"), values.force === true, io);
  io.err(USAGE);
  return 2;
}

await runAsMain(import.meta.url, runDeployCli);
