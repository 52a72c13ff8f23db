import { type Meter, MeterUnavailableError, type MeterCounter, type MeterOutcome } from "@svc/core";
import { afterAll, describe, expect, it } from "vitest";
import { closeMeters, METER_BACKENDS, rawRedis, testMeter, UPSTASH_PREFIX } from "../../../tests/support/meter";

// One contract, two implementations: the in-process meter of `npm start`, and (when
// REDIS_URL is set) the Upstash clients against the real Redis through the loopback bridge.
// Every test uses fresh keys: Redis is shared with other suites and is never flushed.

afterAll(closeMeters);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A fresh charge id, as the request path makes them (request id plus a nonce). */
const chargeId = () => `req_${crypto.randomUUID()}:${crypto.randomUUID().slice(0, 8)}`;

/** A fresh key namespace for one test. */
const freshKey = (label: string) => `contract:${crypto.randomUUID()}:${label}`;

function counter(overrides: Partial<MeterCounter> & { key: string }): MeterCounter {
  return { limit: 10, units: 1, resetAt: nowSeconds() + 3600, policy: "monthly_allowance", skill: "svc-score", ...overrides };
}

const show = (value: unknown) => JSON.stringify(value);

function expectAllowed(outcome: MeterOutcome): asserts outcome is Extract<MeterOutcome, { allowed: true }> {
  expect(outcome.allowed, show(outcome)).toBe(true);
}

function expectRefused(outcome: MeterOutcome): asserts outcome is Extract<MeterOutcome, { allowed: false }> {
  expect(outcome.allowed, show(outcome)).toBe(false);
}

/** The burst window alone: admit with no plan. */
const burst = async (m: Meter, subject: string, limit: number, windowSeconds: number) => (await m.admit({ subject, limit, windowSeconds })).burst;

describe.each(METER_BACKENDS)("meter contract: %s", (backend) => {
  const meter = () => testMeter(backend);

  it("names itself after its backend", async () => {
    expect((await meter()).name).toBe(backend);
  });

  it("consumes within a limit: each call adds its units and reports the count after it", async () => {
    const m = await meter();
    const c = counter({ key: freshKey("a"), limit: 3 });
    const used: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const outcome = await m.consume({ counters: [c] });
      expectAllowed(outcome);
      expect(outcome.readings).toHaveLength(1);
      expect(outcome.readings[0]!.counter, show(outcome)).toEqual(c);
      used.push(outcome.readings[0]!.used);
    }
    expect(used).toEqual([1, 2, 3]);
    expect(await m.read([c.key])).toEqual([3]);
  });

  it("refunds a consumed plan, so a call that failed upstream costs nothing, and never goes below zero", async () => {
    const m = await meter();
    const c = counter({ key: freshKey("refund"), limit: 2, units: 2 });
    const first = { id: chargeId(), counters: [c] };
    expectAllowed(await m.consume(first));
    expect(await m.read([c.key])).toEqual([2]);
    expect((await m.consume({ id: chargeId(), counters: [c] })).allowed).toBe(false);
    await m.refund(first);
    expect(await m.read([c.key])).toEqual([0]);
    const second = { id: chargeId(), counters: [c] };
    expectAllowed(await m.consume(second));
    const over = counter({ ...c, units: 5 });
    await m.refund({ id: second.id, counters: [over] });
    expect(await m.read([c.key])).toEqual([0]);
    await m.refund({ id: chargeId(), counters: [counter({ key: freshKey("never-used"), limit: 1 })] });
  });

  it("gives a charge's units back once, however often it is refunded", async () => {
    const m = await meter();
    const c = counter({ key: freshKey("refund-once"), limit: 10 });
    const first = { id: chargeId(), counters: [c] };
    expectAllowed(await m.consume(first));
    expectAllowed(await m.consume({ id: chargeId(), counters: [c] }));
    expectAllowed(await m.consume({ id: chargeId(), counters: [c] }));
    await m.refund(first);
    await m.refund(first);
    await Promise.all([m.refund(first), m.refund(first)]);
    expect(await m.read([c.key])).toEqual([2]);
  });

  it("charges a named plan once, however often it is consumed", async () => {
    const m = await meter();
    const c = counter({ key: freshKey("consume-once"), limit: 10, units: 3 });
    const plan = { id: chargeId(), counters: [c] };
    const outcomes = [await m.consume(plan), await m.consume(plan)];
    for (const outcome of outcomes) expectAllowed(outcome);
    expect(outcomes.map((o) => o.readings[0]!.used)).toEqual([3, 3]);
    expect(await m.read([c.key])).toEqual([3]);
  });

  it("moves nothing for a charge released before it was consumed (a late command after a time-out)", async () => {
    const m = await meter();
    const c = counter({ key: freshKey("released-first"), limit: 10 });
    const plan = { id: chargeId(), counters: [c] };
    await m.refund(plan);
    await expect(m.consume(plan)).rejects.toBeInstanceOf(MeterUnavailableError);
    expect(await m.read([c.key])).toEqual([0]);
    // Another charge on the same counter is unaffected.
    expectAllowed(await m.consume({ id: chargeId(), counters: [c] }));
    expect(await m.read([c.key])).toEqual([1]);
  });

  it("refuses the call that would pass the limit, reporting the count before it", async () => {
    const m = await meter();
    const c = counter({ key: freshKey("a"), limit: 2 });
    expectAllowed(await m.consume({ counters: [c] }));
    expectAllowed(await m.consume({ counters: [c] }));
    const refused = await m.consume({ counters: [c] });
    expectRefused(refused);
    expect(refused.refusedBy.counter.key).toBe(c.key);
    expect(refused.refusedBy.used, show(refused)).toBe(2);
    expect(
      refused.readings.map((r) => r.used),
      show(refused),
    ).toEqual([2]);
    expect(await m.read([c.key])).toEqual([2]);
  });

  it("refuses a plan whole when one counter would pass its limit: no counter moves", async () => {
    const m = await meter();
    const roomy = counter({ key: freshKey("roomy"), limit: 100, policy: "daily_limit" });
    const tight = counter({ key: freshKey("tight"), limit: 1 });
    const unlimited = counter({ key: freshKey("unlimited"), limit: null, policy: "usage" });
    expectAllowed(await m.consume({ counters: [roomy, tight, unlimited] }));
    expect(await m.read([roomy.key, tight.key, unlimited.key])).toEqual([1, 1, 1]);

    const refused = await m.consume({ counters: [roomy, tight, unlimited] });
    expectRefused(refused);
    expect(refused.refusedBy.counter.key, show(refused)).toBe(tight.key);
    expect(
      refused.readings.map((r) => r.used),
      show(refused),
    ).toEqual([1, 1, 1]);
    expect(await m.read([roomy.key, tight.key, unlimited.key])).toEqual([1, 1, 1]);
  });

  it.each([
    ["the first", 0],
    ["the second", 1],
    ["the third", 2],
  ])("names the refusing counter when it is %s of the plan", async (_label, index) => {
    const m = await meter();
    const counters = [0, 1, 2].map((i) => counter({ key: freshKey(`c${i}`), limit: i === index ? 0 : 5, skill: `skill-${i}` }));
    const refused = await m.consume({ counters });
    expectRefused(refused);
    expect(refused.refusedBy.counter, show(refused)).toEqual(counters[index]);
    expect(refused.refusedBy.used).toBe(0);
    expect(await m.read(counters.map((c) => c.key))).toEqual([0, 0, 0]);
  });

  it("names the first refusing counter when several would pass their limits", async () => {
    const m = await meter();
    const ok = counter({ key: freshKey("ok"), limit: 5 });
    const first = counter({ key: freshKey("first"), limit: 0 });
    const second = counter({ key: freshKey("second"), limit: 0 });
    const refused = await m.consume({ counters: [ok, first, second] });
    expectRefused(refused);
    expect(refused.refusedBy.counter.key).toBe(first.key);
  });

  it("always counts a counter without a limit (null)", async () => {
    const m = await meter();
    const c = counter({ key: freshKey("usage"), limit: null, policy: "usage", units: 1_000 });
    for (let i = 1; i <= 5; i += 1) {
      const outcome = await m.consume({ counters: [c] });
      expectAllowed(outcome);
      expect(outcome.readings[0]!.used).toBe(i * 1_000);
    }
    expect(await m.read([c.key])).toEqual([5_000]);
  });

  it("moves counters by units > 1 (loops) and refuses units that would pass the limit", async () => {
    const m = await meter();
    const key = freshKey("loops");
    const loops = (units: number) => counter({ key, limit: 5, units, skill: "svc-reason" });
    const first = await m.consume({ counters: [loops(3)] });
    expectAllowed(first);
    expect(first.readings[0]!.used).toBe(3);

    const tooMany = await m.consume({ counters: [loops(3)] });
    expectRefused(tooMany);
    expect(tooMany.refusedBy.used).toBe(3);
    expect(await m.read([key])).toEqual([3]);

    const exact = await m.consume({ counters: [loops(2)] });
    expectAllowed(exact);
    expect(exact.readings[0]!.used).toBe(5);
    expectRefused(await m.consume({ counters: [loops(1)] }));
    expect(await m.read([key])).toEqual([5]);
  });

  it("refuses a single call whose units alone pass the limit, on a fresh counter", async () => {
    const m = await meter();
    const c = counter({ key: freshKey("big"), limit: 30, units: 31 });
    const refused = await m.consume({ counters: [c] });
    expectRefused(refused);
    expect(refused.refusedBy.used).toBe(0);
    expect(await m.read([c.key])).toEqual([0]);
  });

  it("reads absent keys as 0, in the order asked, and an empty list as []", async () => {
    const m = await meter();
    const present = counter({ key: freshKey("present"), limit: null, units: 7 });
    expectAllowed(await m.consume({ counters: [present] }));
    expect(await m.read([freshKey("absent-1"), present.key, freshKey("absent-2")])).toEqual([0, 7, 0]);
    expect(await m.read([])).toEqual([]);
  });

  it("keeps counters of different keys apart", async () => {
    const m = await meter();
    const a = counter({ key: freshKey("a"), limit: 1 });
    const b = counter({ key: freshKey("b"), limit: 1 });
    expectAllowed(await m.consume({ counters: [a] }));
    expectAllowed(await m.consume({ counters: [b] }));
    expect(await m.read([a.key, b.key])).toEqual([1, 1]);
  });

  describe("windows", () => {
    if (backend === "memory")
      it("expires a counter at its resetAt (injected clock)", async () => {
        let now = Date.UTC(2026, 10, 30, 23, 59, 0);
        const m = await testMeter(backend, { clock: () => now });
        const resetAt = Date.UTC(2026, 11, 1) / 1000;
        const c = counter({ key: freshKey("month"), limit: 2, resetAt });
        expectAllowed(await m.consume({ counters: [c] }));
        expectAllowed(await m.consume({ counters: [c] }));
        expectRefused(await m.consume({ counters: [c] }));

        now = resetAt * 1000 - 1;
        expect(await m.read([c.key])).toEqual([2]);
        expectRefused(await m.consume({ counters: [c] }));

        now = resetAt * 1000;
        expect(await m.read([c.key])).toEqual([0]);
        const next = counter({ ...c, resetAt: Date.UTC(2027, 0, 1) / 1000 });
        const fresh = await m.consume({ counters: [next] });
        expectAllowed(fresh);
        expect(fresh.readings[0]!.used).toBe(1);
      });

    if (backend === "upstash")
      it("sets each Redis key to expire at its counter's resetAt (TTL)", async () => {
        const m = await meter();
        const resetAt = nowSeconds() + 86_400;
        const c = counter({ key: freshKey("ttl"), resetAt });
        expectAllowed(await m.consume({ counters: [c] }));
        const ttl = await rawRedis().ttl(`${UPSTASH_PREFIX}:${c.key}`);
        const expected = resetAt - nowSeconds();
        expect(ttl).toBeGreaterThan(expected - 5);
        expect(ttl).toBeLessThanOrEqual(expected + 1);
        expect(await rawRedis().get(`${UPSTASH_PREFIX}:${c.key}`)).toBe("1");
      });

    if (backend === "upstash")
      it("lets a counter expire at its resetAt (real time, ~2 s)", async () => {
        const m = await meter();
        const resetAt = nowSeconds() + 2;
        const c = counter({ key: freshKey("expiring"), limit: 1, resetAt });
        expectAllowed(await m.consume({ counters: [c] }));
        expectRefused(await m.consume({ counters: [c] }));
        await sleep(resetAt * 1000 - Date.now() + 300);
        expect(await m.read([c.key])).toEqual([0]);
        const again = await m.consume({ counters: [counter({ ...c, resetAt: nowSeconds() + 60 })] });
        expectAllowed(again);
        expect(again.readings[0]!.used).toBe(1);
      });
  });

  describe("burst (sliding window per subject)", () => {
    it("allows exactly L within the window, then refuses with remaining 0 and a reset in the future", async () => {
      const m = await meter();
      const subject = `key:${crypto.randomUUID()}`;
      const outcomes = [];
      for (let i = 0; i < 5; i += 1) outcomes.push(await burst(m, subject, 5, 60));
      expect(
        outcomes.map((o) => o.allowed),
        show(outcomes),
      ).toEqual([true, true, true, true, true]);
      expect(
        outcomes.map((o) => o.remaining),
        show(outcomes),
      ).toEqual([4, 3, 2, 1, 0]);
      expect(
        outcomes.every((o) => o.limit === 5),
        show(outcomes),
      ).toBe(true);

      const before = Date.now();
      const refused = await burst(m, subject, 5, 60);
      expect(refused.allowed, show(refused)).toBe(false);
      expect(refused.remaining, show(refused)).toBe(0);
      expect(refused.limit).toBe(5);
      expect(refused.resetAtMs, show(refused)).toBeGreaterThan(before);
      expect(refused.resetAtMs, show(refused)).toBeLessThanOrEqual(before + 60_000 + 1_000);
    });

    it("keeps subjects apart", async () => {
      const m = await meter();
      const a = `key:${crypto.randomUUID()}`;
      const b = `key:${crypto.randomUUID()}`;
      expect((await burst(m, a, 1, 60)).allowed).toBe(true);
      expect((await burst(m, a, 1, 60)).allowed).toBe(false);
      expect((await burst(m, b, 1, 60)).allowed).toBe(true);
    });

    if (backend === "memory")
      it("allows again once the window has slid past (injected clock)", async () => {
        let now = 1_000_000;
        const m = await testMeter(backend, { clock: () => now });
        const subject = `key:${crypto.randomUUID()}`;
        expect((await burst(m, subject, 2, 10)).allowed).toBe(true);
        now += 4_000;
        expect((await burst(m, subject, 2, 10)).allowed).toBe(true);
        now += 1_000;
        const refused = await burst(m, subject, 2, 10);
        expect(refused.allowed).toBe(false);
        expect(refused.resetAtMs).toBe(1_000_000 + 10_000);
        now = 1_000_000 + 10_000;
        const slid = await burst(m, subject, 2, 10);
        expect(slid.allowed, show(slid)).toBe(true);
        expect(slid.remaining).toBe(0);
      });

    if (backend === "memory")
      it("counts a window whose clock stepped back as it stands (injected clock)", async () => {
        let now = 1_000_000;
        const m = await testMeter(backend, { clock: () => now });
        const subject = `key:${crypto.randomUUID()}`;
        expect((await burst(m, subject, 3, 10)).allowed).toBe(true);
        now -= 5_000;
        expect((await burst(m, subject, 3, 10)).allowed).toBe(true);
        now += 6_000;
        // Both still in the window; the oldest kept is the first one sent.
        const third = await burst(m, subject, 3, 10);
        expect(third.allowed, show(third)).toBe(true);
        expect(third.resetAtMs).toBe(1_000_000 + 10_000);
        // 10.5 s after the first: it and the one sent 5 s "before" it are gone, the third stays.
        now = 1_000_000 + 10_500;
        const later = await burst(m, subject, 3, 10);
        expect(later.allowed, show(later)).toBe(true);
        expect(later.remaining).toBe(1);
        expect(later.resetAtMs).toBe(1_001_000 + 10_000);
      });

    if (backend === "upstash")
      it("allows again once the window has passed (real time, ~2 s)", async () => {
        const m = await meter();
        const subject = `key:${crypto.randomUUID()}`;
        expect((await burst(m, subject, 1, 1)).allowed).toBe(true);
        const refused = await burst(m, subject, 1, 1);
        expect(refused.allowed).toBe(false);
        // A sliding window weighs the previous fixed window in: two windows on, it is gone.
        await sleep(2_100);
        expect((await burst(m, subject, 1, 1)).allowed).toBe(true);
      });
  });

  describe("admit (the burst window and a plan in one call)", () => {
    it("consumes the plan when the burst window lets the call through, and reports both", async () => {
      const m = await meter();
      const c = counter({ key: freshKey("admit"), limit: 2 });
      const subject = `key:${crypto.randomUUID()}`;
      const first = await m.admit({ subject, limit: 5, windowSeconds: 60 }, { id: chargeId(), counters: [c] });
      expect(first.burst, show(first)).toMatchObject({ allowed: true, limit: 5, remaining: 4 });
      expectAllowed(first.charge!);
      expect(first.charge.readings[0]!.used).toBe(1);
      const second = await m.admit({ subject, limit: 5, windowSeconds: 60 }, { id: chargeId(), counters: [c] });
      expect(second.burst.remaining).toBe(3);
      expect(second.charge!.readings[0]!.used).toBe(2);
      // The allowance refuses, the burst window still counts the call.
      const third = await m.admit({ subject, limit: 5, windowSeconds: 60 }, { id: chargeId(), counters: [c] });
      expect(third.burst.allowed).toBe(true);
      expectRefused(third.charge!);
      expect(third.charge.refusedBy.counter.key).toBe(c.key);
      expect(await m.read([c.key])).toEqual([2]);
    });

    it("consumes nothing when the burst window refuses the call", async () => {
      const m = await meter();
      const c = counter({ key: freshKey("admit-burst"), limit: 10 });
      const subject = `key:${crypto.randomUUID()}`;
      expect((await m.admit({ subject, limit: 1, windowSeconds: 60 }, { id: chargeId(), counters: [c] })).burst.allowed).toBe(true);
      const refused = await m.admit({ subject, limit: 1, windowSeconds: 60 }, { id: chargeId(), counters: [c] });
      expect(refused.burst, show(refused)).toMatchObject({ allowed: false, remaining: 0 });
      expect(refused.charge).toBeNull();
      expect(await m.read([c.key])).toEqual([1]);
    });

    it("gives no charge outcome without a plan", async () => {
      const m = await meter();
      const admitted = await m.admit({ subject: `key:${crypto.randomUUID()}`, limit: 3, windowSeconds: 60 });
      expect(admitted).toMatchObject({ burst: { allowed: true, remaining: 2 }, charge: null });
    });

    it("moves the plan at most once by its id, and a refund gives it back", async () => {
      const m = await meter();
      const c = counter({ key: freshKey("admit-once"), limit: 10, units: 3 });
      const plan = { id: chargeId(), counters: [c] };
      const subject = `key:${crypto.randomUUID()}`;
      await m.admit({ subject, limit: 10, windowSeconds: 60 }, plan);
      const again = await m.admit({ subject, limit: 10, windowSeconds: 60 }, plan);
      expectAllowed(again.charge!);
      expect(await m.read([c.key])).toEqual([3]);
      await m.refund(plan);
      expect(await m.read([c.key])).toEqual([0]);
    });

    it("lets exactly L of N parallel admits through the burst window, and charges only those (N=30, L=10)", async () => {
      const m = await meter();
      const c = counter({ key: freshKey("admit-race"), limit: null, policy: "usage" });
      const subject = `key:${crypto.randomUUID()}`;
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, () => m.admit({ subject, limit: 10, windowSeconds: 60 }, { id: chargeId(), counters: [c] })),
      );
      expect(outcomes.filter((o) => o.burst.allowed)).toHaveLength(10);
      expect(outcomes.filter((o) => o.charge !== null)).toHaveLength(10);
      expect(await m.read([c.key])).toEqual([10]);
    });
  });

  describe("concurrency", () => {
    it("lets exactly L of N parallel consume calls through, and the counter ends at L (N=50, L=17)", async () => {
      const m = await meter();
      const c = counter({ key: freshKey("race"), limit: 17 });
      const usage = counter({ key: freshKey("race-usage"), limit: null, policy: "usage" });
      const outcomes = await Promise.all(Array.from({ length: 50 }, () => m.consume({ counters: [c, usage] })));
      const allowed = outcomes.filter((o) => o.allowed);
      expect(allowed).toHaveLength(17);
      // Each admitted call saw a distinct count: none took the same unit twice.
      expect(allowed.map((o) => o.readings[0]!.used).sort((x, y) => x - y)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
      expect(await m.read([c.key, usage.key])).toEqual([17, 17]);
    });

    it("lets exactly L of N parallel burst calls through (N=30, L=10)", async () => {
      const m = await meter();
      const subject = `key:${crypto.randomUUID()}`;
      const outcomes = await Promise.all(Array.from({ length: 30 }, () => burst(m, subject, 10, 60)));
      expect(
        outcomes.filter((o) => o.allowed),
        show(outcomes),
      ).toHaveLength(10);
      expect(
        outcomes.filter((o) => !o.allowed).every((o) => o.remaining === 0),
        show(outcomes),
      ).toBe(true);
    });

    if (backend === "upstash")
      it("holds across separate clients of the same Redis (two meters, N=40, L=13)", async () => {
        const [a, b] = [await meter(), await meter()];
        const c = counter({ key: freshKey("two-clients"), limit: 13 });
        const calls = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b).consume({ counters: [c] }));
        const outcomes = await Promise.all(calls);
        expect(outcomes.filter((o) => o.allowed)).toHaveLength(13);
        expect(await a.read([c.key])).toEqual([13]);
        expect(await b.read([c.key])).toEqual([13]);
      });
  });
});
