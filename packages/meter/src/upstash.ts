import { Redis } from "@upstash/redis";
import {
  type Admission,
  type BurstOutcome,
  type BurstRequest,
  CHARGE_MEMORY_SECONDS,
  type ChargedPlan,
  type Meter,
  MeterUnavailableError,
  type MeterOutcome,
  type MeterPlan,
} from "@svc/core";
import { CircuitOpenError, createCircuitBreaker, type CircuitBreaker } from "./breaker";

/**
 * Checks every counter of a plan and, only if none would pass its limit, adds the units to
 * all of them, sets each key to expire at its window's end, and marks the charge as charged
 * for CHARGE_MEMORY_SECONDS. Atomic, so concurrent calls cannot both take the last unit.
 * KEYS from k: the charge's mark, then the counters. ARGV from a: the mark's lifetime, then
 * (units, limit or -1, resetAt) per counter. A charge already marked moves nothing: released
 * (its caller gave up on it) answers -1; charged (a retried request) answers as allowed, with
 * the counts. Returns {allowed (1/0/-1), index of the refusing counter (1-based, 0 if none), used...}.
 */
const CONSUME_FUNCTION = `
local function consume(k, a)
  local mark = redis.call('GET', KEYS[k])
  local used = {}
  local n = #KEYS - k
  for i = 1, n do used[i] = tonumber(redis.call('GET', KEYS[k + i]) or '0') end
  if mark == 'released' then return {-1, 0, unpack(used)} end
  if mark == 'charged' then return {1, 0, unpack(used)} end
  for i = 1, n do
    local units = tonumber(ARGV[a + (i - 1) * 3 + 1])
    local limit = tonumber(ARGV[a + (i - 1) * 3 + 2])
    if limit >= 0 and used[i] + units > limit then return {0, i, unpack(used)} end
  end
  for i = 1, n do
    used[i] = redis.call('INCRBY', KEYS[k + i], tonumber(ARGV[a + (i - 1) * 3 + 1]))
    redis.call('EXPIREAT', KEYS[k + i], tonumber(ARGV[a + (i - 1) * 3 + 3]))
  end
  redis.call('SET', KEYS[k], 'charged', 'EX', tonumber(ARGV[a]))
  return {1, 0, unpack(used)}
end
`;

const CONSUME_SCRIPT = `${CONSUME_FUNCTION}
return consume(1, 1)
`;

/**
 * The burst window, then the plan, in one script (one round trip): a sliding window over two
 * fixed windows, the previous one weighed by how much of it the sliding window still covers
 * (the algorithm of @upstash/ratelimit's slidingWindow). A call the window refuses is not
 * counted and consumes nothing. KEYS: the current fixed window's counter, the previous one's,
 * then (optionally) the plan's keys as CONSUME_FUNCTION takes them. ARGV: the limit, the window
 * in ms, now in ms, then the plan's arguments. Returns {allowed (1/0), remaining, reset ms},
 * followed by consume's reply when a plan was given and the window let the call through.
 */
const ADMIT_SCRIPT = `${CONSUME_FUNCTION}
local limit = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local nowMs = tonumber(ARGV[3])
local into = nowMs % windowMs
local resetMs = nowMs - into + windowMs
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local previous = tonumber(redis.call('GET', KEYS[2]) or '0')
local seen = math.floor(previous * (windowMs - into) / windowMs) + current
if seen >= limit then return {0, 0, resetMs} end
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], windowMs * 2)
local head = {1, limit - seen - 1, resetMs}
if #KEYS < 3 then return head end
local charged = consume(3, 4)
for i = 1, #charged do head[3 + i] = charged[i] end
return head
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
  const admitScript = redis.createScript<Array<number | string>>(ADMIT_SCRIPT);
  const releaseScript = redis.createScript<number>(RELEASE_SCRIPT);
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

  /** A plan's keys and arguments, as CONSUME_FUNCTION takes them. */
  const planArgs = (id: string, plan: MeterPlan) => ({
    keys: [markKey(id), ...counterKeys(plan)],
    args: [String(CHARGE_MEMORY_SECONDS), ...plan.counters.flatMap((c) => [String(c.units), String(c.limit ?? -1), String(c.resetAt)])],
  });

  /** consume's reply as an outcome. */
  const outcomeOf = (id: string, plan: MeterPlan, reply: readonly number[]): MeterOutcome => {
    const [allowed, refusedIndex, ...used] = reply;
    if (allowed === -1) throw new Error(`charge ${id} was released before the store ran it`);
    const readings = plan.counters.map((counter, i) => ({ counter, used: used[i] ?? 0 }));
    if (allowed === 1) return { allowed: true, readings };
    return { allowed: false, readings, refusedBy: readings[(refusedIndex ?? 1) - 1]! };
  };

  /** Runs a call that may consume a plan; given up on (or skipped), makes sure the plan moves nothing, whenever the store runs it. */
  const charging = <T>(id: string, plan: MeterPlan | undefined, work: () => Promise<T>): Promise<T> =>
    call(work).catch((err: unknown) => {
      if (plan && !(err instanceof CircuitOpenError)) void release(id, plan);
      throw err;
    });

  return {
    name: "upstash",
    consume: (plan: MeterPlan) => {
      const id = plan.id ?? crypto.randomUUID();
      const { keys, args } = planArgs(id, plan);
      return charging(id, plan, async () => outcomeOf(id, plan, (await consumeScript.exec(keys, args)).map(Number)));
    },
    admit: (request: BurstRequest, plan?: MeterPlan) => {
      const id = plan?.id ?? crypto.randomUUID();
      const windowMs = request.windowSeconds * 1000;
      const nowMs = Date.now();
      const window = Math.floor(nowMs / windowMs);
      const burstKey = (n: number) => `${prefix}:burst:${request.limit}/${request.windowSeconds}:${request.subject}:${n}`;
      const charged = plan ? planArgs(id, plan) : { keys: [], args: [] };
      return charging(id, plan, async (): Promise<Admission> => {
        const reply = (
          await admitScript.exec(
            [burstKey(window), burstKey(window - 1), ...charged.keys],
            [String(request.limit), String(windowMs), String(nowMs), ...charged.args],
          )
        ).map(Number);
        const [allowed, remaining, resetAtMs, ...rest] = reply;
        const burst: BurstOutcome = {
          allowed: allowed === 1,
          limit: request.limit,
          remaining: Math.max(0, remaining ?? 0),
          resetAtMs: resetAtMs ?? nowMs + windowMs,
        };
        return { burst, charge: plan && burst.allowed ? outcomeOf(id, plan, rest) : null };
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
    settled: async () => {
      while (background.size > 0) await Promise.all([...background]);
    },
  };
}
