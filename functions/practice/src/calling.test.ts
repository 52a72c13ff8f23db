import { CALLING_QUESTIONS, CallingApproved, CallingResponse } from "@svc/core";
import type { Runtime, RuntimeSession } from "@svc/runtime";
import { clearCredentialCache } from "@svc/http/auth";
import { beforeEach, describe, expect, it } from "vitest";
import { mintApiKey, signUserJwt, TEST_JWT_SECRET, TEST_OPERATOR_KEY, type MintOptions } from "../../../tests/support/credentials";
import { freshOwner, testRuntime } from "../../../tests/support/database";
import { expectError, readJson } from "../../../tests/support/reason";
import { requester } from "../../../tests/support/requests";
import { describeSecurity } from "../../../tests/support/security";
import { practiceFunction } from "./function";
import { PURPOSEFUL_ANSWERS as ANSWERS } from "../../../tests/support/practice";

// POST /api/calling and POST /api/calling/approve (spec 2.17, 3.4, 4.5, 7) in-process on the
// test runtime (PGlite, or the real PostgreSQL when DATABASE_URL is set): a new user's path to
// the approval gate, each transition of 3.4 (time-outs by moving the stored times back), the
// 400/401/403/404/409/503 of section 7 with nothing written on a 400, scoping by owner and
// agent, the agent's own key refused at the gate, and the shared security suite.

const runtime: Runtime = { name: "test", open: async (cfg) => (await testRuntime()).open(cfg) };
const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };
const CALLING = "/api/calling";
const APPROVE = "/api/calling/approve";
const PENDING = "/api/calling/pending";

type Env = Record<string, unknown>;
type Body = Record<string, any>;

const { send, post } = requester(practiceFunction, ENV);
const show = (value: unknown) => JSON.stringify(value, null, 1);
const freshAgent = () => `agent-${crypto.randomUUID()}`;
const mint = async (options: MintOptions = {}) => mintApiKey(await testRuntime(), { kind: "live", tier: "free", capabilities: ["calling"], ...options });

async function db() {
  return (await testRuntime()).database();
}
async function rowsOf(owner: string) {
  return (await db()).selectFrom("practice_sessions").selectAll().where("owner_id", "=", owner).where("kind", "=", "calling").execute();
}

/** Opens a session and answers its first `count` stages; returns the last body. */
async function through(key: string, agent: string, count: number, session = "calling-1", answers: readonly string[] = ANSWERS, env: Env = ENV): Promise<Body> {
  let last = await readJson<Body>(await post(CALLING, key, { session_id: session, agent_id: agent }, env), 200);
  for (let i = 0; i < count; i += 1)
    last = await readJson<Body>(await post(CALLING, key, { session_id: session, agent_id: agent, response: answers[i]! }, env), 200);
  return last;
}
const approveBody = (owner: string, agent: string, session = "calling-1", extra: Body = {}) => ({
  session_id: session,
  owner_id: owner,
  agent_id: agent,
  ...extra,
});

function expectShape(body: Body): void {
  const parsed = CallingResponse.safeParse(body);
  expect(parsed.success, `${show(body)}\n${parsed.error?.message}`).toBe(true);
}

beforeEach(() => {
  clearCredentialCache();
});

describe("a new user's path: open, reach awaiting_approval, the agent's key refused, the operator's accepted", () => {
  it("walks the whole sequence to the gate and through it", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    const opened = await readJson<Body>(
      await post(CALLING, key, { session_id: "calling-1", agent_id: agent, agent_card_url: "https://agents.example/card.json" }),
      200,
    );
    expectShape(opened);
    expect(opened).toMatchObject({ status: "in_progress", stage: "Q1", question: CALLING_QUESTIONS.Q1, session_id: "calling-1", agent_id: agent });

    const stages: string[] = [];
    let last: Body = opened;
    for (const response of ANSWERS) {
      last = await readJson<Body>(await post(CALLING, key, { session_id: "calling-1", agent_id: agent, response }), 200);
      expectShape(last);
      if (last.status === "in_progress") stages.push(last.stage);
    }
    expect(stages).toEqual(["Q2", "Q3", "Q4", "Q5", "Q6"]);
    expect(last, show(last)).toMatchObject({
      status: "awaiting_approval",
      purpose: { statement: ANSWERS[5], serves: ["community", "humanity"] },
      handoff: { agent_id: agent, agent_card_url: "https://agents.example/card.json", boundaries: ANSWERS[3] },
    });

    // The agent's own key: no operator capability -> operator_only; with it -> own_handoff.
    await expectError(await post(APPROVE, key, approveBody(owner, agent)), 403, "operator_only");
    const ownOperatorKey = await mint({ owner, capabilities: ["calling", "operator"] });
    await expectError(await post(APPROVE, ownOperatorKey.key, approveBody(owner, agent)), 403, "own_handoff");
    expect((await rowsOf(owner))[0]).toMatchObject({ status: "awaiting_approval", approval: null });

    // The operator finds it in the queue, named as the approval wants it.
    const queue = await readJson<Body>(await send("GET", `${PENDING}?owner_id=${owner}`, `Bearer ${TEST_OPERATOR_KEY}`), 200);
    const queued = queue.handoffs.find((h: Body) => h.owner_id === owner && h.agent_id === agent);
    expect(queued, show(queue)).toMatchObject({ session_id: "calling-1", purpose: last.purpose, handoff: last.handoff });

    const approved = await readJson<Body>(await post(APPROVE, TEST_OPERATOR_KEY, approveBody(owner, agent, "calling-1", { note: "Welcome aboard." })), 200);
    expect(CallingApproved.strict().safeParse(approved).success, show(approved)).toBe(true);
    expect(approved).toMatchObject({
      status: "approved",
      approval: { approved_by: "operator", note: "Welcome aboard." },
      purpose: last.purpose,
      handoff: last.handoff,
    });

    const read = await readJson<Body>(await post(CALLING, key, { session_id: "calling-1", agent_id: agent }), 200);
    expect(read).toEqual(approved);
    const after = await readJson<Body>(await send("GET", `${PENDING}?owner_id=${owner}`, `Bearer ${TEST_OPERATOR_KEY}`), 200);
    expect(
      after.handoffs.some((h: Body) => h.owner_id === owner && h.agent_id === agent),
      show(after),
    ).toBe(false);
    expect((await rowsOf(owner))[0]).toMatchObject({ status: "approved" });
  });

  it("an operator key of another owner approves too, recorded by its credential id", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    await through(key, agent, 6);
    const ops = await mint({ capabilities: ["operator"] });
    const approved = await readJson<Body>(await post(APPROVE, ops.key, approveBody(owner, agent)), 200);
    expect(approved.approval.approved_by).toBe(`key:${ops.id}`);
  });
});

describe("the transitions of 3.4", () => {
  it("in_progress -> null_result: answers showing no purpose close the session with a clarification", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    const res = await through(key, agent, 6, "calling-1", [...ANSWERS.slice(0, 5), "No idea."]);
    expectShape(res);
    expect(res).toMatchObject({ status: "null_result", clarification: expect.stringMatching(/purpose statement/) });
    await expectError(await post(CALLING, key, { session_id: "calling-1", agent_id: agent, response: "Now I know." }), 409, "session_not_in_progress");
    await expectError(await post(APPROVE, TEST_OPERATOR_KEY, approveBody(owner, agent)), 409, "not_awaiting_approval");
  });

  it("in_progress -> redirected: distress ends the flow", async () => {
    const agent = freshAgent();
    const { key } = await mint();
    await through(key, agent, 3);
    const res = await readJson<Body>(await post(CALLING, key, { session_id: "calling-1", agent_id: agent, response: "I've put my affairs in order." }), 200);
    expectShape(res);
    expect(res).toMatchObject({ status: "redirected", severity: "moderate", flow_terminated: true });
    await expectError(await post(CALLING, key, { session_id: "calling-1", agent_id: agent, response: ANSWERS[3]! }), 409, "session_not_in_progress");
  });

  it("in_progress -> holding (24 hours) -> in_progress on an answer", async () => {
    const agent = freshAgent();
    const { key } = await mint();
    await through(key, agent, 2);
    const holding = await readJson<Body>(await post(CALLING, key, { session_id: "calling-1", agent_id: agent, hold: true }), 200);
    expectShape(holding);
    expect(holding).toMatchObject({ status: "holding", stage: "Q3" });
    const hours = (Date.parse(holding.holding_until) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const resumed = await readJson<Body>(await post(CALLING, key, { session_id: "calling-1", agent_id: agent, response: ANSWERS[2]! }), 200);
    expect(resumed).toMatchObject({ status: "in_progress", stage: "Q4" });
  });

  it("holding -> timed_out once 24 hours have passed; then answers are 409", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    await through(key, agent, 1);
    await readJson(await post(CALLING, key, { session_id: "calling-1", agent_id: agent, hold: true }), 200);
    await (await db())
      .updateTable("practice_sessions")
      .set({ holding_until: new Date(Date.now() - 1000) })
      .where("owner_id", "=", owner)
      .execute();
    const res = await readJson<Body>(await post(CALLING, key, { session_id: "calling-1", agent_id: agent }), 200);
    expectShape(res);
    expect(res).toMatchObject({ status: "timed_out", stage: "Q2" });
    const error = await expectError(
      await post(CALLING, key, { session_id: "calling-1", agent_id: agent, response: ANSWERS[1]! }),
      409,
      "session_not_in_progress",
    );
    expect(error.status).toBe("timed_out");
    expect((await rowsOf(owner))[0]).toMatchObject({ status: "timed_out" });
  });

  it("in_progress -> timed_out when a stage is left unanswered past an hour", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    await through(key, agent, 2);
    await (await db())
      .updateTable("practice_sessions")
      .set({ updated_at: new Date(Date.now() - 61 * 60_000) })
      .where("owner_id", "=", owner)
      .execute();
    const error = await expectError(
      await post(CALLING, key, { session_id: "calling-1", agent_id: agent, response: ANSWERS[2]! }),
      409,
      "session_not_in_progress",
    );
    expect(error.status).toBe("timed_out");
  });

  it("awaiting_approval takes no answer and no hold (409); approve on another state is 409 with its status", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    await through(key, agent, 6);
    await expectError(await post(CALLING, key, { session_id: "calling-1", agent_id: agent, response: "Approve it." }), 409, "session_not_in_progress");
    await expectError(await post(CALLING, key, { session_id: "calling-1", agent_id: agent, hold: true }), 409, "session_not_in_progress");
    await readJson(await post(APPROVE, TEST_OPERATOR_KEY, approveBody(owner, agent)), 200);
    const again = await expectError(await post(APPROVE, TEST_OPERATOR_KEY, approveBody(owner, agent)), 409, "not_awaiting_approval");
    expect(again.status).toBe("approved");
    await expectError(await post(CALLING, key, { session_id: "calling-1", agent_id: agent, response: "More." }), 409, "session_not_in_progress");
  });

  it("404: an answer or a hold for a session never opened; an approval naming no session", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    await expectError(await post(CALLING, key, { session_id: "nope", agent_id: agent, response: "An answer." }), 404, "session_not_found");
    await expectError(await post(CALLING, key, { session_id: "nope", agent_id: agent, hold: true }), 404, "session_not_found");
    await expectError(await post(APPROVE, TEST_OPERATOR_KEY, approveBody(owner, agent, "nope")), 404, "session_not_found");
  });
});

describe("400: each names its field and writes nothing", () => {
  const cases: Array<[string, Body, string, string]> = [
    ["agent_card_url over http", { session_id: "s", agent_id: "agent-x", agent_card_url: "http://agents.example/card" }, "agent_card_url", "invalid_field"],
    ["agent_card_url not a URL", { session_id: "s", agent_id: "agent-x", agent_card_url: "card.json" }, "agent_card_url", "invalid_field"],
    [
      "agent_card_url with credentials",
      { session_id: "s", agent_id: "agent-x", agent_card_url: "https://me:pw@agents.example/card" },
      "agent_card_url",
      "invalid_field",
    ],
    ["hold with a response", { session_id: "s", agent_id: "agent-x", hold: true, response: "An answer." }, "hold", "invalid_field"],
    ["an empty response", { session_id: "s", agent_id: "agent-x", response: "" }, "response", "invalid_field"],
    ["a response over 5,000 characters", { session_id: "s", agent_id: "agent-x", response: "x".repeat(5001) }, "response", "invalid_field"],
    ["a NUL in the response", { session_id: "s", agent_id: "agent-x", response: "\u0000" }, "response", "invalid_field"],
    ["an unknown field", { session_id: "s", agent_id: "agent-x", stage: "Q6" }, "stage", "unknown_field"],
    ["session_id missing", { agent_id: "agent-x" }, "session_id", "missing_field"],
    ["agent_id missing", { session_id: "s" }, "agent_id", "missing_field"],
    ["a lone surrogate in the session_id", { session_id: "s\ud800", agent_id: "agent-x" }, "session_id", "invalid_field"],
  ];

  it.each(cases)("POST /api/calling: %s", async (_label, body, field, code) => {
    const { key, owner } = await mint();
    await expectError(await post(CALLING, key, body), 400, code, field);
    expect(await rowsOf(owner)).toHaveLength(0);
  });

  it.each([
    ["owner_id missing", { session_id: "s", agent_id: "agent-x" }, "owner_id", "missing_field"],
    ["a note over 1,000 characters", { session_id: "s", owner_id: "key:o", agent_id: "agent-x", note: "n".repeat(1001) }, "note", "invalid_field"],
    ["an unknown field", { session_id: "s", owner_id: "key:o", agent_id: "agent-x", decision: "yes" }, "decision", "unknown_field"],
  ] as Array<[string, Body, string, string]>)("POST /api/calling/approve: %s", async (_label, body, field, code) => {
    await expectError(await post(APPROVE, TEST_OPERATOR_KEY, body), 400, code, field);
  });

  it("a lone surrogate in an answer is a 400 naming response (not a 503 from the store), and the session stays where it was", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    await through(key, agent, 1);
    await expectError(
      await post(CALLING, key, { session_id: "calling-1", agent_id: agent, response: "It serves \ud800 the developers." }),
      400,
      "invalid_field",
      "response",
    );
    expect((await rowsOf(owner))[0]).toMatchObject({ status: "in_progress", stage: "Q2", turn: 1 });
  });

  it("an approval refused with a 400 changes nothing", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint();
    await through(key, agent, 6);
    await expectError(await post(APPROVE, TEST_OPERATOR_KEY, approveBody(owner, agent, "calling-1", { note: "n".repeat(1001) })), 400, "invalid_field", "note");
    expect((await rowsOf(owner))[0]).toMatchObject({ status: "awaiting_approval", approval: null });
  });
});

describe("scoping: another owner's or agent's session id names a different session", () => {
  it("the same session_id under another owner is another session, never theirs", async () => {
    const agent = freshAgent();
    const mine = await mint();
    const theirs = await mint();
    await through(mine.key, agent, 3, "shared");
    await expectError(await post(CALLING, theirs.key, { session_id: "shared", agent_id: agent, response: ANSWERS[3]! }), 404, "session_not_found");
    await expectError(await post(CALLING, theirs.key, { session_id: "shared", agent_id: agent, hold: true }), 404, "session_not_found");
    expect(await readJson<Body>(await post(CALLING, theirs.key, { session_id: "shared", agent_id: agent }), 200)).toMatchObject({ stage: "Q1" });
    expect(await readJson<Body>(await post(CALLING, mine.key, { session_id: "shared", agent_id: agent }), 200)).toMatchObject({ stage: "Q4" });
  });

  it("the operator must name the owner: the same agent and session under another owner is not approved", async () => {
    const agent = freshAgent();
    const mine = await mint();
    const theirs = await mint();
    await through(mine.key, agent, 6, "shared");
    await through(theirs.key, agent, 2, "shared");
    await expectError(await post(APPROVE, TEST_OPERATOR_KEY, approveBody(theirs.owner, agent, "shared")), 409, "not_awaiting_approval");
    expect((await readJson<Body>(await post(APPROVE, TEST_OPERATOR_KEY, approveBody(mine.owner, agent, "shared")), 200)).status).toBe("approved");
    expect((await rowsOf(theirs.owner))[0]).toMatchObject({ status: "in_progress", stage: "Q3" });
  });

  it("a key bound to an agent speaks only for it: 403 agent_not_bound", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint({ agent });
    await expectError(await post(CALLING, key, { session_id: "s", agent_id: freshAgent() }), 403, "agent_not_bound");
    expect(await rowsOf(owner)).toHaveLength(0);
  });
});

describe("503: turned off, or the store unreachable", () => {
  it("CALLING_ENABLED=false answers 503 calling_disabled on both routes", async () => {
    const off = { ...ENV, CALLING_ENABLED: "false" };
    const { key, owner } = await mint();
    await expectError(await post(CALLING, key, { session_id: "s", agent_id: freshAgent() }, off), 503, "calling_disabled");
    await expectError(await post(APPROVE, TEST_OPERATOR_KEY, approveBody(owner, "agent-x"), off), 503, "calling_disabled");
    expect(await rowsOf(owner)).toHaveLength(0);
  });

  it("the store unreachable: 503 store_unavailable with Retry-After", async () => {
    const failing: Runtime = {
      name: "failing-practice-store",
      open: async (cfg): Promise<RuntimeSession> => {
        const session = await (await testRuntime()).open(cfg);
        const down = () => Promise.reject(new Error("ECONNRESET"));
        return { ...session, practice: { find: down, insert: down, update: down, complete: down, awaitingApproval: down, latestReflectOutcome: down } };
      },
    };
    const env = { ...ENV, SVC_RUNTIME: failing };
    const { key } = await mint();
    const res = await post(CALLING, key, { session_id: "s", agent_id: freshAgent() }, env);
    expect(res.headers.get("retry-after")).toBe("30");
    await expectError(res, 503, "store_unavailable");
    await expectError(await post(APPROVE, TEST_OPERATOR_KEY, approveBody("key:o", "agent-x"), env), 503, "store_unavailable");
  });
});

describe("auth", () => {
  it("a human user's token: 403 missing_capability on calling, operator_only on approve", async () => {
    const jwt = await signUserJwt(freshOwner("user"));
    await expectError(await post(CALLING, jwt, { session_id: "s", agent_id: freshAgent() }), 403, "missing_capability");
    await expectError(await post(APPROVE, jwt, approveBody("key:o", "agent-x")), 403, "operator_only");
  });

  it("own_handoff is decided on the body before any read: an unknown session of one's own owner is 403, not 404", async () => {
    const own = await mint({ capabilities: ["operator"] });
    await expectError(await post(APPROVE, own.key, approveBody(own.owner, freshAgent(), "never-opened")), 403, "own_handoff");
  });

  describeSecurity({
    name: `POST ${CALLING}`,
    runtime: testRuntime,
    requires: { capability: "calling" },
    call: (authorization) => send("POST", CALLING, authorization, { session_id: crypto.randomUUID(), agent_id: freshAgent() }),
    callIncomplete: (authorization) => send("POST", CALLING, authorization, { agent_id: freshAgent() }),
    validCredential: async () => (await mint()).key,
  });

  describeSecurity({
    name: `GET ${PENDING}`,
    runtime: testRuntime,
    requires: { operator: true },
    call: (authorization) => send("GET", PENDING, authorization),
    validCredential: async () => TEST_OPERATOR_KEY,
  });

  it("GET /api/calling/pending refuses a limit outside 1 to 100, naming it", async () => {
    await expectError(await send("GET", `${PENDING}?limit=0`, `Bearer ${TEST_OPERATOR_KEY}`), 400, "invalid_field", "limit");
    await expectError(await send("GET", `${PENDING}?limit=101`, `Bearer ${TEST_OPERATOR_KEY}`), 400, "invalid_field", "limit");
  });

  describeSecurity({
    name: `POST ${APPROVE}`,
    runtime: testRuntime,
    requires: { operator: true },
    call: (authorization) => send("POST", APPROVE, authorization, approveBody(freshOwner(), freshAgent(), "s")),
    callIncomplete: (authorization) => send("POST", APPROVE, authorization, { session_id: "s", agent_id: freshAgent() }),
    validCredential: async () => TEST_OPERATOR_KEY,
  });
});
