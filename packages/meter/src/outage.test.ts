import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { MeterUnavailableError, type Meter, type MeterPlan } from "@svc/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUpstashMeter } from "./upstash";

// The Upstash meter when its store cannot be reached: every operation rejects with
// MeterUnavailableError (the request path turns that into a per-route decision) within a
// bounded time, and no other error type leaks out.

const TIMEOUT_MS = 200;
/** Time-out plus slack for a loaded machine; a stall would take seconds. */
const BOUND_MS = TIMEOUT_MS + 800;

// An HTTP server that accepts requests and never answers: the meter's own time-out must fire.
let silent: Server;
let silentUrl: string;
let received = 0;

beforeAll(async () => {
  silent = createServer(() => {
    received += 1;
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});

afterAll(async () => {
  silent.closeAllConnections();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const plan = (): MeterPlan => ({
  counters: [
    {
      key: `outage:${crypto.randomUUID()}`,
      limit: 5,
      units: 1,
      resetAt: Math.floor(Date.now() / 1000) + 60,
      policy: "monthly_allowance",
      skill: "svc-score",
    },
  ],
});

const operations: ReadonlyArray<[string, (meter: Meter) => Promise<unknown>]> = [
  ["consume", (m) => m.consume(plan())],
  ["read", (m) => m.read(["outage:a", "outage:b"])],
  ["admit (burst window alone)", (m) => m.admit({ subject: `key:${crypto.randomUUID()}`, limit: 5, windowSeconds: 10 })],
  ["admit (burst window and a plan)", (m) => m.admit({ subject: `key:${crypto.randomUUID()}`, limit: 5, windowSeconds: 10 }, plan())],
];

async function expectUnavailable(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  let caught: unknown;
  try {
    const value = await work();
    expect.fail(`expected MeterUnavailableError, got a value: ${JSON.stringify(value)}`);
  } catch (err) {
    caught = err;
  }
  const elapsed = performance.now() - started;
  expect(caught, String(caught)).toBeInstanceOf(MeterUnavailableError);
  expect((caught as Error).name).toBe("MeterUnavailableError");
  expect((caught as Error).message).toMatch(/^meter store unavailable: /);
  expect(elapsed, `took ${elapsed} ms`).toBeLessThan(BOUND_MS);
  return elapsed;
}

const targets: ReadonlyArray<[string, () => string]> = [
  ["a closed port", () => "http://127.0.0.1:1"],
  ["a server that never answers", () => silentUrl],
];

describe.each(targets)("Upstash meter against %s", (label, url) => {
  const meter = () => createUpstashMeter({ url: url(), token: "any-token", timeoutMs: TIMEOUT_MS });

  it.each(operations)("%s rejects with MeterUnavailableError within the time-out", async (_name, operation) => {
    const elapsed = await expectUnavailable(() => operation(meter()));
    // A silent server can only be given up on by the meter's own clock.
    if (label === "a server that never answers") {
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
      expect(received, "the silent server saw no request: the test would prove nothing").toBeGreaterThan(0);
    }
  });

  it("keeps failing the same way on repeated and parallel calls", async () => {
    const m = meter();
    await expectUnavailable(() => m.consume(plan()));
    const results = await Promise.allSettled(operations.map(([, operation]) => operation(m)));
    for (const result of results) {
      expect(result.status).toBe("rejected");
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(MeterUnavailableError);
    }
  });
});

describe("Upstash meter with the default time-out", () => {
  it("fails fast on a closed port rather than waiting out the time-out", async () => {
    const m = createUpstashMeter({ url: "http://127.0.0.1:1", token: "any-token" });
    const elapsed = await expectUnavailable(() => m.read(["outage:default"]));
    expect(elapsed).toBeLessThan(1000);
  });
});
