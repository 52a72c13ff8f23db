import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { planSkillCall, UsageResponse, type Capability } from "@svc/core";
import { createUpstashMeter } from "@svc/meter/upstash";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { accountFunction } from "../../../functions/account/src/function";
import { mintApiKey, signUserJwt, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { freshOwner } from "../../../tests/support/database";
import {
  closeMeters,
  failOpenGuardRoute as guard,
  meteredRuntime,
  METER_BACKENDS,
  perLoopReasonRoute as reason,
  runtimeWithMeter,
} from "../../../tests/support/meter";
import type { LocalRuntime } from "../../local/src/local_runtime";
import { createServiceFunction } from "./app";
import { authenticate, clearCredentialCache } from "./auth";
import { defineOperation } from "./route";

// The meter's place in the request path, with a small function whose routes draw on real
// skills: after validation and authorization (a refused request costs nothing), before the
// handler; 429s with the envelope, Retry-After and the IETF RateLimit headers; GET /api/usage
// reading the same counters back; and what each route does when the meter's store is down.
// Runs on the in-process meter and, when REDIS_URL is set, on the Upstash clients against the
// real Redis; the database is the test runtime's (PGlite, or Postgres when DATABASE_URL is set).

const Text = z.object({ text: z.string().max(5000) }).strict();

const diagnose = defineOperation(
  {
    operationId: "diagnose",
    method: "post",
    path: "/diagnose",
    summary: "A premium skill (free allowance 25)",
    tags: ["test"],
    auth: "bearer",
    charge: { skill: "svc-diagnose" },
    request: { body: Text },
    responses: { 200: { description: "Served." } },
  },
  (c, { body }) => c.json({ served: "diagnose", length: body.text.length }),
);

const reflect = defineOperation(
  {
    operationId: "reflect",
    method: "post",
    path: "/reflect",
    summary: "Metered and needs a capability",
    tags: ["test"],
    auth: "bearer",
    requires: { capability: "reflect" },
    charge: { skill: "svc-reflect" },
    request: { body: Text },
    responses: { 200: { description: "Served." } },
  },
  (c) => c.json({ served: "reflect" }),
);

const ping = defineOperation(
  {
    operationId: "ping",
    method: "get",
    path: "/ping",
    summary: "Protected, not metered",
    tags: ["test"],
    auth: "bearer",
    responses: { 200: { description: "Served." } },
  },
  (c) => c.json({ served: "ping" }),
);

const meteredFunction = createServiceFunction("metering-test", [diagnose, reason, guard, reflect, ping], { authenticate });

/** An environment object; parseEnv caches per object, so each configuration gets its own. */
function envWith(runtime: LocalRuntime, overrides: Record<string, string> = {}): Record<string, unknown> {
  return { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime, ...overrides };
}

const bearer = (token: string) => `Bearer ${token}`;

async function post(env: Record<string, unknown>, path: string, body: unknown, authorization?: string): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization) headers.authorization = authorization;
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  return meteredFunction.fetch(new Request(`http://t${path}`, { method: "POST", headers, body: raw }), env);
}

async function get(env: Record<string, unknown>, path: string, authorization?: string): Promise<Response> {
  return meteredFunction.fetch(new Request(`http://t${path}`, { headers: authorization ? { authorization } : {} }), env);
}

async function getUsage(env: Record<string, unknown>, authorization: string): Promise<Response> {
  return accountFunction.fetch(new Request("http://t/api/usage", { headers: { authorization } }), env);
}

async function expectStatus(res: Response, status: number): Promise<unknown> {
  const text = await res.clone().text();
  expect(res.status, text).toBe(status);
  return text === "" ? undefined : JSON.parse(text);
}

async function expectError(res: Response, status: number, code: string): Promise<Record<string, unknown>> {
  const body = (await expectStatus(res, status)) as { error: Record<string, unknown> };
  expect(body.error.code, JSON.stringify(body)).toBe(code);
  return body.error;
}

async function usageOf(env: Record<string, unknown>, authorization: string): Promise<UsageResponse> {
  const body = await expectStatus(await getUsage(env, authorization), 200);
  const parsed = UsageResponse.strict().safeParse(body);
  expect(parsed.success, JSON.stringify(body)).toBe(true);
  return parsed.data!;
}

async function usedOf(env: Record<string, unknown>, authorization: string, skill: string): Promise<number> {
  const usage = await usageOf(env, authorization);
  const entry = usage.skills.find((s) => s.skill === skill);
  expect(entry, JSON.stringify(usage)).toBeDefined();
  return entry!.used;
}

/** `"name";r=3;t=40, ...` -> { name: { r: 3, t: 40 } } (also parses RateLimit-Policy's q and w). */
function parseRateLimit(header: string | null): Record<string, Record<string, number>> {
  expect(header, "missing RateLimit header").not.toBeNull();
  const out: Record<string, Record<string, number>> = {};
  for (const item of header!.split(/,\s*/)) {
    const [name, ...params] = item.split(";");
    const key = /^"([^"]+)"$/.exec(name!.trim())?.[1];
    expect(key, header!).toBeDefined();
    out[key!] = Object.fromEntries(params.map((p) => p.split("=")).map(([k, v]) => [k!, Number(v)]));
  }
  return out;
}

/** Retry-After as integer seconds (it must be one). */
function retryAfterOf(res: Response): number {
  const value = res.headers.get("retry-after");
  expect(value, "missing Retry-After").toMatch(/^[1-9][0-9]*$/);
  return Number(value);
}

const nextMonthStartIso = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
};
const nextMidnightIso = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
};
const secondsUntil = (iso: string) => Math.ceil((Date.parse(iso) - Date.now()) / 1000);

const ok = { text: "Should I take the job offer?" };

beforeEach(() => {
  clearCredentialCache();
});

afterAll(closeMeters);

describe.each(METER_BACKENDS)("metering on the request path (%s meter)", (backend) => {
  const runtime = meteredRuntime(backend);
  const env = envWith(runtime);
  const burstEnv = envWith(runtime, { BURST_LIMIT: "3", BURST_WINDOW_SECONDS: "60" });
  const tightBurstEnv = envWith(runtime, { BURST_LIMIT: "2", BURST_WINDOW_SECONDS: "60" });
  const paidDefaultEnv = envWith(runtime, { PAID_DAILY_LIMIT: "2" });

  const freeKey = async (capabilities: Capability[] = []) => (await mintApiKey(runtime, { tier: "free", capabilities })).key;

  describe("free tier", () => {
    it("serves within the allowance with RateLimit-Policy and RateLimit headers, remaining going down", async () => {
      const key = await freeKey();
      const reset = nextMonthStartIso();
      for (const expected of [24, 23, 22]) {
        const res = await post(env, "/diagnose", ok, bearer(key));
        expect(await expectStatus(res, 200)).toEqual({ served: "diagnose", length: ok.text.length });
        expect(res.headers.get("ratelimit-policy")).toBe('"svc-diagnose-monthly";q=25;w=2592000');
        const state = parseRateLimit(res.headers.get("ratelimit"))["svc-diagnose-monthly"]!;
        expect(state.r, res.headers.get("ratelimit")!).toBe(expected);
        expect(Math.abs(state.t! - secondsUntil(reset)), res.headers.get("ratelimit")!).toBeLessThanOrEqual(2);
        expect(res.headers.get("retry-after")).toBeNull();
      }
      expect(await usedOf(env, bearer(key), "svc-diagnose")).toBe(3);
    });

    it("refuses the call after the allowance with 429 allowance_exhausted, Retry-After and RateLimit headers; usage shows the limit reached", async () => {
      const key = await freeKey();
      for (let i = 1; i <= 25; i += 1) {
        const res = await post(env, "/diagnose", ok, bearer(key));
        await expectStatus(res, 200);
        expect(parseRateLimit(res.headers.get("ratelimit"))["svc-diagnose-monthly"]!.r).toBe(25 - i);
      }
      const refused = await post(env, "/diagnose", ok, bearer(key));
      const error = await expectError(refused, 429, "allowance_exhausted");
      const reset = nextMonthStartIso();
      expect(error).toMatchObject({ skill: "svc-diagnose", policy: "monthly_allowance", limit: 25, used: 25, reset });
      expect(typeof error.message).toBe("string");
      expect(error.request_id).toBe(refused.headers.get("x-request-id"));
      const retryAfter = retryAfterOf(refused);
      expect(Math.abs(retryAfter - secondsUntil(reset))).toBeLessThanOrEqual(2);
      expect(error.retry_after).toBe(retryAfter);
      expect(refused.headers.get("ratelimit-policy")).toBe('"svc-diagnose-monthly";q=25;w=2592000');
      expect(parseRateLimit(refused.headers.get("ratelimit"))["svc-diagnose-monthly"]!.r).toBe(0);

      // Refused calls do not count, and keep being refused.
      await expectError(await post(env, "/diagnose", ok, bearer(key)), 429, "allowance_exhausted");
      const usage = await usageOf(env, bearer(key));
      expect(usage.skills.find((s) => s.skill === "svc-diagnose")).toEqual({
        skill: "svc-diagnose",
        unit: "call",
        used: 25,
        limit: 25,
        remaining: 0,
        reset,
      });
      // Other skills' allowances are untouched.
      await expectStatus(await post(env, "/guard", ok, bearer(key)), 200);
      expect(await usedOf(env, bearer(key), "svc-guard")).toBe(1);
    });

    it("lets exactly the allowance through N parallel requests (N=40, L=25)", async () => {
      const key = await freeKey();
      // Authenticate once so the parallel burst does not race the first key read.
      await expectStatus(await get(env, "/ping", bearer(key)), 200);
      const responses = await Promise.all(Array.from({ length: 40 }, () => post(env, "/diagnose", ok, bearer(key))));
      const statuses = responses.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        JSON.stringify(statuses),
      ).toHaveLength(25);
      expect(
        statuses.filter((s) => s === 429),
        JSON.stringify(statuses),
      ).toHaveLength(15);
      expect(await usedOf(env, bearer(key), "svc-diagnose")).toBe(25);
    });
  });

  describe("refused requests consume nothing", () => {
    it("gives a 5,001-character field a 400 without moving usage (5,000 is served)", async () => {
      const key = await freeKey();
      await expectStatus(await post(env, "/diagnose", ok, bearer(key)), 200);
      const error = await expectError(await post(env, "/diagnose", { text: "x".repeat(5001) }, bearer(key)), 400, "invalid_field");
      expect(error.field).toBe("text");
      expect(await usedOf(env, bearer(key), "svc-diagnose")).toBe(1);
      await expectStatus(await post(env, "/diagnose", { text: "x".repeat(5000) }, bearer(key)), 200);
      expect(await usedOf(env, bearer(key), "svc-diagnose")).toBe(2);
    });

    it.each([
      ["a 5,001-character field", { text: "x".repeat(5001) }, "invalid_field"],
      ["an unknown field", { text: "hi", extra: 1 }, "unknown_field"],
      ["a missing field", {}, "missing_field"],
      ["a wrong type", { text: 5 }, "invalid_field"],
      ["invalid JSON", "{not json", "invalid_json"],
    ])("refuses %s with 400 and counts nothing", async (_label, body, code) => {
      const key = await freeKey();
      await expectError(await post(env, "/diagnose", body, bearer(key)), 400, code);
      expect(await usedOf(env, bearer(key), "svc-diagnose")).toBe(0);
    });

    it("refuses a loop count over its cap with 400 and counts no loops", async () => {
      const key = await freeKey();
      await expectError(await post(env, "/reason", { loops: 101 }, bearer(key)), 400, "invalid_field");
      expect(await usedOf(env, bearer(key), "svc-reason")).toBe(0);
    });

    it("answers a missing credential 401 and charges no one", async () => {
      const res = await post(env, "/diagnose", ok);
      await expectError(res, 401, "missing_credential");
      expect(res.headers.get("ratelimit")).toBeNull();
      expect(res.headers.get("ratelimit-policy")).toBeNull();
    });

    it("answers a revoked key 401 and leaves its counters at 0", async () => {
      const minted = await mintApiKey(runtime, { revoked: true });
      await expectError(await post(env, "/diagnose", ok, bearer(minted.key)), 401, "revoked_credential");
      const counters = planSkillCall({ subject: `key:${minted.id}`, tier: "free", skill: "svc-diagnose", units: 1, now: new Date(), paidDailyLimit: 500 });
      expect(await (await runtime.meter()).read(counters.counters.map((c) => c.key))).toEqual([0]);
    });

    it("answers a missing capability 403 without consuming; with the capability the call counts", async () => {
      const without = await freeKey();
      const res = await post(env, "/reflect", ok, bearer(without));
      const error = await expectError(res, 403, "missing_capability");
      expect(error.required).toBe("reflect");
      expect(res.headers.get("ratelimit")).toBeNull();
      expect(await usedOf(env, bearer(without), "svc-reflect")).toBe(0);

      const granted = await freeKey(["reflect"]);
      const served = await post(env, "/reflect", ok, bearer(granted));
      await expectStatus(served, 200);
      expect(served.headers.get("ratelimit-policy")).toBe('"svc-reflect-monthly";q=100;w=2592000');
      expect(await usedOf(env, bearer(granted), "svc-reflect")).toBe(1);
    });

    it("does not let 400s and 403s use up the burst window", async () => {
      const key = await freeKey();
      for (let i = 0; i < 3; i += 1) {
        await expectStatus(await post(tightBurstEnv, "/diagnose", { text: "x".repeat(5001) }, bearer(key)), 400);
        await expectStatus(await post(tightBurstEnv, "/reflect", ok, bearer(key)), 403);
      }
      await expectStatus(await get(tightBurstEnv, "/ping", bearer(key)), 200);
      await expectStatus(await get(tightBurstEnv, "/ping", bearer(key)), 200);
      await expectError(await get(tightBurstEnv, "/ping", bearer(key)), 429, "rate_limited");
    });
  });

  describe("paid tier", () => {
    it("is not refused at the free allowance; its usage still counts every call for billing", async () => {
      const { key } = await mintApiKey(runtime, { tier: "paid" });
      for (let i = 0; i < 27; i += 1) {
        const res = await post(env, "/diagnose", ok, bearer(key));
        await expectStatus(res, 200);
        expect(res.headers.get("ratelimit-policy")).toBe('"daily";q=500;w=86400');
        expect(parseRateLimit(res.headers.get("ratelimit")).daily!.r).toBe(500 - (i + 1));
      }
      const usage = await usageOf(env, bearer(key));
      expect(usage.tier).toBe("paid");
      expect(usage.skills.find((s) => s.skill === "svc-diagnose")).toMatchObject({ used: 27, limit: null, remaining: null });
      expect(usage.daily).toEqual({ used: 27, limit: 500, remaining: 473, reset: nextMidnightIso() });
    });

    it("is refused at its own daily limit (dailyLimit 3) with 429, Retry-After to midnight and the daily headers", async () => {
      const { key } = await mintApiKey(runtime, { tier: "paid", dailyLimit: 3 });
      // The daily limit spans skills.
      await expectStatus(await post(env, "/diagnose", ok, bearer(key)), 200);
      await expectStatus(await post(env, "/guard", ok, bearer(key)), 200);
      const third = await post(env, "/diagnose", ok, bearer(key));
      await expectStatus(third, 200);
      expect(third.headers.get("ratelimit-policy")).toBe('"daily";q=3;w=86400');
      expect(parseRateLimit(third.headers.get("ratelimit")).daily!.r).toBe(0);

      const refused = await post(env, "/diagnose", ok, bearer(key));
      const error = await expectError(refused, 429, "allowance_exhausted");
      const reset = nextMidnightIso();
      expect(error).toMatchObject({ policy: "daily_limit", limit: 3, used: 3, reset, skill: "svc-diagnose" });
      expect(Math.abs(retryAfterOf(refused) - secondsUntil(reset))).toBeLessThanOrEqual(2);
      expect(refused.headers.get("ratelimit-policy")).toBe('"daily";q=3;w=86400');

      const usage = await usageOf(env, bearer(key));
      expect(usage.skills.find((s) => s.skill === "svc-diagnose")!.used).toBe(2);
      expect(usage.skills.find((s) => s.skill === "svc-guard")!.used).toBe(1);
      expect(usage.daily).toEqual({ used: 3, limit: 3, remaining: 0, reset });
    });

    it("takes the deployment's PAID_DAILY_LIMIT for a key without its own", async () => {
      const { key } = await mintApiKey(runtime, { tier: "paid" });
      await expectStatus(await post(paidDefaultEnv, "/diagnose", ok, bearer(key)), 200);
      await expectStatus(await post(paidDefaultEnv, "/diagnose", ok, bearer(key)), 200);
      const error = await expectError(await post(paidDefaultEnv, "/diagnose", ok, bearer(key)), 429, "allowance_exhausted");
      expect(error).toMatchObject({ policy: "daily_limit", limit: 2 });
      expect((await usageOf(paidDefaultEnv, bearer(key))).daily).toMatchObject({ used: 2, limit: 2, remaining: 0 });
    });

    it("counts loops against the daily limit and for billing", async () => {
      const { key } = await mintApiKey(runtime, { tier: "paid", dailyLimit: 5 });
      await expectStatus(await post(env, "/reason", { loops: 3 }, bearer(key)), 200);
      await expectError(await post(env, "/reason", { loops: 3 }, bearer(key)), 429, "allowance_exhausted");
      await expectStatus(await post(env, "/reason", { loops: 2 }, bearer(key)), 200);
      const usage = await usageOf(env, bearer(key));
      expect(usage.skills.find((s) => s.skill === "svc-reason")!.used).toBe(5);
      expect(usage.daily).toMatchObject({ used: 5, limit: 5 });
    });
  });

  describe("units (loops)", () => {
    it("moves usage by the loops of the call and refuses loops beyond the allowance", async () => {
      const key = await freeKey();
      const res = await post(env, "/reason", { loops: 3 }, bearer(key));
      expect(await expectStatus(res, 200)).toEqual({ served: "reason", loops: 3 });
      expect(res.headers.get("ratelimit-policy")).toBe('"svc-reason-monthly";q=30;w=2592000');
      expect(parseRateLimit(res.headers.get("ratelimit"))["svc-reason-monthly"]!.r).toBe(27);
      expect(await usedOf(env, bearer(key), "svc-reason")).toBe(3);

      const error = await expectError(await post(env, "/reason", { loops: 28 }, bearer(key)), 429, "allowance_exhausted");
      expect(error).toMatchObject({ skill: "svc-reason", limit: 30, used: 3 });
      expect(await usedOf(env, bearer(key), "svc-reason")).toBe(3);

      await expectStatus(await post(env, "/reason", { loops: 27 }, bearer(key)), 200);
      const usage = await usageOf(env, bearer(key));
      expect(usage.skills.find((s) => s.skill === "svc-reason")).toMatchObject({ unit: "loop", used: 30, limit: 30, remaining: 0 });
    });
  });

  describe("burst limit", () => {
    it("answers the request past BURST_LIMIT in the window with 429 rate_limited and Retry-After", async () => {
      const key = await freeKey();
      for (let i = 0; i < 3; i += 1) await expectStatus(await post(burstEnv, "/diagnose", ok, bearer(key)), 200);
      const refused = await post(burstEnv, "/diagnose", ok, bearer(key));
      const error = await expectError(refused, 429, "rate_limited");
      expect(error.limit).toBe(3);
      const retryAfter = retryAfterOf(refused);
      expect(retryAfter).toBeLessThanOrEqual(61);
      expect(error.retry_after).toBe(retryAfter);
      expect(Date.parse(String(error.reset))).toBeGreaterThan(Date.now());
      expect(refused.headers.get("RateLimit-Policy")).toBe('"burst";q=3;w=60');
      expect(refused.headers.get("RateLimit")).toBe(`"burst";r=0;t=${retryAfter}`);
      // The refused request did not draw on the allowance (read back outside the burst
      // configuration: GET /api/usage stands behind the same burst window).
      expect(await usedOf(env, bearer(key), "svc-diagnose")).toBe(3);
    });

    it("stands in front of every protected route, metered or not", async () => {
      const key = await freeKey();
      for (let i = 0; i < 3; i += 1) await expectStatus(await get(burstEnv, "/ping", bearer(key)), 200);
      await expectError(await get(burstEnv, "/ping", bearer(key)), 429, "rate_limited");
      await expectError(await post(burstEnv, "/diagnose", ok, bearer(key)), 429, "rate_limited");
    });

    it("keeps credentials apart: one client's burst does not starve another", async () => {
      const [a, b] = [await freeKey(), await freeKey()];
      for (let i = 0; i < 3; i += 1) await expectStatus(await get(burstEnv, "/ping", bearer(a)), 200);
      await expectError(await get(burstEnv, "/ping", bearer(a)), 429, "rate_limited");
      await expectStatus(await get(burstEnv, "/ping", bearer(b)), 200);
    });
  });

  describe("operators and users", () => {
    it("never meters operators: no headers, no refusal past any allowance or burst, usage metered false", async () => {
      for (let i = 0; i < 27; i += 1) {
        const res = await post(burstEnv, "/diagnose", ok, bearer(TEST_OPERATOR_KEY));
        await expectStatus(res, 200);
        expect(res.headers.get("ratelimit")).toBeNull();
        expect(res.headers.get("ratelimit-policy")).toBeNull();
      }
      const usage = await usageOf(env, bearer(TEST_OPERATOR_KEY));
      expect(usage).toMatchObject({ metered: false, skills: [], daily: null });
    });

    it("meters a JWT user under its own subject, apart from its owner's API keys", async () => {
      const sub = freshOwner("user");
      const jwt = await signUserJwt(sub);
      for (const expected of [24, 23]) {
        const res = await post(env, "/diagnose", ok, bearer(jwt));
        await expectStatus(res, 200);
        expect(parseRateLimit(res.headers.get("ratelimit"))["svc-diagnose-monthly"]!.r).toBe(expected);
      }
      const { key } = await mintApiKey(runtime, { owner: sub });
      const byKey = await post(env, "/diagnose", ok, bearer(key));
      await expectStatus(byKey, 200);
      expect(parseRateLimit(byKey.headers.get("ratelimit"))["svc-diagnose-monthly"]!.r).toBe(24);

      expect(await usedOf(env, bearer(jwt), "svc-diagnose")).toBe(2);
      expect(await usedOf(env, bearer(key), "svc-diagnose")).toBe(1);
      // Another user is a fresh subject.
      expect(await usedOf(env, bearer(await signUserJwt(freshOwner("user"))), "svc-diagnose")).toBe(0);
    });

    it("meters a paid user against the deployment's daily limit", async () => {
      const jwt = await signUserJwt(freshOwner("user"), { claims: { tier: "paid" } });
      await expectStatus(await post(paidDefaultEnv, "/diagnose", ok, bearer(jwt)), 200);
      await expectStatus(await post(paidDefaultEnv, "/diagnose", ok, bearer(jwt)), 200);
      await expectError(await post(paidDefaultEnv, "/diagnose", ok, bearer(jwt)), 429, "allowance_exhausted");
    });
  });
});

// Redis down: an Upstash meter whose endpoint refuses connections, and one that never answers.
// Closed-policy routes refuse with 503, open-policy routes serve unmetered, the burst window
// fails open, and the usage read-back is a 503: never a 500.
let silent: Server;
let silentUrl = "";

beforeAll(async () => {
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});

afterAll(async () => {
  silent.closeAllConnections();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const outages: ReadonlyArray<[string, () => string]> = [
  ["a closed port", () => "http://127.0.0.1:1"],
  ["a server that never answers", () => silentUrl],
];

describe.each(outages)("meter outage: the store is %s", (_label, url) => {
  const runtime = runtimeWithMeter(async () => createUpstashMeter({ url: url(), token: "any-token", timeoutMs: 200 }), "meter-down");
  const env = envWith(runtime);

  it("refuses a closed-policy route with 503 metering_unavailable and Retry-After", async () => {
    const key = await mintFree(runtime);
    const res = await post(env, "/diagnose", ok, bearer(key));
    const error = await expectError(res, 503, "metering_unavailable");
    expect(error.request_id).toBe(res.headers.get("x-request-id"));
    expect(retryAfterOf(res)).toBeGreaterThan(0);
    expect(res.headers.get("ratelimit")).toBeNull();
  });

  it("refuses a paid key on a closed-policy route the same way", async () => {
    const { key } = await mintApiKey(runtime, { tier: "paid" });
    await expectError(await post(env, "/reason", { loops: 2 }, bearer(key)), 503, "metering_unavailable");
  });

  it("serves an open-policy route unmetered, without RateLimit headers", async () => {
    const key = await mintFree(runtime);
    const res = await post(env, "/guard", ok, bearer(key));
    expect(await expectStatus(res, 200)).toEqual({ served: "guard" });
    expect(res.headers.get("ratelimit")).toBeNull();
    expect(res.headers.get("ratelimit-policy")).toBeNull();
  });

  it("fails the burst check open on an unmetered route", async () => {
    const key = await mintFree(runtime);
    expect(await expectStatus(await get(env, "/ping", bearer(key)), 200)).toEqual({ served: "ping" });
  });

  it("answers GET /api/usage with 503 metering_unavailable", async () => {
    const key = await mintFree(runtime);
    const res = await getUsage(env, bearer(key));
    await expectError(res, 503, "metering_unavailable");
    expect(retryAfterOf(res)).toBeGreaterThan(0);
  });

  it("still validates first (400) and still serves operators, who are not metered", async () => {
    const key = await mintFree(runtime);
    await expectError(await post(env, "/diagnose", { text: "x".repeat(5001) }, bearer(key)), 400, "invalid_field");
    await expectStatus(await post(env, "/diagnose", ok, bearer(TEST_OPERATOR_KEY)), 200);
    expect((await usageOf(env, bearer(TEST_OPERATOR_KEY))).metered).toBe(false);
  });
});

async function mintFree(runtime: LocalRuntime): Promise<string> {
  return (await mintApiKey(runtime, { tier: "free" })).key;
}
