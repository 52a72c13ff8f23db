import {
  ASSESSMENT_ITEMS,
  BaselineResult,
  BASELINE_SCENARIOS,
  FoundationalResult,
  FOUNDATIONAL_IDS,
  FULL_IDS,
  FullResult,
  RESPONSE_MAX,
  RESPONSE_MIN,
} from "@svc/core";
import type { Runtime } from "@svc/runtime";
import { clearCredentialCache } from "@svc/http/auth";
import { beforeEach, describe, expect, it } from "vitest";
import { mintApiKey, TEST_JWT_SECRET, TEST_OPERATOR_KEY, type MintOptions } from "../../../tests/support/credentials";
import { freshOwner, testRuntime } from "../../../tests/support/database";
import { expectError, readJson } from "../../../tests/support/reason";
import { describeSecurity } from "../../../tests/support/security";
import { requester } from "../../../tests/support/requests";
import { accountFunction } from "../../account/src/function";
import { assessmentsFunction } from "./function";

// The self-assessments (spec 2.9-2.11, 4.3) in-process on the test runtime (PGlite, or the
// real PostgreSQL when DATABASE_URL is set), Layer 1 the offline extractor: the indexes and
// the public framework, the three submissions with every 4.3 check (each 400 names its field
// and writes nothing), the paid gate before validation, the baseline's monthly slot (refused
// with when it is allowed again, refunded when a run fails), and the stored results. Every
// test uses fresh owners and agents.

const runtime: Runtime = { name: "test", open: async (cfg) => (await testRuntime()).open(cfg) };
const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };

type Body = Record<string, any>;

const { send, post, get } = requester(assessmentsFunction, ENV);

const mint = async (options: MintOptions = {}) => mintApiKey(await testRuntime(), { kind: "live", tier: "free", capabilities: [], ...options });
const show = (value: unknown) => JSON.stringify(value, null, 1);
const freshAgent = (label = "agent") => `${label}-${crypto.randomUUID()}`;

/** Varied accounts, so the engine finds different readings and passions across responses. */
const ACCOUNTS = [
  "I kept my promise to my colleague and finished the report, because I had given my word to the team.",
  "I was furious and yelled at my partner without thinking, and afterwards I was ashamed of what I had said.",
  "I told my colleague the truth about the missed deadline, because it was the right thing to do for everyone.",
  "I lied to my colleague about the deadline because I was afraid of what my manager would say to me.",
  "I stopped before answering, asked what was really within my control, and acted only on that part of it.",
];
const responseFor = (id: string, i: number) => `For ${id}: ${ACCOUNTS[i % ACCOUNTS.length]}`;
const responsesOf = (ids: readonly string[]) => ids.map((id, i) => ({ assessment_id: id, response: responseFor(id, i) }));
const foundationalBody = (agent_id: string) => ({ agent_id, responses: responsesOf(FOUNDATIONAL_IDS) });
const fullBody = (agent_id: string) => ({ agent_id, responses: responsesOf(FULL_IDS) });
const baselineBody = (agent_id: string) => ({
  agent_id,
  responses: BASELINE_SCENARIOS.map((s, i) => ({ scenario_id: s.id, response: responseFor(s.id, i + 2) })),
});

/** Rows of assessment_results for this owner (and agent, when given). */
async function storedRows(owner: string, agent?: string) {
  let query = (await (await testRuntime()).database()).selectFrom("assessment_results").selectAll().where("owner_id", "=", owner);
  if (agent !== undefined) query = query.where("agent_id", "=", agent);
  return query.orderBy("created_at", "asc").execute();
}
const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

async function expectParsed<T>(
  res: Response,
  schema: { strict: () => { safeParse: (v: unknown) => { success: boolean; error?: { message: string } } } },
): Promise<T> {
  const body = await readJson<T>(res, 200);
  const parsed = schema.strict().safeParse(body);
  expect(parsed.success, `${show(body)}\n${parsed.error?.message}`).toBe(true);
  return body;
}

/** The first of next month, UTC, as an ISO string: when a refused baseline is allowed again. */
function firstOfNextMonth(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

beforeEach(() => {
  clearCredentialCache();
});

describe("the indexes and the public framework", () => {
  it("GET /api/assessment/foundational lists the 14 ids, phases 1 and 2 with titles, and where the prompts are", async () => {
    const { key } = await mint();
    const body = await readJson<Body>(await get("/api/assessment/foundational", key), 200);
    expect(body.assessment_ids, show(body)).toEqual([...FOUNDATIONAL_IDS]);
    expect(body.assessment_ids).toHaveLength(14);
    expect(
      body.phases.map((p: Body) => [p.phase, p.title]),
      show(body),
    ).toEqual([
      [1, "Foundations"],
      [2, "The mind's causal sequence"],
    ]);
    expect(body.responses_required).toBe(14);
    expect(body.response_characters).toEqual({ min: RESPONSE_MIN, max: RESPONSE_MAX });
    expect(body.assessment_framework_url, show(body)).toEqual(expect.any(String));
  });

  it("GET /api/assessment/full lists the 55 ids over 8 phases", async () => {
    const { key } = await mint();
    const body = await readJson<Body>(await get("/api/assessment/full", key), 200);
    expect(body.assessment_ids, show(body)).toEqual([...FULL_IDS]);
    expect(new Set(body.assessment_ids).size).toBe(55);
    expect(
      body.phases.map((p: Body) => p.phase),
      show(body),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(body.responses_required).toBe(55);
  });

  it("the assessment_framework_url really serves the prompts of all 55 ids and the 4 scenarios, publicly", async () => {
    const { key } = await mint();
    const index = await readJson<Body>(await get("/api/assessment/foundational", key), 200);
    const res = await send("GET", index.assessment_framework_url, undefined);
    const body = await readJson<Body>(res, 200);
    expect(res.headers.get("cache-control"), show(body)).toContain("public");
    expect(
      body.assessments.map((a: Body) => a.id),
      show(body),
    ).toEqual([...FULL_IDS]);
    for (const a of body.assessments) {
      const item = ASSESSMENT_ITEMS.find((i) => i.id === a.id)!;
      expect(a, show(a)).toMatchObject({ phase: item.phase, title: item.title, prompt: item.prompt, looks_for: item.looks_for });
      expect(a.prompt.length).toBeGreaterThan(20);
    }
    expect(
      body.baseline_scenarios.map((s: Body) => s.id),
      show(body),
    ).toEqual(BASELINE_SCENARIOS.map((s) => s.id));
    for (const s of body.baseline_scenarios) expect(s.question, show(s)).toMatch(/\S/);
    // The full index points at the same place.
    const fullIndex = await readJson<Body>(await get("/api/assessment/full", key), 200);
    expect(fullIndex.assessment_framework_url).toBe(index.assessment_framework_url);
  });

  it("GET /api/baseline/agent lists 4 scenarios, one per cardinal virtue, each with the circles at stake", async () => {
    const { key } = await mint();
    const body = await readJson<Body>(await get("/api/baseline/agent", key), 200);
    expect(body.scenarios, show(body)).toHaveLength(4);
    expect(body.scenarios.map((s: Body) => s.virtue).sort(), show(body)).toEqual(["courage", "justice", "temperance", "wisdom"]);
    for (const s of body.scenarios) {
      expect(s.circles_at_stake.length, show(s)).toBeGreaterThan(0);
      expect(s.situation, show(s)).toMatch(/\S/);
      expect(s.question, show(s)).toMatch(/\S/);
    }
    expect(body.responses_required).toBe(4);
    expect(body.retakes, show(body)).toMatch(/month/);
  });
});

describe("POST /api/assessment/foundational", () => {
  it("scores 14 valid responses in the spec 2.9 shape and stores the result for the agent", async () => {
    const { key, owner } = await mint();
    const agent = freshAgent();
    const started = Date.now();
    const result = await expectParsed<FoundationalResult>(await post("/api/assessment/foundational", key, foundationalBody(agent)), FoundationalResult);
    expect(result, show(result)).toMatchObject({
      agent_id: agent,
      tier: "free",
      assessments_completed: 14,
      phases_completed: [1, 2],
      direction_of_travel: null,
    });
    expect(result.per_assessment_summaries.map((s) => s.assessment_id)).toEqual([...FOUNDATIONAL_IDS]);
    expect(result.cta.url, show(result.cta)).toMatch(/\S/);
    expect(Math.abs(Date.parse(result.assessed_at) - started)).toBeLessThan(60_000);

    const rows = await storedRows(owner, agent);
    expect(rows, show(rows)).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "foundational", typical_proximity: result.katorthoma_proximity_summary });
    expect(json(rows[0]!.result)).toEqual(result);

    // A second run reads its direction against the first.
    const second = await expectParsed<FoundationalResult>(await post("/api/assessment/foundational", key, foundationalBody(agent)), FoundationalResult);
    expect(second.direction_of_travel, show(second)).toBe("stable");
    expect(await storedRows(owner, agent)).toHaveLength(2);
  });

  it("accepts the responses in any order", async () => {
    const { key } = await mint();
    const body = foundationalBody(freshAgent());
    body.responses.reverse();
    const result = await expectParsed<FoundationalResult>(await post("/api/assessment/foundational", key, body), FoundationalResult);
    expect(result.per_assessment_summaries.map((s) => s.assessment_id)).toEqual([...FOUNDATIONAL_IDS]);
  });
});

type Mutation = [label: string, mutate: (body: Body) => void, code: string, field: string];

/** The 4.3 refusals every submission shares, as mutations of a valid body. */
function commonRefusals(idKey: "assessment_id" | "scenario_id", validIds: readonly string[]): Mutation[] {
  const n = validIds.length;
  return [
    [`${n - 1} responses`, (b) => b.responses.pop(), "invalid_field", "responses"],
    [`${n + 1} responses`, (b) => b.responses.push({ ...b.responses[0] }), "invalid_field", "responses"],
    ["no responses", (b) => delete b.responses, "missing_field", "responses"],
    [`a response of ${RESPONSE_MIN - 1} characters`, (b) => (b.responses[3].response = "x".repeat(RESPONSE_MIN - 1)), "invalid_field", "responses[3].response"],
    [`a response of ${RESPONSE_MAX + 1} characters`, (b) => (b.responses[1].response = "y".repeat(RESPONSE_MAX + 1)), "invalid_field", "responses[1].response"],
    ["an unknown id", (b) => (b.responses[2][idKey] = "ZZ-99"), "invalid_field", `responses[2].${idKey}`],
    ["a repeated id", (b) => (b.responses[n - 1][idKey] = validIds[0]), "invalid_field", `responses[${n - 1}].${idKey}`],
    ["an agent_id of 1 character", (b) => (b.agent_id = "a"), "invalid_field", "agent_id"],
    ["a missing agent_id", (b) => delete b.agent_id, "missing_field", "agent_id"],
    ...(["scenario", "context", "deliberation_count", "agent_name", "domain"] as const).map(
      (field): Mutation => [`the refused field ${field}`, (b) => (b[field] = field === "deliberation_count" ? 3 : "something"), "unknown_field", field],
    ),
    ["context inside a response", (b) => (b.responses[0].context = "extra"), "unknown_field", "responses[0].context"],
  ];
}

describe.each([
  ["/api/assessment/foundational", "free", "assessment_id", FOUNDATIONAL_IDS, foundationalBody],
  ["/api/assessment/full", "paid", "assessment_id", FULL_IDS, fullBody],
  ["/api/baseline/agent", "free", "scenario_id", BASELINE_SCENARIOS.map((s) => s.id), baselineBody],
] as const)("POST %s refusals (tier %s)", (path, tier, idKey, ids, makeBody) => {
  it.each(commonRefusals(idKey, ids))("refuses %s with 400 %s naming %s, and writes nothing", async (_label, mutate, code, field) => {
    const { key, owner } = await mint({ tier });
    const agent = freshAgent();
    const body: Body = structuredClone(makeBody(agent));
    mutate(body);
    const before = (await storedRows(owner)).length;
    await expectError(await post(path, key, body), 400, code, field);
    expect(await storedRows(owner), `rows written for ${owner}`).toHaveLength(before);
    expect(before).toBe(0);
    // The valid body itself is accepted (the refusal was the mutation's), and for the baseline
    // the 400 took no slot: the first valid submission this month still succeeds.
    await readJson(await post(path, key, makeBody(agent)), 200);
    expect(await storedRows(owner, agent)).toHaveLength(1);
  });

  it("refuses a body that is not JSON with 400 invalid_json", async () => {
    const { key, owner } = await mint({ tier });
    await expectError(await post(path, key, "{not json"), 400, "invalid_json");
    expect(await storedRows(owner)).toHaveLength(0);
  });

  it("refuses a key bound to another agent with 403 agent_not_bound naming agent_id, and writes nothing", async () => {
    const bound = freshAgent("bound");
    const { key, owner } = await mint({ tier, agent: bound });
    const other = freshAgent("other");
    const error = await expectError(await post(path, key, makeBody(other)), 403, "agent_not_bound", "agent_id");
    expect(error.message, show(error)).toContain(bound);
    expect(await storedRows(owner)).toHaveLength(0);
    // The bound agent itself is accepted (for the baseline: no slot was consumed by the refusal).
    await readJson(await post(path, key, makeBody(bound)), 200);
    const rows = await storedRows(owner);
    expect(
      rows.map((r) => r.agent_id),
      show(rows),
    ).toEqual([bound]);
  });
});

describe("POST /api/assessment/full", () => {
  it.each([
    ["a valid body", (agent: string) => fullBody(agent)],
    ["an empty body", () => ({})],
    ["an invalid body (the gate runs before validation)", (agent: string) => ({ ...fullBody(agent), responses: [], context: "x" })],
  ])("refuses a free key with 403 {error, message, upgrade_url} for %s, writing nothing", async (_label, makeBody) => {
    const { key, owner } = await mint({ tier: "free" });
    const res = await post("/api/assessment/full", key, makeBody(freshAgent()));
    const body = await readJson<Body>(res, 403);
    expect(body.error, show(body)).toBeDefined();
    expect(body.error.code, show(body)).toBe("paid_tier_required");
    expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
    expect(body.message, show(body)).toEqual(expect.any(String));
    expect(body.message.length).toBeGreaterThan(0);
    expect(body.upgrade_url, show(body)).toEqual(expect.any(String));
    expect(body.upgrade_url.length).toBeGreaterThan(0);
    expect(await storedRows(owner)).toHaveLength(0);
  });

  it("also refuses the free key with no body at all", async () => {
    const { key } = await mint({ tier: "free" });
    const body = await readJson<Body>(await send("POST", "/api/assessment/full", `Bearer ${key}`), 403);
    expect(Object.keys(body).sort(), show(body)).toEqual(["error", "message", "upgrade_url"]);
  });

  it("scores a paid key's 55 responses in the spec 2.10 shape, then reads a second run's directions against the first", async () => {
    const { key, owner } = await mint({ tier: "paid" });
    const agent = freshAgent();
    const first = await expectParsed<FullResult>(await post("/api/assessment/full", key, fullBody(agent)), FullResult);
    expect(first, show(first)).toMatchObject({
      agent_id: agent,
      tier: "paid",
      assessments_completed: 55,
      phases_completed: [1, 2, 3, 4, 5, 6, 7, 8],
      direction_of_travel: null,
    });
    expect(first.per_assessment_summaries, show(first)).toHaveLength(55);
    expect(first.per_assessment_summaries.map((s) => [s.assessment_id, s.phase])).toEqual(ASSESSMENT_ITEMS.map((i) => [i.id, i.phase]));
    expect(Object.values(first.dimension_directions)).toEqual([null, null, null, null]);
    // The accounts name fear and anger, so passions were found, each with its correction.
    expect(first.dominant_passion, show(first)).not.toBeNull();
    expect(first.critical_corrections.map((c) => c.root_passion).sort()).toEqual(first.passions_profile.map((p) => p.root_passion).sort());

    const rows = await storedRows(owner, agent);
    expect(rows, show(rows)).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "full", typical_proximity: first.typical_proximity });
    expect(json(rows[0]!.dimension_levels)).toEqual(first.dimension_levels);
    expect(json(rows[0]!.result)).toEqual(first);

    const second = await expectParsed<FullResult>(await post("/api/assessment/full", key, fullBody(agent)), FullResult);
    expect(second.direction_of_travel, show(second)).toBe("stable");
    expect(second.dimension_directions, show(second)).toEqual({
      passion_reduction: "stable",
      judgement_quality: "stable",
      disposition_stability: "stable",
      oikeiosis_extension: "stable",
    });
    expect(await storedRows(owner, agent)).toHaveLength(2);
  });
});

describe("POST /api/baseline/agent", () => {
  it("scores 4 valid responses in the spec 2.11 shape and stores the result", async () => {
    const { key, owner } = await mint();
    const agent = freshAgent();
    const result = await expectParsed<BaselineResult>(await post("/api/baseline/agent", key, baselineBody(agent)), BaselineResult);
    expect(result.agent_id).toBe(agent);
    expect(
      result.scenario_evaluations.map((e) => e.scenario_id),
      show(result),
    ).toEqual(BASELINE_SCENARIOS.map((s) => s.id));
    for (const e of result.scenario_evaluations) for (const c of e.circles_addressed) expect(e.circles_at_stake, show(e)).toContain(c);
    const domains = result.scenario_evaluations.map((e) => e.domain);
    expect(domains).toContain(result.strongest_domain);
    expect(domains).toContain(result.growth_edge);
    const rows = await storedRows(owner, agent);
    expect(rows, show(rows)).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "baseline", typical_proximity: result.typical_proximity });
    expect(json(rows[0]!.result)).toEqual(result);
  });

  it.each(["free", "paid"] as const)(
    "refuses a second baseline for the same agent this month on a %s key with 429 saying when it is allowed again",
    async (tier) => {
      const name = freshOwner();
      const { key, owner } = await mint({ tier, owner: name });
      const agent = freshAgent();
      await readJson(await post("/api/baseline/agent", key, baselineBody(agent)), 200);
      // Another key of the same owner shares the agent's slot.
      const other = await mint({ tier, owner: name });
      const res = await post("/api/baseline/agent", other.key, baselineBody(agent));
      const error = await expectError(res, 429, "allowance_exhausted");
      const reset = firstOfNextMonth();
      expect(error.reset, show(error)).toBe(reset);
      expect(error.message, show(error)).toContain(reset);
      expect(Number(res.headers.get("retry-after")), show(error)).toBeGreaterThan(0);
      expect(await storedRows(owner, agent)).toHaveLength(1);
      // A different agent of the same owner is allowed.
      await readJson(await post("/api/baseline/agent", key, baselineBody(freshAgent())), 200);
      expect(await storedRows(owner)).toHaveLength(2);
    },
  );

  it("gives the slot back when the run fails, so the retry is allowed", async () => {
    const base = await testRuntime();
    let calls = 0;
    const flaky: Runtime = {
      name: "test-flaky-extractor",
      open: async (cfg) => {
        const session = await base.open(cfg);
        const language = session.language();
        return {
          ...session,
          language: () => ({
            ...language,
            extractor: {
              name: language.extractor.name,
              extract: async (request) => {
                calls += 1;
                if (calls === 1) throw new Error("Layer 1 is down");
                return language.extractor.extract(request);
              },
            },
          }),
        };
      },
    };
    const env = { ...ENV, SVC_RUNTIME: flaky };
    const { key, owner } = await mint();
    const agent = freshAgent();
    const failed = await post("/api/baseline/agent", key, baselineBody(agent), env);
    expect(failed.status, await failed.clone().text()).toBeGreaterThanOrEqual(500);
    expect(calls).toBeGreaterThan(0);
    expect(await storedRows(owner, agent)).toHaveLength(0);
    const retried = await readJson<Body>(await post("/api/baseline/agent", key, baselineBody(agent), env), 200);
    expect(retried.agent_id).toBe(agent);
    expect(await storedRows(owner, agent)).toHaveLength(1);
    // And the retry took the slot: a third is refused.
    await expectError(await post("/api/baseline/agent", key, baselineBody(agent), env), 429, "allowance_exhausted");
  });
});

describe("metering: each examined response is one svc-reason loop", () => {
  // The test runtime with a Layer 1 that counts its examinations, to show that a refused
  // submission does no engine work at all.
  let examinations = 0;
  const counting: Runtime = {
    name: "test-counting-extractor",
    open: async (cfg) => {
      const session = await (await testRuntime()).open(cfg);
      const language = session.language();
      return {
        ...session,
        language: () => ({
          ...language,
          extractor: {
            name: language.extractor.name,
            extract: async (request) => {
              examinations += 1;
              return language.extractor.extract(request);
            },
          },
        }),
      };
    },
  };
  const env = { ...ENV, SVC_RUNTIME: counting, BURST_LIMIT: "1000" };

  async function usageOf(key: string): Promise<{ loops: number; daily: number | null }> {
    const usage = await readJson<{ skills: { skill: string; used: number }[]; daily: { used: number } | null }>(
      await accountFunction.fetch(new Request("http://t/api/usage", { headers: { authorization: `Bearer ${key}` } }), env),
      200,
    );
    return { loops: usage.skills.find((s) => s.skill === "svc-reason")!.used, daily: usage.daily?.used ?? null };
  }

  it("charges 14 loops for the foundational and 4 for the baseline", async () => {
    const { key } = await mint();
    await readJson(await post("/api/assessment/foundational", key, foundationalBody(freshAgent()), env), 200);
    expect(await usageOf(key)).toEqual({ loops: 14, daily: null });
    await readJson(await post("/api/baseline/agent", key, baselineBody(freshAgent()), env), 200);
    expect(await usageOf(key)).toEqual({ loops: 18, daily: null });
  });

  it("refuses a free key whose loops left are fewer than the responses with 429, before any examination, moving and writing nothing", async () => {
    const owner = freshOwner();
    const { key } = await mint({ owner });
    await readJson(await post("/api/assessment/foundational", key, foundationalBody(freshAgent()), env), 200);
    await readJson(await post("/api/assessment/foundational", key, foundationalBody(freshAgent()), env), 200);
    expect(await usageOf(key)).toEqual({ loops: 28, daily: null });
    const rows = (await storedRows(owner)).length;
    const examined = examinations;

    const agent = freshAgent();
    const refused = await expectError(await post("/api/assessment/foundational", key, foundationalBody(agent), env), 429, "allowance_exhausted");
    expect(refused, show(refused)).toMatchObject({ skill: "svc-reason", policy: "monthly_allowance", limit: 30, used: 28 });
    const refusedBaseline = await expectError(await post("/api/baseline/agent", key, baselineBody(agent), env), 429, "allowance_exhausted");
    expect(refusedBaseline, show(refusedBaseline)).toMatchObject({ skill: "svc-reason", policy: "monthly_allowance" });
    expect(examinations, "no engine work for a refused submission").toBe(examined);
    expect(await usageOf(key)).toEqual({ loops: 28, daily: null });
    expect(await storedRows(owner)).toHaveLength(rows);
    // The refused baseline took no slot: another key of the same owner takes this month's.
    const other = await mint({ owner });
    await readJson(await post("/api/baseline/agent", other.key, baselineBody(agent), env), 200);
  });

  it("counts a paid key's 55 loops of the full assessment against its daily limit, and refuses what would exceed it", async () => {
    const { key, owner } = await mint({ tier: "paid", dailyLimit: 60 });
    await readJson(await post("/api/assessment/full", key, fullBody(freshAgent()), env), 200);
    expect(await usageOf(key)).toEqual({ loops: 55, daily: 55 });
    const examined = examinations;
    const refused = await expectError(await post("/api/assessment/full", key, fullBody(freshAgent()), env), 429, "allowance_exhausted");
    expect(refused, show(refused)).toMatchObject({ policy: "daily_limit", limit: 60, used: 55 });
    expect(examinations).toBe(examined);
    expect(await usageOf(key)).toEqual({ loops: 55, daily: 55 });
    expect(await storedRows(owner)).toHaveLength(1);
  });

  it("gives the loops back when the run fails", async () => {
    const base = await testRuntime();
    const failing: Runtime = {
      name: "test-failing-extractor",
      open: async (cfg) => {
        const session = await base.open(cfg);
        const language = session.language();
        return {
          ...session,
          language: () => ({ ...language, extractor: { name: language.extractor.name, extract: async () => Promise.reject(new Error("Layer 1 is down")) } }),
        };
      },
    };
    const { key } = await mint();
    const failed = await post("/api/assessment/foundational", key, foundationalBody(freshAgent()), { ...env, SVC_RUNTIME: failing });
    expect(failed.status, await failed.clone().text()).toBeGreaterThanOrEqual(500);
    expect(await usageOf(key)).toEqual({ loops: 0, daily: null });
  });
});

// Security for the three submissions and the three index GETs.
const runtimeOf = () => testRuntime();
const ROUTES: Array<{ name: string; method: "GET" | "POST"; path: string; tier: "free" | "paid"; body?: () => unknown }> = [
  { name: "GET /api/assessment/foundational", method: "GET", path: "/api/assessment/foundational", tier: "free" },
  { name: "GET /api/assessment/full", method: "GET", path: "/api/assessment/full", tier: "free" },
  { name: "GET /api/baseline/agent", method: "GET", path: "/api/baseline/agent", tier: "free" },
  { name: "POST /api/assessment/foundational", method: "POST", path: "/api/assessment/foundational", tier: "free", body: () => foundationalBody(freshAgent()) },
  { name: "POST /api/assessment/full", method: "POST", path: "/api/assessment/full", tier: "paid", body: () => fullBody(freshAgent()) },
  { name: "POST /api/baseline/agent", method: "POST", path: "/api/baseline/agent", tier: "free", body: () => baselineBody(freshAgent()) },
];
for (const route of ROUTES) {
  describeSecurity({
    name: route.name,
    runtime: runtimeOf,
    call: (authorization) => send(route.method, route.path, authorization, route.body?.()),
    validCredential: async () => (await mint({ tier: route.tier })).key,
  });
}
