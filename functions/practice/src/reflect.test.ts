import { KatorthomaProximity, REFLECT_MANDATORY_NOTE, ReflectComplete, ReflectQuestion, VirtueDomain, type Capability } from "@svc/core";
import type { Runtime, RuntimeSession } from "@svc/runtime";
import { clearCredentialCache } from "@svc/http/auth";
import { recordStores } from "@svc/db";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { accountFunction } from "../../account/src/function";
import { accreditationFunction } from "../../accreditation/src/function";
import { seededAgent, trustRecord } from "../../../tests/support/accreditation";
import { mintApiKey, signUserJwt, TEST_JWT_SECRET, TEST_OPERATOR_KEY, type MintOptions } from "../../../tests/support/credentials";
import { freshOwner, testRuntime } from "../../../tests/support/database";
import { closeMeters, meteredRuntime, METER_BACKENDS } from "../../../tests/support/meter";
import { expectError, readJson } from "../../../tests/support/reason";
import { requester } from "../../../tests/support/requests";
import { describeSecurity } from "../../../tests/support/security";
import { practiceFunction } from "./function";
import { REFLECT_ANSWERS as ANSWERS } from "../../../tests/support/practice";

// POST /api/practice/reflect (spec 2.16, 3.3, 4.5) in-process on the test runtime (PGlite, or
// the real PostgreSQL when DATABASE_URL is set), Layer 1 the offline extractor: a new user's
// whole path to the profile, each transition of 3.3, each 400 naming its field and writing
// nothing, scoping by owner and agent, the 2026-09-26 rule, reflect_at_close, the one metered
// loop per closing pass (also on the Upstash clients when REDIS_URL is set), the trust events
// it mints, and the shared security suite. Every test uses fresh owners and agents.

const runtime: Runtime = { name: "test", open: async (cfg) => (await testRuntime()).open(cfg) };
const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };
const PATH = "/api/practice/reflect";

type Env = Record<string, unknown>;
type Body = Record<string, any>;

const { send, post } = requester(practiceFunction, ENV);
const show = (value: unknown) => JSON.stringify(value, null, 1);
const freshAgent = () => `agent-${crypto.randomUUID()}`;
const mint = async (options: MintOptions = {}) => mintApiKey(await testRuntime(), { kind: "live", tier: "free", capabilities: ["reflect"], ...options });

const SUMMARY = {
  purpose_at_open: "fix the failing invoice export for the finance team",
  circle_at_open: "community",
  role_at_open: "a coding assistant",
  capacity_at_open: ["repository write access"],
  sage_reasoning_passes: 1,
};

const openBody = (agent_id: string, session_id = "session-1", extra: Body = {}) => ({ session_id, agent_id, session_summary: SUMMARY, ...extra });
const answerBody = (agent_id: string, response: string, session_id = "session-1", extra: Body = {}) => ({ session_id, agent_id, response, ...extra });

async function db() {
  return (await testRuntime()).database();
}

/** The practice_sessions rows of an owner. */
async function rowsOf(owner: string) {
  return (await db()).selectFrom("practice_sessions").selectAll().where("owner_id", "=", owner).orderBy("opened_at", "asc").execute();
}

async function usageOf(key: string, env: Env = ENV): Promise<number> {
  const usage = await readJson<{ skills: { skill: string; used: number }[] }>(
    await accountFunction.fetch(new Request("http://t/api/usage", { headers: { authorization: `Bearer ${key}` } }), env),
    200,
  );
  return usage.skills.find((s) => s.skill === "svc-reason")!.used;
}

/** Opens a session and answers its first `count` steps; returns the last body. */
async function through(key: string, agent: string, count: number, session = "session-1", env: Env = ENV): Promise<Body> {
  let last = await readJson<Body>(await post(PATH, key, openBody(agent, session), env), 200);
  for (let i = 0; i < count; i += 1) last = await readJson<Body>(await post(PATH, key, answerBody(agent, ANSWERS[i]!, session), env), 200);
  return last;
}

beforeEach(() => {
  clearCredentialCache();
});

afterAll(closeMeters);

describe("a new user's path: open, answer through to complete, get the profile", () => {
  it("open gives Q1; every answer the next step; the last the profile with the mandatory note, one loop charged, hold events minted", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    const opened = await readJson<Body>(await post(PATH, key, openBody(agent)), 200);
    expect(ReflectQuestion.strict().safeParse(opened).success, show(opened)).toBe(true);
    expect(opened, show(opened)).toMatchObject({ status: "in_progress", step: "Q1", step_number: 1, steps_total: 8, session_id: "session-1", agent_id: agent });
    expect(opened.question).toContain(SUMMARY.purpose_at_open);
    expect(opened.mandatory_subquestions.length).toBeGreaterThan(0);

    const steps: string[] = [opened.step];
    let last: Body = opened;
    for (const response of ANSWERS) {
      expect(await usageOf(key), `nothing is charged before the closing pass (${last.step})`).toBe(0);
      last = await readJson<Body>(await post(PATH, key, answerBody(agent, response)), 200);
      if (last.status === "in_progress") steps.push(last.step);
    }
    expect(steps).toEqual(["Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "verification", "supporting"]);

    const parsed = ReflectComplete.strict().safeParse(last);
    expect(parsed.success, `${show(last)}\n${parsed.error?.message}`).toBe(true);
    expect(last).toMatchObject({ status: "complete", exit_path: "full_sequence", session_id: "session-1", agent_id: agent });
    expect(last.profile_update_framing.mandatory_note).toBe(REFLECT_MANDATORY_NOTE);
    expect(["normal", "high", "low"]).toContain(last.profile_update_confidence);
    expect(Object.keys(last.profile.katorthoma_proximity_by_domain).sort()).toEqual(["andreia", "dikaiosyne", "phronesis", "sophrosyne"]);
    expect(last.profile.direction_of_travel).toBeNull();
    expect(last.suggestion).toBeUndefined();
    expect(await usageOf(key)).toBe(1);

    const [row] = await rowsOf(owner);
    expect(row, show(row)).toMatchObject({ status: "complete", sealed_answers: null, session_id: "session-1", agent_id: agent, kind: "reflect" });
  });

  it("reflect history reaches the trust record of an accreditation its owner holds, one hold event per domain read, lowering or holding, never raising", async () => {
    const seeded = await seededAgent();
    const before = await readJson<Body>(await trustRecord(seeded.agent), 200);
    const { key } = await mint({ owner: seeded.owner, agent: seeded.agent });
    const done = await through(key, seeded.agent, 8);
    expect(done.status).toBe("complete");
    const [row] = (await rowsOf(seeded.owner)).filter((r) => r.kind === "reflect");
    const events = await (await db()).selectFrom("trust_events").selectAll().where("agent_id", "=", seeded.agent).where("source", "=", "reflect").execute();
    const levels = Object.entries(done.profile.katorthoma_proximity_by_domain).filter(([, level]) => level !== null);
    expect(events.map((e) => [e.domain, e.level]).sort(), show(events)).toEqual(levels.sort());
    for (const e of events) expect(e, show(e)).toMatchObject({ class: "hold", source_ref: row!.id });
    const after = await readJson<Body>(await trustRecord(seeded.agent), 200);
    const rank = (level: string | null) => (level === null ? -1 : KatorthomaProximity.options.indexOf(level as never));
    for (const domain of VirtueDomain.options) {
      expect(rank(after.domains[domain].level), show([before.domains, after.domains])).toBeLessThanOrEqual(rank(before.domains[domain].level));
      const reflected = done.profile.katorthoma_proximity_by_domain[domain];
      if (before.domains[domain].level !== null && reflected !== null && rank(reflected) < rank(before.domains[domain].level)) {
        expect(after.domains[domain].level).toBe(reflected);
      }
    }
  });

  it("another owner's reflection under the same agent id never touches that agent's trust record; a reflection alone makes no trust record (404)", async () => {
    const seeded = await seededAgent();
    const before = await readJson<Body>(await trustRecord(seeded.agent), 200);
    const { key } = await mint({ agent: seeded.agent });
    expect((await through(key, seeded.agent, 8)).status).toBe("complete");
    expect(
      await (await db()).selectFrom("trust_events").select("id").where("agent_id", "=", seeded.agent).where("source", "=", "reflect").execute(),
    ).toHaveLength(0);
    expect((await readJson<Body>(await trustRecord(seeded.agent), 200)).domains).toEqual(before.domains);

    const agent = freshAgent();
    const { key: lone } = await mint();
    expect((await through(lone, agent, 8)).status).toBe("complete");
    expect(await (await db()).selectFrom("trust_events").select("class").where("agent_id", "=", agent).execute()).toHaveLength(0);
    await expectError(await accreditationFunction.fetch(new Request(`http://t/api/trust-record/${agent}`), ENV), 404, "trust_record_not_found");
  });

  it("answers are sealed at rest while the session is open", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    await through(key, agent, 3);
    const [row] = await rowsOf(owner);
    expect(row!.sealed_answers).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(ANSWERS[0]!.slice(0, 40));
  });

  it("a second reflection reads against the first: a direction, no suggestion for an unchanged grade", async () => {
    const agent = freshAgent();
    const { key } = await mint();
    const first = await through(key, agent, 8, "first");
    const second = await through(key, agent, 8, "second");
    // The same answers keep the grade. The direction follows the assessments' rule (the mean rung
    // now against the previous typical reading), which need not be "stable" when the readings spread.
    expect(second.profile.senecan_grade, show(second)).toBe(first.profile.senecan_grade);
    expect(second.profile.direction_of_travel, show(second)).not.toBeNull();
    expect(second.suggestion).toBeUndefined();
    expect(await usageOf(key)).toBe(2);
  });
});

describe("the transitions of 3.3 and their refusals", () => {
  it("in_progress -> redirected: distress ends the flow, flow_terminated true, nothing charged, no further answer (409)", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    await through(key, agent, 2);
    const res = await readJson<Body>(await post(PATH, key, answerBody(agent, "I don't want to be here anymore.")), 200);
    expect(res, show(res)).toMatchObject({ status: "redirected", severity: "acute", flow_terminated: true, session_id: "session-1", agent_id: agent });
    expect(res.suggested_user_message).toMatch(/crisis line/);
    expect(await usageOf(key)).toBe(0);
    expect((await rowsOf(owner))[0]).toMatchObject({ status: "redirected", sealed_answers: null });
    await expectError(await post(PATH, key, answerBody(agent, "I am fine, go on.")), 409, "session_closed");
  });

  it("complete takes no further answer (409); a read returns the completion again at no cost", async () => {
    const agent = freshAgent();
    const { key } = await mint();
    const done = await through(key, agent, 8);
    const error = await expectError(await post(PATH, key, answerBody(agent, "One more thought.")), 409, "session_closed");
    expect(error.status).toBe("complete");
    expect(await readJson<Body>(await post(PATH, key, openBody(agent)), 200)).toEqual(done);
    expect(await usageOf(key)).toBe(1);
  });

  it("an answer to a session never opened is 404 session_not_found", async () => {
    const { key } = await mint();
    await expectError(await post(PATH, key, answerBody(freshAgent(), "An answer.")), 404, "session_not_found");
  });

  it("a session opened before 2026-09-26 cannot be resumed: 409 session_not_resumable", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    await (await db())
      .insertInto("practice_sessions")
      .values({
        id: crypto.randomUUID(),
        kind: "reflect",
        owner_id: owner,
        agent_id: agent,
        session_id: "old-session",
        status: "in_progress",
        stage: "Q3",
        session_summary: JSON.stringify(SUMMARY),
        answers: null,
        outcome: null,
        approval: null,
        opened_at: "2026-09-25T23:59:59.000Z",
        updated_at: "2026-09-25T23:59:59.000Z",
      })
      .execute();
    const error = await expectError(await post(PATH, key, answerBody(agent, "An answer.", "old-session")), 409, "session_not_resumable");
    expect(error.message).toMatch(/2026-09-26/);
    await expectError(await post(PATH, key, openBody(agent, "old-session")), 409, "session_not_resumable");
    expect((await rowsOf(owner))[0]).toMatchObject({ stage: "Q3", turn: 0 });
  });

  it("reflect_at_close off: 200 skipped, no session opened, nothing charged", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    const res = await readJson<Body>(await post(PATH, key, { session_id: "s", agent_id: agent, reflect_at_close: "off" }), 200);
    expect(res, show(res)).toMatchObject({ status: "skipped", reflect_at_close: "off", session_id: "s", agent_id: agent });
    expect(await rowsOf(owner)).toHaveLength(0);
    expect(await usageOf(key)).toBe(0);
  });

  it("context_source is kept from the open and echoed", async () => {
    const agent = freshAgent();
    const { key } = await mint();
    const res = await readJson<Body>(await post(PATH, key, openBody(agent, "s", { context_source: "harness_inferred" })), 200);
    expect(res.context_source).toBe("harness_inferred");
    const next = await readJson<Body>(await post(PATH, key, answerBody(agent, ANSWERS[0]!, "s", { context_source: "agent_stated" })), 200);
    expect(next).toMatchObject({ step: "Q2", context_source: "harness_inferred" });
  });

  it("the store unreachable: 503 store_unavailable, nothing charged", async () => {
    const failing: Runtime = {
      name: "failing-practice-store",
      open: async (cfg): Promise<RuntimeSession> => {
        const session = await (await testRuntime()).open(cfg);
        const down = () => Promise.reject(new Error("connection terminated unexpectedly"));
        return { ...session, practice: { find: down, insert: down, update: down, complete: down, awaitingApproval: down, latestReflectOutcome: down } };
      },
    };
    const { key } = await mint();
    const res = await post(PATH, key, openBody(freshAgent()), { ...ENV, SVC_RUNTIME: failing });
    const error = await expectError(res, 503, "store_unavailable");
    expect(error.message).not.toMatch(/terminated/);
    expect(await usageOf(key)).toBe(0);
  });

  it("the store failing at the closing write, after the loop was charged: 503, the loop given back, the session still at supporting", async () => {
    const failingClose: Runtime = {
      name: "failing-closing-write",
      open: async (cfg): Promise<RuntimeSession> => {
        const session = await (await testRuntime()).open(cfg);
        const practice = session.practice;
        const complete: typeof practice.complete = () => Promise.reject(new Error("connection terminated unexpectedly"));
        return { ...session, practice: { ...practice, complete } };
      },
    };
    const env = { ...ENV, SVC_RUNTIME: failingClose };
    const agent = freshAgent();
    const { key, owner } = await mint();
    await through(key, agent, 7, "s", env);
    await expectError(await post(PATH, key, answerBody(agent, ANSWERS[7]!, "s"), env), 503, "store_unavailable");
    expect(await usageOf(key)).toBe(0);
    expect((await rowsOf(owner))[0]).toMatchObject({ status: "in_progress", stage: "supporting" });
    expect(await readJson<Body>(await post(PATH, key, answerBody(agent, ANSWERS[7]!, "s")), 200)).toMatchObject({ status: "complete" });
    expect(await usageOf(key)).toBe(1);
  });

  it("closing a session and minting its trust events are one transaction: when the mint fails, the session stays open", async () => {
    const seeded = await seededAgent();
    const { key } = await mint({ owner: seeded.owner, agent: seeded.agent });
    await through(key, seeded.agent, 7, "atomic");
    const [row] = (await rowsOf(seeded.owner)).filter((r) => r.kind === "reflect");
    const store = recordStores(await db()).practice;
    const closing = { at: new Date().toISOString(), status: "complete" as const, closed_at: new Date().toISOString() };
    const invalid = {
      agent_id: seeded.agent,
      source: "reflect" as const,
      class: "hold" as const,
      domain: "no_such_domain" as never,
      level: "habitual" as const,
      source_ref: row!.id,
      occurred_at: closing.at,
    };
    await expect(store.complete(row!.id, row!.turn, closing, [invalid])).rejects.toThrow();
    const [after] = (await rowsOf(seeded.owner)).filter((r) => r.kind === "reflect");
    expect(after).toMatchObject({ status: "in_progress", stage: "supporting", turn: row!.turn });
    expect(await (await db()).selectFrom("trust_events").select("id").where("source_ref", "=", row!.id).execute()).toHaveLength(0);
  });
});

describe("400: each names its field and writes nothing, at no cost", () => {
  const agent = "agent-400";
  const cases: Array<[string, Body, string, string]> = [
    ["session_summary missing on open", { session_id: "s", agent_id: agent }, "session_summary", "missing_field"],
    ["session_summary a string", { session_id: "s", agent_id: agent, session_summary: "a session" }, "session_summary", "invalid_field"],
    ["session_summary an array", { session_id: "s", agent_id: agent, session_summary: [SUMMARY] }, "session_summary", "invalid_field"],
    ["session_summary null", { session_id: "s", agent_id: agent, session_summary: null }, "session_summary", "invalid_field"],
    [
      "a summary field missing",
      { session_id: "s", agent_id: agent, session_summary: { ...SUMMARY, circle_at_open: undefined } },
      "session_summary.circle_at_open",
      "missing_field",
    ],
    [
      "a summary circle outside the enum",
      { session_id: "s", agent_id: agent, session_summary: { ...SUMMARY, circle_at_open: "galaxy" } },
      "session_summary.circle_at_open",
      "invalid_field",
    ],
    ["an unknown summary field", { session_id: "s", agent_id: agent, session_summary: { ...SUMMARY, mood: "calm" } }, "session_summary.mood", "unknown_field"],
    ["an invalid context_source", { ...openBody(agent, "s"), context_source: "user_typed" }, "context_source", "invalid_field"],
    [
      "an invalid context_source on an answer",
      { session_id: "s", agent_id: agent, response: "An answer.", context_source: 7 },
      "context_source",
      "invalid_field",
    ],
    ["an unknown field", { ...openBody(agent, "s"), stage: "Q6" }, "stage", "unknown_field"],
    ["an empty response", { session_id: "s", agent_id: agent, response: "" }, "response", "invalid_field"],
    ["a blank response", { session_id: "s", agent_id: agent, response: "   " }, "response", "invalid_field"],
    ["a response over 5,000 characters", { session_id: "s", agent_id: agent, response: "x".repeat(5001) }, "response", "invalid_field"],
    ["a NUL in the response", { session_id: "s", agent_id: agent, response: "a\u0000b" }, "response", "invalid_field"],
    ["session_id missing", { agent_id: agent, session_summary: SUMMARY }, "session_id", "missing_field"],
    ["session_id over 128 characters", openBody(agent, "s".repeat(129)), "session_id", "invalid_field"],
    ["agent_id of one character", openBody("a", "s"), "agent_id", "invalid_field"],
    [
      "reflect_at_close off with a response",
      { session_id: "s", agent_id: agent, response: "An answer.", reflect_at_close: "off" },
      "reflect_at_close",
      "invalid_field",
    ],
    // Valid JSON escapes but no Unicode text: the summary's jsonb refused them (a 503), an id's text column turned them into U+FFFD.
    [
      "a lone surrogate in the summary",
      { session_id: "s", agent_id: agent, session_summary: { ...SUMMARY, purpose_at_open: "fix \ud800 the export" } },
      "session_summary.purpose_at_open",
      "invalid_field",
    ],
    ["a lone surrogate in the session_id", openBody(agent, "s\udc00"), "session_id", "invalid_field"],
  ];

  it.each(cases)("%s", async (_label, body, field, code) => {
    const { key, owner } = await mint();
    await expectError(await post(PATH, key, body), 400, code, field);
    expect(await rowsOf(owner)).toHaveLength(0);
    expect(await usageOf(key)).toBe(0);
  });

  it("the capability check comes before the body (401 -> 403 -> 400): a refused caller learns nothing of the body", async () => {
    const { key } = await mint({ capabilities: [] });
    await expectError(await post(PATH, key, { session_id: "s", agent_id: agent }), 403, "missing_capability");
    await expectError(await post(PATH, key, openBody(freshAgent())), 403, "missing_capability");
  });

  it("a closing answer with a bad field is refused without a charge and leaves the session at supporting", async () => {
    const a = freshAgent();
    const { key, owner } = await mint();
    await through(key, a, 7);
    await expectError(await post(PATH, key, answerBody(a, "ok", "session-1", { context_source: "guess" })), 400, "invalid_field", "context_source");
    expect((await rowsOf(owner))[0]).toMatchObject({ status: "in_progress", stage: "supporting" });
    expect(await usageOf(key)).toBe(0);
  });
});

describe("scoping: another owner's or agent's session id names a different session", () => {
  it("the same session_id under another owner is another session, never theirs", async () => {
    const agent = freshAgent();
    const mine = await mint();
    const theirs = await mint();
    await through(mine.key, agent, 2, "shared-id");
    await expectError(await post(PATH, theirs.key, answerBody(agent, ANSWERS[2]!, "shared-id")), 404, "session_not_found");
    const opened = await readJson<Body>(await post(PATH, theirs.key, openBody(agent, "shared-id")), 200);
    expect(opened).toMatchObject({ step: "Q1", session_id: "shared-id" });
    const again = await readJson<Body>(await post(PATH, mine.key, openBody(agent, "shared-id")), 200);
    expect(again).toMatchObject({ step: "Q3" });
    expect(await rowsOf(mine.owner)).toHaveLength(1);
    expect(await rowsOf(theirs.owner)).toHaveLength(1);
  });

  it("the same session_id under another agent of the same owner is another session", async () => {
    const { key, owner } = await mint();
    const [a, b] = [freshAgent(), freshAgent()];
    await through(key, a, 1, "same");
    expect(await readJson<Body>(await post(PATH, key, openBody(b, "same")), 200)).toMatchObject({ step: "Q1" });
    expect(await rowsOf(owner)).toHaveLength(2);
  });

  it("a key bound to an agent speaks only for it: 403 agent_not_bound for another agent", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint({ agent });
    await expectError(await post(PATH, key, openBody(freshAgent())), 403, "agent_not_bound");
    expect(await rowsOf(owner)).toHaveLength(0);
    expect(await readJson<Body>(await post(PATH, key, openBody(agent)), 200)).toMatchObject({ step: "Q1" });
  });

  it("the session_id is echoed exactly as sent", async () => {
    const { key } = await mint();
    const id = "  Session/42 ü:x  ";
    expect((await readJson<Body>(await post(PATH, key, openBody(freshAgent(), id)), 200)).session_id).toBe(id);
  });
});

describe("auth", () => {
  it("a human user's token holds no capability: 403 missing_capability", async () => {
    const jwt = await signUserJwt(freshOwner("user"));
    await expectError(await post(PATH, jwt, openBody(freshAgent())), 403, "missing_capability");
  });

  it("the operator key may reflect, unmetered", async () => {
    const res = await readJson<Body>(await post(PATH, TEST_OPERATOR_KEY, openBody(freshAgent())), 200);
    expect(res.step).toBe("Q1");
  });

  describeSecurity({
    name: `POST ${PATH}`,
    runtime: testRuntime,
    requires: { capability: "reflect" },
    call: (authorization) => send("POST", PATH, authorization, openBody(freshAgent(), crypto.randomUUID())),
    callIncomplete: (authorization) => send("POST", PATH, authorization, { agent_id: freshAgent() }),
    validCredential: async () => (await mint()).key,
  });
});

describe.each(METER_BACKENDS)("one metered loop per session-close pass (%s meter)", (backend) => {
  const metered = meteredRuntime(backend);
  const env = { ...ENV, SVC_RUNTIME: metered };
  const mintOn = (options: { tier?: "free" | "paid"; dailyLimit?: number; capabilities?: Capability[] } = {}) =>
    mintApiKey(metered, { kind: "live", tier: "free", capabilities: ["reflect"], ...options });

  it("only the closing pass is charged, once", async () => {
    const { key } = await mintOn();
    const agent = freshAgent();
    await through(key, agent, 7, "s", env);
    expect(await usageOf(key, env)).toBe(0);
    await readJson(await post(PATH, key, answerBody(agent, ANSWERS[7]!, "s"), env), 200);
    expect(await usageOf(key, env)).toBe(1);
    await readJson(await post(PATH, key, openBody(agent, "s"), env), 200);
    expect(await usageOf(key, env)).toBe(1);
  });

  it("a closing pass refused by the allowance (429) leaves the session at supporting and mints nothing", async () => {
    const { key, owner } = await mintOn({ tier: "paid", dailyLimit: 1 });
    const agent = freshAgent();
    await through(key, agent, 8, "first", env);
    await through(key, agent, 7, "second", env);
    await expectError(await post(PATH, key, answerBody(agent, ANSWERS[7]!, "second"), env), 429, "allowance_exhausted");
    const second = (await rowsOf(owner)).find((r) => r.session_id === "second")!;
    expect(second).toMatchObject({ status: "in_progress", stage: "supporting" });
    const events = await (await db()).selectFrom("trust_events").select("source_ref").where("agent_id", "=", agent).execute();
    expect(events.every((e) => e.source_ref !== second.id)).toBe(true);
  });
});
