import { describe, expect, it } from "vitest";
import { bareCycle, clone, decision, surfacedAct, watchingCycle, type Json } from "../../../../tests/support/watching";
import type { Principal } from "../credentials";
import { sha256Hex } from "../encoding";
import { ConflictError, type DomainError, ForbiddenError, ValidationError } from "../errors";
import { createSealer, generateDataKeyRing } from "../sealing";
import {
  checkWatchingCycleBody,
  decisionDisclosures,
  decisionSubjectKey,
  isActDeliverable,
  recordWatchingCycle,
  WATCHING_DISCLOSURES,
  watchingBodyHash,
  WatchingCycleBody,
  type NewWatchingCycle,
  type StoredWatchingCycle,
  type WatchingStore,
} from "./watching";

// The watching rules of spec 4.5 as pure checks (no database): derivations, the closed
// vocabularies, every consistency check with the field it names, the standing-hold flag,
// and the service's order and retry semantics over an in-memory store.

type Mutation = (body: Json) => void | Promise<void>;
const event0 = (body: Json) => body.alignment_events[0];
const decisions0 = (body: Json) => event0(body).check.decisions;

async function mutated(mutate: Mutation): Promise<Json> {
  const body = await watchingCycle("agent-1");
  await mutate(body);
  return body;
}

/** The field a zod refusal names (as the HTTP layer renders it). */
function issuePath(body: Json): string | null {
  const result = WatchingCycleBody.safeParse(body);
  if (result.success) return null;
  return result.error.issues[0]!.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`))
    .join("")
    .replace(/^\./, "");
}

async function refusal(body: Json): Promise<ValidationError> {
  const parsed = WatchingCycleBody.parse(body);
  const err = await checkWatchingCycleBody(parsed).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, "expected a refusal").toBeInstanceOf(ValidationError);
  return err as ValidationError;
}

describe("derivations", () => {
  it("a subject key is the SHA-256 of the subject's RFC 8785 canonical JSON", async () => {
    expect(await decisionSubjectKey({ kind: "tool_call", ref: "deploy#42" })).toBe(await sha256Hex('{"kind":"tool_call","ref":"deploy#42"}'));
    expect(await decisionSubjectKey({ ref: "deploy#42", kind: "tool_call" } as never)).toBe(await decisionSubjectKey({ kind: "tool_call", ref: "deploy#42" }));
    expect(await decisionSubjectKey({ kind: "message", ref: "deploy#42" })).not.toBe(await decisionSubjectKey({ kind: "tool_call", ref: "deploy#42" }));
  });

  it.each([
    ["chat", "Ship it", true],
    ["inline", "Ship it", true],
    ["none", "Ship it", false],
    ["email", "", false],
    ["email", " \n\t", false],
    ["none", "", false],
  ] as const)("an act on %j with text %j is deliverable: %s", (channel, text, deliverable) => {
    expect(isActDeliverable(channel, text)).toBe(deliverable);
  });

  it("the retry hash ignores the answers fields and key order, and nothing else", async () => {
    const body = WatchingCycleBody.parse(await watchingCycle("agent-1"));
    const hash = await watchingBodyHash(body);
    expect(await watchingBodyHash({ ...body, answers_received_unstructured: 99, answers_sentence: "Other." })).toBe(hash);
    expect(await watchingBodyHash(Object.fromEntries(Object.entries(body).reverse()) as WatchingCycleBody)).toBe(hash);
    expect(await watchingBodyHash({ ...body, loop_heading: "Another heading" })).not.toBe(hash);
  });

  it("disclosures: PS-4 then Q-P3-1 on every decision, PS-1 added for a released hold, each beginning with its label", () => {
    for (const outcome of ["proceed", "hold", "closed_at_wait_bound"] as const) {
      expect(decisionDisclosures(outcome)).toEqual([WATCHING_DISCLOSURES["PS-4"], WATCHING_DISCLOSURES["Q-P3-1"]]);
    }
    expect(decisionDisclosures("released_by_lift")).toEqual([WATCHING_DISCLOSURES["PS-4"], WATCHING_DISCLOSURES["Q-P3-1"], WATCHING_DISCLOSURES["PS-1"]]);
    for (const [label, sentence] of Object.entries(WATCHING_DISCLOSURES)) expect(sentence.startsWith(`${label}: `)).toBe(true);
  });
});

describe("closed vocabularies and shapes (zod)", () => {
  it("a valid cycle and a bare cycle parse", async () => {
    expect(issuePath(await watchingCycle("agent-1"))).toBeNull();
    expect(issuePath(bareCycle("agent-1"))).toBeNull();
  });

  describe.each<[string, Mutation, string]>([
    ["surfaced_channel", (b) => void (event0(b).surfaced_channel = "sms"), "alignment_events[0].surfaced_channel"],
    ["outcome", (b) => void (decisions0(b)[0].outcome = "paused"), "alignment_events[0].check.decisions[0].outcome"],
    ["subject.kind", (b) => void (decisions0(b)[0].subject.kind = "email"), "alignment_events[0].check.decisions[0].subject.kind"],
    ["gap_basis", (b) => void (decisions0(b)[0].gate_basis.gap_basis = "vibes"), "alignment_events[0].check.decisions[0].gate_basis.gap_basis"],
    ["gate_table_row", (b) => void (decisions0(b)[0].gate_basis.gate_table_row = 0), "alignment_events[0].check.decisions[0].gate_basis.gate_table_row"],
    ["a blank gate text", (b) => void (decisions0(b)[0].gate_basis.text = "   "), "alignment_events[0].check.decisions[0].gate_basis.text"],
    [
      "read_from_schema_versions",
      (b) => void (event0(b).read_from_schema_versions = ["agent-alignment-check/v9"]),
      "alignment_events[0].read_from_schema_versions[0]",
    ],
    ["check.schema", (b) => void (event0(b).check.schema = "agent-alignment-check/v2"), "alignment_events[0].check.schema"],
    ["library_version", (b) => void (event0(b).check.library_version = "latest"), "alignment_events[0].check.library_version"],
    ["an empty models list", (b) => void (event0(b).check.models = []), "alignment_events[0].check.models"],
    ["a subject_key that is not hex", (b) => void (decisions0(b)[0].subject_key = "Z".repeat(64)), "alignment_events[0].check.decisions[0].subject_key"],
    [
      "a wait bound over seven days",
      (b) => void (decisions0(b)[1].wait_bound_ms = 7 * 24 * 3600 * 1000 + 1),
      "alignment_events[0].check.decisions[1].wait_bound_ms",
    ],
    ["a timestamp without a zone", (b) => void (event0(b).check.ran_at = "2026-11-21 10:05"), "alignment_events[0].check.ran_at"],
    ["a timestamp in the year 0000", (b) => void (b.started_at = "0000-01-01T00:00:00.000Z"), "started_at"],
    [
      "a timestamp in the year 3000",
      (b) => void (event0(b).late_responses[0].received_at = "3000-01-01T00:00:00.000Z"),
      "alignment_events[0].late_responses[0].received_at",
    ],
    [
      "a principal handle with spaces",
      (b) => void (event0(b).relayed_lifts[0].principal_handle = "Ada Lovelace"),
      "alignment_events[0].relayed_lifts[0].principal_handle",
    ],
    ["a responder on a late response", (b) => void (event0(b).late_responses[0].responder = "@bob"), "alignment_events[0].late_responses[0]"],
    ["an empty alignment_events", (b) => void (b.alignment_events = []), "alignment_events"],
    ["a fractional count", (b) => void (b.answers_received_unstructured = 1.5), "answers_received_unstructured"],
    ["a cycle_id with spaces", (b) => void (b.cycle_id = "cycle 1"), "cycle_id"],
    ["an act over 4,000 characters", (b) => void (event0(b).surfaced_act.text = "x".repeat(4001)), "alignment_events[0].surfaced_act.text"],
    ["an unknown snapshot", (b) => void (event0(b).snapshots.heading = { text: "x" }), "alignment_events[0].snapshots"],
  ])("%s", (_label, mutate, path) => {
    it(`is refused at ${path}`, async () => {
      expect(issuePath(await mutated(mutate))).toBe(path);
    });
  });
});

describe("consistency checks (each a ValidationError naming its field)", () => {
  describe.each<[string, Mutation, string, string]>([
    [
      "an act hash that is not the text's",
      (b) => void (event0(b).surfaced_act.sha256 = "0".repeat(64)),
      "surfaced_act_hash_mismatch",
      "alignment_events[0].surfaced_act.sha256",
    ],
    [
      "deliverable where the channel is none",
      (b) => void (event0(b).surfaced_channel = "none"),
      "deliverable_mismatch",
      "alignment_events[0].surfaced_act.deliverable",
    ],
    [
      "undeliverable for a non-blank act on a channel",
      (b) => void (event0(b).surfaced_act.deliverable = false),
      "deliverable_mismatch",
      "alignment_events[0].surfaced_act.deliverable",
    ],
    [
      "a subject key of another subject",
      (b) => void (decisions0(b)[2].subject.ref = "invoice#8"),
      "subject_key_mismatch",
      "alignment_events[0].check.decisions[2].subject_key",
    ],
    ["a duplicate subject", (b) => void decisions0(b).push(clone(decisions0(b)[3])), "duplicate_subject", "alignment_events[0].check.decisions[4].subject_key"],
    [
      "a schema version listed twice",
      (b) => void event0(b).read_from_schema_versions.push("agent-alignment-check/v1"),
      "duplicate_schema_version",
      "alignment_events[0].read_from_schema_versions[2]",
    ],
    [
      "versions without the check's schema",
      (b) => void (event0(b).read_from_schema_versions = ["agent-expectation-snapshot/v1"]),
      "check_schema_not_read",
      "alignment_events[0].read_from_schema_versions",
    ],
    ["a check before the cycle", (b) => void (event0(b).check.ran_at = "2026-11-21T09:59:59.000Z"), "check_outside_cycle", "alignment_events[0].check.ran_at"],
    [
      "a proceed with a wait bound",
      (b) => void (decisions0(b)[0].wait_bound_ms = 1000),
      "outcome_inconsistent",
      "alignment_events[0].check.decisions[0].wait_bound_ms",
    ],
    ["a released hold without held_at", (b) => void delete decisions0(b)[1].held_at, "outcome_inconsistent", "alignment_events[0].check.decisions[1].held_at"],
    [
      "a released hold with closed_at",
      (b) => void (decisions0(b)[1].closed_at = "2026-11-21T10:20:00.000Z"),
      "outcome_inconsistent",
      "alignment_events[0].check.decisions[1].closed_at",
    ],
    ["a closure without closed_at", (b) => void delete decisions0(b)[2].closed_at, "outcome_inconsistent", "alignment_events[0].check.decisions[2].closed_at"],
    [
      "a closure before its bound",
      (b) => void (decisions0(b)[2].closed_at = "2026-11-21T09:10:00.000Z"),
      "closed_before_wait_bound",
      "alignment_events[0].check.decisions[2].closed_at",
    ],
    [
      "a gate on a missing expectation snapshot",
      (b) => void delete event0(b).snapshots,
      "expectation_snapshot_missing",
      "alignment_events[0].check.decisions[3].gate_basis.gap_basis",
    ],
    ["a winner naming no decision", (b) => void (event0(b).check.winner = "b".repeat(64)), "winner_not_a_decision", "alignment_events[0].check.winner"],
    ["a closed winner", (b) => void (event0(b).check.winner = decisions0(b)[2].subject_key), "winner_closed", "alignment_events[0].check.winner"],
    ["a released subject without its lift", (b) => void delete event0(b).relayed_lifts, "unrelayed_lift", "alignment_events[0].relayed_lifts"],
    [
      "a lift for a subject that proceeded",
      (b) => void (event0(b).relayed_lifts[0].subject_key = decisions0(b)[3].subject_key),
      "unmatched_lift",
      "alignment_events[0].relayed_lifts[0].subject_key",
    ],
    [
      "a second lift for one subject",
      (b) => void event0(b).relayed_lifts.push(clone(event0(b).relayed_lifts[0])),
      "duplicate_lift",
      "alignment_events[0].relayed_lifts[1].subject_key",
    ],
    [
      "a lift before the hold",
      (b) => void (event0(b).relayed_lifts[0].lifted_at = "2026-11-21T10:00:59.999Z"),
      "lift_outside_hold",
      "alignment_events[0].relayed_lifts[0].lifted_at",
    ],
    [
      "a late response to a subject still open",
      (b) => void (event0(b).late_responses[0].subject_key = decisions0(b)[1].subject_key),
      "late_response_not_closed",
      "alignment_events[0].late_responses[0].subject_key",
    ],
    [
      "a late response at the very closure",
      (b) => void (event0(b).late_responses[0].received_at = "2026-11-21T09:30:00.000Z"),
      "late_response_not_late",
      "alignment_events[0].late_responses[0].received_at",
    ],
    ["a check_id given twice", (b) => void b.alignment_events.push(clone(event0(b))), "duplicate_check_id", "alignment_events[1].check.check_id"],
    ["events without the count", (b) => void delete b.answers_received_unstructured, "answers_count_required", "answers_received_unstructured"],
    ["a cycle ending before it starts", (b) => void (b.ended_at = "2026-11-21T09:59:00.000Z"), "cycle_window_invalid", "ended_at"],
  ])("%s", (_label, mutate, code, field) => {
    it(`is ${code} at ${field}`, async () => {
      const err = await refusal(await mutated(mutate));
      expect([err.code, err.field], err.message).toEqual([code, field]);
      expect(err.message.startsWith(`${field}: `)).toBe(true);
    });
  });

  it.each<[string, Json, string, string]>([
    ["the count without events", { answers_received_unstructured: 0 }, "answers_count_without_events", "answers_received_unstructured"],
    ["a sentence without the count", { answers_sentence: "None." }, "answers_sentence_without_count", "answers_sentence"],
  ])("a bare cycle with %s is %s", async (_label, extra, code, field) => {
    const err = await refusal(bareCycle("agent-1", extra));
    expect([err.code, err.field]).toEqual([code, field]);
  });

  it("a mismatched hash reports the expected value", async () => {
    const err = await refusal(await mutated((b) => void (event0(b).surfaced_act.sha256 = "0".repeat(64))));
    expect(err.extra?.expected).toBe(await sha256Hex(event0(await watchingCycle("agent-1")).surfaced_act.text));
  });

  it("a standing hold with a winner is flagged (the hold and the winner), not refused; without a winner it is not", async () => {
    const body = await watchingCycle("agent-1");
    decisions0(body).push(await decision("commitment", "meeting#9", "hold", { held_at: "2026-11-21T10:03:00.000Z", wait_bound_ms: 60_000 }));
    const checked = await checkWatchingCycleBody(WatchingCycleBody.parse(body));
    expect(checked.events[0]).toMatchObject({ flagged: true, decisionFlags: [true, false, false, false, true] });
    event0(body).check.winner = null;
    const unflagged = await checkWatchingCycleBody(WatchingCycleBody.parse(body));
    expect(unflagged.events[0]).toMatchObject({ flagged: false, decisionFlags: [false, false, false, false, false] });
  });

  it("a late response whose closure is not in the body is left for the stored closures", async () => {
    const body = await watchingCycle("agent-1");
    const closedKey = decisions0(body)[2].subject_key;
    decisions0(body).splice(2, 1);
    const checked = await checkWatchingCycleBody(WatchingCycleBody.parse(body));
    expect(checked.pending).toEqual([{ field: "alignment_events[0].late_responses[0]", subject_key: closedKey, received_at: "2026-11-21T10:10:00.000Z" }]);
  });

  it("an empty act on no channel is consistent (nothing surfaced)", async () => {
    const body = await watchingCycle("agent-1");
    event0(body).surfaced_channel = "none";
    event0(body).surfaced_act = await surfacedAct("", "none");
    await expect(checkWatchingCycleBody(WatchingCycleBody.parse(body))).resolves.toBeDefined();
  });
});

/** An in-memory store that records what the service asked of it. */
function memoryStore(closures: Record<string, string> = {}) {
  const cycles = new Map<string, NewWatchingCycle>();
  const calls: string[] = [];
  let raceWith: NewWatchingCycle | null = null;
  const keyOf = (o: string, a: string, c: string) => `${o}|${a}|${c}`;
  const stored = (cycle: NewWatchingCycle): StoredWatchingCycle => ({
    ...cycle,
    events: cycle.events.map((e) => ({
      check_id: e.check_id,
      surfaced_act_sha256: e.surfaced_act_sha256,
      deliverable: e.deliverable,
      flagged: e.flagged,
      decisions: e.decisions.map((d) => ({ subject_key: d.subject_key, outcome: d.outcome, flagged: d.flagged, disclosures: d.gate_basis.disclosures })),
      late_responses_recorded: e.late_responses.length,
      lifts_recorded: e.lifts.length,
    })),
  });
  const store: WatchingStore = {
    async find(o, a, c) {
      calls.push("find");
      const cycle = cycles.get(keyOf(o, a, c));
      return cycle ? stored(cycle) : null;
    },
    async closures(_o, _a, keys) {
      calls.push("closures");
      return new Map(keys.filter((k) => closures[k]).map((k) => [k, closures[k]!]));
    },
    async record(cycle) {
      calls.push("record");
      // Simulates another request having written the same cycle between find and record.
      if (raceWith) {
        cycles.set(keyOf(cycle.owner_id, cycle.agent_id, cycle.cycle_id), raceWith);
        raceWith = null;
        return { created: false };
      }
      const key = keyOf(cycle.owner_id, cycle.agent_id, cycle.cycle_id);
      if (cycles.has(key)) return { created: false };
      cycles.set(key, cycle);
      return { created: true };
    },
  };
  return { store, cycles, calls, raceWith: (cycle: NewWatchingCycle) => void (raceWith = cycle) };
}

const principal = (agent: string | null = null): Principal => ({
  type: "api_key",
  credential_id: "cred-1",
  kind: "prac",
  owner_id: "owner-1",
  agent_id: agent,
  tier: "free",
  capabilities: ["watching_write"],
  daily_limit: null,
});

describe("recordWatchingCycle", () => {
  const sealer = createSealer(generateDataKeyRing(new Date("2026-11-21T00:00:00Z")));
  const ctxOf = (store: WatchingStore) => ({ store, sealer, now: () => new Date("2026-11-21T10:31:00.000Z") });
  const run = async (store: WatchingStore, body: Json, who = principal()) =>
    recordWatchingCycle({ ctx: { ...ctxOf(store), principal: who }, input: WatchingCycleBody.parse(body) });

  it("writes once (201), with sealed act and snapshot bound to the event id, and the source credential", async () => {
    const memory = memoryStore();
    const body = await watchingCycle("agent-1");
    const outcome = await run(memory.store, body);
    expect(outcome.created).toBe(true);
    const [cycle] = [...memory.cycles.values()];
    expect(cycle!.recorded_by).toBe("key:cred-1");
    expect(cycle!.recorded_at).toBe("2026-11-21T10:31:00.000Z");
    const event = cycle!.events[0]!;
    expect(event.sealed_surfaced_act).not.toContain("rollback");
    expect(await sealer.open(event.sealed_surfaced_act, `${event.id}/surfaced_act`)).toBe(event0(body).surfaced_act.text);
    expect(JSON.parse(await sealer.open(event.sealed_expectation_snapshot!, `${event.id}/expectation`))).toEqual(event0(body).snapshots.expectation);
    expect(event.late_responses[0]!.closed_at).toBe("2026-11-21T09:30:00.000Z");
  });

  it("a retry: the same body replays (200), another count is refused (200), another body is a 409; none writes", async () => {
    const memory = memoryStore();
    const body = await watchingCycle("agent-1");
    const first = await run(memory.store, body);
    const replay = await run(memory.store, body);
    expect(replay).toEqual({ created: false, body: { ...first.body, status: "replayed" } });
    const refused = await run(memory.store, { ...body, answers_received_unstructured: 7 });
    expect(refused.created).toBe(false);
    expect(refused.body.answer_recording).toMatchObject({ status: "refused", answers_received_unstructured: 3 });
    await expect(run(memory.store, { ...body, ended_at: "2026-11-21T10:29:00.000Z" })).rejects.toSatisfy(
      (e) => e instanceof ConflictError && (e as DomainError).code === "cycle_conflict",
    );
    expect(memory.calls.filter((c) => c === "record")).toHaveLength(1);
  });

  it("a cycle another request wrote first is answered as a retry", async () => {
    const memory = memoryStore();
    const body = await watchingCycle("agent-1");
    const other = memoryStore();
    await run(other.store, body);
    memory.raceWith([...other.cycles.values()][0]!);
    const outcome = await run(memory.store, body);
    expect(outcome.created).toBe(false);
    expect(outcome.body.status).toBe("replayed");
  });

  it("order: the body's own checks (400), then the agent binding (403), then the stored closures (400)", async () => {
    const memory = memoryStore();
    const bad = await watchingCycle("agent-2", { ended_at: "2026-11-21T09:00:00.000Z" });
    await expect(run(memory.store, bad, principal("agent-1"))).rejects.toBeInstanceOf(ValidationError);
    const body = await watchingCycle("agent-2");
    decisions0(body).splice(2, 1);
    await expect(run(memory.store, body, principal("agent-1"))).rejects.toBeInstanceOf(ForbiddenError);
    expect(memory.calls).toEqual([]);
    await expect(run(memory.store, body, principal("agent-2"))).rejects.toMatchObject({
      code: "late_response_not_closed",
      field: "alignment_events[0].late_responses[0].subject_key",
    });
    expect(memory.calls).toEqual(["closures"]);
  });

  it("a late response to a stored closure is written with that closure's time", async () => {
    const body = await watchingCycle("agent-1");
    const closedKey = decisions0(body)[2].subject_key;
    decisions0(body).splice(2, 1);
    const memory = memoryStore({ [closedKey]: "2026-11-21T08:00:00.000Z" });
    expect((await run(memory.store, body)).created).toBe(true);
    expect([...memory.cycles.values()][0]!.events[0]!.late_responses[0]!.closed_at).toBe("2026-11-21T08:00:00.000Z");
  });
});
