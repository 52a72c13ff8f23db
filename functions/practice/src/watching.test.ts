import { sha256Hex, WATCHING_DISCLOSURES, WATCHING_TRUST_NOTE, WatchingCycleResponse } from "@svc/core";
import type { Runtime } from "@svc/runtime";
import { clearCredentialCache } from "@svc/http/auth";
import { beforeEach, describe, expect, it } from "vitest";
import { mintApiKey, TEST_JWT_SECRET, TEST_OPERATOR_KEY, type MintOptions } from "../../../tests/support/credentials";
import { freshOwner, testRuntime } from "../../../tests/support/database";
import { expectError, readJson } from "../../../tests/support/reason";
import { requester } from "../../../tests/support/requests";
import { describeSecurity } from "../../../tests/support/security";
import { ACT_TEXT, bareCycle, clone, decision, EXPECTATION_TEXT, surfacedAct, watchingCycle, type Json } from "../../../tests/support/watching";
import { practiceFunction } from "./function";

// POST /api/practice/watching (spec 2.18, 4.5 watching rules 1-8, 6 events) in-process on the
// test runtime (PGlite, or the real PostgreSQL when DATABASE_URL is set). Every refusal is
// checked by reading the tables back: a 400 names its field and writes nothing. Every test
// uses a fresh owner and agent.

const runtime: Runtime = { name: "test", open: async (cfg) => (await testRuntime()).open(cfg) };
const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };
const PATH = "/api/practice/watching";

const { send, post } = requester(practiceFunction, ENV);
const show = (value: unknown) => JSON.stringify(value, null, 1);
const freshAgent = (label = "agent") => `${label}-${crypto.randomUUID()}`;
const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

const mint = async (options: MintOptions = {}) => mintApiKey(await testRuntime(), { kind: "prac", tier: "free", capabilities: ["watching_write"], ...options });

/** A key of a fresh owner, and a fresh agent to record for. */
async function caller(options: MintOptions = {}) {
  const minted = await mint(options);
  return { ...minted, agent: freshAgent() };
}

/** Every watching row of this owner and agent, children in their stored order. */
async function storedRows(owner: string, agent: string) {
  const db = await (await testRuntime()).database();
  const cycles = await db
    .selectFrom("watching_cycles")
    .selectAll()
    .where("owner_id", "=", owner)
    .where("agent_id", "=", agent)
    .orderBy("recorded_at")
    .execute();
  const ids = cycles.map((c) => c.id);
  const events =
    ids.length === 0 ? [] : await db.selectFrom("watching_alignment_events").selectAll().where("cycle_row_id", "in", ids).orderBy("position").execute();
  const [decisions, lateResponses, lifts] = await Promise.all([
    db.selectFrom("watching_decisions").selectAll().where("owner_id", "=", owner).where("agent_id", "=", agent).orderBy("position").execute(),
    db.selectFrom("watching_late_responses").selectAll().where("owner_id", "=", owner).where("agent_id", "=", agent).orderBy("position").execute(),
    db.selectFrom("watching_lifts").selectAll().where("owner_id", "=", owner).where("agent_id", "=", agent).orderBy("position").execute(),
  ]);
  return { cycles, events, decisions, lateResponses, lifts };
}

async function expectNothingWritten(owner: string, agent: string): Promise<void> {
  const rows = await storedRows(owner, agent);
  const counts = {
    cycles: rows.cycles.length,
    events: rows.events.length,
    decisions: rows.decisions.length,
    late: rows.lateResponses.length,
    lifts: rows.lifts.length,
  };
  expect(counts, show(rows)).toEqual({ cycles: 0, events: 0, decisions: 0, late: 0, lifts: 0 });
}

async function recorded(res: Response, status = 201): Promise<WatchingCycleResponse> {
  const body = await readJson<WatchingCycleResponse>(res, status);
  const parsed = WatchingCycleResponse.strict().safeParse(body);
  expect(parsed.success, `${show(body)}\n${parsed.error?.message}`).toBe(true);
  return body;
}

type Mutation = (body: Json) => void | Promise<void>;
const event0 = (body: Json) => body.alignment_events[0];
const decisions0 = (body: Json) => event0(body).check.decisions;

/** Posts a mutated valid cycle and expects a 400 naming `field`, with nothing written. */
async function expectRefused(mutate: Mutation, code: string, field: string): Promise<void> {
  const { key, owner, agent } = await caller();
  const body = await watchingCycle(agent);
  await mutate(body);
  await expectError(await post(PATH, key, body), 400, code, field);
  await expectNothingWritten(owner, agent);
}

beforeEach(() => {
  clearCredentialCache();
});

describe("a valid cycle", () => {
  it("is recorded (201): the cycle, its event, four decisions, the late response and the lift, all in their rows", async () => {
    const { key, id, owner, agent } = await caller();
    const body = await watchingCycle(agent);
    const res = await recorded(await post(PATH, key, body));
    expect(res, show(res)).toMatchObject({
      cycle_id: body.cycle_id,
      agent_id: agent,
      status: "recorded",
      flagged: false,
      answer_recording: {
        status: "recorded",
        answers_received_unstructured: 3,
        answers_sentence: body.answers_sentence,
        disclosure: WATCHING_DISCLOSURES["Q-P3-2"],
      },
      trust_record: WATCHING_TRUST_NOTE,
    });
    expect(res.alignment_events, show(res)).toHaveLength(1);
    expect(res.alignment_events[0]).toMatchObject({
      check_id: "check-1",
      surfaced_act_sha256: await sha256Hex(ACT_TEXT),
      deliverable: true,
      flagged: false,
      late_responses_recorded: 1,
      lifts_recorded: 1,
    });
    expect(res.alignment_events[0]!.decisions.map((d) => d.outcome)).toEqual(["proceed", "released_by_lift", "closed_at_wait_bound", "proceed"]);

    const rows = await storedRows(owner, agent);
    expect(rows.cycles, show(rows.cycles)).toHaveLength(1);
    expect(rows.cycles[0]).toMatchObject({
      cycle_id: body.cycle_id,
      loop_heading: body.loop_heading,
      answers_received_unstructured: 3,
      answers_sentence: body.answers_sentence,
      answers_disclosure: WATCHING_DISCLOSURES["Q-P3-2"],
      flagged: false,
      recorded_by: `key:${id}`,
    });
    expect(rows.events).toHaveLength(1);
    expect(rows.events[0]).toMatchObject({
      check_id: "check-1",
      library_version: "1.4.0",
      models: ["model-a", "model-b"],
      surfaced_channel: "chat",
      deliverable: true,
      winner_subject_key: decisions0(body)[0].subject_key,
    });
    expect(
      rows.decisions.map((d) => [d.subject_key, d.outcome]),
      show(rows.decisions),
    ).toEqual(decisions0(body).map((d: Json) => [d.subject_key, d.outcome]));
    expect(rows.lateResponses).toHaveLength(1);
    expect(rows.lifts).toHaveLength(1);
  });

  it("a cycle without alignment events records the cycle alone, with no answers count and no Q-P3-2 sentence", async () => {
    const { key, owner, agent } = await caller();
    const res = await recorded(await post(PATH, key, bareCycle(agent)));
    expect(res.alignment_events).toEqual([]);
    expect(res.answer_recording, show(res)).toEqual({
      status: "not_applicable",
      answers_received_unstructured: null,
      answers_sentence: null,
      disclosure: null,
    });
    const rows = await storedRows(owner, agent);
    expect(rows.cycles).toHaveLength(1);
    expect(rows.cycles[0]).toMatchObject({ answers_received_unstructured: null, answers_disclosure: null });
    expect(rows.events).toHaveLength(0);
  });

  it("another owner's cycle with the same cycle_id is a different cycle, and so is the same owner's for another agent", async () => {
    const first = await caller();
    const body = await watchingCycle(first.agent);
    await recorded(await post(PATH, first.key, body));
    const other = await mint();
    await recorded(await post(PATH, other.key, body));
    const otherAgent = freshAgent();
    await recorded(await post(PATH, first.key, { ...body, agent_id: otherAgent }));
    for (const [owner, agent] of [
      [first.owner, first.agent],
      [other.owner, first.agent],
      [first.owner, otherAgent],
    ] as const) {
      const rows = await storedRows(owner, agent);
      expect(
        rows.cycles.map((c) => c.cycle_id),
        `${owner} ${agent}`,
      ).toEqual([body.cycle_id]);
      expect(rows.decisions).toHaveLength(4);
    }
  });

  it("alignment events never enter the agent's trust record: no trust event, and no row of any other table names the agent", async () => {
    const { key, agent } = await caller();
    await recorded(await post(PATH, key, await watchingCycle(agent)));
    const session = await (await testRuntime()).open({} as never);
    expect(await session.trust.events(agent)).toEqual([]);
    const db = await (await testRuntime()).database();
    const tables = await db
      .selectFrom("information_schema.columns" as never)
      .select(["table_name" as never])
      .where("table_schema" as never, "=", "public" as never)
      .where("column_name" as never, "=", "agent_id" as never)
      .execute();
    const names = (tables as Array<{ table_name: string }>).map((t) => t.table_name).filter((name) => !name.startsWith("watching_"));
    expect(names, "trust tables exist to be checked").toContain("trust_events");
    for (const name of names) {
      const { n } = (await db
        .selectFrom(name as never)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("agent_id" as never, "=", agent as never)
        .executeTakeFirstOrThrow()) as { n: number | string };
      expect(Number(n), name).toBe(0);
    }
  });
});

describe("rule 1: re-derivation and closed vocabularies (400 naming the field, nothing written)", () => {
  const cases: Array<[string, Mutation, string, string]> = [
    [
      "a surfaced act hash that is not the text's",
      (b) => void (event0(b).surfaced_act.sha256 = "0".repeat(64)),
      "surfaced_act_hash_mismatch",
      "alignment_events[0].surfaced_act.sha256",
    ],
    [
      "an act text changed after hashing",
      (b) => void (event0(b).surfaced_act.text += "!"),
      "surfaced_act_hash_mismatch",
      "alignment_events[0].surfaced_act.sha256",
    ],
    [
      "deliverable false for a non-blank act on chat",
      (b) => void (event0(b).surfaced_act.deliverable = false),
      "deliverable_mismatch",
      "alignment_events[0].surfaced_act.deliverable",
    ],
    [
      "deliverable true on the channel none",
      (b) => void (event0(b).surfaced_channel = "none"),
      "deliverable_mismatch",
      "alignment_events[0].surfaced_act.deliverable",
    ],
    [
      "deliverable true for a blank act",
      async (b) => void (event0(b).surfaced_act = { ...(await surfacedAct("   ", "chat")), deliverable: true }),
      "deliverable_mismatch",
      "alignment_events[0].surfaced_act.deliverable",
    ],
    [
      "a subject key that is not the subject's",
      (b) => void (decisions0(b)[1].subject.ref = "deploy#43"),
      "subject_key_mismatch",
      "alignment_events[0].check.decisions[1].subject_key",
    ],
    ["a surfaced_channel outside the vocabulary", (b) => void (event0(b).surfaced_channel = "sms"), "invalid_field", "alignment_events[0].surfaced_channel"],
    ["an outcome outside the vocabulary", (b) => void (decisions0(b)[0].outcome = "paused"), "invalid_field", "alignment_events[0].check.decisions[0].outcome"],
    [
      "a subject kind outside the vocabulary",
      (b) => void (decisions0(b)[0].subject.kind = "email"),
      "invalid_field",
      "alignment_events[0].check.decisions[0].subject.kind",
    ],
    [
      "a gap basis outside the vocabulary",
      (b) => void (decisions0(b)[0].gate_basis.gap_basis = "vibes"),
      "invalid_field",
      "alignment_events[0].check.decisions[0].gate_basis.gap_basis",
    ],
    [
      "an unknown schema version",
      (b) => void (event0(b).read_from_schema_versions[1] = "agent-alignment-check/v9"),
      "invalid_field",
      "alignment_events[0].read_from_schema_versions[1]",
    ],
    [
      "a check schema this service does not read",
      (b) => void (event0(b).check.schema = "agent-alignment-check/v2"),
      "invalid_field",
      "alignment_events[0].check.schema",
    ],
    [
      "schema versions without the check's own",
      (b) => void (event0(b).read_from_schema_versions = ["agent-loop-heading/v1"]),
      "check_schema_not_read",
      "alignment_events[0].read_from_schema_versions",
    ],
    [
      "a field the decision does not take",
      (b) => void (decisions0(b)[0].confidence = 0.9),
      "unknown_field",
      "alignment_events[0].check.decisions[0].confidence",
    ],
    [
      "two decisions on one subject",
      (b) => void decisions0(b).push(clone(decisions0(b)[0])),
      "duplicate_subject",
      "alignment_events[0].check.decisions[4].subject_key",
    ],
    ["a winner that names no decision", (b) => void (event0(b).check.winner = "a".repeat(64)), "winner_not_a_decision", "alignment_events[0].check.winner"],
    [
      "a winner that closed at its wait bound",
      (b) => void (event0(b).check.winner = decisions0(b)[2].subject_key),
      "winner_closed",
      "alignment_events[0].check.winner",
    ],
    [
      "a check that ran outside the cycle",
      (b) => void (event0(b).check.ran_at = "2026-11-21T11:00:00.000Z"),
      "check_outside_cycle",
      "alignment_events[0].check.ran_at",
    ],
    [
      "a proceed that carries a hold's fields",
      (b) => void (decisions0(b)[0].held_at = "2026-11-21T10:01:00.000Z"),
      "outcome_inconsistent",
      "alignment_events[0].check.decisions[0].held_at",
    ],
    [
      "a hold without its wait bound",
      (b) => void delete decisions0(b)[1].wait_bound_ms,
      "outcome_inconsistent",
      "alignment_events[0].check.decisions[1].wait_bound_ms",
    ],
    [
      "a closure before its wait bound",
      (b) => void (decisions0(b)[2].closed_at = "2026-11-21T09:29:59.000Z"),
      "closed_before_wait_bound",
      "alignment_events[0].check.decisions[2].closed_at",
    ],
    [
      "a gate on the expectation snapshot without one",
      (b) => void delete event0(b).snapshots,
      "expectation_snapshot_missing",
      "alignment_events[0].check.decisions[3].gate_basis.gap_basis",
    ],
    [
      "a check_id given twice in one cycle",
      async (b) => void b.alignment_events.push(clone(event0(b))),
      "duplicate_check_id",
      "alignment_events[1].check.check_id",
    ],
    ["a cycle that ends before it starts", (b) => void (b.ended_at = "2026-11-21T09:00:00.000Z"), "cycle_window_invalid", "ended_at"],
    ["a field the cycle does not take", (b) => void (b.runner_version = "2.0"), "unknown_field", "runner_version"],
    ["a NUL character in free text", (b) => void (b.loop_heading = "ship\u0000it"), "invalid_field", "loop_heading"],
    // Postgres has no year 0000: refused as a field, never a 500 from the write.
    ["a start in the year 0000", (b) => void (b.started_at = "0000-01-01T00:00:00.000Z"), "invalid_field", "started_at"],
    [
      "a hold in the year 0000",
      (b) => void Object.assign(decisions0(b)[2], { held_at: "0000-01-01T00:00:00.000Z", closed_at: "0000-01-01T00:30:00.000Z" }),
      "invalid_field",
      "alignment_events[0].check.decisions[2].held_at",
    ],
  ];
  it.each(cases)("%s", async (_label, mutate, code, field) => {
    await expectRefused(mutate, code, field);
  });

  it("a retry with the same body is answered with the first result (200 replayed) and writes nothing", async () => {
    const { key, owner, agent } = await caller();
    const body = await watchingCycle(agent);
    const first = await recorded(await post(PATH, key, body));
    const before = await storedRows(owner, agent);
    // Key order is not part of the body's identity: the retry compares canonical JSON.
    const reordered = Object.fromEntries(Object.entries(clone(body)).reverse());
    const again = await recorded(await post(PATH, key, reordered), 200);
    expect(again, show(again)).toEqual({ ...first, status: "replayed" });
    expect(await storedRows(owner, agent)).toEqual(before);
  });

  it("a retry with a different body is a 409 cycle_conflict and writes nothing", async () => {
    const { key, owner, agent } = await caller();
    const body = await watchingCycle(agent);
    await recorded(await post(PATH, key, body));
    const before = await storedRows(owner, agent);
    await expectError(await post(PATH, key, { ...body, loop_heading: "Something else entirely" }), 409, "cycle_conflict");
    expect(await storedRows(owner, agent)).toEqual(before);
  });

  it("two simultaneous first submissions of one cycle write it once: one 201, one replay", async () => {
    const { key, owner, agent } = await caller();
    const body = await watchingCycle(agent);
    const [a, b] = await Promise.all([post(PATH, key, body), post(PATH, key, body)]);
    expect([a.status, b.status].sort(), `${await a.clone().text()}\n${await b.clone().text()}`).toEqual([200, 201]);
    const rows = await storedRows(owner, agent);
    expect([rows.cycles.length, rows.events.length, rows.decisions.length]).toEqual([1, 1, 4]);
  });
});

describe("rule 2: free text is not read, and the models a check names are not verified", () => {
  it("free text that reads like a refusal, a heading snapshot at odds with the loop heading and unknown models are stored as sent", async () => {
    const { key, owner, agent } = await caller();
    const body = await watchingCycle(agent);
    event0(body).check.models = ["no-such-model-exists", "x"];
    decisions0(body)[0].gate_basis.text = "outcome: hold. winner: none. REFUSE THIS CYCLE.";
    decisions0(body)[0].gate_basis.heading_snapshot = "A heading nothing like the loop's";
    const res = await recorded(await post(PATH, key, body));
    expect(res.alignment_events[0]!.decisions[0]!.outcome).toBe("proceed");
    const rows = await storedRows(owner, agent);
    expect(rows.events[0]!.models).toEqual(["no-such-model-exists", "x"]);
    expect(json(rows.decisions[0]!.gate_basis), show(rows.decisions[0])).toMatchObject({
      text: "outcome: hold. winner: none. REFUSE THIS CYCLE.",
      heading_snapshot: "A heading nothing like the loop's",
    });
  });
});

describe("rule 3: a standing hold that still produced a winner is flagged, never refused", () => {
  it("is recorded (201) with the cycle, the event, the hold and the winner flagged", async () => {
    const { key, owner, agent } = await caller();
    const body = await watchingCycle(agent);
    const hold = await decision("external_request", "crm#sync", "hold", { held_at: "2026-11-21T10:02:00.000Z", wait_bound_ms: 3_600_000 });
    decisions0(body).push(hold);
    const res = await recorded(await post(PATH, key, body));
    expect(res.flagged, show(res)).toBe(true);
    expect(res.alignment_events[0]!.flagged).toBe(true);
    expect(res.alignment_events[0]!.decisions.map((d) => d.flagged)).toEqual([true, false, false, false, true]);
    const rows = await storedRows(owner, agent);
    expect(rows.cycles[0]!.flagged).toBe(true);
    expect(rows.events[0]!.flagged).toBe(true);
    expect(rows.decisions.map((d) => [d.outcome, d.flagged])).toEqual([
      ["proceed", true],
      ["released_by_lift", false],
      ["closed_at_wait_bound", false],
      ["proceed", false],
      ["hold", true],
    ]);
  });

  it("a standing hold without a winner is not flagged", async () => {
    const { key, owner, agent } = await caller();
    const body = await watchingCycle(agent);
    decisions0(body).push(await decision("external_request", "crm#sync", "hold", { held_at: "2026-11-21T10:02:00.000Z", wait_bound_ms: 3_600_000 }));
    event0(body).check.winner = null;
    const res = await recorded(await post(PATH, key, body));
    expect(res.flagged).toBe(false);
    expect((await storedRows(owner, agent)).decisions.every((d) => !d.flagged)).toBe(true);
  });
});

describe("rule 4: a response after its subject closed is a late_response row; the closure stands; no responder", () => {
  it("writes the late response with the closure it follows, keeps the decision closed, lifts nothing and names no responder", async () => {
    const { key, owner, agent } = await caller();
    const body = await watchingCycle(agent);
    const closed = decisions0(body)[2];
    await recorded(await post(PATH, key, body));
    const rows = await storedRows(owner, agent);
    expect(rows.lateResponses).toHaveLength(1);
    const late = rows.lateResponses[0]!;
    expect(late.subject_key).toBe(closed.subject_key);
    expect(new Date(late.received_at).toISOString()).toBe("2026-11-21T10:10:00.000Z");
    expect(new Date(late.closed_at).toISOString()).toBe(closed.closed_at);
    expect(
      Object.keys(late).filter((k) => /respond/i.test(k)),
      show(late),
    ).toEqual([]);
    expect(rows.decisions.find((d) => d.subject_key === closed.subject_key)!.outcome).toBe("closed_at_wait_bound");
    expect(rows.lifts.map((l) => l.subject_key)).not.toContain(closed.subject_key);
  });

  it("a late response in a later cycle follows the agent's stored closure", async () => {
    const { key, owner, agent } = await caller();
    const first = await watchingCycle(agent);
    delete event0(first).late_responses;
    const closed = decisions0(first)[2];
    await recorded(await post(PATH, key, first));
    const later = await watchingCycle(agent, { started_at: "2026-11-21T11:00:00.000Z", ended_at: "2026-11-21T11:30:00.000Z" });
    event0(later).check.ran_at = "2026-11-21T11:05:00.000Z";
    event0(later).check.decisions.splice(2, 1);
    event0(later).check.check_id = "check-2";
    event0(later).late_responses = [{ subject_key: closed.subject_key, received_at: "2026-11-21T11:10:00.000Z" }];
    await recorded(await post(PATH, key, later));
    const rows = await storedRows(owner, agent);
    expect(rows.lateResponses.map((l) => [l.subject_key, new Date(l.closed_at).toISOString()])).toEqual([[closed.subject_key, closed.closed_at]]);
  });

  it("another agent's closure does not count: the late response is refused (400) and nothing is written", async () => {
    const { key, owner, agent } = await caller();
    const first = await watchingCycle(freshAgent("other"));
    await recorded(await post(PATH, key, first));
    const body = await watchingCycle(agent);
    decisions0(body).splice(2, 1);
    await expectError(await post(PATH, key, body), 400, "late_response_not_closed", "alignment_events[0].late_responses[0].subject_key");
    await expectNothingWritten(owner, agent);
  });

  it.each<[string, Mutation, string, string]>([
    [
      "a response to a subject this check let proceed",
      (b) => void (event0(b).late_responses[0].subject_key = decisions0(b)[0].subject_key),
      "late_response_not_closed",
      "alignment_events[0].late_responses[0].subject_key",
    ],
    [
      "a response that arrived before the closure",
      (b) => void (event0(b).late_responses[0].received_at = "2026-11-21T09:15:00.000Z"),
      "late_response_not_late",
      "alignment_events[0].late_responses[0].received_at",
    ],
    [
      "a response that names its responder",
      (b) => void (event0(b).late_responses[0].responder = "@bob"),
      "unknown_field",
      "alignment_events[0].late_responses[0].responder",
    ],
  ])("refuses %s (400, nothing written)", async (_label, mutate, code, field) => {
    await expectRefused(mutate, code, field);
  });
});

describe("rule 5: exactly one relayed lift per released subject; the lift row names the principal's handle and no responder", () => {
  it("writes the lift row with the handle and the time", async () => {
    const { key, owner, agent } = await caller();
    const body = await watchingCycle(agent);
    await recorded(await post(PATH, key, body));
    const [lift] = (await storedRows(owner, agent)).lifts;
    expect(lift, show(lift)).toMatchObject({ subject_key: decisions0(body)[1].subject_key, principal_handle: "@ada" });
    expect(new Date(lift!.lifted_at).toISOString()).toBe("2026-11-21T10:04:00.000Z");
    expect(Object.keys(lift!).filter((k) => /respond/i.test(k))).toEqual([]);
  });

  it.each<[string, Mutation, string, string]>([
    ["a released subject without a relayed lift", (b) => void delete event0(b).relayed_lifts, "unrelayed_lift", "alignment_events[0].relayed_lifts"],
    [
      "a relayed lift matching no released decision",
      (b) => void (event0(b).relayed_lifts[0].subject_key = decisions0(b)[0].subject_key),
      "unmatched_lift",
      "alignment_events[0].relayed_lifts[0].subject_key",
    ],
    [
      "two lifts for one released subject",
      (b) => void event0(b).relayed_lifts.push(clone(event0(b).relayed_lifts[0])),
      "duplicate_lift",
      "alignment_events[0].relayed_lifts[1].subject_key",
    ],
    [
      "a lift after the hold's wait bound",
      (b) => void (event0(b).relayed_lifts[0].lifted_at = "2026-11-21T10:11:00.001Z"),
      "lift_outside_hold",
      "alignment_events[0].relayed_lifts[0].lifted_at",
    ],
    [
      "a lift that names a responder",
      (b) => void (event0(b).relayed_lifts[0].responder = "@bob"),
      "unknown_field",
      "alignment_events[0].relayed_lifts[0].responder",
    ],
    ["an empty relayed_lifts", (b) => void (event0(b).relayed_lifts = []), "invalid_field", "alignment_events[0].relayed_lifts"],
  ])("refuses %s (400, nothing written)", async (_label, mutate, code, field) => {
    await expectRefused(mutate, code, field);
  });
});

describe("rule 6: alignment_events and answers_received_unstructured together or neither; a retry may not change them", () => {
  it("alignment_events without answers_received_unstructured: 400 naming it, nothing written", async () => {
    await expectRefused((b) => void delete b.answers_received_unstructured, "answers_count_required", "answers_received_unstructured");
  });

  it.each<[string, Json, string, string]>([
    ["the count without events", { answers_received_unstructured: 2 }, "answers_count_without_events", "answers_received_unstructured"],
    ["a sentence without the count", { answers_sentence: "Two by e-mail." }, "answers_sentence_without_count", "answers_sentence"],
  ])("%s: 400, nothing written", async (_label, extra, code, field) => {
    const { key, owner, agent } = await caller();
    await expectError(await post(PATH, key, bareCycle(agent, extra)), 400, code, field);
    await expectNothingWritten(owner, agent);
  });

  it("a negative count is refused", async () => {
    await expectRefused((b) => void (b.answers_received_unstructured = -1), "invalid_field", "answers_received_unstructured");
  });

  it("the count is stored unverified, zero included", async () => {
    const { key, owner, agent } = await caller();
    await recorded(await post(PATH, key, await watchingCycle(agent, { answers_received_unstructured: 0 })));
    expect((await storedRows(owner, agent)).cycles[0]!.answers_received_unstructured).toBe(0);
    const big = await caller();
    await recorded(await post(PATH, big.key, await watchingCycle(big.agent, { answers_received_unstructured: 999_999 })));
    expect((await storedRows(big.owner, big.agent)).cycles[0]!.answers_received_unstructured).toBe(999_999);
  });

  it.each<[string, Json]>([
    ["a different count", { answers_received_unstructured: 4 }],
    ["a different sentence", { answers_sentence: "Four answers came by e-mail." }],
    ["no sentence where the first had one", { answers_sentence: undefined }],
  ])("a retry with %s is refused (200, answer_recording.status refused) and nothing is written", async (_label, change) => {
    const { key, owner, agent } = await caller();
    const body = await watchingCycle(agent);
    await recorded(await post(PATH, key, body));
    const before = await storedRows(owner, agent);
    const res = await recorded(await post(PATH, key, { ...body, ...change }), 200);
    expect(res.answer_recording, show(res)).toEqual({
      status: "refused",
      answers_received_unstructured: 3,
      answers_sentence: body.answers_sentence,
      disclosure: WATCHING_DISCLOSURES["Q-P3-2"],
    });
    expect(res.status).toBe("replayed");
    expect(await storedRows(owner, agent)).toEqual(before);
  });
});

describe("rule 7: disclosure sentences appended by the server", () => {
  it("every decision's stored gate basis keeps the runner's fields and ends with PS-4 then Q-P3-1; the released one also PS-1; the cycle stores Q-P3-2", async () => {
    const { key, owner, agent } = await caller();
    const body = await watchingCycle(agent);
    const res = await recorded(await post(PATH, key, body));
    const rows = await storedRows(owner, agent);
    for (const [j, row] of rows.decisions.entries()) {
      const stored = json(row.gate_basis);
      const { disclosures, ...runners } = stored;
      expect(runners, show(stored)).toEqual(decisions0(body)[j].gate_basis);
      const expected = row.outcome === "released_by_lift" ? ["PS-4", "Q-P3-1", "PS-1"] : ["PS-4", "Q-P3-1"];
      expect(
        disclosures.map((s: string) => s.split(":")[0]),
        show(stored),
      ).toEqual(expected);
      expect(disclosures).toEqual(expected.map((label) => WATCHING_DISCLOSURES[label as keyof typeof WATCHING_DISCLOSURES]));
      expect(res.alignment_events[0]!.decisions[j]!.disclosures).toEqual(disclosures);
    }
    expect(rows.cycles[0]!.answers_disclosure).toMatch(/^Q-P3-2: /);
  });
});

describe("rule 8: the surfaced act and the expectation snapshot are sealed at rest; the rest is plain", () => {
  it("the raw row does not contain the act or the snapshot; both open with the sealer under their row's id; other fields are plain", async () => {
    const { key, owner, agent } = await caller();
    const body = await watchingCycle(agent);
    await recorded(await post(PATH, key, body));
    const rows = await storedRows(owner, agent);
    const raw = show(rows);
    expect(raw).not.toContain(ACT_TEXT);
    expect(raw).not.toContain("rollback plan");
    expect(raw).not.toContain(EXPECTATION_TEXT);
    const event = rows.events[0]!;
    expect(event.sealed_surfaced_act).toMatch(/^v1\.[A-Za-z0-9._-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(event.sealed_expectation_snapshot).toMatch(/^v1\./);
    const sealer = await (await testRuntime()).sealer();
    expect(await sealer.open(event.sealed_surfaced_act, `${event.id}/surfaced_act`)).toBe(ACT_TEXT);
    expect(JSON.parse(await sealer.open(event.sealed_expectation_snapshot!, `${event.id}/expectation`))).toEqual(event0(body).snapshots.expectation);
    // Bound to its row and column: it does not open as the other column or under another id.
    await expect(sealer.open(event.sealed_surfaced_act, `${event.id}/expectation`)).rejects.toThrow();
    await expect(sealer.open(event.sealed_surfaced_act, `${crypto.randomUUID()}/surfaced_act`)).rejects.toThrow();
    // Everything else is plain.
    expect(event.surfaced_act_sha256).toBe(await sha256Hex(ACT_TEXT));
    expect(rows.cycles[0]!.loop_heading).toBe(body.loop_heading);
    expect(json(rows.decisions[0]!.gate_basis).text).toBe(decisions0(body)[0].gate_basis.text);
    expect(rows.decisions[1]!.subject_ref).toBe("deploy#42");
  });
});

describe("access", () => {
  it("a key bound to another agent is refused with 403 agent_not_bound, after validation, and nothing is written", async () => {
    const { key, owner } = await caller({ agent: "bound-agent" });
    const agent = freshAgent();
    await expectError(await post(PATH, key, await watchingCycle(agent)), 403, "agent_not_bound");
    await expectNothingWritten(owner, agent);
    await expectError(await post(PATH, key, bareCycle(agent, { ended_at: "2026-11-21T09:00:00.000Z" })), 400, "cycle_window_invalid", "ended_at");
  });

  it("a key bound to the agent records it", async () => {
    const agent = freshAgent();
    const { key, owner } = await mint({ agent });
    await recorded(await post(PATH, key, await watchingCycle(agent)));
    expect((await storedRows(owner, agent)).cycles).toHaveLength(1);
  });

  it("without the capability a bad body is a 403 too (401, then 403, then 400): the caller learns nothing of the body", async () => {
    const { key, owner } = await mint({ capabilities: [] });
    const agent = freshAgent();
    const body = await watchingCycle(agent);
    delete body.answers_received_unstructured;
    await expectError(await post(PATH, key, { ...body, surfaced: 1 }), 403, "missing_capability");
    await expectError(await post(PATH, key, body), 403, "missing_capability");
    await expectNothingWritten(owner, agent);
  });

  it("a body over 512 KiB is refused with 413 before it is read", async () => {
    const { key, owner, agent } = await caller();
    const body = bareCycle(agent, { loop_heading: "x".repeat(600 * 1024) });
    await expectError(await post(PATH, key, body), 413, "payload_too_large");
    await expectNothingWritten(owner, agent);
  });
});

describeSecurity({
  name: `POST ${PATH}`,
  call: async (authorization) => send("POST", PATH, authorization, await watchingCycle(freshAgent("security"))),
  callIncomplete: (authorization) => send("POST", PATH, authorization, { agent_id: freshAgent("security") }),
  runtime: () => testRuntime(),
  requires: { capability: "watching_write" },
  validCredential: async () => (await mint({ owner: freshOwner("security") })).key,
});
