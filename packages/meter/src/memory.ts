import type { BurstOutcome, CounterReading, Meter, MeterOutcome, MeterPlan } from "@svc/core";

/**
 * The embedded meter of `npm start`: the same semantics as the Redis one (all-or-nothing
 * plans, windows ending at each counter's reset time, a sliding burst window), held in this
 * process. JavaScript runs one plan to completion before the next, so a plan is atomic.
 */
export function createMemoryMeter(clock: () => number = Date.now): Meter {
  const counters = new Map<string, { value: number; expiresAtMs: number }>();
  const bursts = new Map<string, number[]>();

  const current = (key: string, nowMs: number) => {
    const entry = counters.get(key);
    if (!entry) return 0;
    if (entry.expiresAtMs <= nowMs) {
      counters.delete(key);
      return 0;
    }
    return entry.value;
  };

  return {
    name: "memory",
    async consume(plan: MeterPlan): Promise<MeterOutcome> {
      const nowMs = clock();
      const before = plan.counters.map((counter) => ({ counter, used: current(counter.key, nowMs) }));
      const refused = before.find(({ counter, used }) => counter.limit !== null && used + counter.units > counter.limit);
      if (refused) return { allowed: false, readings: before, refusedBy: refused };
      const readings: CounterReading[] = plan.counters.map((counter) => {
        const used = current(counter.key, nowMs) + counter.units;
        counters.set(counter.key, { value: used, expiresAtMs: counter.resetAt * 1000 });
        return { counter, used };
      });
      return { allowed: true, readings };
    },
    async refund(plan: MeterPlan): Promise<void> {
      const nowMs = clock();
      for (const counter of plan.counters) {
        const entry = counters.get(counter.key);
        if (!entry || entry.expiresAtMs <= nowMs) continue;
        entry.value = Math.max(0, entry.value - counter.units);
      }
    },
    async read(keys) {
      const nowMs = clock();
      return keys.map((key) => current(key, nowMs));
    },
    async burst(subject, limit, windowSeconds): Promise<BurstOutcome> {
      const nowMs = clock();
      const windowMs = windowSeconds * 1000;
      const recent = (bursts.get(subject) ?? []).filter((t) => t > nowMs - windowMs);
      const allowed = recent.length < limit;
      if (allowed) recent.push(nowMs);
      bursts.set(subject, recent);
      const oldest = recent[0] ?? nowMs;
      return { allowed, limit, remaining: Math.max(0, limit - recent.length), resetAtMs: oldest + windowMs };
    },
  };
}
