import { UsageResponse } from "@svc/core";
import { createCircuitBreaker } from "@svc/meter/breaker";
import { createUpstashMeter, type UpstashMeter } from "@svc/meter/upstash";
import Redis from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { accountFunction } from "../../../functions/account/src/function";
import { startUpstashBridge, type UpstashBridge } from "../../local/src/bridges/upstash";
import { mintApiKey, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { failOpenGuardRoute as guard, perLoopReasonRoute as reason, runtimeWithMeter } from "../../../tests/support/meter";
import { startOwnRedis, type OwnRedis } from "../../../tests/support/redis_server";
import { createServiceFunction } from "./app";
import { authenticate } from "./auth";
import { defineOperation } from "./route";

// A hung meter store, for real: a Redis process of this test's own, frozen with SIGSTOP while
// calls are made through the production Upstash clients and the loopback bridge (which passes
// each command straight into the frozen server's socket, where it waits), then woken with
// SIGCONT, when it runs every command that waited. A refused call must move nothing, however
// late its commands run; and once the meter is known to be hung, requests stop paying its
// time-out (the circuit breaker).

const REDIS_PORT = 55_531;
// Generous for a loaded machine: a live store must answer well within it.
const TIMEOUT_MS = 800;

const Text = z.object({ text: z.string().max(5000) }).strict();

const score = defineOperation(
  {
    operationId: "score",
    method: "post",
    path: "/score",
    summary: "Fails closed when the meter is down",
    tags: ["test"],
    auth: "bearer",
    charge: { skill: "svc-score" },
    request: { body: Text },
    responses: { 200: { description: "Served." } },
  },
  (c) => c.json({ served: "score" }),
);

const hungFunction = createServiceFunction("meter-hang-test", [score, reason, guard], { authenticate });
const ok = { text: "a call" };

let redis: OwnRedis;
let bridge: UpstashBridge;
// Free keys minted up front: the test database's first open can take long on a loaded machine.
const keys: string[] = [];

beforeAll(async () => {
  redis = await startOwnRedis(REDIS_PORT);
  bridge = await startUpstashBridge({ redisUrl: redis.url });
  const { runtime } = envFor(createUpstashMeter({ url: bridge.url, token: bridge.token }));
  for (let i = 0; i < 3; i += 1) keys.push((await mintApiKey(runtime, { tier: "free" })).key);
});

afterAll(async () => {
  await bridge?.close();
  await redis?.stop();
});

function envFor(meter: UpstashMeter) {
  const runtime = runtimeWithMeter(meter, "meter-hang");
  const env = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };
  return { runtime, env };
}

async function post(env: Record<string, unknown>, path: string, body: unknown, key: string): Promise<{ status: number; code?: string; ms: number }> {
  const started = performance.now();
  const res = await hungFunction.fetch(
    new Request(`http://t${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    }),
    env,
  );
  const text = await res.text();
  const code = res.status >= 400 ? (JSON.parse(text) as { error: { code: string } }).error.code : undefined;
  return { status: res.status, ms: performance.now() - started, ...(code ? { code } : {}) };
}

async function usedOf(env: Record<string, unknown>, key: string): Promise<Record<string, number>> {
  const res = await accountFunction.fetch(new Request("http://t/api/usage", { headers: { authorization: `Bearer ${key}` } }), env);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const usage = UsageResponse.parse(JSON.parse(text));
  return Object.fromEntries(usage.skills.filter((s) => ["svc-score", "svc-reason", "svc-guard"].includes(s.skill)).map((s) => [s.skill, s.used]));
}

describe("a hung meter store (Redis frozen with SIGSTOP, then woken)", () => {
  it("charges nothing for the calls it refused (503) or served unmetered, once the queued commands run", async () => {
    // A breaker that never opens here: every refused call's commands reach the frozen store.
    const meter = createUpstashMeter({
      url: bridge.url,
      token: bridge.token,
      timeoutMs: TIMEOUT_MS,
      breaker: createCircuitBreaker({ failureThreshold: 1000 }),
    });
    const { env } = envFor(meter);
    const key = keys[0]!;
    expect((await post(env, "/score", ok, key)).status).toBe(200);
    expect(await usedOf(env, key)).toEqual({ "svc-score": 1, "svc-reason": 0, "svc-guard": 0 });

    redis.pause();
    const during = [];
    try {
      for (let i = 0; i < 5; i += 1) during.push(await post(env, "/score", ok, key));
      for (let i = 0; i < 2; i += 1) during.push(await post(env, "/reason", { loops: 2 }, key));
      during.push(await post(env, "/guard", ok, key));
    } finally {
      redis.resume();
    }
    expect(during.map((r) => [r.status, r.code ?? null])).toEqual([...Array.from({ length: 7 }, () => [503, "metering_unavailable"]), [200, null]]);
    // The late commands have run, and so have the releases sent after them.
    await meter.settled();
    expect(await usedOf(env, key)).toEqual({ "svc-score": 1, "svc-reason": 0, "svc-guard": 0 });

    // The store is back: calls count again.
    expect((await post(env, "/score", ok, key)).status).toBe(200);
    expect((await post(env, "/reason", { loops: 2 }, key)).status).toBe(200);
    expect(await usedOf(env, key)).toEqual({ "svc-score": 2, "svc-reason": 2, "svc-guard": 0 });
  }, 90_000);

  it("stops making each request wait for the time-out once the meter is known to hang, and closes again when it is back", async () => {
    const coolDownMs = 1500;
    const meter = createUpstashMeter({
      url: bridge.url,
      token: bridge.token,
      timeoutMs: TIMEOUT_MS,
      breaker: createCircuitBreaker({ coolDownMs, minimumSpanMs: TIMEOUT_MS }),
    });
    const { env } = envFor(meter);
    const key = keys[1]!;
    expect((await post(env, "/guard", ok, key)).status).toBe(200);

    redis.pause();
    const during = [];
    try {
      for (let i = 0; i < 10; i += 1) during.push(await post(env, i % 2 === 0 ? "/score" : "/guard", ok, key));
    } finally {
      redis.resume();
    }
    // Each route keeps its outage policy: score refuses, guard serves unmetered.
    expect(during.map((r) => r.status)).toEqual([503, 200, 503, 200, 503, 200, 503, 200, 503, 200]);
    // Without the breaker every call waits out the burst check and the charge (2 x time-out).
    const last = during.at(-1)!.ms;
    expect(last, `10th call took ${Math.round(last)} ms`).toBeLessThan(TIMEOUT_MS);
    const total = during.reduce((sum, r) => sum + r.ms, 0);
    expect(total, `10 calls took ${Math.round(total)} ms`).toBeLessThan(6 * TIMEOUT_MS);

    // After the cool-down one call probes the store; it answers, so calls are metered again.
    await new Promise((resolve) => setTimeout(resolve, coolDownMs + 100));
    expect((await post(env, "/score", ok, key)).status).toBe(200);
    await meter.settled();
    expect(await usedOf(env, key)).toMatchObject({ "svc-score": 1, "svc-guard": 1 });
  }, 60_000);

  it("leaves no charge marks without an expiry", async () => {
    const meter = createUpstashMeter({ url: bridge.url, token: bridge.token, timeoutMs: TIMEOUT_MS });
    expect((await post(envFor(meter).env, "/score", ok, keys[2]!)).status).toBe(200);
    const raw = new Redis(redis.url);
    try {
      const marks = await raw.keys("svc:charge:*");
      expect(marks.length).toBeGreaterThan(0);
      for (const mark of marks) {
        const ttl = await raw.ttl(mark);
        expect(ttl, mark).toBeGreaterThan(0);
        expect(ttl, mark).toBeLessThanOrEqual(900);
      }
    } finally {
      raw.disconnect();
    }
  });
});
