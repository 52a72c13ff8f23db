import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import { MeterUnavailableError, type BurstOutcome, type Meter, type MeterOutcome, type MeterPlan } from "@svc/core";

/**
 * Checks every counter of a plan and, only if none would pass its limit, adds the units to
 * all of them and sets each key to expire at its window's end. One script, so concurrent
 * calls cannot both take the last unit. ARGV holds (units, limit or -1, resetAt) per key.
 * Returns {allowed (1/0), index of the refusing counter (1-based, 0 if none), used...}.
 */
const CONSUME_SCRIPT = `
local used = {}
for i = 1, #KEYS do used[i] = tonumber(redis.call('GET', KEYS[i]) or '0') end
for i = 1, #KEYS do
  local units = tonumber(ARGV[(i - 1) * 3 + 1])
  local limit = tonumber(ARGV[(i - 1) * 3 + 2])
  if limit >= 0 and used[i] + units > limit then return {0, i, unpack(used)} end
end
for i = 1, #KEYS do
  used[i] = redis.call('INCRBY', KEYS[i], tonumber(ARGV[(i - 1) * 3 + 1]))
  redis.call('EXPIREAT', KEYS[i], tonumber(ARGV[(i - 1) * 3 + 3]))
end
return {1, 0, unpack(used)}
`;

/** Takes each counter's units back, never below zero, keeping its expiry. ARGV: units per key. */
const REFUND_SCRIPT = `
for i = 1, #KEYS do
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
}

/** The production meter: Upstash Redis over its REST API (works from Workers and Node). */
export function createUpstashMeter(options: UpstashMeterOptions): Meter {
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
  const consumeScript = redis.createScript<Array<number | string>>(CONSUME_SCRIPT);
  const refundScript = redis.createScript<number>(REFUND_SCRIPT);
  const limiters = new Map<string, Ratelimit>();

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

  return {
    name: "upstash",
    consume: (plan: MeterPlan) =>
      guarded(async (): Promise<MeterOutcome> => {
        const keys = plan.counters.map((c) => `${prefix}:${c.key}`);
        const args = plan.counters.flatMap((c) => [String(c.units), String(c.limit ?? -1), String(c.resetAt)]);
        const reply = (await consumeScript.exec(keys, args)).map(Number);
        const [allowed, refusedIndex, ...used] = reply;
        const readings = plan.counters.map((counter, i) => ({ counter, used: used[i] ?? 0 }));
        if (allowed === 1) return { allowed: true, readings };
        return { allowed: false, readings, refusedBy: readings[(refusedIndex ?? 1) - 1]! };
      }),
    refund: (plan: MeterPlan) =>
      guarded(async () => {
        if (plan.counters.length === 0) return;
        await refundScript.exec(
          plan.counters.map((c) => `${prefix}:${c.key}`),
          plan.counters.map((c) => String(c.units)),
        );
      }),
    read: (keys) =>
      guarded(async () => {
        if (keys.length === 0) return [];
        const values = await redis.mget<Array<string | null>>(...keys.map((k) => `${prefix}:${k}`));
        return values.map((v) => (v === null ? 0 : Number(v)));
      }),
    burst: (subject, limit, windowSeconds) =>
      guarded(async (): Promise<BurstOutcome> => {
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
  };
}
