import * as z from "zod";
import { SKILLS, type Skill } from "./catalogue/skills";
import { LimitExceededError, UnavailableError } from "./errors";
import type { Principal } from "./credentials";

/**
 * Metering policy, pure: which counters a call draws on, with their limits and windows. The
 * meter port applies a plan atomically (all counters move, or none). Windows are calendar
 * periods in UTC: a free allowance resets on the first of the next month, a paid daily limit
 * at the next midnight.
 */

export interface MeterCounter {
  readonly key: string;
  /** Null: counted (for billing and read-back) but never refused. */
  readonly limit: number | null;
  readonly units: number;
  /** Unix seconds at which the counter's window ends and the key expires. */
  readonly resetAt: number;
  /** What the counter is, for the refusal and the headers. */
  readonly policy: MeterPolicyName;
  readonly skill: string;
}

export type MeterPolicyName = "monthly_allowance" | "daily_limit" | "usage" | "chain_iterations" | "baseline_retakes";

export interface MeterPlan {
  readonly counters: readonly MeterCounter[];
  /**
   * Names the charge (the request id plus a nonce), so that it moves the counters at most
   * once: a repeated consume of the same id is charged once, a refund gives the units back
   * once, and a consume that reaches the store after its charge was released (its caller gave
   * up on it) moves nothing. Absent on a consume: the meter names it.
   */
  readonly id?: string;
}

/** A plan that names its charge: what a refund takes. */
export type ChargedPlan = MeterPlan & { readonly id: string };

/**
 * How long the store remembers a charge (charged, or released): longer than any call can take
 * between its charge and its refund, and than a command can wait in a hung store's queue.
 */
export const CHARGE_MEMORY_SECONDS = 900;

export interface CounterReading {
  readonly counter: MeterCounter;
  /** Units used in the window after this call (or, when refused, before it). */
  readonly used: number;
}

export type MeterOutcome =
  | { readonly allowed: true; readonly readings: readonly CounterReading[] }
  | { readonly allowed: false; readonly readings: readonly CounterReading[]; readonly refusedBy: CounterReading };

export interface BurstOutcome {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Unix milliseconds. */
  readonly resetAtMs: number;
}

/** A credential's short sliding window: at most `limit` calls in any `windowSeconds`. */
export interface BurstRequest {
  readonly subject: string;
  readonly limit: number;
  readonly windowSeconds: number;
}

export interface Admission {
  readonly burst: BurstOutcome;
  /** The plan's outcome: null when no plan was given or the burst window refused the call. */
  readonly charge: MeterOutcome | null;
}

/** The meter port: Upstash Redis in production, an in-process store for `npm start`. */
export interface Meter {
  readonly name: string;
  consume(plan: MeterPlan): Promise<MeterOutcome>;
  /** Current values of counters, 0 for absent ones. */
  read(keys: readonly string[]): Promise<number[]>;
  /**
   * The caller's burst window and, when it lets the call through, a plan, in one atomic call
   * (one round trip to the store): a call the window refuses consumes nothing. A plan that is
   * given is consumed as by `consume`.
   */
  admit(burst: BurstRequest, plan?: MeterPlan): Promise<Admission>;
  /**
   * Releases the charge named `plan.id`: gives its units back if it was charged (once, never
   * below zero), so a call that failed upstream costs nothing; and leaves a mark that makes a
   * consume of that id arriving later move nothing.
   */
  refund(plan: ChargedPlan): Promise<void>;
}

/**
 * Thrown by a meter that cannot reach its store. A consume that rejects with it moves nothing:
 * the meter releases the charge in case the store runs the command after the caller gave up.
 */
export class MeterUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`meter store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "MeterUnavailableError";
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Charging: one shape for every charged call                                                   */
/* ------------------------------------------------------------------------------------------ */

/** What was charged, so work that then fails can give it back. */
export interface Charge {
  refund(): Promise<void>;
}

export const NOTHING_CHARGED: Charge = { refund: async () => undefined };

/** What a charge takes from the meter, in one atomic plan: a refusal of any counter moves none. */
export interface ChargeRequest {
  /** Units of the route's skill; 0 when the call is already paid (a clarification turn). */
  readonly units: number;
  /** The call's own limits, keyed by the caller's meter subject (a chain's iterations). */
  readonly extra?: (subject: string) => readonly MeterCounter[];
  /** Limits that hold for every caller, operators included (one baseline per agent a month). */
  readonly always?: readonly MeterCounter[];
}

/**
 * Charges the route's skill for the caller: bound to the request by the HTTP layer, handed to a
 * service that charges once its own checks pass (so those refusals cost nothing). Throws the
 * 429 that names the spent allowance, or the 503 of a meter outage on a route that fails closed.
 */
export type Charger = (request: ChargeRequest) => Promise<Charge>;

/**
 * The one shape of charged work: charge, run the work, and give the charge back if the work
 * fails, so a failed call costs nothing; the work's error goes on.
 */
export async function charged<T>(charge: () => Promise<Charge>, work: () => Promise<T>): Promise<T> {
  const taken = await charge();
  try {
    return await work();
  } catch (err) {
    await taken.refund();
    throw err;
  }
}

export const DEFAULT_PAID_DAILY_LIMIT = 500;

const pad = (n: number) => String(n).padStart(2, "0");
export const monthOf = (now: Date) => `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}`;
export const dayOf = (now: Date) => `${monthOf(now)}-${pad(now.getUTCDate())}`;
/** Unix seconds of the first instant of the next UTC month. */
export const nextMonthStart = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000;
/** Unix seconds of the next UTC midnight. */
export const nextDayStart = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000;

/** Whose allowance a call draws on: the API key, or the human user. Operators are not metered. */
export function meterSubject(principal: Principal): string | null {
  if (principal.type === "operator") return null;
  // A user's owner id is already `user:<sub>`; a key is metered per credential, not per owner.
  return principal.type === "api_key" ? `key:${principal.credential_id}` : principal.owner_id;
}

/** Who made a record, for records only their maker may read (narratives, chains): the credential, or the operator. */
export function callerSubject(principal: Principal): string {
  return meterSubject(principal) ?? "operator";
}

export function skillById(id: string): Skill {
  const skill = SKILLS.find((s) => s.id === id);
  if (!skill) throw new Error(`unknown skill ${id}`);
  return skill;
}

const usageKey = (subject: string, skill: string, now: Date) => `usage:${subject}:${skill}:${monthOf(now)}`;
const dailyKey = (subject: string, now: Date) => `daily:${subject}:${dayOf(now)}`;

/**
 * The counters one call to a skill moves. Free tier: the skill's monthly allowance (which is
 * also its usage counter). Paid tier: the credential's daily limit across skills, plus the
 * skill's monthly usage for billing. `units` is 1 per call, or the number of loops.
 */
export function planSkillCall(input: { subject: string; tier: "free" | "paid"; skill: string; units: number; now: Date; paidDailyLimit: number }): MeterPlan {
  const skill = skillById(input.skill);
  const usage: MeterCounter = {
    key: usageKey(input.subject, skill.id, input.now),
    limit: input.tier === "free" ? skill.free_monthly_allowance : null,
    units: input.units,
    resetAt: nextMonthStart(input.now),
    policy: input.tier === "free" ? "monthly_allowance" : "usage",
    skill: skill.id,
  };
  if (input.tier === "free") return { counters: [usage] };
  const daily: MeterCounter = {
    key: dailyKey(input.subject, input.now),
    limit: input.paidDailyLimit,
    units: input.units,
    resetAt: nextDayStart(input.now),
    policy: "daily_limit",
    skill: skill.id,
  };
  return { counters: [daily, usage] };
}

/** Deliberation iterations per chain: 1 on the free tier, up to 3 paid. Chains live 30 days. */
export const CHAIN_ITERATIONS = { free: 1, paid: 3 } as const;
const CHAIN_LIFETIME_SECONDS = 30 * 24 * 3600;

export function planChainIteration(input: { subject: string; tier: "free" | "paid"; chainId: string; now: Date }): MeterCounter {
  return {
    key: `chain:${input.subject}:${input.chainId}`,
    limit: CHAIN_ITERATIONS[input.tier],
    units: 1,
    resetAt: Math.floor(input.now.getTime() / 1000) + CHAIN_LIFETIME_SECONDS,
    policy: "chain_iterations",
    skill: "svc-iterate",
  };
}

/** Baseline retakes: one per calendar month per agent, on both tiers. */
export const BASELINE_TAKES_PER_MONTH = 1;

export function planBaselineTake(input: { agentId: string; now: Date }): MeterCounter {
  return {
    key: `baseline:${input.agentId}:${monthOf(input.now)}`,
    limit: BASELINE_TAKES_PER_MONTH,
    units: 1,
    resetAt: nextMonthStart(input.now),
    policy: "baseline_retakes",
    skill: "baseline",
  };
}

/** The 429 for a refused plan: which skill and policy, the limit, and when it resets. */
export function limitExceeded(refused: CounterReading, now: Date): LimitExceededError {
  const { counter, used } = refused;
  const resetIso = new Date(counter.resetAt * 1000).toISOString();
  const retryAfter = Math.max(1, Math.ceil(counter.resetAt - now.getTime() / 1000));
  const what: Record<MeterPolicyName, string> = {
    monthly_allowance: `the free monthly allowance of ${counter.limit} for ${counter.skill}`,
    daily_limit: `this credential's daily limit of ${counter.limit} calls`,
    usage: "usage",
    chain_iterations: `the ${counter.limit} deliberation iteration(s) allowed per chain on this tier`,
    baseline_retakes: `the ${counter.limit} baseline assessment allowed per agent per month`,
  };
  return new LimitExceededError(`This call would exceed ${what[counter.policy]}; it resets at ${resetIso}.`, "allowance_exhausted", {
    skill: counter.skill,
    policy: counter.policy,
    limit: counter.limit,
    used,
    reset: resetIso,
    retry_after: retryAfter,
  });
}

export function burstExceeded(outcome: BurstOutcome, now: Date): LimitExceededError {
  const retryAfter = Math.max(1, Math.ceil((outcome.resetAtMs - now.getTime()) / 1000));
  return new LimitExceededError(
    `Too many requests in a short time from this credential (limit ${outcome.limit}); slow down and retry after ${retryAfter} s.`,
    "rate_limited",
    { limit: outcome.limit, reset: new Date(outcome.resetAtMs).toISOString(), retry_after: retryAfter },
  );
}

export function meteringUnavailable(): UnavailableError {
  return new UnavailableError("Metering is unavailable, so this call cannot be accounted for; retry shortly.", "metering_unavailable", {
    retry_after: 30,
  });
}

export const UsageResponse = z.object({
  metered: z.boolean().describe("False for operators, who are not metered."),
  tier: z.enum(["free", "paid"]),
  month: z.string().describe("The current calendar month (UTC), YYYY-MM."),
  skills: z.array(
    z.object({
      skill: z.string(),
      unit: z.enum(["call", "loop", "chain"]),
      used: z.number().int().describe("Units used this month."),
      limit: z.number().int().nullable().describe("Free monthly allowance; null when unlimited (and on the paid tier)."),
      remaining: z.number().int().nullable(),
      reset: z.string().describe("ISO 8601: when the monthly count starts again."),
    }),
  ),
  daily: z
    .object({ used: z.number().int(), limit: z.number().int(), remaining: z.number().int(), reset: z.string() })
    .nullable()
    .describe("Paid tier: calls today across skills against the credential's daily limit."),
});
export type UsageResponse = z.infer<typeof UsageResponse>;

/** The caller's usage for the current periods, read from the meter. */
export async function readUsage(input: { meter: Meter; principal: Principal; now: Date; paidDailyLimit: number }): Promise<UsageResponse> {
  const { principal, now } = input;
  const subject = meterSubject(principal);
  const month = monthOf(now);
  const monthReset = new Date(nextMonthStart(now) * 1000).toISOString();
  if (!subject) {
    return { metered: false, tier: principal.tier, month, skills: [], daily: null };
  }
  const keys = SKILLS.map((skill) => usageKey(subject, skill.id, now));
  const daily = principal.tier === "paid" ? dailyKey(subject, now) : null;
  const values = await input.meter.read(daily ? [...keys, daily] : keys);
  const skills = SKILLS.map((skill, i) => {
    const used = values[i] ?? 0;
    const limit = principal.tier === "free" ? skill.free_monthly_allowance : null;
    return { skill: skill.id, unit: skill.unit, used, limit, remaining: limit === null ? null : Math.max(0, limit - used), reset: monthReset };
  });
  const dailyLimit = (principal.type === "api_key" ? principal.daily_limit : null) ?? input.paidDailyLimit;
  const dailyUsed = daily ? (values[keys.length] ?? 0) : 0;
  return {
    metered: true,
    tier: principal.tier,
    month,
    skills,
    daily: daily
      ? { used: dailyUsed, limit: dailyLimit, remaining: Math.max(0, dailyLimit - dailyUsed), reset: new Date(nextDayStart(now) * 1000).toISOString() }
      : null,
  };
}
