import { migrateToLatest } from "@svc/db";
import type { NarrativeQueue } from "@svc/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountFunction } from "../functions/account/src/function";
import { guardrailFunction } from "../functions/guardrail/src/function";
import { reasonFunction } from "../functions/reason/src/function";
import { scoringFunction } from "../functions/scoring/src/function";
import { startNeonHttpBridge, type NeonHttpBridge } from "../packages/local/src/bridges/neon_http";
import { startNeonBridge, type NeonBridge } from "../packages/local/src/bridges/neon_ws";
import { startUpstashBridge, type UpstashBridge } from "../packages/local/src/bridges/upstash";
import { createLocalRuntime, type LocalRuntime } from "../packages/local/src/local_runtime";
import { mintApiKey } from "./support/credentials";
import { REAL_DATABASE_URL } from "./support/database";
import { REAL_REDIS_URL } from "./support/meter";
import { needs } from "./support/requirements";

// Round trips to the stores, counted on the wire, for one request of each route family:
// Postgres through the Neon driver as on Workers (a statement on its own is one HTTP request
// at the SQL-over-HTTP bridge; a transaction's statements each end with a ReadyForQuery at the
// WebSocket bridge) and Redis through the Upstash client (its HTTP requests, at its bridge). Each number is what the
// route makes today: a change that adds a round trip fails here; one that saves one lowers it.
// The targets of issue 19 hold: a metered guardrail call with a warm key makes one Redis round
// trip and none to the database; a consult makes at most three database round trips.

const skip = !REAL_DATABASE_URL || !REAL_REDIS_URL;

let neon: NeonBridge;
let neonHttp: NeonHttpBridge;
let upstash: UpstashBridge;
let runtime: LocalRuntime;
// The queue the deferred narratives go to: it answers when the test lets it.
let letQueueAnswer: (() => void) | undefined;
const sent: unknown[] = [];
const queue: NarrativeQueue = {
  send: async (job) => {
    await new Promise<void>((resolve) => {
      letQueueAnswer = resolve;
    });
    sent.push(job);
  },
};

beforeAll(async () => {
  if (skip) return;
  neon = await startNeonBridge();
  neonHttp = await startNeonHttpBridge();
  upstash = await startUpstashBridge({ redisUrl: REAL_REDIS_URL! });
  runtime = createLocalRuntime({
    databaseUrl: REAL_DATABASE_URL!,
    dataDir: "memory://",
    wsProxy: neon.wsProxy,
    httpProxy: neonHttp.httpProxy,
    upstash: { url: upstash.url, token: upstash.token },
    queue,
  });
  await migrateToLatest(await runtime.database());
});

afterAll(async () => {
  await runtime?.close();
  await neon?.close();
  await neonHttp?.close();
  await upstash?.close();
});

type Fn = { fetch: (request: Request, env?: Record<string, unknown>) => Response | Promise<Response> };

const counts = () => ({ postgres: postgresRoundTrips(), redis: upstash.requests() });
const postgresRoundTrips = () => neon.roundTrips() + neonHttp.requests();

/** One request, its status, and the round trips made to each store until its response was read. */
async function counted(fn: Fn, key: string, method: string, path: string, body?: unknown) {
  const before = counts();
  const res = await fn.fetch(
    new Request(`http://svc.test${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    { LOG_LEVEL: "silent", SVC_RUNTIME: runtime },
  );
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const after = counts();
  return { body: JSON.parse(text) as Record<string, unknown>, postgres: after.postgres - before.postgres, redis: after.redis - before.redis };
}

const GUARD = ["POST", "/api/guardrail", { action: "Summarise the quarterly report for the team." }] as const;
const CONSULT = { input: "I kept my promise to my colleague and finished the report." };

/** A fresh paid key, its cache warmed by one call (each store script loaded once by then too). */
async function warmKey(): Promise<string> {
  const { key } = await mintApiKey(runtime, { tier: "paid" });
  await counted(guardrailFunction, key, ...GUARD);
  return key;
}

describe("round trips per request (Postgres through the Neon driver, HTTP and WebSocket, Redis through Upstash)", needs("postgres_and_redis"), () => {
  it("authentication with a cold key reads it once from the database; with a warm key, never", async () => {
    const { key } = await mintApiKey(runtime, { tier: "paid" });
    await counted(guardrailFunction, (await mintApiKey(runtime)).key, ...GUARD); // the meter's script, loaded once for the process
    const cold = await counted(guardrailFunction, key, ...GUARD);
    expect({ postgres: cold.postgres, redis: cold.redis }).toEqual({ postgres: 1, redis: 1 });
    const warm = await counted(guardrailFunction, key, ...GUARD);
    expect({ postgres: warm.postgres, redis: warm.redis }).toEqual({ postgres: 0, redis: 1 });
  });

  it.each([
    ["a metered guardrail call: the burst window and the allowance in one script", guardrailFunction, ...GUARD, { postgres: 0, redis: 1 }],
    [
      "a score (metered, one stored row)",
      scoringFunction,
      "POST",
      "/api/score-action",
      { action: "I returned the wallet I found to its owner." },
      { postgres: 1, redis: 1 },
    ],
    [
      "a consult (the burst window, the loop's charge; the history read, the consult written)",
      reasonFunction,
      "POST",
      "/api/reason",
      CONSULT,
      { postgres: 2, redis: 2 },
    ],
    ["the caller's usage (the burst window, the counters read)", accountFunction, "GET", "/api/usage", undefined, { postgres: 0, redis: 2 }],
  ] as const)("%s", async (_label, fn, method, path, body, expected) => {
    const key = await warmKey();
    const { postgres, redis } = await counted(fn, key, method, path, body);
    expect({ postgres, redis }).toEqual(expected);
  });

  it("an assessment_first consult answers after the same two database round trips; its job's send comes after the response", async () => {
    const key = await warmKey();
    const { body, postgres, redis } = await counted(reasonFunction, key, "POST", "/api/reason", { ...CONSULT, response_format: "assessment_first" });
    expect(body.narrative).toMatchObject({ status: "deferred" });
    expect({ postgres, redis }).toEqual({ postgres: 2, redis: 2 });
    // The send is waiting on the queue; once it answers, the outbox row is marked sent.
    const before = counts();
    await expect.poll(() => letQueueAnswer).toBeDefined();
    letQueueAnswer!();
    await expect.poll(() => postgresRoundTrips() - before.postgres).toBe(1);
    expect(sent).toHaveLength(1);
  });
});
