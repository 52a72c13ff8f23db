import { IterateResponse, SKILL_LENSES, SKILLS, SkillsListing, UserProfile } from "@svc/core";
import type { Runtime } from "@svc/runtime";
import { clearCredentialCache } from "@svc/http/auth";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type * as z from "zod";
import { generateArtifacts } from "../../../packages/local/src/generate";
import { accountFunction } from "../../account/src/function";
import { guardrailFunction } from "../../guardrail/src/function";
import { scoringFunction } from "../../scoring/src/function";
import { mintApiKey, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { freshOwner, testRuntime } from "../../../tests/support/database";
import { closeMeters, meteredRuntime, METER_BACKENDS } from "../../../tests/support/meter";
import { expectError, readJson } from "../../../tests/support/reason";
import { requester } from "../../../tests/support/requests";
import { describeSecurity } from "../../../tests/support/security";
import { skillsFunction } from "./function";
import { MARKETPLACE_SKILLS } from "../../../tests/support/spec_skills";

// The skills of the pricing table (spec section 8): GET /api/skills, one route per skill
// (POST /api/skill/<id>), svc-iterate's deliberation chains, and each skill's own schema in
// the OpenAPI document. In-process on the test runtime (PGlite, or the real PostgreSQL when
// DATABASE_URL is set) with its in-process meter; Layer 1 is the offline extractor. Every
// test uses fresh owners, so usage counters start at zero.

const runtime: Runtime = { name: "test", open: async (cfg) => (await testRuntime()).open(cfg) };
const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime, BURST_LIMIT: "1000" };

type Body = Record<string, unknown>;
type Fetcher = { fetch: (request: Request, env?: Record<string, unknown>) => Response | Promise<Response> };

type Env = Record<string, unknown>;

const send = (fn: Fetcher, method: "GET" | "POST", path: string, authorization: string | undefined, body?: unknown, env: Env = ENV) =>
  requester(fn, ENV).send(method, path, authorization, body, env);
const callSkill = (id: string, credential: string, body: unknown, env: Env = ENV) =>
  send(skillsFunction, "POST", `/api/skill/${id}`, `Bearer ${credential}`, body, env);

async function mint(tier: "free" | "paid" = "free", owner?: string) {
  return mintApiKey(await testRuntime(), { kind: "live", tier, capabilities: [], ...(owner ? { owner } : {}) });
}

const show = (value: unknown) => JSON.stringify(value, null, 1);

/** Every skill's units used this month, from GET /api/usage. */
async function usageOf(credential: string, env: Env = ENV): Promise<Record<string, number>> {
  const usage = await readJson<{ skills: { skill: string; used: number }[] }>(
    await send(accountFunction, "GET", "/api/usage", `Bearer ${credential}`, undefined, env),
    200,
  );
  return Object.fromEntries(usage.skills.map((s) => [s.skill, s.used]));
}
const zeroUsage = () => Object.fromEntries(SKILLS.map((s) => [s.id, 0]));

/** Calls counted today against a paid credential's daily limit, from GET /api/usage. */
async function dailyOf(credential: string, env: Env = ENV): Promise<number> {
  const usage = await readJson<{ daily: { used: number } | null }>(
    await send(accountFunction, "GET", "/api/usage", `Bearer ${credential}`, undefined, env),
    200,
  );
  return usage.daily!.used;
}

const KEPT = "I kept my promise to my colleague and finished the report.";
const FURIOUS = "I was furious and yelled at my partner without thinking.";
const LIED = "I lied to my colleague about the deadline because I was afraid.";
const SITUATION = "My team wants to ship the release on Friday, but two tests still fail and the client expects it.";

/** One minimal valid body per skill served by the generic skill route, and the field over its cap (null: the skill takes no field). */
const VALID: ReadonlyArray<[string, Body, [string, number] | null]> = [
  ["svc-guard", { action: "Archive old log files." }, ["action", 5000]],
  ["svc-reason", { input: KEPT }, ["input", 5000]],
  ["svc-score", { action: KEPT }, ["action", 5000]],
  [
    "svc-decide",
    {
      decision: "Which should I do?",
      options: [
        { label: "tell", description: KEPT },
        { label: "hide", description: LIED },
      ],
    },
    ["decision", 2000],
  ],
  ["svc-audit", { text: KEPT }, ["text", 20_000]],
  ["svc-converse", { turns: [{ speaker: "Ann", text: KEPT }] }, ["context", 5000]],
  ["svc-scenario", { situation: SITUATION }, ["situation", 5000]],
  ["svc-reflect", { entry: KEPT }, ["entry", 10_000]],
  ["svc-classify", { text: KEPT }, ["text", 5000]],
  [
    "svc-prioritise",
    {
      items: [
        { label: "report", description: KEPT },
        { label: "reply", description: FURIOUS },
      ],
    },
    ["context", 5000],
  ],
  ["svc-moderate", { content: "Archive old log files." }, ["content", 5000]],
  ...MARKETPLACE_SKILLS.map((id): [string, Body, [string, number]] => [id, { situation: SITUATION }, ["situation", 5000]]),
  ["svc-diagnose", { reaction: FURIOUS }, ["reaction", 5000]],
  ["svc-profile", {}, null],
  ["svc-context", { text: KEPT }, ["text", 5000]],
];
const outputOf = (id: string) => SKILL_LENSES.find((s) => s.id === id)!.output;
const METERED = VALID.filter(([id]) => id !== "svc-context");

beforeEach(() => {
  clearCredentialCache();
});

afterAll(closeMeters);

describe("the table itself", () => {
  it("covers every skill of section 8 except svc-iterate (tested below), each once, and the lenses match", () => {
    const ids = VALID.map(([id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids, "svc-iterate"].sort()).toEqual(SKILLS.map((s) => s.id).sort());
    expect(SKILL_LENSES.map((s) => s.id).sort()).toEqual([...ids].sort());
    expect(SKILLS).toHaveLength(27);
  });
});

describe("GET /api/skills", () => {
  it("lists all 27 skills of section 8 with allowance, unit, price, speed and their route, without a credential", async () => {
    const res = await send(skillsFunction, "GET", "/api/skills", undefined);
    const body = await readJson(res, 200);
    const parsed = SkillsListing.strict().safeParse(body);
    expect(parsed.success, `${show(body)}\n${parsed.error?.message}`).toBe(true);
    expect(res.headers.get("cache-control"), show(body)).toContain("public");
    const listed = parsed.data!.skills;
    expect(
      listed.map((s) => s.id),
      show(body),
    ).toEqual(SKILLS.map((s) => s.id));
    for (const skill of SKILLS) {
      const entry = listed.find((s) => s.id === skill.id)!;
      expect(entry, show(entry)).toMatchObject({
        route: `/api/skill/${skill.id}`,
        free_monthly_allowance: skill.free_monthly_allowance,
        unit: skill.unit,
        paid_price_usd: skill.paid_price_usd,
        indicative_speed: skill.indicative_speed,
        category: skill.category,
      });
      expect(entry.summary.length, show(entry)).toBeGreaterThan(0);
    }
    const byId = Object.fromEntries(listed.map((s) => [s.id, s]));
    expect(byId["svc-context"], show(byId["svc-context"])).toMatchObject({ free_monthly_allowance: null, paid_price_usd: 0 });
    expect(byId["svc-iterate"], show(byId["svc-iterate"])).toMatchObject({ unit: "chain", free_monthly_allowance: 50 });
    expect(byId["svc-guard"], show(byId["svc-guard"])).toMatchObject({ free_monthly_allowance: 500 });
  });
});

describe.each(VALID)("POST /api/skill/%s", (id, valid, capped) => {
  it("answers 200 for a minimal valid body, in the lens's output schema", async () => {
    const { key } = await mint();
    const body = await readJson(await callSkill(id, key, valid), 200);
    const parsed = outputOf(id).safeParse(body);
    expect(parsed.success, `${show(body)}\n${parsed.error?.message}`).toBe(true);
  });

  it("refuses an unknown field with 400 unknown_field, without moving usage", async () => {
    const { key } = await mint();
    await expectError(await callSkill(id, key, { ...valid, surprise: "x" }), 400, "unknown_field", "surprise");
    expect(await usageOf(key)).toEqual(zeroUsage());
  });

  if (capped) {
    const [field, cap] = capped;
    it(`refuses a ${cap + 1}-character ${field} with 400 naming it, without moving usage`, async () => {
      const { key } = await mint();
      const error = await expectError(await callSkill(id, key, { ...valid, [field]: "a".repeat(cap + 1) }), 400, "invalid_field", field);
      expect(error.message, show(error)).toContain(field);
      expect(await usageOf(key)).toEqual(zeroUsage());
    });
  }
});

describe.each(METER_BACKENDS)("metering: each skill under its own allowance (%s meter)", (backend) => {
  const env = { ...ENV, SVC_RUNTIME: meteredRuntime(backend) };

  it.each(METERED)("a call of %s moves its own usage counter by 1 and no other", async (id, valid) => {
    const { key } = await mint();
    const res = await callSkill(id, key, valid, env);
    await readJson(res, 200);
    expect(await usageOf(key, env)).toEqual({ ...zeroUsage(), [id]: 1 });
    const allowance = SKILLS.find((s) => s.id === id)!.free_monthly_allowance!;
    expect(res.headers.get("ratelimit"), id).toMatch(new RegExp(`^"${id}-monthly";r=${allowance - 1};t=\\d+$`));
  });

  it("svc-context is not metered at all: usage unchanged and no RateLimit headers", async () => {
    const { key } = await mint();
    for (let i = 0; i < 3; i++) {
      const res = await callSkill("svc-context", key, { text: KEPT }, env);
      await readJson(res, 200);
      expect(res.headers.get("ratelimit")).toBeNull();
      expect(res.headers.get("ratelimit-policy")).toBeNull();
    }
    expect(await usageOf(key, env)).toEqual(zeroUsage());
  });

  it("svc-context answers fast: the median of 20 warm in-process calls is under 50 ms", async () => {
    const { key } = await mint();
    const body = { text: "I was furious and lied to my colleague about the money and my health." };
    for (let i = 0; i < 3; i++) await readJson(await callSkill("svc-context", key, body, env), 200);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const res = await callSkill("svc-context", key, body, env);
      await res.text();
      times.push(performance.now() - started);
      expect(res.status).toBe(200);
    }
    times.sort((a, b) => a - b);
    const median = (times[9]! + times[10]!) / 2;
    expect(median, `times (ms): ${times.map((t) => t.toFixed(1)).join(", ")}`).toBeLessThan(50);
  });

  it("svc-context names the framework's context of the text it is given", async () => {
    const { key } = await mint();
    const body = await readJson(await callSkill("svc-context", key, { text: FURIOUS }, env), 200);
    expect(
      body.passions.map((p: { id: string }) => p.id),
      show(body),
    ).toContain("epithumia");
    expect(body.virtues.length, show(body)).toBeGreaterThan(0);
  });
});

describe.each(METER_BACKENDS)("POST /api/v1/diagnose-passion: svc-diagnose under its listed /api/v1 name (%s meter)", (backend) => {
  const env = { ...ENV, SVC_RUNTIME: meteredRuntime(backend) };
  const diagnose = (credential: string, body: unknown) => send(skillsFunction, "POST", "/api/v1/diagnose-passion", `Bearer ${credential}`, body, env);

  it("answers what POST /api/skill/svc-diagnose answers, and draws on the svc-diagnose allowance", async () => {
    const { key } = await mint();
    const res = await diagnose(key, { reaction: FURIOUS });
    const body = await readJson(res, 200);
    const parsed = outputOf("svc-diagnose").safeParse(body);
    expect(parsed.success, `${show(body)}\n${parsed.error?.message}`).toBe(true);
    expect(body.passions.length, show(body)).toBeGreaterThan(0);
    expect(body).toEqual(await readJson(await callSkill("svc-diagnose", key, { reaction: FURIOUS }, env), 200));
    expect(await usageOf(key, env)).toEqual({ ...zeroUsage(), "svc-diagnose": 2 });
    expect(res.headers.get("ratelimit")).toMatch(/^"svc-diagnose-monthly";r=24;t=\d+$/);
  });

  it("refuses an unknown field or an over-long reaction with 400 naming it, without moving usage", async () => {
    const { key } = await mint();
    await expectError(await diagnose(key, { reaction: FURIOUS, surprise: "x" }), 400, "unknown_field", "surprise");
    await expectError(await diagnose(key, { reaction: "a".repeat(5001) }), 400, "invalid_field", "reaction");
    expect(await usageOf(key, env)).toEqual(zeroUsage());
  });
});

describe("svc-guard through the skill route", () => {
  it.each([
    "Delete the production database of our customers to free up space",
    "I was furious and replied to my partner without thinking.",
    "I lied to my colleague about the deadline.",
    "Archive old log files.",
  ])("gives the same verdict as POST /api/guardrail for %j", async (action) => {
    const { key } = await mint();
    const viaSkill = await readJson(await callSkill("svc-guard", key, { action }), 200);
    const viaGuardrail = await readJson(await send(guardrailFunction, "POST", "/api/guardrail", `Bearer ${key}`, { action }), 200);
    expect(viaSkill.verdict, show({ viaSkill, viaGuardrail })).toBe(viaGuardrail.verdict);
    expect(viaSkill.reasons, show({ viaSkill, viaGuardrail })).toEqual(viaGuardrail.reasons);
    // Both are metered under svc-guard.
    expect((await usageOf(key))["svc-guard"]).toBe(2);
  });
});

describe("svc-profile", () => {
  it("returns an honest empty profile for a new owner, then the caller's own profile once they have scores", async () => {
    const { key } = await mint();
    const empty = await readJson<UserProfile>(await callSkill("svc-profile", key, {}), 200);
    expect(empty, show(empty)).toMatchObject({ actions_scored: 0, last_assessment: null, most_frequent_passions: [], primary_virtue_domains: [] });

    const scored = await readJson(await send(scoringFunction, "POST", "/api/score-action", `Bearer ${key}`, { action: FURIOUS }), 200);
    const profile = await readJson<UserProfile>(await callSkill("svc-profile", key, {}), 200);
    expect(UserProfile.strict().safeParse(profile).success, show(profile)).toBe(true);
    expect(profile.actions_scored, show({ profile, scored })).toBe(1);
    expect(
      profile.most_frequent_passions.map((p) => p.root_passion),
      show(profile),
    ).toEqual(["epithumia"]);
    // The same as GET /api/user/profile.
    expect(profile).toEqual(await readJson(await send(scoringFunction, "GET", "/api/user/profile", `Bearer ${key}`), 200));

    // Another owner's profile is still empty.
    const stranger = await mint();
    const theirs = await readJson<UserProfile>(await callSkill("svc-profile", stranger.key, {}), 200);
    expect(theirs.actions_scored, show(theirs)).toBe(0);
  });
});

describe.each(METER_BACKENDS)("svc-iterate: deliberation chains (%s meter)", (backend) => {
  const env = { ...ENV, SVC_RUNTIME: meteredRuntime(backend) };
  const iterateOn = (credential: string, body: Body) => callSkill("svc-iterate", credential, body, env);
  async function expectIteration(res: Response): Promise<IterateResponse> {
    const body = await readJson(res, 200);
    const parsed = IterateResponse.strict().safeParse(body);
    expect(parsed.success, `${show(body)}\n${parsed.error?.message}`).toBe(true);
    return parsed.data!;
  }

  it("opens a chain on the first call: a chain_id, iteration 1, no previous proximity, no change", async () => {
    const { key } = await mint();
    const first = await expectIteration(await iterateOn(key, { proposal: FURIOUS }));
    expect(first, show(first)).toMatchObject({ iteration: 1, previous_proximity: null, change: null, max_iterations: 1, katorthoma_proximity: "reflexive" });
    expect(first.chain_id, show(first)).toMatch(/^chain_[0-9a-f-]{36}$/);
    // A second first call opens a different chain.
    const other = await expectIteration(await iterateOn(key, { proposal: KEPT }));
    expect(other.chain_id).not.toBe(first.chain_id);
  });

  it("refuses a free key's second iteration on the same chain with 429 allowance_exhausted (policy chain_iterations)", async () => {
    const { key } = await mint("free");
    const first = await expectIteration(await iterateOn(key, { proposal: FURIOUS }));
    const error = await expectError(await iterateOn(key, { proposal: KEPT, chain_id: first.chain_id }), 429, "allowance_exhausted");
    expect(error, show(error)).toMatchObject({ policy: "chain_iterations", skill: "svc-iterate", limit: 1 });
  });

  it("lets a paid key iterate up to 3 times on a chain, each compared with the previous, then 429", async () => {
    const { key } = await mint("paid");
    const first = await expectIteration(await iterateOn(key, { proposal: FURIOUS }));
    expect(first, show(first)).toMatchObject({ iteration: 1, max_iterations: 3, katorthoma_proximity: "reflexive" });
    const second = await expectIteration(await iterateOn(key, { proposal: KEPT, chain_id: first.chain_id }));
    expect(second, show(second)).toMatchObject({
      chain_id: first.chain_id,
      iteration: 2,
      previous_proximity: "reflexive",
      katorthoma_proximity: "habitual",
      change: "improving",
    });
    const third = await expectIteration(await iterateOn(key, { proposal: KEPT, chain_id: first.chain_id }));
    expect(third, show(third)).toMatchObject({ iteration: 3, previous_proximity: "habitual", katorthoma_proximity: "habitual", change: "stable" });
    const error = await expectError(await iterateOn(key, { proposal: FURIOUS, chain_id: first.chain_id }), 429, "allowance_exhausted");
    expect(error, show(error)).toMatchObject({ policy: "chain_iterations", limit: 3 });
  });

  it("says declining when a revision reads worse than the last", async () => {
    const { key } = await mint("paid");
    const first = await expectIteration(await iterateOn(key, { proposal: KEPT }));
    const second = await expectIteration(await iterateOn(key, { proposal: FURIOUS, chain_id: first.chain_id }));
    expect(second, show(second)).toMatchObject({ previous_proximity: "habitual", katorthoma_proximity: "reflexive", change: "declining" });
  });

  it("refuses another owner's chain_id with 404 chain_not_found, at no cost, and leaves the chain to its owner", async () => {
    const owner = await mint("paid");
    const chain = await expectIteration(await iterateOn(owner.key, { proposal: FURIOUS }));
    const intruder = await mint("paid");
    const error = await expectError(await iterateOn(intruder.key, { proposal: KEPT, chain_id: chain.chain_id }), 404, "chain_not_found");
    expect(JSON.stringify(error)).not.toContain("reflexive");
    expect((await usageOf(intruder.key, env))["svc-iterate"]).toBe(0);
    // An unknown chain id is refused the same way.
    await expectError(await iterateOn(owner.key, { proposal: KEPT, chain_id: `chain_${crypto.randomUUID()}` }), 404, "chain_not_found");
    // The owner's chain is untouched by the intrusion: its next iteration is its second.
    const next = await expectIteration(await iterateOn(owner.key, { proposal: KEPT, chain_id: chain.chain_id }));
    expect(next.iteration, show(next)).toBe(2);
  });

  it("charges one svc-iterate unit per iteration, each counted against a paid key's daily limit", async () => {
    const { key } = await mint("paid");
    expect((await usageOf(key, env))["svc-iterate"]).toBe(0);
    const first = await expectIteration(await iterateOn(key, { proposal: FURIOUS }));
    expect(await usageOf(key, env)).toEqual({ ...zeroUsage(), "svc-iterate": 1 });
    expect(await dailyOf(key, env)).toBe(1);
    await expectIteration(await iterateOn(key, { proposal: KEPT, chain_id: first.chain_id }));
    await expectIteration(await iterateOn(key, { proposal: KEPT, chain_id: first.chain_id }));
    expect(await usageOf(key, env)).toEqual({ ...zeroUsage(), "svc-iterate": 3 });
    expect(await dailyOf(key, env)).toBe(3);
    // The refused fourth iteration moves nothing.
    await expectError(await iterateOn(key, { proposal: KEPT, chain_id: first.chain_id }), 429, "allowance_exhausted");
    expect(await usageOf(key, env)).toEqual({ ...zeroUsage(), "svc-iterate": 3 });
    expect(await dailyOf(key, env)).toBe(3);
    await expectIteration(await iterateOn(key, { proposal: KEPT }));
    expect(await usageOf(key, env)).toEqual({ ...zeroUsage(), "svc-iterate": 4 });
    expect(await dailyOf(key, env)).toBe(4);
  });

  it("refuses a free key's second iteration without moving its allowance", async () => {
    const { key } = await mint("free");
    const first = await expectIteration(await iterateOn(key, { proposal: FURIOUS }));
    expect((await usageOf(key, env))["svc-iterate"]).toBe(1);
    await expectError(await iterateOn(key, { proposal: KEPT, chain_id: first.chain_id }), 429, "allowance_exhausted");
    expect(await usageOf(key, env)).toEqual({ ...zeroUsage(), "svc-iterate": 1 });
  });

  it("gives parallel revisions of one chain their own iteration numbers, as many as the meter counted", async () => {
    const { key } = await mint("paid");
    const first = await expectIteration(await iterateOn(key, { proposal: FURIOUS }));
    const revisions = await Promise.all([KEPT, KEPT, LIED].map((proposal) => iterateOn(key, { proposal, chain_id: first.chain_id })));
    const statuses = revisions.map((r) => r.status).sort();
    expect(statuses, show(statuses)).toEqual([200, 200, 429]);
    const iterations = await Promise.all(revisions.filter((r) => r.status === 200).map((r) => expectIteration(r)));
    expect(iterations.map((i) => i.iteration).sort(), show(iterations)).toEqual([2, 3]);
    // Each compares with the reading before it in the chain's own order.
    const [second, third] = iterations.sort((a, b) => a.iteration - b.iteration);
    expect(second!.previous_proximity, show(second)).toBe("reflexive");
    expect(third!.previous_proximity, show(third)).toBe(second!.katorthoma_proximity);
    expect((await usageOf(key, env))["svc-iterate"]).toBe(3);
    expect(await dailyOf(key, env)).toBe(3);
  });

  it.each([
    ["a missing proposal", {}, "missing_field", "proposal"],
    ["an empty proposal", { proposal: "" }, "invalid_field", "proposal"],
    ["a blank proposal", { proposal: " \n\t " }, "invalid_field", "proposal"],
    ["a 5,001-character proposal", { proposal: "a".repeat(5001) }, "invalid_field", "proposal"],
    ["a malformed chain_id", { proposal: KEPT, chain_id: "chain_1" }, "invalid_field", "chain_id"],
    ["a 1,001-character goal", { proposal: KEPT, goal: "a".repeat(1001) }, "invalid_field", "goal"],
    ["an unknown field", { proposal: KEPT, iteration: 2 }, "unknown_field", "iteration"],
  ] as const)("refuses %s (%j) with 400 %s naming %s, at no cost", async (_label, body, code, field) => {
    const { key } = await mint();
    await expectError(await iterateOn(key, body), 400, code, field);
    expect(await usageOf(key, env)).toEqual(zeroUsage());
  });
});

describe("the OpenAPI document", () => {
  const doc = JSON.parse(generateArtifacts()["openapi.json"]!) as { paths: Record<string, Record<string, any>> };
  const shapeKeys = (schema: z.ZodType) => Object.keys((schema as unknown as z.ZodObject).shape).sort();

  it.each(SKILLS.map((s) => s.id))("has POST /api/skill/%s with its own request and response schemas", (id) => {
    const operation = doc.paths[`/api/skill/${id}`]?.post;
    expect(
      operation,
      Object.keys(doc.paths)
        .filter((p) => p.startsWith("/api/skill"))
        .join("\n"),
    ).toBeDefined();
    const request = operation.requestBody?.content?.["application/json"]?.schema;
    expect(request, show(operation)).toBeDefined();
    expect(request.type, show(request)).toBe("object");
    const expected = id === "svc-iterate" ? ["chain_id", "context", "goal", "proposal"] : shapeKeys(SKILL_LENSES.find((s) => s.id === id)!.input);
    expect(Object.keys(request.properties ?? {}).sort(), show(request)).toEqual(expected);
    expect(request.additionalProperties, show(request)).toBe(false);
    expect(operation.responses?.["200"]?.content?.["application/json"]?.schema, show(operation.responses)).toBeDefined();
    expect(operation.operationId).toBe(`skill_${id.replace(/-/g, "_")}`);
  });

  it("gives every skill a distinct path and operation", () => {
    const paths = SKILLS.map((s) => `/api/skill/${s.id}`);
    expect(new Set(paths).size).toBe(27);
    const ids = paths.map((p) => doc.paths[p]?.post?.operationId);
    expect(new Set(ids).size, show(ids)).toBe(27);
  });
});

describeSecurity({
  name: "POST /api/skill/svc-score",
  call: (authorization) => send(skillsFunction, "POST", "/api/skill/svc-score", authorization, { action: KEPT }),
  runtime: () => testRuntime(),
  validCredential: async () => (await mint("free", freshOwner("security"))).key,
});

describeSecurity({
  name: "POST /api/v1/diagnose-passion",
  call: (authorization) => send(skillsFunction, "POST", "/api/v1/diagnose-passion", authorization, { reaction: FURIOUS }),
  runtime: () => testRuntime(),
  validCredential: async () => (await mint("free", freshOwner("security"))).key,
});

describeSecurity({
  name: "POST /api/skill/svc-iterate",
  call: (authorization) => send(skillsFunction, "POST", "/api/skill/svc-iterate", authorization, { proposal: KEPT }),
  runtime: () => testRuntime(),
  validCredential: async () => (await mint("free", freshOwner("security"))).key,
});
