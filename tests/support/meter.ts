import { charged, type Meter } from "@svc/core";
import { chargerOf, defineOperation } from "@svc/http";
import type { RuntimeSession } from "@svc/runtime";
import { createMemoryMeter } from "@svc/meter/memory";
import { createUpstashMeter } from "@svc/meter/upstash";
import Redis from "ioredis";
import * as z from "zod";
import { startUpstashBridge, type UpstashBridge } from "../../packages/local/src/bridges/upstash";
import type { LocalRuntime } from "../../packages/local/src/local_runtime";
import { PRIMARY_BACKEND, testRuntime, type Backend } from "./database";

/**
 * The meter backends a suite runs against: always the in-process meter of `npm start`; and,
 * when REDIS_URL is set (CI sets it), the production Upstash clients (@upstash/redis) against the machine's real Redis through the loopback bridge that
 * speaks the Upstash REST protocol. Redis is shared with other suites: tests use fresh
 * subjects and keys and never FLUSH.
 */
export type MeterBackend = "memory" | "upstash";

export const REAL_REDIS_URL = process.env.REDIS_URL;
export const METER_BACKENDS: readonly MeterBackend[] = REAL_REDIS_URL ? ["memory", "upstash"] : ["memory"];

/** The key prefix the Upstash meter puts in front of every counter key (its default). */
export const UPSTASH_PREFIX = "svc";

// One bridge (and one plain client for TTL checks) per test worker, closed by closeMeters().
let bridge: Promise<UpstashBridge> | undefined;
let raw: Redis | undefined;

export function upstashBridge(): Promise<UpstashBridge> {
  if (!REAL_REDIS_URL) return Promise.reject(new Error("the upstash meter backend needs REDIS_URL"));
  return (bridge ??= startUpstashBridge({ redisUrl: REAL_REDIS_URL }));
}

/** A plain client on the real Redis, to look at what the meter wrote (TTL, raw values). */
export function rawRedis(): Redis {
  if (!REAL_REDIS_URL) throw new Error("rawRedis needs REDIS_URL");
  return (raw ??= new Redis(REAL_REDIS_URL, { maxRetriesPerRequest: 1 }));
}

export interface TestMeterOptions {
  /** Memory only: the meter's clock (Unix milliseconds). */
  readonly clock?: () => number;
  /** Upstash only: the per-call time-out. */
  readonly timeoutMs?: number;
}

export async function testMeter(backend: MeterBackend, options: TestMeterOptions = {}): Promise<Meter> {
  if (backend === "memory") return createMemoryMeter(options.clock);
  const { url, token } = await upstashBridge();
  return createUpstashMeter({ url, token, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
}

/**
 * A runtime for route tests: the test database (testRuntime: PGlite, or the real Postgres
 * when DATABASE_URL is set) with the given meter. Built synchronously so environments can be
 * made while suites are collected; the database and meter open on first use. It is
 * LocalRuntime-shaped, so mintApiKey and describeSecurity take it.
 */
export function runtimeWithMeter(meter: Meter | (() => Promise<Meter>), name = "metered-test", database: Backend = PRIMARY_BACKEND): LocalRuntime {
  let opened: Promise<Meter> | undefined;
  const meterOf = () => (opened ??= typeof meter === "function" ? meter() : Promise.resolve(meter));
  return {
    name,
    description: `test database (${database}); ${name}`,
    database: async () => (await testRuntime(database)).database(),
    meter: meterOf,
    sealer: async () => (await testRuntime(database)).sealer(),
    open: async (cfg): Promise<RuntimeSession> => {
      const [base, m] = await Promise.all([testRuntime(database), meterOf()]);
      return { ...(await base.open(cfg)), meter: m };
    },
    // The shared database runtime and the meter bridge are closed elsewhere (closeMeters).
    close: async () => undefined,
  };
}

const metered = new Map<MeterBackend, LocalRuntime>();

/** One metered runtime per meter backend per test worker. */
export function meteredRuntime(backend: MeterBackend): LocalRuntime {
  let runtime = metered.get(backend);
  if (!runtime) {
    runtime = runtimeWithMeter(() => testMeter(backend), `meter-${backend}`);
    metered.set(backend, runtime);
  }
  return runtime;
}

/** Closes the worker's bridge and plain Redis client (call from afterAll). */
export async function closeMeters(): Promise<void> {
  const closing = bridge;
  bridge = undefined;
  metered.clear();
  if (closing) await (await closing.catch(() => undefined))?.close();
  const client = raw;
  raw = undefined;
  if (client) client.disconnect();
}

/** A test route metered per loop (svc-reason, 30 free a month): `loops` units per call; fails closed when the meter is down. */
export const perLoopReasonRoute = defineOperation(
  {
    operationId: "reason",
    method: "post",
    path: "/reason",
    summary: "Per-loop metering (free allowance 30 loops), fails closed",
    tags: ["test"],
    auth: "bearer",
    charge: { skill: "svc-reason", at: "service" },
    request: { body: z.object({ loops: z.number().int().min(1).max(100) }).strict() },
    responses: { 200: { description: "Served." } },
  },
  async (c, { body }) =>
    c.json(
      await charged(
        () => chargerOf(c)({ units: body.loops }),
        async () => ({ served: "reason", loops: body.loops }),
      ),
    ),
);

/** A test route on svc-guard that is served unmetered when the meter is down, as the guardrail is. */
export const failOpenGuardRoute = defineOperation(
  {
    operationId: "guard",
    method: "post",
    path: "/guard",
    summary: "Fails open when the meter is down",
    tags: ["test"],
    auth: "bearer",
    charge: { skill: "svc-guard", onOutage: "open" },
    request: { body: z.object({ text: z.string().max(5000) }).strict() },
    responses: { 200: { description: "Served." } },
  },
  (c) => c.json({ served: "guard" }),
);
