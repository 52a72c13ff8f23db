import {
  CHARGE_MEMORY_SECONDS,
  MeterUnavailableError,
  type Admission,
  type BurstOutcome,
  type BurstRequest,
  type ChargedPlan,
  type CounterReading,
  type Meter,
  type MeterOutcome,
  type MeterPlan,
} from "@svc/core";

/**
 * The embedded meter of `npm start`: the same semantics as the Redis one (all-or-nothing
 * plans, windows ending at each counter's reset time, charges named so they move the counters
 * at most once, a sliding burst window), held in this process. JavaScript runs one plan to
 * completion before the next, so a plan is atomic.
 */
export function createMemoryMeter(clock: () => number = Date.now): Meter {
  const counters = new Map<string, { value: number; expiresAtMs: number }>();
  // Each subject's request times in the burst window. They arrive in order unless the clock steps
  // back: while in order, the expired ones are the log's head, dropped without copying the rest
  // (a copy per request cost ~75 µs with a few thousand requests in the window).
  const bursts = new Map<string, { times: number[]; ordered: boolean }>();
  // What became of each named charge, remembered as long as the Redis meter's marks live.
  const charges = new Map<string, { state: "charged" | "released"; expiresAtMs: number }>();
  let chargesSweptAtMs = 0;

  const current = (key: string, nowMs: number) => {
    const entry = counters.get(key);
    if (!entry) return 0;
    if (entry.expiresAtMs <= nowMs) {
      counters.delete(key);
      return 0;
    }
    return entry.value;
  };

  const chargeState = (id: string, nowMs: number) => {
    // Forget expired marks once a minute, so the map stays as small as the live ones.
    if (nowMs - chargesSweptAtMs > 60_000) {
      for (const [key, mark] of charges) if (mark.expiresAtMs <= nowMs) charges.delete(key);
      chargesSweptAtMs = nowMs;
    }
    const mark = charges.get(id);
    return mark && mark.expiresAtMs > nowMs ? mark.state : null;
  };
  const markCharge = (id: string, state: "charged" | "released", nowMs: number) =>
    charges.set(id, { state, expiresAtMs: nowMs + CHARGE_MEMORY_SECONDS * 1000 });

  const consume = (plan: MeterPlan, nowMs: number): MeterOutcome => {
    const before = plan.counters.map((counter) => ({ counter, used: current(counter.key, nowMs) }));
    // An unnamed charge can never be named again (this store never times out): no mark.
    const mark = plan.id === undefined ? null : chargeState(plan.id, nowMs);
    if (mark === "released") throw new MeterUnavailableError(new Error(`charge ${plan.id} was released before it was consumed`));
    if (mark === "charged") return { allowed: true, readings: before };
    const refused = before.find(({ counter, used }) => counter.limit !== null && used + counter.units > counter.limit);
    if (refused) return { allowed: false, readings: before, refusedBy: refused };
    const readings: CounterReading[] = plan.counters.map((counter) => {
      const used = current(counter.key, nowMs) + counter.units;
      counters.set(counter.key, { value: used, expiresAtMs: counter.resetAt * 1000 });
      return { counter, used };
    });
    if (plan.id !== undefined) markCharge(plan.id, "charged", nowMs);
    return { allowed: true, readings };
  };

  const burst = ({ subject, limit, windowSeconds }: BurstRequest, nowMs: number): BurstOutcome => {
    const windowMs = windowSeconds * 1000;
    const cutoff = nowMs - windowMs;
    let log = bursts.get(subject);
    if (!log) bursts.set(subject, (log = { times: [], ordered: true }));
    if (log.ordered) {
      let expired = 0;
      while (expired < log.times.length && log.times[expired]! <= cutoff) expired++;
      if (expired > 0) log.times.splice(0, expired);
    } else {
      log.times = log.times.filter((t) => t > cutoff);
      log.ordered = log.times.every((t, i) => i === 0 || log!.times[i - 1]! <= t);
    }
    const recent = log.times;
    const allowed = recent.length < limit;
    if (allowed) {
      if (recent.length > 0 && nowMs < recent[recent.length - 1]!) log.ordered = false;
      recent.push(nowMs);
    }
    const oldest = recent[0] ?? nowMs;
    return { allowed, limit, remaining: Math.max(0, limit - recent.length), resetAtMs: oldest + windowMs };
  };

  return {
    name: "memory",
    async consume(plan: MeterPlan): Promise<MeterOutcome> {
      return consume(plan, clock());
    },
    async admit(request: BurstRequest, plan?: MeterPlan): Promise<Admission> {
      const nowMs = clock();
      const outcome = burst(request, nowMs);
      return { burst: outcome, charge: outcome.allowed && plan ? consume(plan, nowMs) : null };
    },
    async refund(plan: ChargedPlan): Promise<void> {
      const nowMs = clock();
      const charged = chargeState(plan.id, nowMs) === "charged";
      markCharge(plan.id, "released", nowMs);
      if (!charged) return;
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
  };
}
