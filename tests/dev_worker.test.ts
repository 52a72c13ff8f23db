import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreateApiKeyRequest, issueApiKey } from "@svc/core";
import { credentialStore } from "@svc/db";
import { createLocalRuntime } from "../packages/local/src/local_runtime";
import { REPO_ROOT } from "../packages/local/src/main";
import { needs } from "./support/requirements";
import { dropPostgresDatabase } from "./support/scratch_database";
import { freePort, isListening } from "../packages/local/src/net";

// `npm run dev:worker -- --env guardrail`, run as a user runs it: wrangler dev (workerd) on the
// machine's PostgreSQL and Redis through the bridges the command starts. The database is one of
// this test's own, which the command must create and migrate; it is dropped at the end.
const READY_TIMEOUT_MS = 240_000;

/** `"svc-guard-monthly";r=499;t=40` -> the remaining count of that policy. */
function remaining(header: string | null, policy: string): number | undefined {
  const item = (header ?? "").split(",").find((part) => part.trim().startsWith(`"${policy}"`));
  const r = /;r=(\d+)/.exec(item ?? "")?.[1];
  return r === undefined ? undefined : Number(r);
}

describe("npm run dev:worker -- --env guardrail", needs("postgres_and_redis"), () => {
  const database = `svc_dev_test_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
  // The body is collected even when the suite is skipped (no DATABASE_URL): no URL to derive then.
  const databaseUrl = process.env.DATABASE_URL ? Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${database}` }).toString() : "";
  const dataDir = mkdtempSync(join(tmpdir(), "svc-dev-worker-"));
  let port: number;
  let child: ChildProcess;
  let exited: Promise<number | null>;
  let output = "";

  /** Starts the command on a free port; resolves once the Worker answers its health check, or with what went wrong. */
  const start = async (env: NodeJS.ProcessEnv): Promise<"ready" | string> => {
    port = await freePort();
    // Its own process group, so that whatever is left can be stopped at the end.
    child = spawn("npm", ["run", "-s", "dev:worker", "--", "--env", "guardrail", "--port", String(port)], {
      cwd: REPO_ROOT,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    let gone = false;
    exited = new Promise((resolve) =>
      child.once("exit", (code) => {
        gone = true;
        resolve(code);
      }),
    );
    // wrangler builds the Worker first; a busy machine is slow, so the wait is generous.
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (gone) return "exited before it was ready";
      if (Date.now() > deadline) return `not ready within ${READY_TIMEOUT_MS / 1000} s`;
      const health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      if (health?.status === 200) return "ready";
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // The Node running this suite (22) first on PATH, as for any npm script.
      PATH: [dirname(process.execPath), process.env.PATH ?? ""].join(delimiter),
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL,
      DATA_DIR: dataDir,
      WRANGLER_SEND_METRICS: "false",
    };
    // The command makes these itself; none may leak in from the suite's environment.
    for (const name of ["OPERATOR_API_KEY", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "NEON_WS_PROXY", "DATA_KEYS", "JWT_SECRET"]) delete env[name];
    const outcome = await start(env);
    if (outcome !== "ready") throw new Error(`dev:worker ${outcome}:\n${output}`);
  }, READY_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    if (child?.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, "SIGINT");
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    }
    await dropPostgresDatabase(database);
    rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it("serves the guardrail on its own migrated database, metered on Redis, with a key from the project's key store", async () => {
    expect(output).toContain(`created database ${database}`);
    expect(output).toMatch(/migration\(s\) applied/);

    // The guardrail has no admin route: the key goes straight into the database the Worker reads.
    const runtime = createLocalRuntime({ databaseUrl, dataDir: "memory://" });
    let key: string;
    try {
      const created = await issueApiKey({
        ctx: { credentials: credentialStore(await runtime.database()), now: () => new Date() },
        input: CreateApiKeyRequest.parse({ kind: "live", owner_id: `dev-worker-${crypto.randomUUID()}` }),
      });
      key = created.key;
    } finally {
      await runtime.close();
    }

    const call = () =>
      fetch(`http://127.0.0.1:${port}/api/guardrail`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ action: "Delete the production database of our customers to free up space." }),
      });
    const first = await call();
    const text = await first.text();
    expect(first.status, text).toBe(200);
    // Flagged: stopped for review or refused (which, the trained weights decide).
    expect((JSON.parse(text) as { verdict: string }).verdict).toMatch(/^(pause_for_review|do_not_proceed)$/);
    // Metered: the guardrail is served unmetered, without RateLimit, only when the meter fails.
    expect(first.headers.get("ratelimit-policy"), output).toContain(`"svc-guard-monthly";q=500`);
    expect(remaining(first.headers.get("ratelimit"), "svc-guard-monthly")).toBe(499);
    const second = await call();
    expect(second.status).toBe(200);
    expect(remaining(second.headers.get("ratelimit"), "svc-guard-monthly")).toBe(498);

    const refused = await fetch(`http://127.0.0.1:${port}/api/guardrail`, {
      method: "POST",
      headers: { authorization: `Bearer svc_live_${"x".repeat(32)}` },
      body: "{}",
    });
    expect(refused.status).toBe(401);
  });

  it("generated the operator key once into DATA_DIR and printed it", () => {
    const file = join(dataDir, "workers", "operator-api-key");
    const operatorKey = readFileSync(file, "utf8").trim();
    expect(operatorKey.length).toBeGreaterThanOrEqual(8);
    expect(output).toContain(`OPERATOR_API_KEY=${operatorKey}`);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it("stops the bridges and removes its env file when wrangler stops", async () => {
    const neonPort = Number(/through ws:\/\/127\.0\.0\.1:(\d+)\/v1/.exec(output)?.[1]);
    const upstashPort = Number(/through http:\/\/127\.0\.0\.1:(\d+)\)/.exec(output)?.[1]);
    const wranglerPid = Number(/wrangler started \(pid (\d+)\)/.exec(output)?.[1]);
    expect([neonPort, upstashPort, wranglerPid].every(Number.isInteger), output).toBe(true);
    expect(await isListening(neonPort)).toBe(true);
    expect(await isListening(upstashPort)).toBe(true);
    const envDir = join(dataDir, "workers", "env");
    expect(readdirSync(envDir)).toHaveLength(1);

    // wrangler ends (here by SIGTERM, as when it is stopped or dies): the command follows it.
    process.kill(wranglerPid, "SIGTERM");
    const code = await exited;
    expect(output).toContain(`wrangler exited (${code}); bridges stopped`);
    expect(await isListening(port)).toBe(false);
    expect(await isListening(neonPort)).toBe(false);
    expect(await isListening(upstashPort)).toBe(false);
    expect(existsSync(envDir) ? readdirSync(envDir) : []).toEqual([]);
  }, 60_000);
});
