import { type ActionScore, Advice, ScoreList, SCORING_DISCLAIMER, UserProfile, VirtueDomain } from "@svc/core";
import type { Runtime } from "@svc/runtime";
import { clearCredentialCache } from "@svc/http/auth";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { accountFunction } from "../../account/src/function";
import { mintApiKey, signUserJwt, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { freshOwner, testRuntime } from "../../../tests/support/database";
import { closeMeters, meteredRuntime, METER_BACKENDS } from "../../../tests/support/meter";
import { expectError, readJson } from "../../../tests/support/reason";
import { describeSecurity } from "../../../tests/support/security";
import { requester } from "../../../tests/support/requests";
import { scoringFunction } from "./function";
import { ScoredAction } from "./routes/score_action";

// The scoring lenses (POST /api/score-action, /api/score, /api/v1/score-action,
// /api/advise-action), the caller's stored scores and profile, and the v1 score history,
// in-process on the test runtime (PGlite, or the real PostgreSQL when DATABASE_URL is set;
// the metering blocks also run on the Upstash clients over the real Redis when REDIS_URL is
// set). Layer 1 is the offline extractor. Every test uses fresh owners.

const runtime: Runtime = { name: "test", open: async (cfg) => (await testRuntime()).open(cfg) };
const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };

type Env = Record<string, unknown>;
type Body = Record<string, unknown>;

const { send, post, get } = requester(scoringFunction, ENV);

async function mint(owner?: string) {
  return mintApiKey(await testRuntime(), { kind: "live", tier: "free", capabilities: [], ...(owner ? { owner } : {}) });
}

const show = (value: unknown) => JSON.stringify(value, null, 1);
/** JSON with every non-ASCII character escaped as \\uXXXX, as Python's json.dumps writes it by default. */
const asciiJson = (value: unknown) => JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
const SPEC_2_5_KEYS = [
  "katorthoma_proximity",
  "is_kathekon",
  "kathekon_quality",
  "passions_detected",
  "virtue_domains_engaged",
  "improvement_path",
  "disclaimer",
];
const EMPTY_PROFILE = {
  primary_virtue_domains: [],
  secondary_virtue_domains: [],
  most_frequent_passions: [],
  kathekon_alignment: "No actions scored yet.",
  actions_scored: 0,
  last_assessment: null,
  growth_pattern: "No actions scored yet.",
};

/** A 200 that is a stored score in the spec 2.5 shape, plus its id. */
async function expectScore(res: Response): Promise<ActionScore & { id: string }> {
  const body = await readJson(res, 200);
  const parsed = ScoredAction.strict().safeParse(body);
  expect(parsed.success, `${show(body)}\n${parsed.error?.message}`).toBe(true);
  expect(Object.keys(body).sort(), show(body)).toEqual([...SPEC_2_5_KEYS, "id"].sort());
  expect(body.disclaimer, show(body)).toBe(SCORING_DISCLAIMER);
  expect(body.improvement_path.length, show(body)).toBeGreaterThan(0);
  return parsed.data!;
}

async function scoresOf(credential: string, query = "", env: Env = ENV): Promise<ScoreList> {
  const res = await get(`/api/user/scores${query}`, credential, env);
  const body = await readJson<ScoreList>(res, 200);
  expect(ScoreList.safeParse(body).success, show(body)).toBe(true);
  expect(res.headers.get("cache-control"), show(body)).toContain("no-store");
  return body;
}

async function profileOf(credential: string, env: Env = ENV): Promise<UserProfile> {
  const body = await readJson<UserProfile>(await get("/api/user/profile", credential, env), 200);
  expect(UserProfile.strict().safeParse(body).success, show(body)).toBe(true);
  return body;
}

async function usageOf(credential: string, env: Env, skill = "svc-score"): Promise<number> {
  const usage = await readJson<{ skills: { skill: string; used: number }[] }>(
    await accountFunction.fetch(new Request("http://t/api/usage", { headers: { authorization: `Bearer ${credential}` } }), env),
    200,
  );
  return usage.skills.find((s) => s.skill === skill)!.used;
}

const FURIOUS = "I was furious and yelled at my partner without thinking.";
const LIED = "I lied to my colleague about the deadline because I was afraid.";
const KEPT = "I kept my promise to my colleague and finished the report.";
const PLAIN = "Archive old log files.";

/** The three names of the one scoring operation, with the outcome field each accepts and the one it refuses. */
const SCORE_ROUTES = [
  ["/api/score-action", "intended_outcome", "intendedOutcome"],
  ["/api/score", "intendedOutcome", "intended_outcome"],
  ["/api/v1/score-action", "intended_outcome", "intendedOutcome"],
] as const;

beforeEach(() => {
  clearCredentialCache();
});

afterAll(closeMeters);

describe("as a new user would try it", () => {
  it("scores an action, sees it in /api/user/scores and reflected in /api/user/profile; a second user sees neither", async () => {
    const first = await mint();
    const started = Date.now();
    const score = await expectScore(
      await post("/api/score-action", first.key, { action: FURIOUS, context: "At home, after a long day.", intended_outcome: "To be heard." }),
    );
    expect(score, show(score)).toMatchObject({
      katorthoma_proximity: "contrary",
      // Yelling at one's partner is read as a duty to the household not met.
      is_kathekon: false,
      kathekon_quality: null,
      passions_detected: [{ root_passion: "epithumia", sub_species: "orge", false_judgement: expect.any(String) }],
    });

    const list = await scoresOf(first.key);
    expect(list.next_cursor).toBeNull();
    expect(list.scores, show(list)).toEqual([
      {
        id: score.id,
        action_description: FURIOUS,
        katorthoma_proximity: score.katorthoma_proximity,
        is_kathekon: score.is_kathekon,
        kathekon_quality: score.kathekon_quality,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    ]);
    const createdAt = Date.parse(list.scores[0]!.created_at);
    expect(Math.abs(createdAt - started), show(list)).toBeLessThan(60_000);

    const profile = await profileOf(first.key);
    expect(profile, show(profile)).toMatchObject({
      actions_scored: 1,
      last_assessment: list.scores[0]!.created_at,
      // Anger engages temperance (the domain that governs appetite, anger among them).
      primary_virtue_domains: ["phronesis", "dikaiosyne", "sophrosyne"],
      most_frequent_passions: [{ root_passion: "epithumia", frequency: "1 of 1 scored actions" }],
      kathekon_alignment: "0 of 1 scored actions read as appropriate acts; 1 fell short; 0 could not be decided from the account.",
    });

    const second = await mint();
    expect(await scoresOf(second.key)).toEqual({ scores: [], next_cursor: null });
    expect(await profileOf(second.key)).toEqual(EMPTY_PROFILE);
    // The first user still sees exactly their own.
    expect((await scoresOf(first.key)).scores.map((s) => s.id)).toEqual([score.id]);
  });
});

describe.each(SCORE_ROUTES)("POST %s", (path, outcomeField, refusedField) => {
  it.each([
    [FURIOUS, { katorthoma_proximity: "contrary", is_kathekon: false, kathekon_quality: null }],
    [LIED, { katorthoma_proximity: "contrary", is_kathekon: false, kathekon_quality: null }],
    [KEPT, { katorthoma_proximity: "progressing", is_kathekon: true, kathekon_quality: "weak" }],
    [PLAIN, { katorthoma_proximity: "progressing", is_kathekon: null, kathekon_quality: null }],
  ] as const)("scores %j in the spec 2.5 shape and stores it for its owner", async (action, expected) => {
    const { key } = await mint();
    const score = await expectScore(await post(path, key, { action, context: "Work.", [outcomeField]: "A good result." }));
    expect(score, show(score)).toMatchObject(expected);
    expect(score.virtue_domains_engaged).toContain("phronesis");
    for (const d of score.virtue_domains_engaged) expect(VirtueDomain.options).toContain(d);
    const list = await scoresOf(key);
    expect(
      list.scores.map((s) => [s.id, s.action_description]),
      show(list),
    ).toEqual([[score.id, action]]);
  });

  it("accepts the action alone", async () => {
    const { key } = await mint();
    await expectScore(await post(path, key, { action: KEPT }));
  });

  it(`refuses ${refusedField} (the other route's name for the outcome) with 400 unknown_field`, async () => {
    const { key } = await mint();
    await expectError(await post(path, key, { action: KEPT, [refusedField]: "A good result." }), 400, "unknown_field", refusedField);
    expect((await scoresOf(key)).scores).toEqual([]);
  });

  it.each([
    ["a missing action", { context: "Work." }, "missing_field", "action"],
    ["an empty action", { action: "" }, "invalid_field", "action"],
    ["an action that is not a string", { action: 42 }, "invalid_field", "action"],
    ["a context that is not a string", { action: KEPT, context: ["x"] }, "invalid_field", "context"],
    ["an unknown field", { action: KEPT, depth: "deep" }, "unknown_field", "depth"],
  ] as const)("refuses %s (%j) with 400 %s naming %s, and stores nothing", async (_label, body, code, field) => {
    const { key } = await mint();
    await expectError(await post(path, key, body), 400, code, field);
    expect((await scoresOf(key)).scores).toEqual([]);
  });

  it("refuses a body that is not JSON with 400 invalid_json", async () => {
    const { key } = await mint();
    await expectError(await post(path, key, "{not json"), 400, "invalid_json");
  });
});

describe("the stored scores: GET /api/user/scores and GET /api/user/profile", () => {
  it("lists newest first, over every scoring route, and keys stay with their owner (two keys of one owner share it)", async () => {
    const owner = freshOwner("shared");
    const a = await mint(owner);
    const b = await mint(owner);
    const ids: string[] = [];
    ids.push((await expectScore(await post("/api/score-action", a.key, { action: FURIOUS }))).id);
    ids.push((await expectScore(await post("/api/score", b.key, { action: LIED, intendedOutcome: "Calm." }))).id);
    ids.push((await expectScore(await post("/api/v1/score-action", a.key, { action: KEPT }))).id);
    for (const key of [a.key, b.key]) {
      const list = await scoresOf(key);
      expect(
        list.scores.map((s) => s.id),
        show(list),
      ).toEqual([...ids].reverse());
      const times = list.scores.map((s) => Date.parse(s.created_at));
      expect(times, show(list)).toEqual([...times].sort((x, y) => y - x));
    }
    const profile = await profileOf(b.key);
    expect(profile, show(profile)).toMatchObject({
      actions_scored: 3,
      last_assessment: (await scoresOf(a.key)).scores[0]!.created_at,
      kathekon_alignment: "1 of 3 scored actions read as appropriate acts; 2 fell short; 0 could not be decided from the account.",
      growth_pattern: "Too few scored actions to show a direction (3; 10 are needed).",
    });
    expect(profile.most_frequent_passions.map((p) => [p.root_passion, p.frequency])).toEqual([
      ["epithumia", "1 of 3 scored actions"],
      ["phobos", "1 of 3 scored actions"],
    ]);
    // Another owner sees none of it.
    const stranger = await mint();
    expect(await scoresOf(stranger.key)).toEqual({ scores: [], next_cursor: null });
    expect(await profileOf(stranger.key)).toEqual(EMPTY_PROFILE);
  });

  it("pages with limit and before=next_cursor: disjoint pages that together are the whole list, in order", async () => {
    const { key } = await mint();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push((await expectScore(await post("/api/score-action", key, { action: `I kept my promise number ${i}.` }))).id);
    const newestFirst = [...ids].reverse();

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page: ScoreList = await scoresOf(key, `?limit=2${cursor ? `&before=${cursor}` : ""}`);
      expect(page.scores.length, show(page)).toBeLessThanOrEqual(2);
      pages.push(page.scores.map((s) => s.id));
      cursor = page.next_cursor;
      if (cursor) expect(cursor).toBe(page.scores.at(-1)!.id);
      expect(pages.length).toBeLessThan(5);
    } while (cursor);
    expect(pages, show(pages)).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4)]);
    expect(new Set(pages.flat()).size).toBe(5);

    // The default page holds them all; a limit of exactly the count still offers a (final, empty) next page.
    expect((await scoresOf(key)).scores.map((s) => s.id)).toEqual(newestFirst);
    const exact = await scoresOf(key, "?limit=5");
    expect(exact.next_cursor).toBe(newestFirst[4]);
    expect(await scoresOf(key, `?limit=5&before=${exact.next_cursor}`)).toEqual({ scores: [], next_cursor: null });
    expect((await scoresOf(key, "?limit=100")).scores).toHaveLength(5);
  });

  it.each([
    ["limit=101", "invalid_field", "limit"],
    ["limit=0", "invalid_field", "limit"],
    ["limit=2.5", "invalid_field", "limit"],
    ["limit=ten", "invalid_field", "limit"],
    ["before=not-a-uuid", "invalid_field", "before"],
    ["page=2", "unknown_field", "page"],
  ])("refuses ?%s with 400 %s", async (query, code, field) => {
    const { key } = await mint();
    await expectError(await get(`/api/user/scores?${query}`, key), 400, code, field);
  });

  it("never pages into another owner's scores through their cursor", async () => {
    const owner = await mint();
    const other = await mint();
    const theirs = await expectScore(await post("/api/score-action", other.key, { action: KEPT }));
    await expectScore(await post("/api/score-action", other.key, { action: LIED }));
    const mine = await expectScore(await post("/api/score-action", owner.key, { action: PLAIN }));
    const page = await scoresOf(owner.key, `?before=${theirs.id}`);
    for (const s of page.scores) expect(s.id, show(page)).toBe(mine.id);
    expect(JSON.stringify(page)).not.toContain(KEPT);
  });

  it("does not store a refused request, and the profile of a caller with none says so", async () => {
    const { key } = await mint();
    await expectError(await post("/api/score-action", key, { action: "x".repeat(5001) }), 400, "invalid_field", "action");
    expect(await profileOf(key)).toEqual(EMPTY_PROFILE);
    expect((await profileOf(key)).last_assessment).toBeNull();
  });
});

describe("POST /api/advise-action", () => {
  it("answers in the spec 2.6 shape with one question per domain id, and stores nothing", async () => {
    const { key } = await mint();
    await expectScore(await post("/api/score-action", key, { action: KEPT }));
    const before = await scoresOf(key);

    const res = await post("/api/advise-action", key, {
      proposed_action: "I am going to tell my colleague the truth about the deadline, though I am afraid.",
      context: "A team project.",
      goal: "a fair outcome for the team",
    });
    const body = await readJson(res, 200);
    const parsed = Advice.strict().safeParse(body);
    expect(parsed.success, `${show(body)}\n${parsed.error?.message}`).toBe(true);
    expect(Object.keys(body).sort()).toEqual(
      ["wisdom_guidance", "is_kathekon", "kathekon_quality", "passions_to_examine", "virtue_considerations", "alternative_perspectives", "disclaimer"].sort(),
    );
    expect(body.disclaimer).toBe(SCORING_DISCLAIMER);
    const keys = Object.keys(body.virtue_considerations);
    expect(keys, show(body)).toContain("phronesis");
    expect(keys, show(body)).toEqual(expect.arrayContaining(["dikaiosyne", "andreia"]));
    for (const [domain, question] of Object.entries(body.virtue_considerations as Record<string, string>)) {
      expect(VirtueDomain.options, show(body)).toContain(domain);
      expect(question, show(body)).toMatch(/\S.*\?$/);
    }
    expect(body.virtue_considerations.phronesis).toContain('"a fair outcome for the team"');
    expect(
      body.passions_to_examine.map((p: { root_passion: string }) => p.root_passion),
      show(body),
    ).toEqual(["phobos"]);
    expect(body.alternative_perspectives.length).toBeGreaterThan(0);

    // Not stored: the list and the profile are as they were.
    expect(await scoresOf(key)).toEqual(before);
    expect((await profileOf(key)).actions_scored).toBe(1);
  });

  it("asks only about phronesis when no other domain is engaged", async () => {
    const { key } = await mint();
    const body = await readJson(await post("/api/advise-action", key, { proposed_action: PLAIN }), 200);
    expect(Object.keys(body.virtue_considerations), show(body)).toEqual(["phronesis"]);
    expect(body.is_kathekon, show(body)).toBeNull();
  });

  it.each([
    ["a missing proposed_action", { goal: "x" }, "missing_field", "proposed_action"],
    ["an empty proposed_action", { proposed_action: "" }, "invalid_field", "proposed_action"],
    ["the score route's field name", { proposed_action: KEPT, action: KEPT }, "unknown_field", "action"],
    ["a goal that is not a string", { proposed_action: KEPT, goal: 1 }, "invalid_field", "goal"],
  ] as const)("refuses %s (%j) with 400 %s naming %s", async (_label, body, code, field) => {
    const { key } = await mint();
    await expectError(await post("/api/advise-action", key, body), 400, code, field);
  });
});

describe("GET /api/v1/score-history/{user_id}", () => {
  it("serves the caller's own history, newest first, with the same pages as /api/user/scores", async () => {
    const { key, owner } = await mint();
    const first = await expectScore(await post("/api/v1/score-action", key, { action: KEPT }));
    const second = await expectScore(await post("/api/v1/score-action", key, { action: LIED }));
    const res = await get(`/api/v1/score-history/${owner}`, key);
    const body = await readJson<ScoreList>(res, 200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(
      body.scores.map((s) => s.id),
      show(body),
    ).toEqual([second.id, first.id]);
    expect(body).toEqual(await scoresOf(key));
    const page = await readJson<ScoreList>(await get(`/api/v1/score-history/${owner}?limit=1`, key), 200);
    expect(page, show(page)).toEqual({ scores: [expect.objectContaining({ id: second.id })], next_cursor: second.id });
    await expectError(await get(`/api/v1/score-history/${owner}?limit=101`, key), 400, "invalid_field", "limit");
  });

  it("refuses another user's history with 403 not_your_history, and shows nothing of it", async () => {
    const victim = await mint();
    await expectScore(await post("/api/score-action", victim.key, { action: KEPT }));
    const intruder = await mint();
    const error = await expectError(await get(`/api/v1/score-history/${victim.owner}`, intruder.key), 403, "not_your_history");
    expect(error.required).toBe("operator");
    expect(JSON.stringify(error)).not.toContain(KEPT);
  });

  it("lets an operator read anyone's history", async () => {
    const user = await mint();
    const score = await expectScore(await post("/api/score-action", user.key, { action: KEPT }));
    const body = await readJson<ScoreList>(await get(`/api/v1/score-history/${user.owner}`, TEST_OPERATOR_KEY), 200);
    expect(
      body.scores.map((s) => s.id),
      show(body),
    ).toEqual([score.id]);
    const nobody = await readJson<ScoreList>(await get(`/api/v1/score-history/user:${freshOwner("nobody")}`, TEST_OPERATOR_KEY), 200);
    expect(nobody).toEqual({ scores: [], next_cursor: null });
  });
});

describe("a human user (JWT)", () => {
  it("scores as user:<sub>: the scores are the user's, readable by no key owner of the same name and no other human", async () => {
    const sub = freshOwner("human");
    const jwt = await signUserJwt(sub);
    const score = await expectScore(await post("/api/score-action", jwt, { action: LIED }));
    expect((await scoresOf(jwt)).scores.map((s) => s.id)).toEqual([score.id]);
    expect((await profileOf(jwt)).actions_scored).toBe(1);
    const history = await readJson<ScoreList>(await get(`/api/v1/score-history/user:${sub}`, jwt), 200);
    expect(history.scores.map((s) => s.id)).toEqual([score.id]);
    // An API key whose owner has the same name is another owner (key:<name>); so is another human.
    const key = await mint(sub);
    expect(key.owner).toBe(`key:${sub}`);
    expect(await scoresOf(key.key)).toEqual({ scores: [], next_cursor: null });
    await expectError(await get(`/api/v1/score-history/user:${sub}`, key.key), 403, "not_your_history");
    const other = await signUserJwt(freshOwner("human"));
    expect(await scoresOf(other)).toEqual({ scores: [], next_cursor: null });
    expect(await profileOf(other)).toEqual(EMPTY_PROFILE);
    await expectError(await get(`/api/v1/score-history/user:${sub}`, other), 403, "not_your_history");
  });

  it("a token whose sub names a key's owner reads none of that owner's scores", async () => {
    const owner = freshOwner("shared-name");
    const key = await mint(owner);
    const score = await expectScore(await post("/api/score-action", key.key, { action: KEPT }));
    const jwt = await signUserJwt(owner);
    expect(await scoresOf(jwt)).toEqual({ scores: [], next_cursor: null });
    expect(await profileOf(jwt)).toEqual(EMPTY_PROFILE);
    await expectError(await get(`/api/v1/score-history/${key.owner}`, jwt), 403, "not_your_history");
    // A bare name is no owner id at all (user: or key:?): no such resource.
    await expectError(await get(`/api/v1/score-history/${owner}`, jwt), 404, "not_found", "user_id");
    // The key still reads its own.
    expect((await scoresOf(key.key)).scores.map((s) => s.id)).toEqual([score.id]);
  });

  it("a token with sub operator reads none of what the operator key scored", async () => {
    const score = await expectScore(await post("/api/score-action", TEST_OPERATOR_KEY, { action: KEPT }));
    const jwt = await signUserJwt("operator");
    const seen = await scoresOf(jwt, "?limit=100");
    expect(seen.scores.map((s) => s.id)).not.toContain(score.id);
    await expectError(await get("/api/v1/score-history/operator", jwt), 403, "not_your_history");
    expect((await scoresOf(TEST_OPERATOR_KEY, "?limit=100")).scores.map((s) => s.id)).toContain(score.id);
  });
});

describe.each(METER_BACKENDS)("metering and caps under svc-score (%s meter)", (backend) => {
  const metered = meteredRuntime(backend);
  const env = { ...ENV, SVC_RUNTIME: metered, BURST_LIMIT: "1000" };
  const mintOn = () => mintApiKey(metered, { kind: "live", tier: "free" });

  it("charges one svc-score unit per scored action, on each route, with RateLimit headers", async () => {
    const { key } = await mintOn();
    expect(await usageOf(key, env)).toBe(0);
    let n = 0;
    for (const [path] of SCORE_ROUTES) {
      const res = await post(path, key, { action: KEPT }, env);
      await expectScore(res);
      n += 1;
      expect(await usageOf(key, env), path).toBe(n);
      expect(res.headers.get("ratelimit-policy"), path).toBe('"svc-score-monthly";q=100;w=2592000');
      expect(res.headers.get("ratelimit"), path).toMatch(new RegExp(`^"svc-score-monthly";r=${100 - n};t=\\d+$`));
    }
    // Reading the list and the profile costs nothing; advice costs a unit of the same skill.
    await scoresOf(key, "", env);
    await profileOf(key, env);
    expect(await usageOf(key, env)).toBe(3);
    await readJson(await post("/api/advise-action", key, { proposed_action: KEPT }, env), 200);
    expect(await usageOf(key, env)).toBe(4);
    expect(await usageOf(key, env, "svc-reason")).toBe(0);
  });

  const CAPPED: ReadonlyArray<[string, string, Body]> = [
    ["/api/score-action", "action", { action: KEPT }],
    ["/api/score-action", "context", { action: KEPT }],
    ["/api/score-action", "intended_outcome", { action: KEPT }],
    ["/api/score", "action", { action: KEPT }],
    ["/api/score", "context", { action: KEPT }],
    ["/api/score", "intendedOutcome", { action: KEPT }],
    ["/api/v1/score-action", "action", { action: KEPT }],
    ["/api/v1/score-action", "context", { action: KEPT }],
    ["/api/v1/score-action", "intended_outcome", { action: KEPT }],
    ["/api/advise-action", "proposed_action", { proposed_action: KEPT }],
    ["/api/advise-action", "context", { proposed_action: KEPT }],
    ["/api/advise-action", "goal", { proposed_action: KEPT }],
  ];

  it.each(CAPPED)("%s refuses a 5,001-character %s with 400 naming it, at no cost and storing nothing", async (path, field, base) => {
    const { key } = await mintOn();
    const error = await expectError(await post(path, key, { ...base, [field]: "a".repeat(5001) }, env), 400, "invalid_field", field);
    expect(error.message).toContain(field);
    expect(error.message).toContain("5000");
    expect(await usageOf(key, env)).toBe(0);
    expect((await scoresOf(key, "", env)).scores).toEqual([]);
  });

  it.each([...new Set(CAPPED.map(([path]) => path))])("%s accepts every capped field at exactly 5,000 characters", async (path) => {
    const { key } = await mintOn();
    const fields = CAPPED.filter(([p]) => p === path).map(([, field]) => field);
    const body = Object.fromEntries(fields.map((f) => [f, `I kept my promise to my colleague (${f}). `.repeat(200).slice(0, 5000)]));
    for (const value of Object.values(body)) expect(value).toHaveLength(5000);
    const res = await post(path, key, body, env);
    if (path === "/api/advise-action") await readJson(res, 200);
    else {
      const score = await expectScore(res);
      expect((await scoresOf(key, "", env)).scores.map((s) => [s.id, s.action_description.length])).toEqual([[score.id, 5000]]);
    }
    expect(await usageOf(key, env)).toBe(1);
  });

  it.each([...new Set(CAPPED.map(([path]) => path))])(
    "%s accepts every capped field at 5,000 characters even when the JSON escapes every character (Python's json.dumps default)",
    async (path) => {
      const { key } = await mintOn();
      const fields = CAPPED.filter(([p]) => p === path).map(([, field]) => field);
      const body = asciiJson(Object.fromEntries(fields.map((f) => [f, "漢".repeat(5000)])));
      expect(body.length).toBeGreaterThan(90_000);
      const res = await send("POST", path, `Bearer ${key}`, body, env);
      expect(res.status, (await res.clone().text()).slice(0, 500)).toBe(200);
      expect(await usageOf(key, env)).toBe(1);
    },
  );

  it("refuses the 101st scored action of a free key's month with 429 allowance_exhausted, and does not store it", async () => {
    const { key } = await mintOn();
    for (let i = 1; i <= 100; i++) {
      const res = await post("/api/score-action", key, { action: `I kept my promise number ${i}.` }, env);
      expect(res.status, `call ${i}: ${await res.clone().text()}`).toBe(200);
    }
    expect(await usageOf(key, env)).toBe(100);
    const refused = await expectError(await post("/api/score", key, { action: KEPT }, env), 429, "allowance_exhausted");
    expect(refused).toMatchObject({ skill: "svc-score", limit: 100 });
    expect((await profileOf(key, env)).actions_scored).toBe(100);
    // Reading what was stored still works.
    expect((await scoresOf(key, "?limit=1", env)).scores[0]!.action_description).toBe("I kept my promise number 100.");
  });

  it("meters a human user under their own subject, and never an operator", async () => {
    const jwt = await signUserJwt(freshOwner("human"));
    await expectScore(await post("/api/score-action", jwt, { action: KEPT }, env));
    expect(await usageOf(jwt, env)).toBe(1);
    const res = await post("/api/score-action", TEST_OPERATOR_KEY, { action: KEPT }, env);
    await expectScore(res);
    expect(res.headers.get("ratelimit")).toBeNull();
  });
});

describeSecurity({
  name: "POST /api/score-action",
  call: (authorization) => send("POST", "/api/score-action", authorization, { action: KEPT }),
  runtime: () => testRuntime(),
  validCredential: async () => (await mint(freshOwner("security"))).key,
});

describeSecurity({
  name: "POST /api/advise-action",
  call: (authorization) => send("POST", "/api/advise-action", authorization, { proposed_action: KEPT }),
  runtime: () => testRuntime(),
  validCredential: async () => (await mint(freshOwner("security"))).key,
});

describeSecurity({
  name: "GET /api/user/scores",
  call: (authorization) => send("GET", "/api/user/scores", authorization),
  runtime: () => testRuntime(),
  validCredential: async () => (await mint(freshOwner("security"))).key,
});

describeSecurity({
  name: "GET /api/user/profile",
  call: (authorization) => send("GET", "/api/user/profile", authorization),
  runtime: () => testRuntime(),
  validCredential: async () => (await mint(freshOwner("security"))).key,
});
