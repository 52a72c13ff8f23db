import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { KatorthomaProximity, ProvenanceGapReason, VirtueDomain } from "../enums";
import { assess, AssessmentSchema, ENGINE_VERSION, orientationOf, type Assessment } from "../reason/engine";
import type { DeliberationLevel, Layer1Extraction } from "../reason/extraction";
import type { ConsultRecord } from "../reason/records";
import { engaged, extraction, notEngaged } from "../../../../tests/support/extraction";
import {
  ATTESTATION_WINDOW_DAYS,
  examineProvenance,
  HARNESS_TIMEOUT_MS,
  LOOP_FOLD_SCHEMA,
  loopFoldClass,
  type ExaminationOutcome,
  type LoopFoldClass,
  type VerifiedElement,
} from "./examinations";

// examineProvenance over real Layer 2 assessments (engine `assess`, round-tripped through
// JSON as they arrive in a write) and consult-ledger records from a local factory.

const NOW = new Date("2026-11-21T12:00:00.000Z");
const DAY_MS = 86_400_000;
const OWNER = "owner_1";
const AGENT = "agent_1";
const IDENTITY = { owner_id: OWNER, agent_id: AGENT };
const FOREIGN_REGIME = "l2-rules/2026.05.1";

const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

interface Scenario {
  readonly text: string;
  readonly extraction: Layer1Extraction;
}
interface Loop {
  readonly ref: string;
  readonly assessment: Assessment;
  /** The signed object as it arrives in provenance.signed_assessments[].assessment. */
  readonly wire: Record<string, unknown>;
}

function loop(ref: string, scenario: Scenario): Loop {
  const assessment = assess({
    extraction: scenario.extraction,
    text: scenario.text,
    examination: { ref, depth_tier: "standard", prior_feedback_ref: null, input_sha256: sha(scenario.text) },
  });
  const wire = JSON.parse(JSON.stringify(assessment)) as Record<string, unknown>;
  // The parse examineProvenance relies on is the real one.
  expect(AssessmentSchema.safeParse(wire).success, JSON.stringify(wire)).toBe(true);
  return { ref, assessment, wire };
}

/** The consult-ledger entry of a loop: by default the caller's own, server-extracted, a day old, answered in 4 s. */
function ledger(l: Loop, overrides: Partial<ConsultRecord> = {}): ConsultRecord {
  return {
    loop_id: l.ref,
    owner_id: OWNER,
    subject: "key:cred_1",
    credential_id: "cred_1",
    agent_id: AGENT,
    depth_tier: "standard",
    katorthoma_proximity: l.assessment.katorthoma_proximity,
    layer1_source: "server",
    input_sha256: l.assessment.input_sha256,
    prior_loop_id: null,
    elapsed_ms: 4_000,
    created_at: daysAgo(1),
    ...overrides,
  };
}

function el(index: number, l: Loop, consult: ConsultRecord | null | Partial<ConsultRecord> = {}): VerifiedElement {
  const record = consult === null ? null : "loop_id" in consult ? (consult as ConsultRecord) : ledger(l, consult);
  return { index, assessment: l.wire, consult: record };
}

const examine = (elements: readonly VerifiedElement[]) => examineProvenance(elements, IDENTITY, NOW);
const show = (o: unknown) => JSON.stringify(o, null, 1);

// --- Scenarios -------------------------------------------------------------------------

const BASE_OF: Record<KatorthomaProximity, DeliberationLevel> = {
  reflexive: "none",
  habitual: "habitual",
  deliberate: "considered",
  principled: "principled",
  sage_like: "exemplary",
};

interface Readings {
  readonly base: KatorthomaProximity;
  readonly dikaiosyne?: KatorthomaProximity;
  readonly andreia?: KatorthomaProximity;
  readonly sophrosyne?: KatorthomaProximity;
}
const domainsOf = (r: Readings) => ({
  dikaiosyne: r.dikaiosyne ? engaged(r.dikaiosyne) : notEngaged(),
  andreia: r.andreia ? engaged(r.andreia) : notEngaged(),
  sophrosyne: r.sophrosyne ? engaged(r.sophrosyne) : notEngaged(),
});

const KEPT_TEXT = "I kept my promise to my colleague and finished the report on time.";
/** A duty to the community claimed met and corroborated: kathekon engaged, a closure. */
const engagedScenario = (r: Readings): Scenario => ({
  text: KEPT_TEXT,
  extraction: extraction({
    deliberation: { level: BASE_OF[r.base] },
    circles: [{ circle: "community", obligation_claim: "met", quote: "I kept my promise to my colleague" }],
    domains: domainsOf(r),
  }),
});

const PRUDENT_TEXT = "I went to bed early to protect my health before the exam.";
/** Only self-preservation at stake, claimed met: self-regarding prudential, a closure. */
const prudentialScenario = (r: Readings): Scenario => ({
  text: PRUDENT_TEXT,
  extraction: extraction({
    deliberation: { level: BASE_OF[r.base] },
    circles: [{ circle: "self_preservation", obligation_claim: "met", quote: "to protect my health" }],
    domains: domainsOf(r),
  }),
});

/** No duty the account speaks to: is_kathekon null, a false-positive hold. */
const holdScenario = (r: Readings): Scenario => ({
  text: "Something happened at work and I reacted.",
  extraction: extraction({ deliberation: { level: BASE_OF[r.base] }, circles: [], domains: domainsOf(r) }),
});

const S = {
  kept: engagedScenario({ base: "deliberate", dikaiosyne: "principled", andreia: "deliberate" }),
  violated: {
    text: "I skipped the handover and left the team to cover for me.",
    extraction: extraction({ circles: [{ circle: "community", obligation_claim: "violated", quote: null }], domains: { dikaiosyne: engaged("deliberate") } }),
  },
  contradicted: {
    text: "I said I had helped my colleague. Later I lied to my colleague about the figures.",
    extraction: extraction({
      circles: [{ circle: "community", obligation_claim: "met", quote: "I said I had helped my colleague" }],
      domains: { dikaiosyne: engaged("principled") },
    }),
  },
  selfLapseWithDutyMet: {
    text: "I skipped lunch to finish the report for my colleague.",
    extraction: extraction({
      circles: [
        { circle: "self_preservation", obligation_claim: "violated", quote: null },
        { circle: "community", obligation_claim: "met", quote: "finish the report for my colleague" },
      ],
      domains: { dikaiosyne: engaged("deliberate") },
    }),
  },
  uncorroborated: {
    text: "I handled the matter with my neighbour as best I could.",
    extraction: extraction({
      circles: [{ circle: "community", obligation_claim: "met", quote: "a quote that is not in the text" }],
      domains: { dikaiosyne: engaged("deliberate") },
    }),
  },
  prudent: prudentialScenario({ base: "deliberate", dikaiosyne: "reflexive", sophrosyne: "principled" }),
  prudentLapse: {
    text: "I skipped sleep for a week to finish the slides.",
    extraction: extraction({
      circles: [{ circle: "self_preservation", obligation_claim: "violated", quote: null }],
      domains: { sophrosyne: engaged("habitual") },
    }),
  },
  hold: holdScenario({ base: "deliberate", andreia: "sage_like", dikaiosyne: "principled" }),
  holdIndeterminate: {
    text: "I am not sure what I owed my colleague here.",
    extraction: extraction({
      circles: [{ circle: "community", obligation_claim: "indeterminate", quote: null }],
      domains: { dikaiosyne: engaged("deliberate") },
    }),
  },
} satisfies Record<string, Scenario>;

// --- Provenance against the ledger ------------------------------------------------------

describe("provenance: each verified element against its consult-ledger entry", () => {
  const kept = loop("loop_kept", S.kept);
  const cases: Array<[string, VerifiedElement, ProvenanceGapReason | null]> = [
    ["the caller's own consult, in window, server-extracted", el(0, kept), null],
    ["no ledger entry for the loop", el(0, kept, null), "no_ledger_entry"],
    ["the ledger entry belongs to another owner", el(0, kept, { owner_id: "owner_2" }), "identity_mismatch"],
    ["the ledger entry belongs to another agent of the owner", el(0, kept, { agent_id: "agent_2" }), "identity_mismatch"],
    ["the ledger entry examined other input", el(0, kept, { input_sha256: sha("another input") }), "identity_mismatch"],
    ["a consult made without an agent binding is the owner's own", el(0, kept, { agent_id: null }), null],
    ["exactly at the edge of the 90-day window", el(0, kept, { created_at: daysAgo(ATTESTATION_WINDOW_DAYS) }), null],
    [
      "one millisecond past the 90-day window",
      el(0, kept, { created_at: new Date(NOW.getTime() - ATTESTATION_WINDOW_DAYS * DAY_MS - 1).toISOString() }),
      "out_of_window",
    ],
    ["older than the window by a month", el(0, kept, { created_at: daysAgo(120) }), "out_of_window"],
    ["the caller supplied the Layer 1 extraction", el(0, kept, { layer1_source: "supplied" }), "caller_supplied_extraction"],
    ["another owner and out of window: identity is read first", el(0, kept, { owner_id: "owner_2", created_at: daysAgo(200) }), "identity_mismatch"],
    ["out of window and supplied: the window is read first", el(0, kept, { created_at: daysAgo(200), layer1_source: "supplied" }), "out_of_window"],
  ];

  it.each(cases)("%s", (_name, element, reason) => {
    const out = examine([element]);
    if (reason === null) {
      expect(out.gaps, show(out)).toEqual([]);
      expect(out.attested, show(out)).toBe(1);
      expect(out.loop_fold.entries, show(out)).toEqual([
        { position: 0, loop_id: "loop_kept", class: "kathekon_engaged", examined_at: element.consult!.created_at, attested: true },
      ]);
      expect(
        out.readings.map((r) => r.loop_id),
        show(out),
      ).toEqual(["loop_kept"]);
      expect(out.events.length, show(out)).toBe(3);
    } else {
      expect(out.gaps, show(out)).toEqual([{ agent_id: AGENT, element_index: 0, loop_id: "loop_kept", reason }]);
      expect(out.attested, show(out)).toBe(0);
      // Still classed in the fold (the submitted chain), but not attested and no time from the ledger.
      expect(out.loop_fold.entries, show(out)).toEqual([{ position: 0, loop_id: "loop_kept", class: "kathekon_engaged", examined_at: null, attested: false }]);
      expect(out.readings, show(out)).toEqual([]);
      expect(out.events, show(out)).toEqual([]);
      expect(out.loop_fold.domain_floors, show(out)).toEqual({ phronesis: null, dikaiosyne: null, andreia: null, sophrosyne: null });
    }
  });

  it("records one gap per unattested element, with its own index, and attests the rest", () => {
    const a = loop("loop_a", S.kept);
    const b = loop("loop_b", S.prudent);
    const c = loop("loop_c", S.violated);
    const out = examine([el(0, a, { layer1_source: "supplied" }), el(3, b), el(4, c, null)]);
    expect(out.gaps, show(out)).toEqual([
      { agent_id: AGENT, element_index: 0, loop_id: "loop_a", reason: "caller_supplied_extraction" },
      { agent_id: AGENT, element_index: 4, loop_id: "loop_c", reason: "no_ledger_entry" },
    ]);
    expect(out.attested, show(out)).toBe(1);
    expect(
      out.loop_fold.entries.map((e) => [e.position, e.attested]),
      show(out),
    ).toEqual([
      [0, false],
      [3, true],
      [4, false],
    ]);
  });
});

// --- Orientation readings -----------------------------------------------------------------

describe("orientation readings: classed by server-side elapsed time against the 28,000 ms harness time-out", () => {
  it.each([
    [0, "examined", 3],
    [HARNESS_TIMEOUT_MS - 1, "examined", 3],
    [HARNESS_TIMEOUT_MS, "examined", 3],
    [HARNESS_TIMEOUT_MS + 1, "observed", 0],
    [90_000, "observed", 0],
  ] as const)("elapsed %i ms reads %s and mints %i events", (elapsed, cls, eventCount) => {
    const l = loop("loop_t", S.kept);
    const out = examine([el(0, l, { elapsed_ms: elapsed, created_at: daysAgo(2) })]);
    expect(out.readings, show(out)).toEqual([
      {
        agent_id: AGENT,
        loop_id: "loop_t",
        class: cls,
        direction: "toward",
        proximity: "deliberate",
        elapsed_ms: elapsed,
        examined_at: daysAgo(2),
      },
    ]);
    expect(out.events.length, show(out)).toBe(eventCount);
    // Observed readings are attested all the same: they simply are not evidence.
    expect(out.attested, show(out)).toBe(1);
  });

  it.each([
    ["reflexive", "away"],
    ["habitual", "indeterminate"],
    ["deliberate", "toward"],
    ["principled", "toward"],
    ["sage_like", "toward"],
  ] as const)("an examination at %s reads %s (the engine's orientation of the aggregate)", (base, direction) => {
    const l = loop(`loop_${base}`, engagedScenario({ base }));
    const out = examine([el(0, l)]);
    expect(l.assessment.katorthoma_proximity).toBe(base);
    expect(
      out.readings.map((r) => [r.direction, r.proximity]),
      show(out),
    ).toEqual([[direction, base]]);
    expect(orientationOf(l.assessment).direction).toBe(direction);
  });

  it("reads holds and prudential loops too: a reading is an observation, not evidence", () => {
    const out = examine([el(0, loop("loop_hold", S.hold)), el(1, loop("loop_prudent", S.prudent))]);
    expect(
      out.readings.map((r) => [r.loop_id, r.class]),
      show(out),
    ).toEqual([
      ["loop_hold", "examined"],
      ["loop_prudent", "examined"],
    ]);
  });
});

// --- The loop fold ------------------------------------------------------------------------

describe("loop fold class", () => {
  const cases: Array<[string, Scenario, LoopFoldClass, boolean | null]> = [
    ["a duty to the community met", S.kept, "kathekon_engaged", true],
    ["a duty to the community reported violated", S.violated, "kathekon_engaged", false],
    ["a duty to the community claimed met but contradicted", S.contradicted, "kathekon_engaged", false],
    ["self-preservation violated next to a duty to others met", S.selfLapseWithDutyMet, "kathekon_engaged", false],
    ["only self-preservation, met", S.prudent, "self_regarding_prudential", true],
    ["only self-preservation, violated", S.prudentLapse, "self_regarding_prudential", false],
    ["no circle at all", S.hold, "false_positive_hold", null],
    ["a circle whose duty is indeterminate", S.holdIndeterminate, "false_positive_hold", null],
  ];
  it.each(cases)("%s: %s (is_kathekon %s)", (_name, scenario, cls, isKathekon) => {
    const l = loop("loop_c", scenario);
    expect(l.assessment.is_kathekon, show(l.assessment)).toBe(isKathekon);
    expect(loopFoldClass(l.assessment)).toBe(cls);
    expect(examine([el(0, l)]).loop_fold.entries[0]?.class).toBe(cls);
  });
});

describe("loop fold: classes, closures, schema", () => {
  it("counts loops per class and closures (is_kathekon true) for the two closing classes", () => {
    const chain = [
      loop("l0", S.kept),
      loop("l1", S.violated),
      loop("l2", S.prudent),
      loop("l3", S.prudentLapse),
      loop("l4", S.hold),
      loop("l5", S.contradicted),
      loop("l6", S.holdIndeterminate),
    ];
    const out = examine(chain.map((l, i) => el(i, l)));
    expect(out.loop_fold, show(out)).toMatchObject({
      schema: LOOP_FOLD_SCHEMA,
      measure_only: true,
      regime: ENGINE_VERSION,
      classes: {
        kathekon_engaged: { loops: 3, closures: 1, feeds: "character" },
        self_regarding_prudential: { loops: 2, closures: 1, feeds: "non_dikaiosyne_domain_levels" },
        false_positive_hold: { loops: 2, feeds: "instrument_calibration" },
      },
      refused: [],
    });
    expect(LOOP_FOLD_SCHEMA).toBe("agent-loop-fold-v2");
    expect(out.attested, show(out)).toBe(7);
  });

  it("keeps submission order and the submitted positions: entries are never re-sorted by time", () => {
    const a = loop("loop_new", S.kept);
    const b = loop("loop_old", S.prudent);
    const c = loop("loop_mid", S.hold);
    // Index 1 was an element that did not verify and so never reached the examination.
    const out = examine([el(0, a, { created_at: daysAgo(1) }), el(2, b, { created_at: daysAgo(60) }), el(5, c, { created_at: daysAgo(20) })]);
    expect(out.loop_fold.entries, show(out)).toEqual([
      { position: 0, loop_id: "loop_new", class: "kathekon_engaged", examined_at: daysAgo(1), attested: true },
      { position: 2, loop_id: "loop_old", class: "self_regarding_prudential", examined_at: daysAgo(60), attested: true },
      { position: 5, loop_id: "loop_mid", class: "false_positive_hold", examined_at: daysAgo(20), attested: true },
    ]);
    expect(
      out.readings.map((r) => r.loop_id),
      show(out),
    ).toEqual(["loop_new", "loop_old", "loop_mid"]);
  });

  it("an empty provenance folds to nothing", () => {
    const out = examine([]);
    expect(out, show(out)).toEqual({
      loop_fold: {
        schema: LOOP_FOLD_SCHEMA,
        measure_only: true,
        regime: ENGINE_VERSION,
        entries: [],
        classes: {
          kathekon_engaged: { loops: 0, closures: 0, feeds: "character" },
          self_regarding_prudential: { loops: 0, closures: 0, feeds: "non_dikaiosyne_domain_levels" },
          false_positive_hold: { loops: 0, feeds: "instrument_calibration" },
        },
        domain_floors: { phronesis: null, dikaiosyne: null, andreia: null, sophrosyne: null },
        refused: [],
      },
      readings: [],
      events: [],
      gaps: [],
      attested: 0,
    });
  });
});

describe("loop fold: refusals", () => {
  const foreign = (l: Loop): Loop => ({ ...l, wire: { ...l.wire, engine_version: FOREIGN_REGIME } });

  it("refuses an element of another engine regime than the first, and attributes nothing from it", () => {
    const a = loop("loop_a", S.kept);
    const b = foreign(loop("loop_b", S.prudent));
    const c = loop("loop_c", S.hold);
    const out = examine([el(0, a), el(1, b), el(2, c)]);
    expect(out.loop_fold.regime, show(out)).toBe(ENGINE_VERSION);
    expect(out.loop_fold.refused, show(out)).toEqual([{ position: 1, loop_id: "loop_b", reason: "cross_regime" }]);
    expect(
      out.loop_fold.entries.map((e) => e.loop_id),
      show(out),
    ).toEqual(["loop_a", "loop_c"]);
    expect(
      out.readings.map((r) => r.loop_id),
      show(out),
    ).toEqual(["loop_a", "loop_c"]);
    expect(new Set(out.events.map((e) => e.source_ref)), show(out)).toEqual(new Set(["loop_a"]));
    expect(out.gaps, show(out)).toEqual([]);
    expect(out.loop_fold.classes.self_regarding_prudential.loops, show(out)).toBe(0);
    expect(out.attested).toBe(2);
  });

  it("the regime is the running engine's: a foreign first element cannot refuse the rest", () => {
    const a = foreign(loop("loop_a", S.kept));
    const b = loop("loop_b", S.kept);
    const junk: VerifiedElement = { index: 0, assessment: { schema: "something-else", examination: { ref: "loop_junk" } }, consult: null };
    const out = examine([junk, el(1, a, null), el(2, b)]);
    expect(out.loop_fold.regime, show(out)).toBe(ENGINE_VERSION);
    expect(out.loop_fold.refused, show(out)).toEqual([
      { position: 0, loop_id: "loop_junk", reason: "not_an_assessment" },
      { position: 1, loop_id: "loop_a", reason: "cross_regime" },
    ]);
    expect(out.gaps, show(out)).toEqual([]);
    expect(out.attested, show(out)).toBe(1);
    expect(new Set(out.events.map((e) => e.source_ref)), show(out)).toEqual(new Set(["loop_b"]));
  });

  it.each([
    ["no examination at all", { schema: "l2-assessment/v1" }, null],
    ["a non-string ref", { examination: { ref: 42 } }, null],
    [
      "a valid ref but a missing field",
      (() => {
        const { proximity_floors: _dropped, ...rest } = loop("loop_cut", S.kept).wire;
        return rest;
      })(),
      "loop_cut",
    ],
  ] as const)("refuses a verified element that is not an assessment (%s)", (_name, assessment, loopId) => {
    const out = examine([{ index: 7, assessment: assessment as Record<string, unknown>, consult: null }]);
    expect(out.loop_fold.refused, show(out)).toEqual([{ position: 7, loop_id: loopId, reason: "not_an_assessment" }]);
    expect([out.loop_fold.entries, out.gaps, out.readings, out.events], show(out)).toEqual([[], [], [], []]);
    expect(out.loop_fold.regime).toBe(ENGINE_VERSION);
  });
});

// --- Trust events and domain floors -----------------------------------------------------------

type EventRow = [string, VirtueDomain, KatorthomaProximity, boolean];
const rows = (out: ExaminationOutcome): EventRow[] => out.events.map((e) => [e.source_ref, e.domain, e.level, e.latch ?? false]);

describe("trust events: only from attested, examined readings", () => {
  it("mints one evidence event per domain with a reading, stamped with the ledger's time", () => {
    const l = loop("loop_kept", S.kept);
    const out = examine([el(0, l, { created_at: daysAgo(3) })]);
    const common = { agent_id: AGENT, source: "examination", class: "evidence", source_ref: "loop_kept", occurred_at: daysAgo(3), latch: false, note: null };
    expect(out.events, show(out)).toEqual([
      { ...common, domain: "phronesis", level: "deliberate" },
      { ...common, domain: "dikaiosyne", level: "principled" },
      { ...common, domain: "andreia", level: "deliberate" },
    ]);
  });

  it.each([
    ["a false-positive hold feeds calibration only", S.hold, []],
    ["a hold with an indeterminate duty", S.holdIndeterminate, []],
    [
      "a self-regarding prudential loop never feeds dikaiosyne, even when engaged",
      S.prudent,
      [
        ["loop_x", "phronesis", "deliberate", false],
        ["loop_x", "sophrosyne", "principled", false],
      ],
    ],
  ] as Array<[string, Scenario, EventRow[]]>)("%s", (_name, scenario, expected) => {
    const l = loop("loop_x", scenario);
    const out = examine([el(0, l)]);
    expect(rows(out), show(out)).toEqual(expected);
    expect(out.readings.length, show(out)).toBe(1);
  });

  it("floors each domain at the lowest reading of the attested, examined loops that feed it", () => {
    const chain: VerifiedElement[] = [
      // Prudential: lowers andreia and phronesis if lower, never dikaiosyne.
      el(0, loop("l3", prudentialScenario({ base: "principled", dikaiosyne: "reflexive", andreia: "habitual" }))),
      el(1, loop("l2", engagedScenario({ base: "sage_like", dikaiosyne: "deliberate", sophrosyne: "principled" }))),
      // Last, and higher than the floors in dikaiosyne and andreia: the floor is the lowest, not the latest.
      el(2, loop("l1", engagedScenario({ base: "principled", dikaiosyne: "sage_like", andreia: "principled" }))),
      // Observed (over the time-out), a gap, and a hold: none of them is evidence.
      el(3, loop("l4", engagedScenario({ base: "reflexive", dikaiosyne: "reflexive", andreia: "reflexive", sophrosyne: "reflexive" })), {
        elapsed_ms: HARNESS_TIMEOUT_MS + 1,
      }),
      el(4, loop("l5", engagedScenario({ base: "reflexive", dikaiosyne: "reflexive", andreia: "reflexive", sophrosyne: "reflexive" })), null),
      el(5, loop("l6", holdScenario({ base: "reflexive", dikaiosyne: "reflexive", andreia: "reflexive", sophrosyne: "reflexive" }))),
    ];
    const out = examine(chain);
    expect(out.loop_fold.domain_floors, show(out)).toEqual({
      phronesis: "principled",
      dikaiosyne: "deliberate",
      andreia: "habitual",
      sophrosyne: "principled",
    });
    expect(rows(out), show(out)).toEqual([
      ["l3", "phronesis", "principled", false],
      ["l3", "andreia", "habitual", false],
      ["l2", "phronesis", "sage_like", false],
      ["l2", "dikaiosyne", "deliberate", false],
      ["l2", "sophrosyne", "principled", false],
      ["l1", "phronesis", "principled", false],
      ["l1", "dikaiosyne", "sage_like", false],
      ["l1", "andreia", "principled", false],
    ]);
    expect(out.attested, show(out)).toBe(5);
    expect(
      out.readings.map((r) => [r.loop_id, r.class]),
      show(out),
    ).toEqual([
      ["l3", "examined"],
      ["l2", "examined"],
      ["l1", "examined"],
      ["l4", "observed"],
      ["l6", "examined"],
    ]);
  });
});

describe("the justice latch on dikaiosyne events", () => {
  const cases: Array<[string, Scenario, KatorthomaProximity, boolean]> = [
    ["a duty to the community reported violated", S.violated, "deliberate", true],
    ["a duty claim contradicted by the account's own words (justice lowered to habitual)", S.contradicted, "habitual", true],
    ["a duty claim met and corroborated", S.kept, "principled", false],
    ["a duty claim met but uncorroborated", S.uncorroborated, "deliberate", false],
    ["a self-preservation lapse is no duty to others", S.selfLapseWithDutyMet, "deliberate", false],
  ];
  it.each(cases)("%s: dikaiosyne %s, latch %s", (_name, scenario, level, latch) => {
    const out = examine([el(0, loop("loop_j", scenario))]);
    const dik = out.events.filter((e) => e.domain === "dikaiosyne");
    expect(
      dik.map((e) => [e.level, e.latch]),
      show(out),
    ).toEqual([[level, latch]]);
    // The latch is a dikaiosyne flag only.
    expect(
      out.events.filter((e) => e.domain !== "dikaiosyne" && e.latch),
      show(out),
    ).toEqual([]);
  });

  it("the corroboration finding behind the contradicted case is real", () => {
    const l = loop("loop_j", S.contradicted);
    expect(
      l.assessment.corroboration.claims.map((c) => [c.kind, c.circle, c.finding]),
      show(l.assessment),
    ).toEqual([["obligation", "community", "contradicted"]]);
  });
});

describe("the same loop presented twice counts once", () => {
  it("attests, reads, mints and folds it once, while the entries keep both positions", () => {
    const a = loop("loop_a", S.kept);
    const b = loop("loop_b", S.prudent);
    const out = examine([el(0, a), el(1, b), el(2, a)]);
    expect(out.attested, show(out)).toBe(2);
    expect(
      out.readings.map((r) => r.loop_id),
      show(out),
    ).toEqual(["loop_a", "loop_b"]);
    expect(
      out.events.filter((e) => e.source_ref === "loop_a").map((e) => e.domain),
      show(out),
    ).toEqual(["phronesis", "dikaiosyne", "andreia"]);
    expect(
      out.loop_fold.entries.map((e) => [e.position, e.loop_id]),
      show(out),
    ).toEqual([
      [0, "loop_a"],
      [1, "loop_b"],
      [2, "loop_a"],
    ]);
    expect(out.loop_fold.classes.kathekon_engaged, show(out)).toEqual({ loops: 1, closures: 1, feeds: "character" });
    expect(out.loop_fold.classes.self_regarding_prudential, show(out)).toEqual({ loops: 1, closures: 1, feeds: "non_dikaiosyne_domain_levels" });
  });

  it("an unattested loop is listed but not counted (anyone can present another's signed assessment), with a gap per element", () => {
    const a = loop("loop_a", S.hold);
    const out = examine([el(0, a, null), el(1, a, null)]);
    expect(
      out.loop_fold.entries.map((e) => [e.position, e.attested]),
      show(out),
    ).toEqual([
      [0, false],
      [1, false],
    ]);
    expect(out.loop_fold.classes.false_positive_hold.loops, show(out)).toBe(0);
    expect(
      out.gaps.map((g) => [g.element_index, g.reason]),
      show(out),
    ).toEqual([
      [0, "no_ledger_entry"],
      [1, "no_ledger_entry"],
    ]);
  });
});
