import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import type { NarrativeQueue } from "@svc/core";
import { DOCS_ASSETS_BINDING } from "@svc/fn-discovery";
import { createNarrativeConsumer } from "@svc/fn-narrative-worker";
import { runScheduledJobs } from "@svc/fn-scheduler";
import { parseEnv, RUNTIME_BINDING, writeLog } from "@svc/runtime";
import { sqsQueueFromSettings } from "@svc/queue";
import { createDispatcher } from "./dispatcher";
import { localDocsAssets } from "./docs_assets";
import { startEmbeddedQueue, type EmbeddedQueue } from "./embedded_queue";
import { createLocalRuntime } from "./local_runtime";
import { SERVICE_FUNCTIONS } from "./functions";
import { isMain } from "./main";

/**
 * `npm start`: every function in one Node process on PORT (default 8787), with embedded
 * defaults: no servers and no keys are needed.
 */
export interface LocalServer {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

export async function startLocalServer(env: Record<string, unknown> = process.env): Promise<LocalServer> {
  const config = parseEnv(env);
  mkdirSync(resolve(config.DATA_DIR), { recursive: true });
  // The queue: SQS when configured, else the embedded emulator started below (bound late,
  // because its consumer needs the runtime).
  let embedded: EmbeddedQueue | undefined;
  const queue: NarrativeQueue = config.SQS_QUEUE_URL
    ? sqsQueueFromSettings(config)
    : { send: (job) => (embedded ? embedded.queue.send(job) : Promise.reject(new Error("the embedded queue is not up yet"))) };
  const runtime = createLocalRuntime({
    queue,
    ...(config.DATA_KEYS ? { dataKeys: config.DATA_KEYS } : {}),
    dataDir: config.DATA_DIR,
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
    ...(config.NEON_WS_PROXY ? { wsProxy: config.NEON_WS_PROXY } : {}),
    ...(config.NEON_HTTP_PROXY ? { httpProxy: config.NEON_HTTP_PROXY } : {}),
    databaseTimeouts: { connectMs: config.DATABASE_CONNECT_TIMEOUT_MS, statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS },
    // The server keeps serving: the store answers 503 until Postgres is back, then recovers on its own.
    onConnectionError: (err) => writeLog(config.LOG_LEVEL, "warn", "database_connection_lost", { error: String(err) }),
    ...(config.UPSTASH_REDIS_REST_URL && config.UPSTASH_REDIS_REST_TOKEN
      ? { upstash: { url: config.UPSTASH_REDIS_REST_URL, token: config.UPSTASH_REDIS_REST_TOKEN } }
      : {}),
    ...(config.REDIS_URL ? { redisUrl: config.REDIS_URL } : {}),
    meterTimeoutMs: config.METER_TIMEOUT_MS,
    ...(config.SIGNING_KEYS ? { signingKeys: config.SIGNING_KEYS } : {}),
    ...(config.CONTINUATION_SECRET ? { continuationSecret: config.CONTINUATION_SECRET } : {}),
    languageModel: config,
  });
  // The embedded database opens (and migrates) before the port does, so a bad setup fails here.
  await runtime.open(config);
  if (!config.SQS_QUEUE_URL) {
    const consume = createNarrativeConsumer({
      maxReceives: config.MAX_RECEIVES,
      open: async () => {
        const session = await runtime.open(config);
        return { store: session.narratives, sealer: session.sealer(), narrator: session.reason().narrator, release: () => session.release() };
      },
      log: (level, msg, fields) => writeLog(config.LOG_LEVEL, level, msg, { function: "narrative-worker", ...fields }),
    });
    embedded = await startEmbeddedQueue({
      consume,
      maxReceives: config.MAX_RECEIVES,
      onError: (err) => writeLog(config.LOG_LEVEL, "error", "embedded_queue_error", { error: String(err) }),
    });
    embedded.start();
  }
  // The scheduled function's jobs, as its cron trigger runs them in production.
  const runJobs = async () => {
    try {
      const run = await runScheduledJobs(await runtime.open(config), new Date());
      if (
        run.outbox.sent +
          run.outbox.failed +
          run.sealed_legacy +
          run.failed_stale +
          run.purged.narratives +
          run.purged.assessments +
          run.expired_idempotency_keys >
        0
      ) {
        writeLog(config.LOG_LEVEL, "info", "scheduled_run", { function: "scheduler", ...run });
      }
    } catch (err) {
      writeLog(config.LOG_LEVEL, "error", "scheduled_run_failed", { function: "scheduler", error: String(err) });
    }
  };
  await runJobs();
  const schedule = setInterval(() => void runJobs(), config.SCHEDULE_INTERVAL_SECONDS * 1000);
  schedule.unref();
  // ASSETS: the reference page's script, as the discovery Worker's static assets hold it.
  const dispatch = createDispatcher(SERVICE_FUNCTIONS, { ...env, [RUNTIME_BINDING]: runtime, [DOCS_ASSETS_BINDING]: localDocsAssets() });
  return new Promise((resolveStart, rejectStart) => {
    const server = serve({ fetch: dispatch, port: config.PORT, hostname: "127.0.0.1" }, (info) => {
      const url = `http://127.0.0.1:${info.port}`;
      writeLog(config.LOG_LEVEL, "info", "listening", {
        url,
        data_dir: resolve(config.DATA_DIR),
        database: runtime.description,
        queue: config.SQS_QUEUE_URL ? "SQS" : "embedded SQS emulator (fauxqs)",
        functions: SERVICE_FUNCTIONS.map((fn) => fn.name),
      });
      resolveStart({
        port: info.port,
        url,
        close: async () => {
          clearInterval(schedule);
          await new Promise<void>((done) => server.close(() => done()));
          await embedded?.stop();
          await runtime.close();
        },
      });
    });
    server.once("error", rejectStart);
  });
}

async function main(): Promise<void> {
  try {
    const server = await startLocalServer();
    const stop = () => void server.close().then(() => process.exit(0));
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(JSON.stringify({ level: "error", msg: "start_failed", error: message }));
    process.exit(1);
  }
}

if (isMain(import.meta.url)) void main();
