import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import { CHARGE_MEMORY_SECONDS, MeterUnavailableError, type BurstOutcome, type ChargedPlan, type Meter, type MeterOutcome, type MeterPlan } from "@svc/core";
import { CircuitOpenError, createCircuitBreaker, type CircuitBreaker } from "./breaker";

/**
 * Checks every counter of a plan and, only if none would pass its limit, adds the units to
 * all of them, sets each key to expire at its window's end, and marks the charge as charged
 * for CHARGE_MEMORY_SECONDS. One script, so concurrent calls cannot both take the last unit.
 * KEYS: the charge's mark, then the counters. ARGV: the mark's lifetime, then (units, limit
 * or -1, resetAt) per counter. A charge already marked moves nothing: released (its caller
 * gave up on it) answers -1; charged (a retried request) answers as allowed, with the counts.
 * Returns {allowed (1/0/-1), index of the refusing counter (1-based, 0 if none), used...}.
 */
const CONSUME_SCRIPT = `
local mark = redis.call('GET', KEYS[1])
local used = {}
for i = 2, #KEYS do used[i - 1] = tonumber(redis.call('GET', KEYS[i]) or '0') end
if mark == 'released' then return {-1, 0, unpack(used)} end
if mark == 'charged' then return {1, 0, unpack(used)} end
for i = 2, #KEYS do
  local units = tonumber(ARGV[(i - 2) * 3 + 2])
  local limit = tonumber(ARGV[(i - 2) * 3 + 3])
  if limit >= 0 and used[i - 1] + units > limit then return {0, i - 1, unpack(used)} end
end
for i = 2, #KEYS do
  used[i - 1] = redis.call('INCRBY', KEYS[i], tonumber(ARGV[(i - 2) * 3 + 2]))
  redis.call('EXPIREAT', KEYS[i], tonumber(ARGV[(i - 2) * 3 + 4]))
end
redis.call('SET', KEYS[1], 'charged', 'EX', tonumber(ARGV[1]))
return {1, 0, unpack(used)}
`;

/**
 * Releases a charge: if its mark says charged, takes each counter's units back (never below
 * zero, keeping the expiry); in every case leaves the mark released, so the units come back
 * once and a consume of this charge arriving later moves nothing. KEYS: the mark, then the
 * counters. ARGV: the mark's lifetime, then units per counter. Returns 1 if units came back.
 */
const RELEASE_SCRIPT = `
local charged = redis.call('GET', KEYS[1]) == 'charged'
redis.call('SET', KEYS[1], 'released', 'EX', tonumber(ARGV[1]))
if not charged then return 0 end
for i = 2, #KEYS do
  local current = tonumber(redis.call('GET', KEYS[i]) or '0')
  if current > 0 then
    local units = tonumber(ARGV[i])
    if units > current then units = current end
    redis.call('DECRBY', KEYS[i], units)
  end
end
return 1
`;

export interface UpstashMeterOptions {
  readonly url: string;
  readonly token: string;
  /** Per call; past it the store counts as unavailable. */
  readonly timeoutMs?: number;
  readonly prefix?: string;
  /** Shared by the meters of one process or isolate on this store; default: the meter's own. */
  readonly breaker?: CircuitBreaker;
}

/** The Upstash meter, plus what the runtime waits for after the response. */
export interface UpstashMeter extends Meter {
  /** Resolves once the releases sent in the background (charges given up on, refunds) are answered. */
  settled(): Promise<void>;
}

/** The production meter: Upstash Redis over its REST API (works from Workers and Node). */
export function createUpstashMeter(options: UpstashMeterOptions): UpstashMeter {
  const redis = new Redis({
    url: options.url,
    token: options.token,
    automaticDeserialization: false,
    enableTelemetry: false,
    // One quick retry: an outage must turn into a decision, not a long stall.
    retry: { retries: 1, backoff: () => 50 },
  });
  const timeoutMs = options.timeoutMs ?? 1000;
  const prefix = options.prefix ?? "svc";
  const breaker = options.breaker ?? createCircuitBreaker({ minimumSpanMs: timeoutMs });
  const consumeScript = redis.createScript<Array<number | string>>(CONSUME_SCRIPT);
  const releaseScript = redis.createScript<number>(RELEASE_SCRIPT);
  const limiters = new Map<string, Ratelimit>();
  const background = new Set<Promise<unknown>>();

  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([work(), timeout]);
    } catch (err) {
      throw new MeterUnavailableError(err);
    } finally {
      clearTimeout(timer);
    }
  };
  /** Skipped at once while the circuit is open; otherwise bounded by the time-out. */
  const call = <T>(work: () => Promise<T>): Promise<T> => breaker.run(() => guarded(work));

  const markKey = (id: string) => `${prefix}:charge:${id}`;
  const counterKeys = (plan: MeterPlan) => plan.counters.map((c) => `${prefix}:${c.key}`);

  /**
   * Sends the release of a charge and keeps it until answered. A request the meter gave up on
   * is not taken back: a hung store runs it when it wakes (commands wait in its socket), so
   * the release, sent after it, either finds the charge and gives it back, or arrives first
   * and makes it move nothing. Either order ends with nothing charged.
   */
  const release = (id: string, plan: MeterPlan): Promise<number> => {
    const sent = releaseScript.exec([markKey(id), ...counterKeys(plan)], [String(CHARGE_MEMORY_SECONDS), ...plan.counters.map((c) => String(c.units))]);
    const kept = sent.catch(() => undefined).finally(() => background.delete(kept));
    background.add(kept);
    return sent;
  };

  return {
    name: "upstash",
    consume: (plan: MeterPlan) => {
      const id = plan.id ?? crypto.randomUUID();
      return call(async (): Promise<MeterOutcome> => {
        const reply = (
          await consumeScript.exec(
            [markKey(id), ...counterKeys(plan)],
            [String(CHARGE_MEMORY_SECONDS), ...plan.counters.flatMap((c) => [String(c.units), String(c.limit ?? -1), String(c.resetAt)])],
          )
        ).map(Number);
        const [allowed, refusedIndex, ...used] = reply;
        if (allowed === -1) throw new Error(`charge ${id} was released before the store ran it`);
        const readings = plan.counters.map((counter, i) => ({ counter, used: used[i] ?? 0 }));
        if (allowed === 1) return { allowed: true, readings };
        return { allowed: false, readings, refusedBy: readings[(refusedIndex ?? 1) - 1]! };
      }).catch((err: unknown) => {
        // Given up on (or skipped): make sure it moves nothing, whenever the store runs it.
        if (!(err instanceof CircuitOpenError)) void release(id, plan);
        throw err;
      });
    },
    refund: async (plan: ChargedPlan) => {
      // Sent even when the circuit is open or the answer is late: a release is idempotent,
      // and the charge of a failed call must not stand. Only the wait is bounded.
      const sent = release(plan.id, plan);
      await call(() => sent);
    },
    read: (keys) =>
      call(async () => {
        if (keys.length === 0) return [];
        const values = await redis.mget<Array<string | null>>(...keys.map((k) => `${prefix}:${k}`));
        return values.map((v) => (v === null ? 0 : Number(v)));
      }),
    burst: (subject, limit, windowSeconds) =>
      call(async (): Promise<BurstOutcome> => {
        const id = `${limit}/${windowSeconds}`;
        let limiter = limiters.get(id);
        if (!limiter) {
          limiter = new Ratelimit({
            redis,
            limiter: Ratelimit.slidingWindow(limit, `${windowSeconds} s`),
            prefix: `${prefix}:burst:${id}`,
            analytics: false,
            // The guard above decides on timeouts; the library must not pass calls silently.
            timeout: 0,
          });
          limiters.set(id, limiter);
        }
        const result = await limiter.limit(subject);
        return { allowed: result.success, limit: result.limit, remaining: result.remaining, resetAtMs: result.reset };
      }),
    settled: async () => {
      while (background.size > 0) await Promise.all([...background]);
    },
  };
}
