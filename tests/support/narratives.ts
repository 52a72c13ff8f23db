import { migrateToLatest } from "@svc/db";
import { sql } from "kysely";
import { createNarrativeConsumer, type SqsBatchResponse } from "@svc/fn-narrative-worker";
import { parseEnv, type Runtime, type RuntimeSession } from "@svc/runtime";
import type { NarrativeQueue, Narrator } from "@svc/core";
import pg from "pg";
import { expect } from "vitest";
import { createLocalRuntime, type LocalRuntime, type LocalRuntimeOptions } from "../../packages/local/src/local_runtime";
import { PRIMARY_BACKEND, REAL_DATABASE_URL, type Backend } from "./database";
import { readJson } from "./reason";

/**
 * Helpers for the deferred-narrative suites: a database of their own, a consumer wired to a
 * runtime as `npm start` wires it, and the narrative route.
 *
 * The outbox sweep and the 90-day purge act on every row of a database, not on one owner's:
 * on the shared test database they would send (or delete) other suites' rows, and other
 * suites' never-sent outbox rows would crowd these out of a sweep's batch. So these suites get
 * a database of their own: a fresh in-memory PGlite, or with DATABASE_URL a fresh database on
 * the same server, dropped at the end.
 */
export const TEST_CONFIG = parseEnv({ LOG_LEVEL: "silent" });

export interface IsolatedRuntime {
  readonly runtime: LocalRuntime;
  readonly backend: Backend;
  close(): Promise<void>;
}

export async function isolatedRuntime(options: Omit<LocalRuntimeOptions, "dataDir" | "databaseUrl"> = {}): Promise<IsolatedRuntime> {
  if (PRIMARY_BACKEND === "pglite") {
    const runtime = createLocalRuntime({ ...options, dataDir: "memory://" });
    await runtime.database();
    return { runtime, backend: "pglite", close: () => runtime.close() };
  }
  const name = `svc_test_${crypto.randomUUID().replace(/-/g, "")}`;
  await adminQuery(`create database "${name}"`);
  const url = new URL(REAL_DATABASE_URL!);
  url.pathname = `/${name}`;
  const runtime = createLocalRuntime({ ...options, dataDir: "memory://", databaseUrl: url.toString() });
  await migrateToLatest(await runtime.database());
  return {
    runtime,
    backend: "postgres",
    close: async () => {
      await runtime.close();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: REAL_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The runtime with its sessions' queue (and optionally sealer) replaced, over the same database. */
export function withSession(runtime: LocalRuntime, overrides: Partial<Pick<RuntimeSession, "queue" | "sealer">>): Runtime {
  return { name: `${runtime.name}-overridden`, open: async (config) => ({ ...(await runtime.open(config)), ...overrides }) };
}

/** A queue that is down: every send fails, as SQS does during an outage. */
export const downQueue: NarrativeQueue = {
  send: async () => {
    throw new Error("down");
  },
};

export interface LogEntry {
  readonly level: string;
  readonly msg: string;
  readonly fields: Record<string, unknown>;
}

/**
 * The narrative consumer over the runtime's session, as `npm start` wires it, with a
 * narrator of the test's choosing; its logs and batch responses are recorded.
 */
export function consumerOf(runtime: Runtime, options: { maxReceives: number; narrator?: Narrator }) {
  const logs: LogEntry[] = [];
  const responses: SqsBatchResponse[] = [];
  const consume = createNarrativeConsumer({
    maxReceives: options.maxReceives,
    open: async () => {
      const session = await runtime.open(TEST_CONFIG);
      return { store: session.narratives, sealer: session.sealer(), narrator: options.narrator ?? session.reason().narrator, release: () => session.release() };
    },
    log: (level, msg, fields) => logs.push({ level, msg, fields }),
  });
  return {
    logs,
    responses,
    async consume(event: unknown): Promise<SqsBatchResponse> {
      const response = await consume(event);
      responses.push(response);
      return response;
    },
  };
}

/** A narrator that always fails, as a language model that is down. */
export const failingNarrator: Narrator = {
  name: "failing-test-narrator",
  narrate: async () => {
    throw new Error("Layer 3 is down");
  },
};

type Fetcher = { fetch: (request: Request, env?: Record<string, unknown>) => Response | Promise<Response> };

export const reasonEnv = (runtime: Runtime) => ({ LOG_LEVEL: "silent", SVC_RUNTIME: runtime });

/** GET /api/reason/narratives/{id}. */
export function getNarrative(fn: Fetcher, runtime: Runtime, key: string | undefined, correlationId: string): Promise<Response> {
  const headers: Record<string, string> = key === undefined ? {} : { authorization: `Bearer ${key}` };
  return Promise.resolve(fn.fetch(new Request(`http://t/api/reason/narratives/${correlationId}`, { headers }), reasonEnv(runtime)));
}

/** The narrative's status through the route, checking a 200. */
export async function narrativeStatus(fn: Fetcher, runtime: Runtime, key: string, correlationId: string): Promise<Record<string, any>> {
  return readJson(await getNarrative(fn, runtime, key, correlationId), 200);
}

/** Calls `poll` until `done` holds or the deadline passes (for messages waiting out a visibility timeout). */
export async function pollUntil(poll: () => Promise<number>, done: (handled: number) => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const handled = await poll();
    if (await done(handled)) return;
    if (Date.now() > deadline) {
      expect.fail(`the condition did not hold within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until the send of a deferred narrative's job has ended, delivered or recorded as failed:
 * the consult answers first and sends after its response.
 */
export async function outboxSendEnded(runtime: LocalRuntime, correlationId: string): Promise<void> {
  const db = await runtime.database();
  await pollUntil(
    async () => 0,
    async () => {
      const row = await db.selectFrom("outbox").selectAll().where(sql<string>`payload->>'correlation_id'`, "=", correlationId).executeTakeFirst();
      return row !== undefined && (row.sent_at !== null || row.attempts > 0);
    },
  );
}
