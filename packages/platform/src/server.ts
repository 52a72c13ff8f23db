import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { HttpError, parseEnv, PLATFORM_BINDING, writeLog } from "@svc/http";
import { createDispatcher } from "./dispatcher";
import { createLocalPlatform } from "./local_platform";
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
  const platform = createLocalPlatform({
    dataDir: config.DATA_DIR,
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
    ...(config.NEON_WS_PROXY ? { wsProxy: config.NEON_WS_PROXY } : {}),
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
  await platform.open(config);
  const dispatch = createDispatcher(SERVICE_FUNCTIONS, { ...env, [PLATFORM_BINDING]: platform });
  return new Promise((resolveStart, rejectStart) => {
    const server = serve({ fetch: dispatch, port: config.PORT, hostname: "127.0.0.1" }, (info) => {
      const url = `http://127.0.0.1:${info.port}`;
      writeLog(config.LOG_LEVEL, "info", "listening", {
        url,
        data_dir: resolve(config.DATA_DIR),
        database: platform.description,
        functions: SERVICE_FUNCTIONS.map((fn) => fn.name),
      });
      resolveStart({
        port: info.port,
        url,
        close: async () => {
          await new Promise<void>((done) => server.close(() => done()));
          await platform.close();
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
    const message = err instanceof HttpError || err instanceof Error ? err.message : String(err);
    console.error(JSON.stringify({ level: "error", msg: "start_failed", error: message }));
    process.exit(1);
  }
}

if (isMain(import.meta.url)) void main();
