import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { migrateToLatest } from "@svc/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalRuntime } from "../packages/local/src/local_runtime";
import { startPostgresCluster, type PostgresCluster } from "./support/postgres_cluster";
import { needs } from "./support/requirements";

// The local server (`npm start`) as a child process over a PostgreSQL of this test's own,
// through the production Neon driver and the loopback bridge, under a light concurrent load
// while that PostgreSQL is stopped (fast, then immediate), started again, and frozen with
// SIGSTOP. The process must never exit; while the store is down every store route answers 503
// store_unavailable with Retry-After (never a 500, never a hang for the whole outage) and the
// routes that need no store answer as usual; once it is back, normal answers resume within
// seconds. Runs wherever the PostgreSQL binaries are (CI has them).

const OPERATOR_KEY = "store-faults-operator-key-0123456789";
const CONNECT_TIMEOUT_MS = 2000;
const STATEMENT_TIMEOUT_MS = 3000;
/** Generous bounds, only to tell "recovered" and "answered while frozen" from "hung". */
const RECOVERY_BOUND_MS = 30_000;
const FROZEN_ANSWER_BOUND_MS = 45_000;

interface Outcome {
  readonly name: string;
  readonly status: number;
  readonly code: string | null;
  readonly retryAfter: string | null;
}

/** What the load sends: store reads, a store write, API-key authentication (the cache is off), and a route without the store. */
const LOAD: ReadonlyArray<{ name: string; store: boolean; method: string; path: string; key: "operator" | "api"; body?: unknown }> = [
  { name: "list keys", store: true, method: "GET", path: "/api/admin/keys?limit=1", key: "operator" },
  { name: "authenticate a key", store: true, method: "GET", path: "/api/me", key: "api" },
  { name: "score an action", store: true, method: "POST", path: "/api/score-action", key: "api", body: { action: "I kept my promise to my colleague." } },
  { name: "virtues", store: false, method: "GET", path: "/api/virtues", key: "operator" },
];

let cluster: PostgresCluster | undefined;
let server: ChildProcess | undefined;
let serverExit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
const serverOutput: string[] = [];
let baseUrl = "";
let apiKey = "";
let dataDir = "";

/** A free loopback port in this suite's range (55400-55499 on the shared machine), else any. */
async function freePort(): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number | null>((done) => {
      const probe = createServer();
      probe.once("error", () => done(null));
      probe.listen(port, "127.0.0.1", () => {
        const bound = (probe.address() as { port: number }).port;
        probe.close(() => done(bound));
      });
    });
  for (let port = 55430; port < 55450; port++) {
    const bound = await tryListen(port);
    if (bound) return bound;
  }
  return (await tryListen(0))!;
}

async function call(route: (typeof LOAD)[number]): Promise<Outcome> {
  const headers: Record<string, string> = { authorization: `Bearer ${route.key === "api" ? apiKey : OPERATOR_KEY}` };
  if (route.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${baseUrl}${route.path}`, {
    method: route.method,
    headers,
    ...(route.body === undefined ? {} : { body: JSON.stringify(route.body) }),
    signal: AbortSignal.timeout(FROZEN_ANSWER_BOUND_MS),
  });
  const text = await res.text();
  let code: string | null = null;
  try {
    code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? null;
  } catch {
    code = null;
  }
  return { name: route.name, status: res.status, code, retryAfter: res.headers.get("retry-after") };
}

const byName = (name: string) => LOAD.find((r) => r.name === name)!;

/** The store is down, as a caller sees it: 503 store_unavailable with a Retry-After in whole seconds. */
function expectStoreUnavailable(outcome: Outcome): void {
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 503, code: "store_unavailable" });
  expect(outcome.retryAfter, JSON.stringify(outcome)).toMatch(/^[1-9][0-9]*$/);
}

function expectAlive(): void {
  expect(serverExit, `the server exited:\n${serverOutput.slice(-30).join("\n")}`).toBeNull();
}

/** Polls until every store route answers 200 again; returns how long it took. */
async function recovery(): Promise<number> {
  const started = Date.now();
  for (;;) {
    expectAlive();
    const outcomes = await Promise.all(LOAD.filter((r) => r.store).map((r) => call(r).catch(() => null)));
    if (outcomes.every((o) => o !== null && o.status < 300)) return Date.now() - started;
    if (Date.now() - started > RECOVERY_BOUND_MS)
      throw new Error(`no normal answers ${RECOVERY_BOUND_MS} ms after the store came back: ${JSON.stringify(outcomes)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Background callers, a few at a time, recording every answer (a failed fetch is recorded too). */
function startLoad(concurrency: number) {
  const outcomes: Array<Outcome & { phase: string }> = [];
  let phase = "up";
  let running = true;
  const workers = Array.from({ length: concurrency }, async (_, worker) => {
    for (let i = worker; running; i++) {
      const route = LOAD[i % LOAD.length]!;
      const at = phase;
      const outcome = await call(route).catch((err: unknown) => ({ name: route.name, status: 0, code: String(err), retryAfter: null }));
      outcomes.push({ ...outcome, phase: at });
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    outcomes,
    setPhase: (next: string) => void (phase = next),
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

describe("the local server through PostgreSQL restarts and a freeze (its own PostgreSQL)", needs("postgres_binaries"), () => {
  beforeAll(async () => {
    cluster = await startPostgresCluster(await freePort());
    const migrating = createLocalRuntime({ databaseUrl: cluster.url, dataDir: "memory://" });
    await migrateToLatest(await migrating.database());
    await migrating.close();

    dataDir = mkdtempSync(join(tmpdir(), "svc-store-faults-"));
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env))
      if (value !== undefined && !/^(REDIS_URL|UPSTASH_|NEON_WS_PROXY|SQS_)/.test(name)) env[name] = value;
    Object.assign(env, {
      DATABASE_URL: cluster.url,
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      OPERATOR_API_KEY: OPERATOR_KEY,
      // Every API-key call reads the store: authentication is under test too.
      KEY_CACHE_TTL_SECONDS: "0",
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      SCHEDULE_INTERVAL_SECONDS: "3600",
      BURST_LIMIT: "100000",
      PAID_DAILY_LIMIT: "10000000",
    });
    const root = resolve(import.meta.dirname, "..");
    server = spawn(process.execPath, ["--import", "tsx", join(root, "packages/local/src/server.ts")], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
    server.once("exit", (code, signal) => void (serverExit = { code, signal }));
    createInterface({ input: server.stderr! }).on("line", (line) => serverOutput.push(line));
    baseUrl = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${serverOutput.join("\n")}`)), 90_000);
      createInterface({ input: server!.stdout! }).on("line", (line) => {
        serverOutput.push(line);
        if (serverOutput.length > 500) serverOutput.splice(0, 100);
        if (line.includes('"msg":"listening"')) {
          clearTimeout(timer);
          resolveUrl((JSON.parse(line) as { url: string }).url);
        }
      });
      server!.once("exit", () => reject(new Error(`the server exited at start:\n${serverOutput.join("\n")}`)));
    });

    const created = await fetch(`${baseUrl}/api/admin/keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${OPERATOR_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ kind: "live", tier: "paid", owner_id: "store-faults-owner" }),
    });
    const body = (await created.json()) as { key: string };
    expect(created.status, JSON.stringify(body)).toBe(201);
    apiKey = body.key;
  }, 180_000);

  afterAll(async () => {
    if (server && serverExit === null) {
      const exited = new Promise((r) => server!.once("exit", r));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (serverExit === null) server.kill("SIGKILL");
    }
    await cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps serving through stops (fast, immediate) and a freeze: 503 store_unavailable meanwhile, normal answers within seconds after", async () => {
    const load = startLoad(3);
    try {
      for (const route of LOAD) expect((await call(route)).status, route.name).toBeLessThan(300);

      for (const mode of ["fast", "immediate"] as const) {
        load.setPhase(`stopped ${mode}`);
        await cluster!.stop(mode);
        await new Promise((r) => setTimeout(r, 500));
        expectAlive();
        for (const route of LOAD.filter((r) => r.store)) expectStoreUnavailable(await call(route));
        expect((await call(byName("virtues"))).status).toBe(200);

        load.setPhase(`restarting after ${mode}`);
        await cluster!.start();
        await recovery();
        load.setPhase("up");
      }

      // Frozen: the server holds every connection and answers nothing. Each call must come
      // back 503 while it is still frozen (past the connect or statement timeout), not hang.
      load.setPhase("frozen");
      cluster!.freeze();
      try {
        const frozenAnswers = await Promise.race([
          Promise.all(LOAD.filter((r) => r.store).flatMap((r) => [call(r), call(r)])),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error("requests hung while the store was frozen")), FROZEN_ANSWER_BOUND_MS)),
        ]);
        for (const outcome of frozenAnswers) expectStoreUnavailable(outcome);
        expect((await call(byName("virtues"))).status).toBe(200);
        expectAlive();
        // The load meets the freeze too: it stays frozen until a load call begun while frozen
        // has answered (its calls begun before the freeze may end only as the explicit ones do).
        const deadline = Date.now() + FROZEN_ANSWER_BOUND_MS;
        while (!load.outcomes.some((o) => o.phase === "frozen") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      } finally {
        cluster!.thaw();
      }
      load.setPhase("thawed");
      await recovery();
      load.setPhase("up");
      for (const route of LOAD) expect((await call(route)).status, route.name).toBeLessThan(300);
    } finally {
      await load.stop();
    }

    expectAlive();
    // Under the load, whatever the phase: never a 500, never a dropped connection, every 503 the store's with Retry-After.
    const seen = load.outcomes;
    expect(seen.length).toBeGreaterThan(20);
    const bad = seen.filter((o) => !(o.status < 300 || (o.status === 503 && o.code === "store_unavailable" && /^[1-9][0-9]*$/.test(o.retryAfter ?? ""))));
    expect(bad, JSON.stringify(bad.slice(0, 5))).toEqual([]);
    expect(seen.filter((o) => o.name === "virtues" && o.status !== 200)).toEqual([]);
    // The load did meet the outages.
    expect(seen.some((o) => o.phase.startsWith("stopped") && o.status === 503)).toBe(true);
    expect(seen.some((o) => o.phase === "frozen" && o.status === 503)).toBe(true);
  }, 300_000);
});
