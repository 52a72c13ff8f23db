import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { serializeDataKeyRing, serializeKeyRing } from "@svc/core";
import { connectNeon } from "@svc/db/neon";
import { parseEnv } from "@svc/runtime";
import { sql } from "kysely";
import ws from "ws";
import { startNeonBridge, type NeonBridge } from "./bridges/neon_ws";
import { startNeonHttpBridge, type NeonHttpBridge } from "./bridges/neon_http";
import { startUpstashBridge, type UpstashBridge } from "./bridges/upstash";
import { loadOrCreateDataKeys } from "./data_keys";
import { migrateDatabase } from "./db_migrate";
import { WORKERS, workerNamed, type WorkerDeploy } from "./deploy";
import { type CliIo, parseCli, runAsMain } from "./cli";
import { loadOrCreateContinuationSecret } from "./local_runtime";
import { REPO_ROOT } from "./main";
import { readOrCreateSecretFile } from "./secret_files";
import { loadOrCreateKeyRing } from "./signing_keys";
import { freePort } from "./net";

/**
 * `npm run dev:worker -- --env <worker> [--port <n>] [-- <wrangler dev options>]`: one Worker
 * under `wrangler dev --env <worker>` (workerd, as deployed) against this machine's PostgreSQL and
 * Redis. It starts the loopback bridges the Worker's production drivers need (the Neon driver's
 * WebSocket to a plain Postgres, the Upstash REST protocol over a plain Redis), creates and
 * migrates the database, gives the Worker its secrets (generated once into DATA_DIR/workers for
 * the local ones), runs wrangler, and stops the bridges when wrangler stops.
 */
export const DEV_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/svc_dev";
export const DEV_REDIS_URL = "redis://127.0.0.1:6379";
export const DEV_PORT = 8787;

const USAGE = `usage: npm run dev:worker -- --env <worker> [--port <n>] [-- <wrangler dev options>]
workers: ${WORKERS.map((w) => w.name).join(", ")}
environment: DATABASE_URL (default ${DEV_DATABASE_URL}), REDIS_URL (default ${DEV_REDIS_URL}),
  OPERATOR_API_KEY (default: generated into DATA_DIR/workers), DATA_DIR (default .data)`;

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
/** The secrets this command makes for a local Worker when the environment does not set them. */
const GENERATED = ["OPERATOR_API_KEY", "SIGNING_KEYS", "DATA_KEYS", "CONTINUATION_SECRET"] as const;

export interface DevWorkerArgs {
  readonly worker: WorkerDeploy;
  readonly port: number;
  readonly wranglerArgs: readonly string[];
}

export function parseDevWorkerArgs(argv: readonly string[]): DevWorkerArgs | { error: string } | { help: true } {
  const parsed = parseCli(argv, { env: { type: "string" }, port: { type: "string" }, help: { type: "boolean", short: "h" } });
  if (!parsed.ok) {
    return { error: parsed.error };
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (!values.env) return { error: "--env is required" };
  const worker = workerNamed(values.env);
  if (!worker) return { error: `--env: unknown worker "${values.env}"` };
  const port = values.port === undefined ? DEV_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return { error: `--port: "${values.port}" is not a port number` };
  // Everything after a second `--` goes to wrangler dev as it is (e.g. --test-scheduled).
  const separator = argv.indexOf("--");
  if (positionals.length > 0 && separator === -1) return { error: `unexpected argument "${positionals[0]}" (wrangler dev options go after --)` };
  return { worker, port, wranglerArgs: separator === -1 ? [] : argv.slice(separator + 1) };
}

/** A port free on loopback now (the system's choice among the ephemeral ones). */

/** One dotenv line as wrangler's dotenv reads it back verbatim: quoted, `$` escaped from its expansion. */
export function dotenvLine(name: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new Error(`${name}: a value on one line is needed`);
  const escaped = value.replaceAll("$", "\\$");
  const quote = ["'", "`"].find((q) => !escaped.includes(q));
  if (!quote) throw new Error(`${name}: a value with both ' and \` cannot be written to an env file`);
  return `${name}=${quote}${escaped}${quote}`;
}

/** A JSON secret on one line (the env file holds one line per variable). */
const oneLine = (json: string) => JSON.stringify(JSON.parse(json));

/** `oneLine` when the text is JSON; otherwise the text, which the env file then refuses by name. */
function compactJson(text: string): string {
  try {
    return oneLine(text);
  } catch {
    return text;
  }
}

/** `postgres://user:***@host/db`: what is printed of a database address. */
export function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** The database named by `databaseUrl`, created when its server says it does not exist. */
export async function ensureDatabase(databaseUrl: string, wsProxy: string | undefined, log: (line: string) => void): Promise<void> {
  const connect = (url: string) =>
    connectNeon({ connectionString: url, webSocketConstructor: ws, connectTimeoutMs: 10_000, statementTimeoutMs: 0, ...(wsProxy ? { wsProxy } : {}) });
  const target = connect(databaseUrl);
  try {
    await sql`select 1`.execute(target.db);
    return;
  } catch (err) {
    if ((err as { code?: string }).code !== "3D000") throw err;
  } finally {
    await target.close();
  }
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = "/postgres";
  const server = connect(url.toString());
  try {
    await sql`create database ${sql.id(name)}`.execute(server.db);
    log(`created database ${name}`);
  } catch (err) {
    // Another dev:worker created it meanwhile.
    if ((err as { code?: string }).code !== "42P04") throw err;
  } finally {
    await server.close();
  }
}

export interface PreparedWorker {
  /** Secrets wrangler binds from the env file: the Worker's required ones (wrangler checks those). */
  readonly secrets: Record<string, string>;
  /** Everything else, as --var: wrangler dev binds only declared secrets from an env file. */
  readonly vars: Record<string, string>;
  /** Required secrets nobody set (the queue's, unless the environment has them). */
  readonly unset: readonly string[];
  /** What was set up, one line each, for the banner. */
  readonly notes: readonly string[];
  /** Whether a bridge was started (public Workers need none). */
  readonly bridged: boolean;
  close(): Promise<void>;
}

/** Starts what the Worker needs and collects its variables; `close` stops what was started. */
export async function prepareWorker(worker: WorkerDeploy, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<PreparedWorker> {
  const uses = new Set([...worker.required, ...worker.optional]);
  const config = parseEnv({ DATA_DIR: env.DATA_DIR });
  const secretDir = resolve(config.DATA_DIR, "workers");
  const fromHere = relative(process.cwd(), secretDir);
  const shown = fromHere && !fromHere.startsWith("..") ? fromHere : secretDir;
  const values: Record<string, string> = {};
  const notes: string[] = [];
  let neon: NeonBridge | undefined;
  let neonHttp: NeonHttpBridge | undefined;
  let upstash: UpstashBridge | undefined;
  const close = async () => {
    await upstash?.close();
    await neon?.close();
    await neonHttp?.close();
  };
  try {
    // Whatever the environment sets for the Worker's own names is given as it is (a key ring
    // written over several lines put on one).
    for (const name of uses) if (env[name]) values[name] = /[\r\n]/.test(env[name]!) ? compactJson(env[name]!) : env[name]!;

    if (uses.has("DATABASE_URL")) {
      const databaseUrl = env.DATABASE_URL || DEV_DATABASE_URL;
      values.DATABASE_URL = databaseUrl;
      if (LOOPBACK.has(new URL(databaseUrl).hostname)) {
        neon = await startNeonBridge();
        values.NEON_WS_PROXY = neon.wsProxy;
        neonHttp = await startNeonHttpBridge();
        values.NEON_HTTP_PROXY = neonHttp.httpProxy;
        // Only a database on this machine is created and migrated here; a remote one is
        // migrated on purpose, with `npm run db:migrate`, once per release.
        await ensureDatabase(databaseUrl, neon.wsProxy, log);
        const migrated = await migrateDatabase({ databaseUrl, wsProxy: neon.wsProxy, dataDir: config.DATA_DIR, connectMs: 10_000 });
        const schema = migrated.applied.length === 0 ? "schema up to date" : `${migrated.applied.length} migration(s) applied`;
        notes.push(`database  ${redactUrl(databaseUrl)}, ${schema} (the Neon driver through ws://${neon.wsProxy} and http://${neonHttp.httpProxy})`);
      } else {
        notes.push(`database  ${redactUrl(databaseUrl)} (not on this machine: neither created nor migrated here)`);
      }
    }

    if (uses.has("UPSTASH_REDIS_REST_URL") && !(env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN)) {
      const redisUrl = env.REDIS_URL || DEV_REDIS_URL;
      upstash = await startUpstashBridge({ redisUrl });
      values.UPSTASH_REDIS_REST_URL = upstash.url;
      values.UPSTASH_REDIS_REST_TOKEN = upstash.token;
      notes.push(`meter     ${redactUrl(redisUrl)} (the Upstash clients through ${upstash.url})`);
    } else if (uses.has("UPSTASH_REDIS_REST_URL")) {
      notes.push(`meter     ${env.UPSTASH_REDIS_REST_URL} (UPSTASH_REDIS_REST_URL from the environment)`);
    }

    const now = new Date();
    for (const name of GENERATED.filter((n) => uses.has(n) && !values[n])) {
      if (name === "OPERATOR_API_KEY") {
        values[name] = await readOrCreateSecretFile(
          join(secretDir, "operator-api-key"),
          (t) => t.trim(),
          () => `op_dev_${randomBytes(24).toString("base64url")}\n`,
        );
        notes.push(`operator  OPERATOR_API_KEY=${values[name]}   (generated once: ${join(shown, "operator-api-key")})`);
      } else if (name === "SIGNING_KEYS") {
        values[name] = oneLine(serializeKeyRing(await loadOrCreateKeyRing({ dataDir: secretDir, now })));
      } else if (name === "DATA_KEYS") {
        values[name] = oneLine(serializeDataKeyRing(await loadOrCreateDataKeys({ dataDir: secretDir, now })));
      } else {
        values[name] = await loadOrCreateContinuationSecret(secretDir);
      }
    }
    const generated = GENERATED.filter((n) => n !== "OPERATOR_API_KEY" && uses.has(n) && !env[n]);
    if (generated.length > 0) notes.push(`secrets   ${generated.join(", ")} from ${shown}/ (generated once, mode 0600)`);
    if (uses.has("OPERATOR_API_KEY") && env.OPERATOR_API_KEY) notes.push("operator  OPERATOR_API_KEY from the environment");
  } catch (err) {
    await close();
    throw err;
  }
  const secrets = Object.fromEntries(worker.required.filter((n) => values[n] !== undefined).map((n) => [n, values[n]!]));
  const vars = Object.fromEntries(Object.entries(values).filter(([n]) => !(n in secrets)));
  return { secrets, vars, unset: worker.required.filter((n) => values[n] === undefined), notes, bridged: !!(neon || upstash), close };
}

/** Runs the command; resolves with wrangler's exit code once wrangler and the bridges have stopped. */
export async function runDevWorker(argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const args = parseDevWorkerArgs(argv);
  if ("help" in args) {
    io.err(USAGE);
    return 0;
  }
  if ("error" in args) {
    io.err(`${args.error}\n${USAGE}`);
    return 2;
  }
  const { worker, port } = args;
  const name = `svc-${worker.name}`;

  // Ctrl+C while the bridges start or the database migrates stops here; later it goes to wrangler.
  let child: ChildProcess | undefined;
  let interrupted: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = signal;
    child?.kill(signal);
  };
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  for (const signal of signals) process.on(signal, onSignal);
  const done = () => {
    for (const signal of signals) process.off(signal, onSignal);
  };

  let prepared: PreparedWorker;
  try {
    prepared = await prepareWorker(worker, env, (line) => io.out(`dev:worker: ${line}`));
  } catch (err) {
    done();
    io.err(`dev:worker: ${name} cannot start: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  const envDir = resolve(parseEnv({ DATA_DIR: env.DATA_DIR }).DATA_DIR, "workers", "env");
  const envFile = join(envDir, `${worker.name}-${port}-${process.pid}.env`);
  const stop = async () => {
    rmSync(envFile, { force: true });
    await prepared.close();
    done();
  };
  if (interrupted) {
    await stop();
    return 130;
  }
  try {
    mkdirSync(envDir, { recursive: true, mode: 0o700 });
    const lines = Object.entries(prepared.secrets).map(([n, v]) => dotenvLine(n, v));
    writeFileSync(envFile, `# dev:worker: ${name}'s secrets for wrangler dev; removed when it stops.\n${lines.join("\n")}\n`, { mode: 0o600 });
  } catch (err) {
    await stop();
    io.err(`dev:worker: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }

  // wrangler's default inspector port is 9229 when free: two sessions starting together both
  // see it free and the second fails ("Address already in use"). Each gets a port of its own.
  const inspector = args.wranglerArgs.some((a) => a.startsWith("--inspector-port")) ? [] : ["--inspector-port", String(await freePort())];
  const wranglerArgs = [
    "dev",
    "--env",
    worker.name,
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--env-file",
    envFile,
    // The Worker sees the address it is called on, not the production host of its routes.
    "--infer-origin-from-routes=false",
    ...inspector,
    ...Object.entries(prepared.vars).flatMap(([n, v]) => ["--var", `${n}:${v}`]),
    ...args.wranglerArgs,
  ];
  // wrangler prefers the process environment to the env file: the Worker's own names are
  // taken out of it, so what this command prepared is what the Worker gets.
  const childEnv: NodeJS.ProcessEnv = { ...env, WRANGLER_SEND_METRICS: env.WRANGLER_SEND_METRICS ?? "false" };
  for (const n of [...worker.required, ...worker.optional, "NEON_WS_PROXY", "NEON_HTTP_PROXY"]) delete childEnv[n];

  io.out(`dev:worker: ${name} (wrangler dev --env ${worker.name}) on http://127.0.0.1:${port}`);
  for (const note of prepared.notes) io.out(`  ${note}`);
  if (prepared.unset.length > 0) {
    io.out(
      `  unset     ${prepared.unset.join(", ")}: set them in the environment to use what needs them${prepared.unset.includes("SQS_QUEUE_URL") ? " (without the queue, narrative jobs wait in the outbox)" : ""}`,
    );
  }

  child = spawn(join(REPO_ROOT, "node_modules/.bin/wrangler"), wranglerArgs, { cwd: REPO_ROOT, env: childEnv, stdio: "inherit" });
  // A signal that came after the check above and before wrangler existed.
  if (interrupted) child.kill(interrupted);
  const bridges = prepared.bridged ? " and the bridges" : "";
  io.out(`dev:worker: wrangler started (pid ${child.pid}); Ctrl+C stops it${bridges}`);
  const code = await new Promise<number>((resolveExit) => {
    child!.once("error", (err) => {
      io.err(`dev:worker: cannot run wrangler: ${err.message}`);
      resolveExit(1);
    });
    child!.once("exit", (exitCode, signal) => resolveExit(exitCode ?? (signal ? 128 : 1)));
  });
  await stop();
  io.out(`dev:worker: wrangler exited (${code})${prepared.bridged ? "; bridges stopped" : ""}`);
  return code;
}

await runAsMain(import.meta.url, runDevWorker);
