import { beforeEach, describe, expect, it } from "vitest";
import { memoryPracticeStore, type MemoryPracticeStore, REFLECT_ANSWERS as ANSWERS } from "../../../../tests/support/practice";
import type { Principal } from "../credentials";
import { KatorthomaProximity, type KatorthomaProximity as Proximity } from "../enums";
import { DISTRESS_MESSAGE } from "../reason/distress";
import { offlineExtractor } from "../reason/offline";
import { createSealer, generateDataKeyRing } from "../sealing";
import { examine, type Examination } from "../reason/examine";
import {
  composeReflectProfile,
  gradeChangeSuggestion,
  profileUpdateConfidence,
  REFLECT_MANDATORY_NOTE,
  REFLECT_RESUMABLE_FROM,
  REFLECT_STEPS,
  ReflectComplete,
  ReflectRequest,
  type ReflectResponse,
  reflectTrustEvents,
  reflectTurn,
  type ExaminedAnswer,
  type ReflectContext,
  type ReflectProfile,
  type ReflectSessionSummary,
} from "./reflect";

// The session-close reflection in core (spec 2.16, 3.3): the request rules, the sequence, the
// profile composition as tables over hand-built examinations, and every transition of 3.3 on an
// in-memory store with the offline engine, a real sealer, a recording trust port and a counting
// meter. The HTTP suite (functions/practice/src/reflect.test.ts) runs the same on the database.

const show = (value: unknown) => JSON.stringify(value, null, 1);
const NOW = new Date("2026-11-21T10:00:00.000Z");
const P = KatorthomaProximity.options;

const SUMMARY: ReflectSessionSummary = {
  purpose_at_open: "fix the failing invoice export for the finance team",
  circle_at_open: "community",
  role_at_open: "a coding assistant",
  capacity_at_open: ["repository write access", "test runner"],
  sage_reasoning_passes: 2,
};

const key = (owner = "owner-a", agent: string | null = null): Principal => ({
  type: "api_key",
  credential_id: crypto.randomUUID(),
  kind: "live",
  owner_id: owner,
  agent_id: agent,
  tier: "free",
  capabilities: ["reflect"],
  daily_limit: null,
});

/* ------------------------------------------------------------------------------------------ */

describe("ReflectRequest", () => {
  const base = { session_id: "s-1", agent_id: "agent-1" };
  const firstIssue = (body: unknown) => {
    const result = ReflectRequest.safeParse(body, { reportInput: true });
    return result.success ? null : result.error.issues[0]!;
  };

  it("an open needs session_summary: missing names it, not an object names it", () => {
    expect(firstIssue(base)).toMatchObject({ path: ["session_summary"], code: "invalid_type" });
    expect(firstIssue(base)!.input).toBeUndefined();
    for (const bad of ["text", 3, [], null]) expect(firstIssue({ ...base, session_summary: bad }), show(bad)).toMatchObject({ path: ["session_summary"] });
  });

  it.each([
    ["purpose_at_open", { purpose_at_open: "  " }],
    ["circle_at_open", { circle_at_open: "planet" }],
    ["capacity_at_open", { capacity_at_open: "all" }],
    ["sage_reasoning_passes", { sage_reasoning_passes: 1.5 }],
    ["sage_reasoning_passes", { sage_reasoning_passes: -1 }],
  ])("an open names the summary's field %s", (field, change) => {
    expect(firstIssue({ ...base, session_summary: { ...SUMMARY, ...change } })?.path).toEqual(["session_summary", field]);
  });

  it("an open refuses an unknown summary field, and a missing one", () => {
    expect(firstIssue({ ...base, session_summary: { ...SUMMARY, mood: "fine" } })).toMatchObject({ code: "unrecognized_keys", path: ["session_summary"] });
    const { role_at_open: _omitted, ...withoutRole } = SUMMARY;
    expect(firstIssue({ ...base, session_summary: withoutRole })).toMatchObject({ path: ["session_summary", "role_at_open"] });
  });

  it("an answer ignores session_summary, whatever it holds", () => {
    expect(ReflectRequest.safeParse({ ...base, response: "An answer.", session_summary: "anything" }).success).toBe(true);
    expect(ReflectRequest.safeParse({ ...base, response: "An answer." }).success).toBe(true);
  });

  it("context_source is one of two values or null; anything else names it", () => {
    for (const ok of ["agent_stated", "harness_inferred", null])
      expect(ReflectRequest.safeParse({ ...base, response: "a", context_source: ok }).success, show(ok)).toBe(true);
    expect(firstIssue({ ...base, response: "a", context_source: "user" })?.path).toEqual(["context_source"]);
  });

  it("a response is not empty, not blank, at most 5,000 characters", () => {
    expect(firstIssue({ ...base, response: "" })?.path).toEqual(["response"]);
    expect(firstIssue({ ...base, response: " \n " })?.path).toEqual(["response"]);
    expect(firstIssue({ ...base, response: "x".repeat(5001) })?.path).toEqual(["response"]);
    expect(firstIssue({ ...base, response: "x".repeat(5000) })).toBeNull();
  });

  it("reflect_at_close off needs no summary and takes no answer", () => {
    expect(firstIssue({ ...base, reflect_at_close: "off" })).toBeNull();
    expect(firstIssue({ ...base, reflect_at_close: "off", response: "a" })?.path).toEqual(["reflect_at_close"]);
    expect(firstIssue({ ...base, reflect_at_close: "sometimes", session_summary: SUMMARY })?.path).toEqual(["reflect_at_close"]);
  });

  it("session_id and agent_id are kept exactly as sent (no trimming)", () => {
    const parsed = ReflectRequest.parse({ session_id: " spaced id ", agent_id: "agent-1", session_summary: SUMMARY });
    expect(parsed.session_id).toBe(" spaced id ");
    expect(firstIssue({ session_id: "a\tb", agent_id: "agent-1", session_summary: SUMMARY })?.path).toEqual(["session_id"]);
    expect(firstIssue({ session_id: "s", agent_id: "a", session_summary: SUMMARY })?.path).toEqual(["agent_id"]);
  });
});

describe("the sequence", () => {
  it("is Q1..Q6, verification, supporting: eight steps, the mandatory subquestions first among the subquestions", () => {
    expect(REFLECT_STEPS.map((s) => s.step)).toEqual(["Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "verification", "supporting"]);
    for (const step of REFLECT_STEPS) {
      expect(step.mandatory, step.step).toBeGreaterThanOrEqual(1);
      expect(step.subquestions(SUMMARY).length, step.step).toBeGreaterThanOrEqual(step.mandatory);
      expect(step.question(SUMMARY), step.step).toMatch(/\?$/);
    }
  });

  it("asks about the session the summary describes", () => {
    expect(REFLECT_STEPS[0]!.question(SUMMARY)).toContain(SUMMARY.purpose_at_open);
    expect(REFLECT_STEPS[4]!.question(SUMMARY)).toContain("your community");
    expect(REFLECT_STEPS[5]!.question(SUMMARY)).toContain(SUMMARY.role_at_open);
    expect(REFLECT_STEPS[5]!.subquestions(SUMMARY)[2]).toContain("repository write access, test runner");
  });

  it("examines every answer but the supporting plan", () => {
    expect(REFLECT_STEPS.filter((s) => !s.examined).map((s) => s.step)).toEqual(["supporting"]);
  });
});

/* ------------------------------------------------------------------------------------------ */

interface Spec {
  step?: ExaminedAnswer["step"];
  proximity: Proximity;
  base?: Proximity;
  dikaiosyne?: Proximity | null;
  andreia?: Proximity | null;
  sophrosyne?: Proximity | null;
  words?: number;
  gap?: string;
}

const EXAMINED_STEPS = REFLECT_STEPS.filter((s) => s.examined).map((s) => s.step);

/** Hand-built examined answers: only the fields the composition reads. */
function answers(specs: readonly Spec[]): ExaminedAnswer[] {
  return specs.map((s, i) => ({
    step: s.step ?? EXAMINED_STEPS[i]!,
    response: Array.from({ length: s.words ?? 20 }, () => "word").join(" "),
    exam: {
      assessment: {
        katorthoma_proximity: s.proximity,
        proximity_floors: { base: s.base ?? s.proximity, dikaiosyne: s.dikaiosyne ?? null, andreia: s.andreia ?? null, sophrosyne: s.sophrosyne ?? null },
        practice: s.gap ? { suggestion: { schema: "agent-practice-suggestion/v1", gap: s.gap, question: `About ${s.gap}?`, advisory: true } } : {},
      },
    } as unknown as Examination,
  }));
}
const seven = (p: Proximity, extra: Partial<Spec> = {}) => answers(EXAMINED_STEPS.map((step) => ({ step, proximity: p, ...extra })));

describe("composeReflectProfile", () => {
  it("typical is the lower median of the readings; the grade derives from it", () => {
    const profile = composeReflectProfile(
      answers(["reflexive", "habitual", "deliberate", "deliberate", "principled", "sage_like", "sage_like"].map((p) => ({ proximity: p as Proximity }))),
      null,
    );
    expect(profile.typical_proximity).toBe("deliberate");
    expect(profile.senecan_grade).toBe("grade_2");
  });

  it("a domain no answer engaged is null; phronesis reads every answer's deliberation", () => {
    const profile = composeReflectProfile(
      answers([
        { proximity: "habitual", base: "principled", dikaiosyne: "habitual" },
        { proximity: "deliberate", base: "deliberate", dikaiosyne: "principled" },
        { proximity: "deliberate", base: "deliberate" },
      ]),
      null,
    );
    expect(profile.katorthoma_proximity_by_domain).toEqual({ phronesis: "deliberate", dikaiosyne: "habitual", andreia: null, sophrosyne: null });
  });

  it("each dimension is the mean rung of the answers that inform it", () => {
    // Q1, Q2 judgement; Q3, Q6 disposition; Q4 passions; Q5 circles; verification none.
    const profile = composeReflectProfile(
      answers([
        { proximity: "principled" },
        { proximity: "sage_like" },
        { proximity: "reflexive" },
        { proximity: "habitual" },
        { proximity: "deliberate" },
        { proximity: "habitual" },
        { proximity: "reflexive" },
      ]),
      null,
    );
    expect(profile.dimension_levels, show(profile)).toEqual({
      judgement_quality: "advanced", // (3 + 4) / 2
      disposition_stability: "emerging", // (0 + 1) / 2
      passion_reduction: "developing", // 1
      oikeiosis_extension: "established", // 2
    });
  });

  it.each([
    [null, "deliberate", null],
    ["habitual", "deliberate", "improving"],
    ["deliberate", "deliberate", "stable"],
    ["principled", "deliberate", "declining"],
  ] as const)("previous %s, now %s: direction %s", (previous, now, direction) => {
    const prior = previous ? composeReflectProfile(seven(previous), null) : null;
    expect(composeReflectProfile(seven(now), prior).direction_of_travel).toBe(direction);
  });
});

describe("profileUpdateConfidence", () => {
  it.each([
    ["substantive, within one rung, agent-stated", seven("deliberate"), [null], "high"],
    [
      "one rung apart still high",
      answers(EXAMINED_STEPS.map((step, i) => ({ step, proximity: i % 2 ? "deliberate" : "principled" }))),
      ["agent_stated"],
      "high",
    ],
    ["harness-inferred context caps it at normal", seven("deliberate"), ["harness_inferred"], "normal"],
    ["one thin answer: normal", answers(EXAMINED_STEPS.map((step, i) => ({ step, proximity: "deliberate", words: i === 0 ? 3 : 20 }))), [null], "normal"],
    ["two rungs apart: normal", answers(EXAMINED_STEPS.map((step, i) => ({ step, proximity: i === 0 ? "reflexive" : "deliberate" }))), [null], "normal"],
    ["most answers thin: low", answers(EXAMINED_STEPS.map((step, i) => ({ step, proximity: "deliberate", words: i < 4 ? 5 : 20 }))), [null], "low"],
    ["three rungs apart: low", answers(EXAMINED_STEPS.map((step, i) => ({ step, proximity: i === 0 ? "reflexive" : "principled" }))), [null], "low"],
  ] as const)("%s", (_label, examined, sources, expected) => {
    expect(profileUpdateConfidence(examined, sources)).toBe(expected);
  });
});

describe("gradeChangeSuggestion", () => {
  const at = (p: Proximity) => composeReflectProfile(seven(p), null);
  it("is absent for a first reflection and when the grade held", () => {
    expect(gradeChangeSuggestion(null, at("deliberate"))).toBeUndefined();
    expect(gradeChangeSuggestion(at("deliberate"), at("deliberate"))).toBeUndefined();
  });

  it("names the change, up or down, in the advisory shape", () => {
    const up = gradeChangeSuggestion(at("habitual"), at("deliberate"))!;
    expect(up).toMatchObject({ schema: "agent-practice-suggestion/v1", gap: "grade:grade_3->grade_2", advisory: true });
    expect(up.question).toMatch(/above your previous one/);
    const down = gradeChangeSuggestion(at("principled"), at("habitual"))!;
    expect(down).toMatchObject({ gap: "grade:grade_1->grade_3" });
    expect(down.question).toMatch(/below your previous one/);
  });
});

describe("reflectTrustEvents", () => {
  it("mints one hold event per domain with a level, named by the session row", () => {
    const profile: ReflectProfile = {
      ...composeReflectProfile(seven("deliberate"), null),
      katorthoma_proximity_by_domain: { phronesis: "deliberate", dikaiosyne: "habitual", andreia: null, sophrosyne: null },
    };
    const events = reflectTrustEvents("row-1", "agent-1", profile, NOW);
    expect(events).toEqual([
      expect.objectContaining({
        agent_id: "agent-1",
        source: "reflect",
        class: "hold",
        domain: "phronesis",
        level: "deliberate",
        source_ref: "row-1",
        occurred_at: NOW.toISOString(),
      }),
      expect.objectContaining({ domain: "dikaiosyne", level: "habitual", class: "hold", source: "reflect" }),
    ]);
  });
});

/* ------------------------------------------------------------------------------------------ */

describe("reflectTurn: the transitions of 3.3", () => {
  let store: MemoryPracticeStore;
  let recordOwner: string | null;
  let charges: number;
  let refunds: number;
  let failExamine: boolean;
  let clock: Date;
  const sealer = createSealer(generateDataKeyRing(NOW));

  const ctx = (): ReflectContext => ({
    store,
    sealer,
    examine: async (text, context) => {
      if (failExamine) throw new Error("the language model failed");
      return examine(offlineExtractor, { text, context, ref: "reflect-test" });
    },
    accreditationOwner: async () => recordOwner,
    charge: async ({ units }) => {
      charges += units;
      return { refund: async () => void (refunds += 1) };
    },
    now: () => clock,
  });
  const turn = (principal: Principal, request: Record<string, unknown>) => reflectTurn({ ctx: { ...ctx(), principal }, input: ReflectRequest.parse(request) });
  const open = (principal: Principal, session_id = "s-1", agent_id = "agent-1", extra: Record<string, unknown> = {}) =>
    turn(principal, { session_id, agent_id, session_summary: SUMMARY, ...extra });
  const answer = (principal: Principal, response: string, session_id = "s-1", agent_id = "agent-1") => turn(principal, { session_id, agent_id, response });

  /** Opens and answers the first `count` steps. */
  async function through(principal: Principal, count: number, session_id = "s-1", agent_id = "agent-1") {
    let last: ReflectResponse = await open(principal, session_id, agent_id);
    for (let i = 0; i < count; i += 1) last = await answer(principal, ANSWERS[i]!, session_id, agent_id);
    return last;
  }

  beforeEach(() => {
    store = memoryPracticeStore();
    recordOwner = "owner-a";
    charges = 0;
    refunds = 0;
    failExamine = false;
    clock = NOW;
  });

  it("none -> in_progress (Q1): the open returns the first question, echoing the ids", async () => {
    const res = await open(key(), "  my session ");
    expect(res, show(res)).toMatchObject({
      status: "in_progress",
      session_id: "  my session ",
      agent_id: "agent-1",
      step: "Q1",
      step_number: 1,
      steps_total: 8,
      context_source: null,
    });
    if (res.status !== "in_progress") throw new Error("unreachable");
    expect(res.mandatory_subquestions).toEqual(res.subquestions.slice(0, 2));
    expect([...store.rows.values()]).toHaveLength(1);
  });

  it("in_progress -> in_progress: each answer moves one step, Q2..Q6, verification, supporting, never skipping", async () => {
    const principal = key();
    await open(principal);
    const steps: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await answer(principal, ANSWERS[i]!);
      expect(res.status, show(res)).toBe("in_progress");
      if (res.status === "in_progress") steps.push(`${res.step_number}:${res.step}`);
    }
    expect(steps).toEqual(["2:Q2", "3:Q3", "4:Q4", "5:Q5", "6:Q6", "7:verification", "8:supporting"]);
    expect(charges).toBe(0);
  });

  it("the answers are sealed at rest while open: no answer text is in the stored row", async () => {
    await through(key(), 3);
    const row = [...store.rows.values()][0]!;
    const stored = JSON.stringify(row);
    for (const text of ANSWERS.slice(0, 3)) expect(stored).not.toContain(text.slice(0, 30));
    expect(row.sealed_answers).toMatch(/^v1\./);
    expect(JSON.parse(await sealer.open(row.sealed_answers!, row.id))).toHaveLength(3);
  });

  it("in_progress -> complete: the closing pass charges one loop, returns the profile and the note, mints hold events and drops the answers", async () => {
    const principal = key();
    const res = await through(principal, 8);
    const parsed = ReflectComplete.strict().safeParse(res);
    expect(parsed.success, `${show(res)}\n${parsed.error?.message}`).toBe(true);
    const done = parsed.data!;
    expect(done).toMatchObject({ status: "complete", exit_path: "full_sequence", session_id: "s-1", agent_id: "agent-1" });
    expect(done.profile_update_framing.mandatory_note).toBe(REFLECT_MANDATORY_NOTE);
    expect(done.profile.direction_of_travel).toBeNull();
    expect(done.suggestion).toBeUndefined();
    expect(charges).toBe(1);
    expect(refunds).toBe(0);
    const row = [...store.rows.values()][0]!;
    expect(row).toMatchObject({ status: "complete", sealed_answers: null, closed_at: NOW.toISOString() });
    expect(store.minted).toHaveLength(1);
    const domains = Object.entries(done.profile.katorthoma_proximity_by_domain).filter(([, level]) => level !== null);
    expect(store.minted[0]!.map((e) => [e.domain, e.level])).toEqual(domains);
    expect(store.minted[0]!.every((e) => e.source === "reflect" && e.class === "hold" && e.source_ref === row.id && e.agent_id === "agent-1")).toBe(true);
  });

  it.each([
    ["another owner holds the agent's accreditation", "owner-b"],
    ["the agent has no accreditation", null],
  ])("a completed reflection mints nothing when %s", async (_name, owner) => {
    recordOwner = owner;
    const res = await through(key(), 8);
    expect(res.status).toBe("complete");
    expect(store.minted).toEqual([]);
  });

  it("a complete session takes no further answer (409 session_closed) and a read returns the same completion without a charge", async () => {
    const principal = key();
    const done = await through(principal, 8);
    await expect(answer(principal, "one more")).rejects.toMatchObject({ kind: "conflict", code: "session_closed" });
    expect(await open(principal)).toEqual(done);
    expect(charges).toBe(1);
  });

  it("in_progress -> redirected: a distress signal ends the flow at no cost, and nothing more is taken", async () => {
    const principal = key();
    await through(principal, 2);
    const res = await answer(principal, "Honestly, I want to die.");
    expect(res).toEqual({
      status: "redirected",
      session_id: "s-1",
      agent_id: "agent-1",
      severity: "acute",
      suggested_user_message: DISTRESS_MESSAGE,
      flow_terminated: true,
    });
    expect(charges).toBe(0);
    expect([...store.rows.values()][0]).toMatchObject({ status: "redirected", sealed_answers: null });
    await expect(answer(principal, "I am fine now, let us go on.")).rejects.toMatchObject({ code: "session_closed" });
    expect(await open(principal)).toEqual(res);
  });

  it("signals spread over several answers add up", async () => {
    const principal = key();
    await open(principal);
    const first = await answer(principal, "My wife died last year and I have no one left, so the session was slow.");
    expect(first.status).toBe("in_progress");
    const res = await answer(principal, "I am worthless.");
    expect(res).toMatchObject({ status: "redirected", severity: "acute" });
  });

  it("an answer to a session never opened is 404; the same id under another owner or agent is another session", async () => {
    await expect(answer(key(), "An answer.")).rejects.toMatchObject({ kind: "not_found", code: "session_not_found" });
    const mine = key("owner-a");
    await through(mine, 2);
    await expect(answer(key("owner-b"), "An answer.")).rejects.toMatchObject({ code: "session_not_found" });
    await expect(answer(mine, "An answer.", "s-1", "agent-2")).rejects.toMatchObject({ code: "session_not_found" });
    const theirs = await open(key("owner-b"));
    expect(theirs).toMatchObject({ status: "in_progress", step: "Q1" });
    expect(await open(mine)).toMatchObject({ step: "Q3" });
  });

  it("opening an open session changes nothing and returns where it stands", async () => {
    const principal = key();
    await through(principal, 2);
    const before = structuredClone([...store.rows.values()][0]!);
    const res = await open(principal, "s-1", "agent-1", { session_summary: { ...SUMMARY, purpose_at_open: "something else entirely" } });
    expect(res).toMatchObject({ step: "Q3" });
    expect([...store.rows.values()][0]).toEqual(before);
  });

  it("a session opened before 2026-09-26 cannot be resumed (409), read or answered", async () => {
    const principal = key();
    clock = new Date(Date.parse(REFLECT_RESUMABLE_FROM) - 1);
    await open(principal);
    clock = NOW;
    await expect(answer(principal, "An answer.")).rejects.toMatchObject({ kind: "conflict", code: "session_not_resumable" });
    await expect(open(principal)).rejects.toMatchObject({ code: "session_not_resumable" });
    clock = new Date(REFLECT_RESUMABLE_FROM);
    await open(principal, "s-2");
    clock = NOW;
    expect(await answer(principal, "An answer.", "s-2")).toMatchObject({ step: "Q2" });
  });

  it("reflect_at_close off opens nothing and charges nothing", async () => {
    const res = await turn(key(), { session_id: "s-1", agent_id: "agent-1", reflect_at_close: "off" });
    expect(res).toMatchObject({ status: "skipped", reflect_at_close: "off", session_id: "s-1" });
    expect(store.rows.size).toBe(0);
    expect(charges).toBe(0);
  });

  it("a key bound to another agent is refused (403) before anything is read", async () => {
    await expect(open(key("owner-a", "agent-9"))).rejects.toMatchObject({ kind: "forbidden", code: "agent_not_bound" });
    expect(store.rows.size).toBe(0);
    expect(await open(key("owner-a", "agent-1"))).toMatchObject({ step: "Q1" });
  });

  it("a closing pass that fails gives its loop back and leaves the session at supporting", async () => {
    const principal = key();
    await through(principal, 7);
    failExamine = true;
    await expect(answer(principal, ANSWERS[7]!)).rejects.toThrow(/language model/);
    expect([charges, refunds]).toEqual([1, 1]);
    expect([...store.rows.values()][0]).toMatchObject({ status: "in_progress", stage: "supporting" });
    expect(store.minted).toHaveLength(0);
    failExamine = false;
    expect(await answer(principal, ANSWERS[7]!)).toMatchObject({ status: "complete" });
  });

  it("an open that loses a race to another open answers as a read of the session the other opened, writing nothing", async () => {
    const principal = key();
    await through(principal, 2);
    const before = structuredClone([...store.rows.values()][0]!);
    let missed = false;
    const racing = {
      ...store,
      find: async (k: Parameters<typeof store.find>[0]) => {
        if (missed) return store.find(k);
        missed = true;
        return null;
      },
    };
    const res = await reflectTurn({
      ctx: { ...ctx(), store: racing, principal },
      input: ReflectRequest.parse({ session_id: "s-1", agent_id: "agent-1", session_summary: SUMMARY }),
    });
    expect(res).toMatchObject({ status: "in_progress", step: "Q3" });
    expect(store.rows.size).toBe(1);
    expect([...store.rows.values()][0]).toEqual(before);
  });

  it("an answer that loses a race to another is 409 session_changed and changes nothing", async () => {
    const principal = key();
    await through(principal, 1);
    store.loseNextUpdate();
    await expect(answer(principal, ANSWERS[1]!)).rejects.toMatchObject({ code: "session_changed" });
    expect(await open(principal)).toMatchObject({ step: "Q2" });
  });

  it("a second completed reflection reads against the first: direction, and a suggestion only when the grade changed", async () => {
    const principal = key();
    const first = (await through(principal, 8, "s-1")) as ReflectComplete;
    clock = new Date(NOW.getTime() + 60_000);
    const same = (await through(principal, 8, "s-2")) as ReflectComplete;
    // The same answers keep the grade: no suggestion. (The direction follows the assessments' rule,
    // the mean rung now against the previous typical reading, so answers whose readings spread over
    // rungs, as these do, need not read "stable"; the table of composeReflectProfile covers it.)
    expect(same.profile.typical_proximity).toBe(first.profile.typical_proximity);
    expect(same.profile.senecan_grade).toBe(first.profile.senecan_grade);
    expect(same.profile.direction_of_travel).not.toBeNull();
    expect(same.suggestion).toBeUndefined();
    clock = new Date(NOW.getTime() + 120_000);
    let last: ReflectResponse = await open(principal, "s-3");
    for (let i = 0; i < 8; i += 1)
      last = await answer(
        principal,
        i === 7 ? ANSWERS[7]! : "I lied to my colleague about the deadline because I was afraid, and I snapped at the team.",
        "s-3",
      );
    const lower = last as ReflectComplete;
    expect(P.indexOf(lower.profile.typical_proximity), show(lower)).toBeLessThan(P.indexOf(first.profile.typical_proximity));
    expect(lower.profile.direction_of_travel).toBe("declining");
    expect(lower.suggestion, show(lower)).toMatchObject({
      schema: "agent-practice-suggestion/v1",
      gap: `grade:${same.profile.senecan_grade}->${lower.profile.senecan_grade}`,
      advisory: true,
    });
    expect(charges).toBe(3);
  });
});
