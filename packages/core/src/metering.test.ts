import { describe, expect, it } from "vitest";
import { SKILLS } from "./catalogue/skills";
import type { Principal } from "./credentials";
import { LimitExceededError } from "./errors";
import {
  BASELINE_TAKES_PER_MONTH,
  burstExceeded,
  CHAIN_ITERATIONS,
  DEFAULT_PAID_DAILY_LIMIT,
  limitExceeded,
  meteringUnavailable,
  meterSubject,
  planBaselineTake,
  planChainIteration,
  planSkillCall,
  readUsage,
  UsageResponse,
  type Meter,
} from "./metering";
import { reading } from "../../../tests/support/readings";
import { SPEC_FREE_ALLOWANCE } from "../../../tests/support/spec_skills";

// The metering policy, pure: which counters a call draws on, their limits and windows, the
// refusals and headers, and the usage read-back (over a stub meter that answers reads).

const at = (iso: string) => new Date(iso);
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe("the skill table", () => {
  it("holds exactly the 27 skills of section 8", () => {
    expect(SKILLS.map((s) => s.id).sort()).toEqual(Object.keys(SPEC_FREE_ALLOWANCE).sort());
  });
});

describe("planSkillCall, free tier", () => {
  const now = at("2026-11-15T10:30:00Z");

  it.each(Object.entries(SPEC_FREE_ALLOWANCE))("%s: one monthly_allowance counter with the allowance %s", (skill, allowance) => {
    const plan = planSkillCall({ subject: "key:abc", tier: "free", skill, units: 1, now, paidDailyLimit: 500 });
    expect(plan.counters).toEqual([
      {
        key: `usage:key:abc:${skill}:2026-11`,
        limit: allowance,
        units: 1,
        resetAt: seconds("2026-12-01T00:00:00Z"),
        policy: "monthly_allowance",
        skill,
      },
    ]);
  });

  it("counts loops as units", () => {
    const plan = planSkillCall({ subject: "key:abc", tier: "free", skill: "svc-reason", units: 3, now, paidDailyLimit: 500 });
    expect(plan.counters.map((c) => c.units)).toEqual([3]);
  });

  it("ignores the paid daily limit", () => {
    const plan = planSkillCall({ subject: "key:abc", tier: "free", skill: "svc-score", units: 1, now, paidDailyLimit: 1 });
    expect(plan.counters.map((c) => c.policy)).toEqual(["monthly_allowance"]);
  });

  it("keeps subjects apart in the key", () => {
    const a = planSkillCall({ subject: "key:a", tier: "free", skill: "svc-score", units: 1, now, paidDailyLimit: 500 });
    const b = planSkillCall({ subject: "user:a", tier: "free", skill: "svc-score", units: 1, now, paidDailyLimit: 500 });
    expect(a.counters[0]!.key).not.toBe(b.counters[0]!.key);
  });

  it("refuses an unknown skill", () => {
    expect(() => planSkillCall({ subject: "key:a", tier: "free", skill: "svc-nope", units: 1, now, paidDailyLimit: 500 })).toThrow(/unknown skill/);
  });
});

describe("planSkillCall, paid tier", () => {
  it("draws on the daily limit and counts usage without a limit, for billing", () => {
    const now = at("2026-11-15T10:30:00Z");
    const plan = planSkillCall({ subject: "key:abc", tier: "paid", skill: "svc-reason", units: 2, now, paidDailyLimit: 750 });
    expect(plan.counters).toEqual([
      { key: "daily:key:abc:2026-11-15", limit: 750, units: 2, resetAt: seconds("2026-11-16T00:00:00Z"), policy: "daily_limit", skill: "svc-reason" },
      { key: "usage:key:abc:svc-reason:2026-11", limit: null, units: 2, resetAt: seconds("2026-12-01T00:00:00Z"), policy: "usage", skill: "svc-reason" },
    ]);
  });

  it("shares one daily key across skills and keeps usage per skill", () => {
    const now = at("2026-11-15T10:30:00Z");
    const score = planSkillCall({ subject: "key:abc", tier: "paid", skill: "svc-score", units: 1, now, paidDailyLimit: 500 });
    const guard = planSkillCall({ subject: "key:abc", tier: "paid", skill: "svc-guard", units: 1, now, paidDailyLimit: 500 });
    expect(score.counters[0]!.key).toBe(guard.counters[0]!.key);
    expect(score.counters[1]!.key).not.toBe(guard.counters[1]!.key);
  });

  it("defaults to 500 calls a day", () => {
    expect(DEFAULT_PAID_DAILY_LIMIT).toBe(500);
  });
});

describe("windows are calendar periods in UTC", () => {
  it.each([
    ["mid-month", "2026-11-15T10:30:00Z", "2026-11", "2026-12-01T00:00:00Z", "2026-11-15", "2026-11-16T00:00:00Z"],
    ["the last second of a year", "2026-12-31T23:59:59Z", "2026-12", "2027-01-01T00:00:00Z", "2026-12-31", "2027-01-01T00:00:00Z"],
    ["the first instant of a year", "2027-01-01T00:00:00Z", "2027-01", "2027-02-01T00:00:00Z", "2027-01-01", "2027-01-02T00:00:00Z"],
    ["the last day of a 30-day month", "2026-04-30T23:00:00Z", "2026-04", "2026-05-01T00:00:00Z", "2026-04-30", "2026-05-01T00:00:00Z"],
    ["February in a leap year", "2028-02-28T12:00:00Z", "2028-02", "2028-03-01T00:00:00Z", "2028-02-28", "2028-02-29T00:00:00Z"],
    ["February 29th", "2028-02-29T23:59:59.999Z", "2028-02", "2028-03-01T00:00:00Z", "2028-02-29", "2028-03-01T00:00:00Z"],
    ["late evening west of UTC (still UTC's next day)", "2026-06-30T23:30:00-05:00", "2026-07", "2026-08-01T00:00:00Z", "2026-07-01", "2026-07-02T00:00:00Z"],
  ])("%s: %s", (_label, iso, month, monthReset, day, dayReset) => {
    const now = at(iso);
    const free = planSkillCall({ subject: "key:k", tier: "free", skill: "svc-score", units: 1, now, paidDailyLimit: 500 });
    expect(free.counters[0]!.key).toBe(`usage:key:k:svc-score:${month}`);
    expect(free.counters[0]!.resetAt).toBe(seconds(monthReset));
    const paid = planSkillCall({ subject: "key:k", tier: "paid", skill: "svc-score", units: 1, now, paidDailyLimit: 500 });
    expect(paid.counters[0]!.key).toBe(`daily:key:k:${day}`);
    expect(paid.counters[0]!.resetAt).toBe(seconds(dayReset));
    expect(paid.counters[1]!.key).toBe(`usage:key:k:svc-score:${month}`);
    expect(paid.counters[1]!.resetAt).toBe(seconds(monthReset));
    expect(Number.isInteger(free.counters[0]!.resetAt)).toBe(true);
  });
});

describe("planChainIteration", () => {
  const now = at("2026-11-15T10:30:00Z");

  it.each([
    ["free", 1],
    ["paid", 3],
  ] as const)("allows %s chains %i deliberation iteration(s)", (tier, limit) => {
    const counter = planChainIteration({ subject: "key:abc", tier, chainId: "chain-1", now });
    expect(counter).toMatchObject({ limit, units: 1, policy: "chain_iterations", skill: "svc-iterate" });
    expect(CHAIN_ITERATIONS[tier]).toBe(limit);
  });

  it("keys the counter by subject and chain, and keeps it 30 days", () => {
    const counter = planChainIteration({ subject: "key:abc", tier: "free", chainId: "chain-1", now });
    expect(counter.key).toContain("key:abc");
    expect(counter.key).toContain("chain-1");
    expect(counter.key).not.toBe(planChainIteration({ subject: "key:abc", tier: "free", chainId: "chain-2", now }).key);
    expect(counter.key).not.toBe(planChainIteration({ subject: "key:xyz", tier: "free", chainId: "chain-1", now }).key);
    expect(counter.resetAt).toBe(now.getTime() / 1000 + 30 * 86_400);
  });
});

describe("planBaselineTake", () => {
  it("allows one baseline per agent per calendar month, on both tiers", () => {
    const counter = planBaselineTake({ agentId: "agent-7", now: at("2026-12-31T23:59:59Z") });
    expect(BASELINE_TAKES_PER_MONTH).toBe(1);
    expect(counter).toEqual({
      key: "baseline:agent-7:2026-12",
      limit: 1,
      units: 1,
      resetAt: seconds("2027-01-01T00:00:00Z"),
      policy: "baseline_retakes",
      skill: "baseline",
    });
  });

  it("keys agents and months apart", () => {
    const now = at("2026-11-15T00:00:00Z");
    const a = planBaselineTake({ agentId: "agent-a", now }).key;
    expect(planBaselineTake({ agentId: "agent-b", now }).key).not.toBe(a);
    expect(planBaselineTake({ agentId: "agent-a", now: at("2026-12-01T00:00:00Z") }).key).not.toBe(a);
  });
});

describe("limitExceeded", () => {
  it("is a 429 allowance_exhausted naming the skill, the limit, the use and the reset", () => {
    const now = at("2026-11-30T23:59:00Z");
    const err = limitExceeded(reading({}, 100), now);
    expect(err).toBeInstanceOf(LimitExceededError);
    expect(err.kind).toBe("limit_exceeded");
    expect(err.code).toBe("allowance_exhausted");
    expect(err.extra).toEqual({
      skill: "svc-score",
      policy: "monthly_allowance",
      limit: 100,
      used: 100,
      reset: "2026-12-01T00:00:00.000Z",
      retry_after: 60,
    });
    expect(err.message).toContain("svc-score");
    expect(err.message).toContain("2026-12-01T00:00:00.000Z");
  });

  it("rounds retry_after up to whole seconds and never below 1", () => {
    expect(limitExceeded(reading({}, 100), at("2026-11-30T23:59:59.200Z")).extra!.retry_after).toBe(1);
    expect(limitExceeded(reading({}, 100), at("2026-12-01T00:00:00.000Z")).extra!.retry_after).toBe(1);
    expect(limitExceeded(reading({}, 100), at("2026-11-30T23:58:58.500Z")).extra!.retry_after).toBe(62);
  });

  it.each([
    ["daily_limit", /daily limit of 3/],
    ["chain_iterations", /iteration/],
    ["baseline_retakes", /baseline/],
  ] as const)("describes a %s refusal", (policy, message) => {
    const err = limitExceeded(reading({ policy, limit: 3 }, 3), at("2026-11-15T00:00:00Z"));
    expect(err.code).toBe("allowance_exhausted");
    expect(err.extra).toMatchObject({ policy, limit: 3, used: 3 });
    expect(err.message).toMatch(message);
  });
});

describe("burstExceeded", () => {
  it("is a 429 rate_limited with the limit, the reset and a positive retry_after", () => {
    const now = at("2026-11-15T10:00:00Z");
    const err = burstExceeded({ allowed: false, limit: 60, remaining: 0, resetAtMs: now.getTime() + 4_200 }, now);
    expect(err).toBeInstanceOf(LimitExceededError);
    expect(err.code).toBe("rate_limited");
    expect(err.extra).toEqual({ limit: 60, reset: "2026-11-15T10:00:04.200Z", retry_after: 5 });
  });

  it("never says to retry after less than a second", () => {
    const now = at("2026-11-15T10:00:00Z");
    expect(burstExceeded({ allowed: false, limit: 1, remaining: 0, resetAtMs: now.getTime() - 10 }, now).extra!.retry_after).toBe(1);
  });
});

describe("meteringUnavailable", () => {
  it("is a 503 metering_unavailable with a retry_after", () => {
    const err = meteringUnavailable();
    expect(err.kind).toBe("unavailable");
    expect(err.code).toBe("metering_unavailable");
    expect(err.extra!.retry_after).toBeGreaterThan(0);
  });
});

describe("meterSubject", () => {
  it("meters keys by credential, users by owner, and operators not at all", () => {
    expect(meterSubject(freeKey)).toBe(`key:${freeKey.credential_id}`);
    expect(meterSubject(user)).toBe("user:user-1");
    expect(meterSubject(operator)).toBeNull();
  });
});

const freeKey: Extract<Principal, { type: "api_key" }> = {
  type: "api_key",
  credential_id: "11111111-1111-4111-8111-111111111111",
  kind: "live",
  owner_id: "key:owner-1",
  agent_id: null,
  tier: "free",
  capabilities: [],
  daily_limit: null,
};
const user: Principal = { type: "user", owner_id: "user:user-1", tier: "free", capabilities: [] };
const operator: Principal = { type: "operator", owner_id: "operator", tier: "paid", capabilities: ["operator"] };

/** A meter that answers reads from a map and records the keys asked for. */
function readingMeter(values: Record<string, number>): Meter & { asked: string[][] } {
  const asked: string[][] = [];
  return {
    name: "stub",
    asked,
    consume: () => Promise.reject(new Error("not used")),
    admit: () => Promise.reject(new Error("not used")),
    refund: () => Promise.reject(new Error("not used")),
    read: async (keys) => {
      asked.push([...keys]);
      return keys.map((k) => values[k] ?? 0);
    },
  };
}

describe("readUsage", () => {
  const now = at("2026-11-15T10:30:00Z");

  it("shows a free key every skill with used, limit, remaining and the month's reset", async () => {
    const subject = `key:${freeKey.credential_id}`;
    const meter = readingMeter({ [`usage:${subject}:svc-score:2026-11`]: 40, [`usage:${subject}:svc-reason:2026-11`]: 31 });
    const usage = await readUsage({ meter, principal: freeKey, now, paidDailyLimit: 500 });
    expect(UsageResponse.strict().safeParse(usage).success).toBe(true);
    expect(usage).toMatchObject({ metered: true, tier: "free", month: "2026-11", daily: null });
    expect(usage.skills).toHaveLength(27);
    expect(usage.skills.map((s) => [s.skill, s.limit])).toEqual(SKILLS.map((s) => [s.id, s.free_monthly_allowance]));
    expect(usage.skills.every((s) => s.reset === "2026-12-01T00:00:00.000Z")).toBe(true);
    const bySkill = Object.fromEntries(usage.skills.map((s) => [s.skill, s]));
    expect(bySkill["svc-score"]).toEqual({ skill: "svc-score", unit: "call", used: 40, limit: 100, remaining: 60, reset: "2026-12-01T00:00:00.000Z" });
    expect(bySkill["svc-reason"]).toMatchObject({ unit: "loop", used: 31, limit: 30, remaining: 0 });
    expect(bySkill["svc-iterate"]).toMatchObject({ unit: "chain", used: 0, limit: 50, remaining: 50 });
    expect(bySkill["svc-context"]).toMatchObject({ used: 0, limit: null, remaining: null });
    // It reads exactly the keys planSkillCall moves.
    const planned = planSkillCall({ subject, tier: "free", skill: "svc-score", units: 1, now, paidDailyLimit: 500 }).counters[0]!.key;
    expect(meter.asked).toHaveLength(1);
    expect(meter.asked[0]).toContain(planned);
  });

  it("shows a paid key usage without limits and today's calls against its own daily limit", async () => {
    const paid = { ...freeKey, tier: "paid" as const, daily_limit: 40 };
    const subject = `key:${paid.credential_id}`;
    const meter = readingMeter({ [`usage:${subject}:svc-score:2026-11`]: 7, [`daily:${subject}:2026-11-15`]: 9 });
    const usage = await readUsage({ meter, principal: paid, now, paidDailyLimit: 500 });
    expect(UsageResponse.strict().safeParse(usage).success).toBe(true);
    expect(usage).toMatchObject({ metered: true, tier: "paid", month: "2026-11" });
    expect(usage.skills.every((s) => s.limit === null && s.remaining === null)).toBe(true);
    expect(usage.skills.find((s) => s.skill === "svc-score")!.used).toBe(7);
    expect(usage.daily).toEqual({ used: 9, limit: 40, remaining: 31, reset: "2026-11-16T00:00:00.000Z" });
    const plannedDaily = planSkillCall({ subject, tier: "paid", skill: "svc-score", units: 1, now, paidDailyLimit: 40 }).counters[0]!.key;
    expect(meter.asked[0]).toContain(plannedDaily);
  });

  it("falls back to the deployment's paid daily limit for a key without one", async () => {
    const paid = { ...freeKey, tier: "paid" as const, daily_limit: null };
    const usage = await readUsage({ meter: readingMeter({}), principal: paid, now, paidDailyLimit: 321 });
    expect(usage.daily).toEqual({ used: 0, limit: 321, remaining: 321, reset: "2026-11-16T00:00:00.000Z" });
  });

  it("meters a user under its own subject, with the tier of its token", async () => {
    const paidUser: Principal = { ...user, tier: "paid" };
    const meter = readingMeter({ "usage:user:user-1:svc-guard:2026-11": 3, "daily:user:user-1:2026-11-15": 3 });
    const usage = await readUsage({ meter, principal: paidUser, now, paidDailyLimit: 500 });
    expect(usage.skills.find((s) => s.skill === "svc-guard")!.used).toBe(3);
    expect(usage.daily).toMatchObject({ used: 3, limit: 500 });
  });

  it("tells an operator it is not metered, without touching the meter", async () => {
    const meter = readingMeter({});
    const usage = await readUsage({ meter, principal: operator, now, paidDailyLimit: 500 });
    expect(usage).toEqual({ metered: false, tier: "paid", month: "2026-11", skills: [], daily: null });
    expect(meter.asked).toEqual([]);
  });
});
