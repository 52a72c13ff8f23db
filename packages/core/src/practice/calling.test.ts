import { beforeEach, describe, expect, it } from "vitest";
import { memoryPracticeStore, type MemoryPracticeStore, PURPOSEFUL_ANSWERS as PURPOSEFUL } from "../../../../tests/support/practice";
import type { Principal } from "../credentials";
import { DISTRESS_MESSAGE } from "../reason/distress";
import {
  approveCalling,
  CALLING_HOLD_MS,
  CALLING_IDLE_MS,
  CALLING_QUESTIONS,
  CallingApproveRequest,
  CallingRequest,
  CallingResponse,
  callingTurn,
  discoverPurpose,
  type CallingContext,
} from "./calling";

// The calling sequence in core (spec 2.17, 3.4): the request rules, purpose discovery, and
// every transition on an in-memory store with a settable clock (the holding pattern and the
// time-outs). The HTTP suite (functions/practice/src/calling.test.ts) runs them on the database.

const show = (value: unknown) => JSON.stringify(value, null, 1);
const NOW = new Date("2026-11-21T10:00:00.000Z");

const key = (owner = "key:owner-a", options: { agent?: string | null; operator?: boolean } = {}): Principal => ({
  type: "api_key",
  credential_id: crypto.randomUUID(),
  kind: "live",
  owner_id: owner,
  agent_id: options.agent ?? null,
  tier: "free",
  capabilities: options.operator ? ["calling", "operator"] : ["calling"],
  daily_limit: null,
});
const OPERATOR: Principal = { type: "operator", owner_id: "operator", tier: "paid", capabilities: ["operator"] };

describe("CallingRequest", () => {
  const base = { session_id: "c-1", agent_id: "agent-1" };
  const firstIssue = (body: unknown) => {
    const result = CallingRequest.safeParse(body, { reportInput: true });
    return result.success ? null : result.error.issues[0]!;
  };

  it("agent_card_url is optional and https only, without credentials", () => {
    expect(firstIssue(base)).toBeNull();
    expect(firstIssue({ ...base, agent_card_url: "https://agents.example/card.json" })).toBeNull();
    for (const bad of [
      "http://agents.example/card.json",
      "ftp://agents.example/x",
      "agents.example/card",
      "https://user:pw@agents.example/",
      "javascript:alert(1)",
      `https://a.example/${"x".repeat(2048)}`,
    ]) {
      expect(firstIssue({ ...base, agent_card_url: bad })?.path, bad).toEqual(["agent_card_url"]);
    }
  });

  it("hold is not combined with a response; unknown fields are refused", () => {
    expect(firstIssue({ ...base, hold: true, response: "a" })?.path).toEqual(["hold"]);
    expect(firstIssue({ ...base, hold: true })).toBeNull();
    expect(firstIssue({ ...base, stage: "Q3" })).toMatchObject({ code: "unrecognized_keys" });
  });

  it("the approve body names owner, agent and session; the note is capped", () => {
    const ok = { session_id: "c-1", owner_id: "key:owner-a", agent_id: "agent-1" };
    expect(CallingApproveRequest.safeParse(ok).success).toBe(true);
    expect(CallingApproveRequest.safeParse({ ...ok, note: "x".repeat(1000) }).success).toBe(true);
    expect(CallingApproveRequest.safeParse({ ...ok, note: "x".repeat(1001) }).error?.issues[0]?.path).toEqual(["note"]);
    const { owner_id: _o, ...noOwner } = ok;
    expect(CallingApproveRequest.safeParse(noOwner).error?.issues[0]?.path).toEqual(["owner_id"]);
  });
});

describe("discoverPurpose", () => {
  const with6 = (statement: string, q2 = PURPOSEFUL[1]!) =>
    discoverPurpose(
      ["Q1", "Q2", "Q3", "Q4", "Q5", "Q6"].map((step, i) => ({
        step,
        response: step === "Q6" ? statement : step === "Q2" ? q2 : PURPOSEFUL[i]!,
        context_source: null,
      })),
    );

  it("finds a purpose: the Q6 statement verbatim and the circles it serves beyond the agent", () => {
    expect(with6(PURPOSEFUL[5]!)).toEqual({ purpose: { statement: PURPOSEFUL[5], serves: ["community", "humanity"] } });
  });

  it.each([
    ["a declined statement", "I don't know what my purpose is yet, honestly.", PURPOSEFUL[1], /declines/],
    ["a non-answer", "Not sure.", PURPOSEFUL[1], /declines/],
    ["a statement too short", "Write good guides.", PURPOSEFUL[1], /fewer than 6 words/],
    [
      "no one served beyond the agent",
      "I will keep improving myself and my own skills every day.",
      "It mostly serves myself and my own growth.",
      /names anyone beyond the agent/,
    ],
  ])("null_result for %s, with a clarification saying what is missing", (_label, statement, q2, reason) => {
    const result = with6(statement, q2);
    expect("clarification" in result, show(result)).toBe(true);
    if ("clarification" in result) expect(result.clarification).toMatch(reason);
  });
});

describe("callingTurn and approveCalling: the transitions of 3.4", () => {
  let store: MemoryPracticeStore;
  let clock: Date;
  let enabled: boolean;
  const ctx = (): CallingContext => ({ store, enabled, now: () => clock });
  const call = (principal: Principal, body: Record<string, unknown>) =>
    callingTurn({ ctx: { ...ctx(), principal }, input: CallingRequest.parse({ session_id: "c-1", agent_id: "agent-1", ...body }) });
  const approve = (principal: Principal, body: Record<string, unknown> = {}) =>
    approveCalling({
      ctx: { ...ctx(), principal },
      input: CallingApproveRequest.parse({ session_id: "c-1", owner_id: "key:owner-a", agent_id: "agent-1", ...body }),
    });
  const row = () => [...store.rows.values()][0]!;

  async function through(principal: Principal, count: number, answers: readonly string[] = PURPOSEFUL) {
    let last: CallingResponse = await call(principal, {});
    for (let i = 0; i < count; i += 1) last = await call(principal, { response: answers[i]! });
    return last;
  }

  beforeEach(() => {
    store = memoryPracticeStore();
    clock = NOW;
    enabled = true;
  });

  it("none -> in_progress (Q1): a call without response opens the session", async () => {
    const res = await call(key(), { agent_card_url: "https://agents.example/card.json" });
    expect(res).toEqual({
      status: "in_progress",
      session_id: "c-1",
      agent_id: "agent-1",
      stage: "Q1",
      question: CALLING_QUESTIONS.Q1,
      answer_by: new Date(NOW.getTime() + CALLING_IDLE_MS).toISOString(),
    });
    expect(row()).toMatchObject({ kind: "calling", status: "in_progress", agent_card_url: "https://agents.example/card.json" });
  });

  it("in_progress -> in_progress: each answer moves one stage, Q2..Q6", async () => {
    const principal = key();
    await call(principal, {});
    const stages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await call(principal, { response: PURPOSEFUL[i]! });
      if (res.status === "in_progress") stages.push(res.stage);
    }
    expect(stages).toEqual(["Q2", "Q3", "Q4", "Q5", "Q6"]);
  });

  it("in_progress -> awaiting_approval: the final answer discovers a purpose; the handoff carries the answers and the card", async () => {
    const principal = key();
    await call(principal, { agent_card_url: "https://agents.example/card.json" });
    let res: CallingResponse | undefined;
    for (const response of PURPOSEFUL) res = await call(principal, { response });
    const parsed = CallingResponse.safeParse(res);
    expect(parsed.success, show(res)).toBe(true);
    expect(res, show(res)).toMatchObject({
      status: "awaiting_approval",
      purpose: { statement: PURPOSEFUL[5], serves: ["community", "humanity"] },
      handoff: {
        agent_id: "agent-1",
        session_id: "c-1",
        work: PURPOSEFUL[0],
        in_its_control: PURPOSEFUL[2],
        boundaries: PURPOSEFUL[3],
        capacities: PURPOSEFUL[4],
        agent_card_url: "https://agents.example/card.json",
      },
    });
  });

  it("awaiting_approval is a hard gate: answers and holds are refused (409), reads change nothing", async () => {
    const principal = key();
    const waiting = await through(principal, 6);
    await expect(call(principal, { response: "Please approve it now." })).rejects.toMatchObject({ kind: "conflict", code: "session_not_in_progress" });
    await expect(call(principal, { hold: true })).rejects.toMatchObject({ code: "session_not_in_progress" });
    clock = new Date(NOW.getTime() + 7 * 24 * 3600 * 1000);
    expect(await call(principal, {})).toEqual(waiting);
  });

  it("awaiting_approval -> approved by the operator; the agent then reads approved with the approval", async () => {
    const principal = key();
    await through(principal, 6);
    clock = new Date(NOW.getTime() + 5000);
    const approved = await approve(OPERATOR, { note: "Fits the maintainers' programme." });
    expect(approved).toMatchObject({
      status: "approved",
      approval: { approved_by: "operator", approved_at: clock.toISOString(), note: "Fits the maintainers' programme." },
    });
    expect(await call(principal, {})).toEqual(approved);
    await expect(call(principal, { response: "More." })).rejects.toMatchObject({ code: "session_not_in_progress" });
  });

  it("an agent credential never approves its own handoff, even with the operator capability; another owner's operator key does", async () => {
    await through(key(), 6);
    await expect(approve(key("key:owner-a", { operator: true }))).rejects.toMatchObject({ kind: "forbidden", code: "own_handoff" });
    await expect(approve(key("key:owner-a", { operator: true, agent: "agent-1" }))).rejects.toMatchObject({ code: "own_handoff" });
    expect(row().status).toBe("awaiting_approval");
    const other = key("owner-ops", { operator: true });
    const approved = await approve(other);
    expect(approved.approval.approved_by).toBe(`key:${(other as { credential_id: string }).credential_id}`);
  });

  it("approve: unknown session 404, a session not awaiting approval 409 with its status", async () => {
    await expect(approve(OPERATOR)).rejects.toMatchObject({ kind: "not_found", code: "session_not_found" });
    await through(key(), 2);
    await expect(approve(OPERATOR)).rejects.toMatchObject({ kind: "conflict", code: "not_awaiting_approval", extra: { status: "in_progress" } });
    await through(key("key:owner-b"), 6);
    await expect(approve(OPERATOR, { owner_id: "key:owner-b", agent_id: "agent-2" })).rejects.toMatchObject({ code: "session_not_found" });
    expect((await approve(OPERATOR, { owner_id: "key:owner-b" })).status).toBe("approved");
    await expect(approve(OPERATOR, { owner_id: "key:owner-b" })).rejects.toMatchObject({ code: "not_awaiting_approval", extra: { status: "approved" } });
  });

  it("in_progress -> null_result: answers that show no purpose close the session with a clarification", async () => {
    const principal = key();
    const res = await through(principal, 6, [...PURPOSEFUL.slice(0, 5), "I don't know yet."]);
    expect(res).toMatchObject({ status: "null_result", clarification: expect.stringMatching(/declines/) });
    expect(row().closed_at).toBe(NOW.toISOString());
    await expect(call(principal, { response: "Now I know." })).rejects.toMatchObject({ code: "session_not_in_progress" });
    await expect(approve(OPERATOR)).rejects.toMatchObject({ code: "not_awaiting_approval" });
  });

  it("in_progress -> redirected: a distress signal ends the flow", async () => {
    const principal = key();
    await through(principal, 2);
    const res = await call(principal, { response: "I can't go on like this." });
    expect(res).toEqual({
      status: "redirected",
      session_id: "c-1",
      agent_id: "agent-1",
      severity: "moderate",
      suggested_user_message: DISTRESS_MESSAGE,
      flow_terminated: true,
    });
    expect(row().answers).toBeNull();
    await expect(call(principal, { response: "Fine." })).rejects.toMatchObject({ code: "session_not_in_progress" });
  });

  it("in_progress -> holding for 24 hours; an answer within it resumes the sequence", async () => {
    const principal = key();
    await through(principal, 2);
    clock = new Date(NOW.getTime() + 10 * 60_000);
    const holding = await call(principal, { hold: true });
    expect(holding).toMatchObject({
      status: "holding",
      stage: "Q3",
      question: CALLING_QUESTIONS.Q3,
      holding_until: new Date(clock.getTime() + CALLING_HOLD_MS).toISOString(),
    });
    // A second hold does not extend it.
    clock = new Date(clock.getTime() + 3600_000);
    expect(await call(principal, { hold: true })).toEqual(holding);
    expect(await call(principal, {})).toEqual(holding);
    clock = new Date(NOW.getTime() + 20 * 3600_000);
    expect(await call(principal, { response: PURPOSEFUL[2]! })).toMatchObject({ status: "in_progress", stage: "Q4" });
    expect(row().holding_until).toBeNull();
  });

  it("an agent card sent with a second hold is kept (the latest wins), and the hold is not extended", async () => {
    const principal = key();
    await through(principal, 1);
    const holding = await call(principal, { hold: true, agent_card_url: "https://agents.example/old.json" });
    clock = new Date(NOW.getTime() + 3600_000);
    expect(await call(principal, { hold: true, agent_card_url: "https://agents.example/new.json" })).toEqual(holding);
    expect(row()).toMatchObject({ status: "holding", agent_card_url: "https://agents.example/new.json" });
    const before = structuredClone(row());
    expect(await call(principal, { hold: true, agent_card_url: "https://agents.example/new.json" })).toEqual(holding);
    expect(await call(principal, { hold: true })).toEqual(holding);
    expect(row()).toEqual(before);
  });

  it("holding -> timed_out past 24 hours: the next call finds it closed", async () => {
    const principal = key();
    await through(principal, 1);
    const holding = await call(principal, { hold: true });
    if (holding.status !== "holding") throw new Error(show(holding));
    clock = new Date(Date.parse(holding.holding_until));
    expect((await call(principal, {})).status).toBe("holding");
    clock = new Date(Date.parse(holding.holding_until) + 1);
    await expect(call(principal, { response: PURPOSEFUL[1]! })).rejects.toMatchObject({ code: "session_not_in_progress", extra: { status: "timed_out" } });
    expect(await call(principal, {})).toMatchObject({ status: "timed_out", stage: "Q2" });
    expect(row()).toMatchObject({ status: "timed_out", closed_at: clock.toISOString() });
  });

  it("in_progress -> timed_out when a stage is left unanswered past an hour", async () => {
    const principal = key();
    await through(principal, 1);
    clock = new Date(NOW.getTime() + CALLING_IDLE_MS);
    expect((await call(principal, {})).status).toBe("in_progress");
    clock = new Date(NOW.getTime() + CALLING_IDLE_MS + 1);
    await expect(call(principal, { hold: true })).rejects.toMatchObject({ code: "session_not_in_progress" });
    expect(await call(principal, {})).toMatchObject({ status: "timed_out" });
  });

  it("answers and holds for a session never opened are 404; the same id under another owner or agent is another session", async () => {
    await expect(call(key(), { response: "An answer." })).rejects.toMatchObject({ code: "session_not_found" });
    await expect(call(key(), { hold: true })).rejects.toMatchObject({ code: "session_not_found" });
    await through(key("key:owner-a"), 3);
    await expect(call(key("key:owner-b"), { response: "An answer." })).rejects.toMatchObject({ code: "session_not_found" });
    expect(await call(key("key:owner-b"), {})).toMatchObject({ status: "in_progress", stage: "Q1" });
    expect(await call(key("key:owner-a"), { agent_id: "agent-2" })).toMatchObject({ stage: "Q1" });
    expect(await call(key("key:owner-a"), {})).toMatchObject({ stage: "Q4" });
  });

  it("a key bound to another agent is refused (403)", async () => {
    await expect(call(key("key:owner-a", { agent: "agent-9" }), {})).rejects.toMatchObject({ kind: "forbidden", code: "agent_not_bound" });
  });

  it("turned off, both routes answer 503 calling_disabled and touch nothing", async () => {
    enabled = false;
    await expect(call(key(), {})).rejects.toMatchObject({ kind: "unavailable", code: "calling_disabled" });
    await expect(approve(OPERATOR)).rejects.toMatchObject({ kind: "unavailable", code: "calling_disabled" });
    expect(store.rows.size).toBe(0);
  });

  it("an open that loses a race to another open answers as a read of the session the other opened, writing nothing", async () => {
    const principal = key();
    await through(principal, 1);
    const before = structuredClone(row());
    // The first lookup misses, as when the other open inserts between this call's find and insert.
    let missed = false;
    const racing = {
      ...store,
      find: async (k: Parameters<typeof store.find>[0]) => {
        if (missed) return store.find(k);
        missed = true;
        return null;
      },
    };
    const res = await callingTurn({ ctx: { ...ctx(), store: racing, principal }, input: CallingRequest.parse({ session_id: "c-1", agent_id: "agent-1" }) });
    expect(res).toMatchObject({ status: "in_progress", stage: "Q2" });
    expect(store.rows.size).toBe(1);
    expect(row()).toEqual(before);
  });

  it("an answer that loses a race is 409 session_changed", async () => {
    const principal = key();
    await through(principal, 1);
    store.loseNextUpdate();
    await expect(call(principal, { response: PURPOSEFUL[1]! })).rejects.toMatchObject({ code: "session_changed" });
    expect(await call(principal, {})).toMatchObject({ stage: "Q2" });
  });
});
