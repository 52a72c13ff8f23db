import { planSkillCall, SKILLS, UsageResponse } from "@svc/core";
import { clearCredentialCache } from "@svc/http/auth";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { mintApiKey, signUserJwt, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { freshOwner } from "../../../tests/support/database";
import { closeMeters, meteredRuntime, METER_BACKENDS } from "../../../tests/support/meter";
import { describeSecurity } from "../../../tests/support/security";
import { accountFunction } from "./function";
import { SPEC_FREE_ALLOWANCE } from "../../../tests/support/spec_skills";

// GET /api/usage: the caller's usage for the current periods, read from the meter the
// request path writes to (the in-process meter, and the Upstash clients on the real Redis
// when REDIS_URL is set), on the test database.

const UNIT: Readonly<Record<string, string>> = { "svc-reason": "loop", "svc-iterate": "chain" };

const currentMonth = () => new Date().toISOString().slice(0, 7);
const nextMonthStartIso = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
};
const nextMidnightIso = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
};

beforeEach(() => {
  clearCredentialCache();
});

afterAll(closeMeters);

describe.each(METER_BACKENDS)("GET /api/usage (%s meter)", (backend) => {
  const runtime = meteredRuntime(backend);
  const env = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };
  const envPaidDefault = { ...env, PAID_DAILY_LIMIT: "250" };

  const getUsage = (authorization: string | undefined, environment: Record<string, unknown> = env): Promise<Response> =>
    Promise.resolve(accountFunction.fetch(new Request("http://t/api/usage", { headers: authorization ? { authorization } : {} }), environment));

  async function expectUsage(res: Response): Promise<UsageResponse> {
    const text = await res.clone().text();
    expect(res.status, text).toBe(200);
    expect(res.headers.get("content-type"), text).toMatch(/^application\/json/);
    const parsed = UsageResponse.strict().safeParse(JSON.parse(text));
    expect(parsed.success, `${text}\n${parsed.error?.message}`).toBe(true);
    return parsed.data!;
  }

  /** Consumes directly through the meter, as the request path would for this subject. */
  async function consume(subject: string, tier: "free" | "paid", skill: string, units: number, paidDailyLimit = 500) {
    const meter = await runtime.meter();
    const outcome = await meter.consume(planSkillCall({ subject, tier, skill, units, now: new Date(), paidDailyLimit }));
    expect(outcome.allowed, JSON.stringify(outcome)).toBe(true);
  }

  it("shows a free key all 27 skills, unused, with the section 8 allowances and the next month's start", async () => {
    const { key } = await mintApiKey(runtime, { tier: "free" });
    const usage = await expectUsage(await getUsage(`Bearer ${key}`));
    expect(usage).toMatchObject({ metered: true, tier: "free", month: currentMonth(), daily: null });
    expect(usage.skills).toHaveLength(27);
    expect(usage.skills.map((s) => s.skill).sort()).toEqual(Object.keys(SPEC_FREE_ALLOWANCE).sort());
    const reset = nextMonthStartIso();
    for (const entry of usage.skills) {
      const limit = SPEC_FREE_ALLOWANCE[entry.skill]!;
      expect(entry, entry.skill).toEqual({
        skill: entry.skill,
        unit: UNIT[entry.skill] ?? "call",
        used: 0,
        limit,
        remaining: limit,
        reset,
      });
    }
    // The order is the catalogue's, stable for clients.
    expect(usage.skills.map((s) => s.skill)).toEqual(SKILLS.map((s) => s.id));
  });

  it("reads back what was consumed for the key, per skill, with remaining never below 0", async () => {
    const minted = await mintApiKey(runtime, { tier: "free" });
    const subject = `key:${minted.id}`;
    await consume(subject, "free", "svc-score", 1);
    await consume(subject, "free", "svc-score", 1);
    await consume(subject, "free", "svc-reason", 30);
    const usage = await expectUsage(await getUsage(`Bearer ${minted.key}`));
    const bySkill = Object.fromEntries(usage.skills.map((s) => [s.skill, s]));
    expect(bySkill["svc-score"]).toMatchObject({ used: 2, limit: 100, remaining: 98 });
    expect(bySkill["svc-reason"]).toMatchObject({ unit: "loop", used: 30, limit: 30, remaining: 0 });
    expect(bySkill["svc-guard"]).toMatchObject({ used: 0, remaining: 500 });

    // Another key of the same owner has its own counters.
    const sibling = await mintApiKey(runtime, { tier: "free", owner: minted.owner });
    const other = await expectUsage(await getUsage(`Bearer ${sibling.key}`));
    expect(other.skills.every((s) => s.used === 0)).toBe(true);
  });

  it("shows a paid key per-skill usage without limits and today's calls against its own daily limit", async () => {
    const minted = await mintApiKey(runtime, { tier: "paid", dailyLimit: 40 });
    await consume(`key:${minted.id}`, "paid", "svc-guard", 1, 40);
    await consume(`key:${minted.id}`, "paid", "svc-reason", 4, 40);
    const usage = await expectUsage(await getUsage(`Bearer ${minted.key}`));
    expect(usage).toMatchObject({ metered: true, tier: "paid", month: currentMonth() });
    expect(usage.skills).toHaveLength(27);
    expect(usage.skills.every((s) => s.limit === null && s.remaining === null && s.reset === nextMonthStartIso())).toBe(true);
    expect(usage.skills.find((s) => s.skill === "svc-reason")!.used).toBe(4);
    expect(usage.skills.find((s) => s.skill === "svc-guard")!.used).toBe(1);
    expect(usage.daily).toEqual({ used: 5, limit: 40, remaining: 35, reset: nextMidnightIso() });
  });

  it.each([
    ["the default 500", undefined, 500],
    ["PAID_DAILY_LIMIT", "250", 250],
  ])("shows a paid key without its own daily limit %s", async (_label, variable, limit) => {
    const { key } = await mintApiKey(runtime, { tier: "paid" });
    const usage = await expectUsage(await getUsage(`Bearer ${key}`, variable ? envPaidDefault : env));
    expect(usage.daily).toEqual({ used: 0, limit, remaining: limit, reset: nextMidnightIso() });
  });

  it("tells the operator it is not metered", async () => {
    const usage = await expectUsage(await getUsage(`Bearer ${TEST_OPERATOR_KEY}`));
    expect(usage).toEqual({ metered: false, tier: "paid", month: currentMonth(), skills: [], daily: null });
  });

  it.each([
    ["free", "free", null],
    ["paid", "paid", { used: 3, limit: 500, remaining: 497, reset: nextMidnightIso() }],
  ] as const)("shows a %s user its own usage under its subject", async (_label, tier, daily) => {
    const sub = freshOwner("user");
    await consume(`user:${sub}`, tier, "svc-score", 3);
    const usage = await expectUsage(await getUsage(`Bearer ${await signUserJwt(sub, { claims: { tier } })}`));
    expect(usage.tier).toBe(tier);
    expect(usage.skills.find((s) => s.skill === "svc-score")!.used).toBe(3);
    expect(usage.daily).toEqual(daily);
  });

  it("is a GET only (405 for POST)", async () => {
    const { key } = await mintApiKey(runtime);
    const res = await accountFunction.fetch(new Request("http://t/api/usage", { method: "POST", headers: { authorization: `Bearer ${key}` } }), env);
    const text = await res.clone().text();
    expect(res.status, text).toBe(405);
  });

  describeSecurity({
    name: `GET /api/usage (${backend} meter)`,
    runtime: async () => runtime,
    validCredential: async () => (await mintApiKey(runtime)).key,
    call: (authorization) => getUsage(authorization),
  });
});
