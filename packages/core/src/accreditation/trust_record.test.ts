import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { KatorthomaProximity, ProvenanceGapReason, VirtueDomain } from "../enums";
import { assess } from "../reason/engine";
import type { ConsultRecord } from "../reason/records";
import { engaged, extraction, type ExtractionOverrides } from "../../../../tests/support/extraction";
import { examineProvenance, HARNESS_TIMEOUT_MS } from "./examinations";
import type { OrientationReading, ProvenanceGap, TrustEvent, TrustEventClass, TrustEventSource } from "./trust_events";
import {
  composeTrustRecord,
  decayWeight,
  digestOf,
  hasTrustSurface,
  JUSTICE_LATCH_DAYS,
  READING_CLAUSE,
  TRUST_HALF_LIFE_DAYS,
  TRUST_HORIZON_DAYS,
  TRUST_LIST_CAP,
  TrustRecord,
  type TrustRecordInput,
} from "./trust_record";

// composeTrustRecord over hand-built trust events (the store's rows: oldest first), and once
// over the events examineProvenance mints from real engine assessments.

const NOW = new Date("2026-11-21T12:00:00.000Z");
const DAY_MS = 86_400_000;
const AGENT = "agent_1";
const DOMAINS: readonly VirtueDomain[] = ["phronesis", "dikaiosyne", "andreia", "sophrosyne"];

const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();
const show = (o: unknown) => JSON.stringify(o, null, 1);

let serial = 0;
interface EventSpec {
  readonly domain?: VirtueDomain;
  readonly level: KatorthomaProximity;
  readonly days?: number;
  readonly source?: TrustEventSource;
  readonly cls?: TrustEventClass;
  readonly ref?: string;
  readonly latch?: boolean;
}
const CLASS_OF: Record<TrustEventSource, TrustEventClass> = {
  examination: "evidence",
  curator_flag: "decrease",
  stoa_contradiction: "decrease",
  reflect: "hold",
};

function ev(spec: EventSpec): TrustEvent {
  serial++;
  const source = spec.source ?? "examination";
  const at = daysAgo(spec.days ?? 1);
  return {
    id: `ev_${serial}`,
    agent_id: AGENT,
    source,
    class: spec.cls ?? CLASS_OF[source],
    domain: spec.domain ?? "phronesis",
    level: spec.level,
    source_ref: spec.ref ?? `ref_${serial}`,
    occurred_at: at,
    latch: spec.latch ?? false,
    note: null,
    minted_at: at,
  };
}
/** One examination's evidence events (one source_ref) in several domains. */
function exam(ref: string, days: number, levels: Partial<Record<VirtueDomain, KatorthomaProximity>>, latch = false): TrustEvent[] {
  return (Object.entries(levels) as Array<[VirtueDomain, KatorthomaProximity]>).map(([domain, level]) =>
    ev({ domain, level, days, ref, latch: latch && domain === "dikaiosyne" }),
  );
}
/** As the store returns them: oldest first. */
const byTime = (events: readonly TrustEvent[]) => [...events].sort((a, b) => a.occurred_at.localeCompare(b.occurred_at));

function gap(i: number, reason: ProvenanceGapReason = "no_ledger_entry"): ProvenanceGap {
  return { id: `gap_${i}`, agent_id: AGENT, write_id: `write_${i}`, element_index: i % 3, loop_id: `loop_g${i}`, reason, recorded_at: daysAgo(i) };
}
function reading(i: number, cls: "examined" | "observed" = "examined"): OrientationReading {
  return {
    agent_id: AGENT,
    loop_id: `loop_r${i}`,
    class: cls,
    direction: "toward",
    proximity: "deliberate",
    elapsed_ms: cls === "examined" ? 4_000 : 40_000,
    examined_at: daysAgo(i),
    minted_at: daysAgo(i),
  };
}

function compose(events: readonly TrustEvent[], overrides: Partial<TrustRecordInput> = {}): TrustRecord {
  const record = composeTrustRecord({
    agent_id: AGENT,
    digest: digestOf(byTime(events), NOW),
    readings: { readings: [], total: 0, examined: 0 },
    gaps: [],
    gap_count: 0,
    has_accreditation: true,
    now: NOW,
    ...overrides,
  });
  // Every composed record satisfies its published schema.
  const parsed = TrustRecord.safeParse(record);
  expect(parsed.success, parsed.success ? "" : show(parsed.error.issues)).toBe(true);
  return record;
}

// --- Decay -------------------------------------------------------------------------------------

describe("decayWeight: half-life 90 days, nothing beyond 270", () => {
  it.each([
    [0, 1],
    [45, Math.SQRT1_2],
    [TRUST_HALF_LIFE_DAYS, 0.5],
    [180, 0.25],
    [TRUST_HORIZON_DAYS, 0.125],
    [TRUST_HORIZON_DAYS + 0.001, 0],
    [400, 0],
    [-10, 1],
  ])("an event %s days old weighs %s", (days, weight) => {
    expect(decayWeight(daysAgo(days), NOW)).toBeCloseTo(weight, 9);
  });
  it("the constants are the documented ones", () => {
    expect([TRUST_HALF_LIFE_DAYS, TRUST_HORIZON_DAYS, JUSTICE_LATCH_DAYS, TRUST_LIST_CAP]).toEqual([90, 270, 180, 50]);
  });
});

// --- Surface (404 or not) ------------------------------------------------------------------------

describe("hasTrustSurface: examined evidence or a gap entry (else 404)", () => {
  const cases: Array<[string, { events: TrustEvent[] } & Pick<TrustRecordInput, "gaps" | "gap_count">, boolean]> = [
    ["nothing at all", { events: [], gaps: [], gap_count: 0 }, false],
    ["only a curator flag (a 404 stays 404)", { events: [ev({ level: "habitual", source: "curator_flag" })], gaps: [], gap_count: 0 }, false],
    ["only a Stoa contradiction", { events: [ev({ level: "habitual", source: "stoa_contradiction" })], gaps: [], gap_count: 0 }, false],
    ["only reflect history", { events: [ev({ level: "habitual", source: "reflect" })], gaps: [], gap_count: 0 }, false],
    ["one examined evidence event", { events: [ev({ level: "habitual" })], gaps: [], gap_count: 0 }, true],
    ["one gap entry", { events: [], gaps: [gap(1)], gap_count: 1 }, true],
    ["a gap count whose list read failed", { events: [], gaps: null, gap_count: 2 }, true],
    ["a gap list whose count read failed", { events: [], gaps: [gap(1)], gap_count: null }, true],
    ["both gap reads failed and no evidence", { events: [], gaps: null, gap_count: null }, false],
    ["evidence with both gap reads failed", { events: [ev({ level: "principled" })], gaps: null, gap_count: null }, true],
  ];
  it.each(cases)("%s: %s", (_name, input, expected) => {
    expect(hasTrustSurface({ ...input, digest: digestOf(input.events, NOW) }), show(input)).toBe(expected);
  });
});

// --- Per-domain level: the weighted lower median --------------------------------------------------

describe("domain level: the weighted lower median of the examined evidence", () => {
  const cases: Array<[string, Array<[KatorthomaProximity, number]>, KatorthomaProximity | null, number]> = [
    ["a single event", [["principled", 1]], "principled", 1],
    [
      "two equal weights: the lower of the two",
      [
        ["habitual", 1],
        ["principled", 1],
      ],
      "habitual",
      2,
    ],
    [
      "two of three above",
      [
        ["habitual", 1],
        ["principled", 1],
        ["principled", 1],
      ],
      "principled",
      3,
    ],
    [
      "a new low outweighs two 180-day-old highs",
      [
        ["habitual", 0],
        ["principled", 180],
        ["principled", 180],
      ],
      "habitual",
      3,
    ],
    [
      "an old low is outweighed by one new high",
      [
        ["habitual", 180],
        ["principled", 0],
      ],
      "principled",
      2,
    ],
    [
      "evidence beyond the horizon does not count",
      [
        ["reflexive", 300],
        ["deliberate", 10],
      ],
      "deliberate",
      1,
    ],
    [
      "evidence all beyond the horizon gives no level",
      [
        ["reflexive", 271],
        ["sage_like", 300],
      ],
      null,
      0,
    ],
  ];
  it.each(cases)("%s", (_name, items, expected, counted) => {
    const events = items.map(([level, days]) => ev({ domain: "andreia", level, days }));
    const record = compose(events);
    const d = record.domains.andreia;
    expect([d.level, d.evidence_level, d.examined_events], show(record.domains)).toEqual([expected, expected, counted]);
  });

  it("reports the evidence's decayed weight (rounded) and its latest time", () => {
    const record = compose([
      ev({ domain: "sophrosyne", level: "deliberate", days: 90 }),
      ev({ domain: "sophrosyne", level: "deliberate", days: 0 }),
      ev({ domain: "sophrosyne", level: "deliberate", days: 400 }),
    ]);
    expect(record.domains.sophrosyne, show(record.domains.sophrosyne)).toEqual({
      level: "deliberate",
      evidence_level: "deliberate",
      examined_events: 2,
      evidence_weight: 1.5,
      last_evidence_at: daysAgo(0),
      lowered_by: [],
      held_events: 0,
    });
  });

  it("a domain without evidence has no level, and neither does one whose evidence has all decayed away", () => {
    const record = compose([ev({ domain: "phronesis", level: "deliberate" }), ev({ domain: "andreia", level: "principled", days: 280 })]);
    expect(record.domains.andreia, show(record.domains)).toMatchObject({
      level: null,
      evidence_level: null,
      examined_events: 0,
      evidence_weight: 0,
      last_evidence_at: null,
    });
    expect(record.coverage_gaps, show(record)).toEqual([
      { domain: "dikaiosyne", reason: "no examined evidence in this domain" },
      { domain: "andreia", reason: "examined evidence older than the 270-day horizon" },
      { domain: "sophrosyne", reason: "no examined evidence in this domain" },
    ]);
  });
});

// --- Reflect history: lower or hold, never raise ----------------------------------------------------

describe("reflect history lowers or holds a level, never raises it", () => {
  const EVIDENCE = () => [ev({ domain: "andreia", level: "principled", days: 20 })];
  const cases: Array<[string, EventSpec[], KatorthomaProximity, string[]]> = [
    ["a lower reflect reading lowers", [{ level: "habitual", days: 5 }], "habitual", ["reflect"]],
    ["an equal reflect reading holds", [{ level: "principled", days: 5 }], "principled", []],
    ["a higher reflect reading does not raise", [{ level: "sage_like", days: 5 }], "principled", []],
    [
      "the most recent reading counts: a newer high holds",
      [
        { level: "reflexive", days: 10 },
        { level: "sage_like", days: 2 },
      ],
      "principled",
      [],
    ],
    [
      "the most recent reading counts: a newer low lowers",
      [
        { level: "sage_like", days: 10 },
        { level: "habitual", days: 2 },
      ],
      "habitual",
      ["reflect"],
    ],
    ["a reading beyond the horizon is ignored", [{ level: "reflexive", days: 300 }], "principled", []],
  ];
  it.each(cases)("%s", (_name, reflects, expected, loweredBy) => {
    const record = compose([...EVIDENCE(), ...reflects.map((r) => ev({ ...r, domain: "andreia", source: "reflect" }))]);
    expect(record.domains.andreia, show(record.domains.andreia)).toMatchObject({ level: expected, evidence_level: "principled", lowered_by: loweredBy });
  });

  it("reflect history alone gives no level, and a reflect event is not examined evidence", () => {
    const record = compose([ev({ domain: "phronesis", level: "deliberate" }), ev({ domain: "andreia", level: "sage_like", source: "reflect" })]);
    expect(record.domains.andreia, show(record.domains.andreia)).toMatchObject({ level: null, examined_events: 0, held_events: 0 });
    expect(record.aggregate.level, show(record.aggregate)).toBe("deliberate");
  });

  it("reflect on one domain leaves the others alone", () => {
    const record = compose([
      ev({ domain: "andreia", level: "principled" }),
      ev({ domain: "sophrosyne", level: "principled" }),
      ev({ domain: "andreia", level: "reflexive", source: "reflect" }),
    ]);
    expect([record.domains.andreia.level, record.domains.sophrosyne.level], show(record.domains)).toEqual(["reflexive", "principled"]);
  });
});

// --- Decrease events: cap where there is evidence, held otherwise ------------------------------------

describe("decrease events (curator flags, Stoa contradictions)", () => {
  const cases: Array<[string, EventSpec[], EventSpec[], KatorthomaProximity | null, string[], number, { applied: number; held: number }]> = [
    [
      "a curator flag below the level caps it",
      [{ level: "principled" }],
      [{ level: "habitual", source: "curator_flag" }],
      "habitual",
      ["curator_flag"],
      0,
      { applied: 1, held: 0 },
    ],
    [
      "a Stoa contradiction below the level caps it",
      [{ level: "principled" }],
      [{ level: "reflexive", source: "stoa_contradiction" }],
      "reflexive",
      ["stoa_contradiction"],
      0,
      { applied: 0, held: 0 },
    ],
    [
      "a flag above the level changes nothing (never raises)",
      [{ level: "habitual" }],
      [{ level: "sage_like", source: "curator_flag" }],
      "habitual",
      [],
      0,
      { applied: 1, held: 0 },
    ],
    [
      "a flag equal to the level is applied but lowers nothing",
      [{ level: "deliberate" }],
      [{ level: "deliberate", source: "curator_flag" }],
      "deliberate",
      [],
      0,
      { applied: 1, held: 0 },
    ],
    [
      "a year-old flag still stands (decrease events do not decay)",
      [{ level: "principled" }],
      [{ level: "habitual", source: "curator_flag", days: 365 }],
      "habitual",
      ["curator_flag"],
      0,
      { applied: 1, held: 0 },
    ],
    [
      "the lowest of several caps wins, and both sources are named",
      [{ level: "sage_like" }],
      [
        { level: "deliberate", source: "stoa_contradiction" },
        { level: "habitual", source: "curator_flag", days: 0 },
      ],
      "habitual",
      ["stoa_contradiction", "curator_flag"],
      0,
      { applied: 1, held: 0 },
    ],
    ["a flag on a domain without evidence is held", [], [{ level: "reflexive", source: "curator_flag" }], null, [], 1, { applied: 0, held: 1 }],
    ["a contradiction on a domain without evidence is held", [], [{ level: "reflexive", source: "stoa_contradiction" }], null, [], 1, { applied: 0, held: 0 }],
    [
      "a flag on a domain whose evidence has decayed away is held",
      [{ level: "principled", days: 300 }],
      [{ level: "reflexive", source: "curator_flag" }],
      null,
      [],
      1,
      { applied: 0, held: 1 },
    ],
  ];
  it.each(cases)("%s", (_name, evidence, decreases, level, loweredBy, held, flags) => {
    // Sophrosyne carries independent evidence so the record always has a surface.
    const events = [ev({ domain: "sophrosyne", level: "sage_like" }), ...[...evidence, ...decreases].map((s) => ev({ days: 3, ...s, domain: "andreia" }))];
    const record = compose(events);
    expect(record.domains.andreia, show(record.domains.andreia)).toMatchObject({ level, lowered_by: loweredBy, held_events: held });
    expect(record.assessor_record.curator_flags, show(record.assessor_record)).toEqual(flags);
    expect(record.domains.sophrosyne.level, show(record.domains)).toBe("sage_like");
    // A held decrease never gives the domain a level, so the aggregate ignores it.
    expect(record.aggregate.level, show(record.aggregate)).toBe(level ?? "sage_like");
  });
});

// --- The justice latch -------------------------------------------------------------------------------------

describe("the justice latch caps dikaiosyne for 180 days and is surfaced", () => {
  /** Three recent principled justice examinations: evidence level principled whatever one latched event adds. */
  const steady = () => [1, 2, 3].flatMap((d) => exam(`loop_ok${d}`, d, { dikaiosyne: "principled", phronesis: "principled" }));

  it("an examination that breached justice caps dikaiosyne at its level until 180 days after it", () => {
    const latched = exam("loop_breach", 10, { dikaiosyne: "habitual", phronesis: "principled" }, true);
    const record = compose([...steady(), ...latched]);
    expect(record.domains.dikaiosyne, show(record.domains.dikaiosyne)).toMatchObject({
      level: "habitual",
      evidence_level: "principled",
      lowered_by: ["justice_latch"],
    });
    expect(record.justice_latch, show(record.justice_latch)).toEqual({
      engaged: true,
      level: "habitual",
      since: daysAgo(10),
      releases_at: daysAgo(10 - JUSTICE_LATCH_DAYS),
      source: "examination",
      held: false,
    });
    expect(record.domains.phronesis.level, show(record.domains)).toBe("principled");
    expect(record.aggregate.level, show(record.aggregate)).toBe("habitual");
  });

  it.each([
    [JUSTICE_LATCH_DAYS - 1, true],
    [JUSTICE_LATCH_DAYS, true],
    [JUSTICE_LATCH_DAYS + 1, false],
    [250, false],
  ])("a breach %i days old: engaged %s", (days, isEngaged) => {
    const record = compose([...steady(), ...exam("loop_breach", days, { dikaiosyne: "reflexive" }, true)]);
    expect(record.justice_latch.engaged, show(record.justice_latch)).toBe(isEngaged);
    expect(record.domains.dikaiosyne.level, show(record.domains.dikaiosyne)).toBe(isEngaged ? "reflexive" : "principled");
    if (!isEngaged)
      expect(record.justice_latch, show(record.justice_latch)).toEqual({
        engaged: false,
        level: null,
        since: null,
        releases_at: null,
        source: null,
        held: false,
      });
  });

  it("a latch above the level stays surfaced but lowers nothing", () => {
    const record = compose([...steady(), ...exam("loop_breach", 5, { dikaiosyne: "sage_like" }, true)]);
    expect(record.justice_latch, show(record.justice_latch)).toMatchObject({ engaged: true, level: "sage_like" });
    expect(record.domains.dikaiosyne, show(record.domains.dikaiosyne)).toMatchObject({ level: "principled", lowered_by: [] });
  });

  it("with several breaches: the lowest level, the latest time and its source", () => {
    const record = compose([
      ...steady(),
      ...exam("loop_breach", 40, { dikaiosyne: "reflexive" }, true),
      ev({ domain: "dikaiosyne", level: "habitual", source: "curator_flag", latch: true, days: 4 }),
    ]);
    expect(record.justice_latch, show(record.justice_latch)).toEqual({
      engaged: true,
      level: "reflexive",
      since: daysAgo(4),
      releases_at: daysAgo(4 - JUSTICE_LATCH_DAYS),
      source: "curator_flag",
      held: false,
    });
    expect(record.domains.dikaiosyne.level, show(record.domains.dikaiosyne)).toBe("reflexive");
  });

  it("a dikaiosyne curator flag on an agent without justice evidence is held, latch and all", () => {
    const record = compose([
      ...exam("loop_p", 1, { phronesis: "deliberate" }),
      ev({ domain: "dikaiosyne", level: "reflexive", source: "curator_flag", latch: true, days: 2 }),
    ]);
    expect(record.justice_latch, show(record.justice_latch)).toEqual({
      engaged: false,
      level: null,
      since: daysAgo(2),
      releases_at: daysAgo(2 - JUSTICE_LATCH_DAYS),
      source: "curator_flag",
      held: true,
    });
    expect(record.domains.dikaiosyne, show(record.domains.dikaiosyne)).toMatchObject({ level: null, held_events: 1 });
    expect(record.aggregate.level, show(record.aggregate)).toBe("deliberate");
  });

  it("a latch flag on another domain is no justice latch", () => {
    const record = compose([...steady(), ev({ domain: "andreia", level: "reflexive", latch: true })]);
    expect(record.justice_latch.engaged, show(record.justice_latch)).toBe(false);
    expect(record.domains.dikaiosyne.level, show(record.domains)).toBe("principled");
  });
});

// --- Aggregate, confidence, sparse, coverage ------------------------------------------------------------

describe("aggregate: the minimum over the domains that have a level", () => {
  it.each([
    [
      "all four domains",
      { phronesis: "principled", dikaiosyne: "deliberate", andreia: "sage_like", sophrosyne: "principled" },
      "deliberate",
      ["phronesis", "dikaiosyne", "andreia", "sophrosyne"],
    ],
    ["two domains", { phronesis: "sage_like", sophrosyne: "habitual" }, "habitual", ["phronesis", "sophrosyne"]],
    ["one domain", { andreia: "reflexive" }, "reflexive", ["andreia"]],
  ] as Array<[string, Partial<Record<VirtueDomain, KatorthomaProximity>>, KatorthomaProximity, VirtueDomain[]]>)("%s", (_name, levels, expected, counted) => {
    const record = compose(exam("loop_1", 1, levels));
    expect(record.aggregate, show(record.aggregate)).toEqual({
      level: expected,
      domains_counted: counted,
      rule: "the minimum over the domains that have a level",
    });
    expect(record.coverage, show(record.coverage)).toEqual({ domains_with_evidence: counted.length, domains_total: 4, share: counted.length / 4 });
    expect(
      record.coverage_gaps.map((g) => g.domain),
      show(record.coverage_gaps),
    ).toEqual(DOMAINS.filter((d) => !counted.includes(d)));
  });

  it("with gap entries only: aggregate null, sparse, no confidence, every domain a coverage gap", () => {
    const record = compose([], { gaps: [gap(1, "caller_supplied_extraction")], gap_count: 1 });
    expect([record.aggregate.level, record.aggregate.domains_counted, record.sparse, record.confidence], show(record)).toEqual([null, [], true, null]);
    expect(record.coverage, show(record.coverage)).toEqual({ domains_with_evidence: 0, domains_total: 4, share: 0 });
    expect(record.coverage_gaps, show(record.coverage_gaps)).toEqual(DOMAINS.map((domain) => ({ domain, reason: "no examined evidence in this domain" })));
  });
});

describe("confidence and sparse: from the decayed weight of distinct examinations", () => {
  const cases: Array<[string, number, number, "low" | "moderate" | "high" | null, boolean]> = [
    ["one new examination in four domains weighs 1, not 4", 1, 0, "low", true],
    ["two new examinations", 2, 0, "low", true],
    ["three new examinations", 3, 0, "moderate", false],
    ["nine new examinations", 9, 0, "moderate", false],
    ["ten new examinations", 10, 0, "high", false],
    ["five examinations 90 days old weigh 2.5", 5, 90, "low", true],
    ["six examinations 90 days old weigh 3", 6, 90, "moderate", false],
    ["twenty examinations 180 days old weigh 5", 20, 180, "moderate", false],
    ["examinations beyond the horizon weigh nothing", 12, 280, null, true],
  ];
  it.each(cases)("%s: %s", (_name, count, days, confidence, sparse) => {
    const events = Array.from({ length: count }, (_, i) =>
      exam(`loop_${i}`, days, { phronesis: "deliberate", dikaiosyne: "deliberate", andreia: "deliberate", sophrosyne: "deliberate" }),
    ).flat();
    const record = compose(events);
    expect([record.confidence, record.sparse], show({ confidence: record.confidence, sparse: record.sparse, domains: record.domains })).toEqual([
      confidence,
      sparse,
    ]);
  });
});

// --- The capped lists ---------------------------------------------------------------------------------------------

describe("orientation readings: 50 most recent, with the true total and the clause", () => {
  it("caps at 50 in the given (newest-first) order and keeps the true totals of both classes", () => {
    const readings = Array.from({ length: 60 }, (_, i) => reading(i, i % 4 === 3 ? "observed" : "examined"));
    const record = compose([ev({ level: "deliberate" })], { readings: { readings, total: 75, examined: 58 } });
    expect(record.orientation_readings.length, show(record.orientation_readings.map((r) => r.loop_id))).toBe(TRUST_LIST_CAP);
    expect(
      record.orientation_readings.map((r) => r.loop_id),
      show(record.orientation_readings),
    ).toEqual(readings.slice(0, 50).map((r) => r.loop_id));
    expect([record.total_orientation_readings_count, record.examined_orientation_readings_count]).toEqual([75, 58]);
    expect(record.orientation_readings[3], show(record.orientation_readings[3])).toEqual({
      loop_id: "loop_r3",
      class: "observed",
      direction: "toward",
      katorthoma_proximity: "deliberate",
      elapsed_ms: 40_000,
      examined_at: daysAgo(3),
      clause: READING_CLAUSE,
    });
    expect(record.orientation_readings.every((r) => r.clause === READING_CLAUSE)).toBe(true);
    expect(READING_CLAUSE).toMatch(/orientation of one specific examination, not the alignment of the agent/);
  });
});

describe("provenance gaps: clauses, the one positive finding, the cap and the count", () => {
  it.each([
    ["no_ledger_entry", false, /^Not attestable: .*consult ledger has no entry/],
    ["out_of_window", false, /^Not attestable: .*90-day attestation window/],
    ["identity_mismatch", false, /^Not attestable: .*another caller or agent, or to other input/],
    ["caller_supplied_extraction", true, /^Positive finding: the caller supplied/],
  ] as Array<[ProvenanceGapReason, boolean, RegExp]>)("%s: positive_finding %s, with its clause", (reason, positive, clause) => {
    const g = gap(4, reason);
    const record = compose([], { gaps: [g], gap_count: 1 });
    expect(record.provenance_gaps, show(record.provenance_gaps)).toEqual([
      { reason, loop_id: "loop_g4", element_index: 1, recorded_at: daysAgo(4), positive_finding: positive, clause: expect.stringMatching(clause) },
    ]);
    expect(record.total_provenance_gaps_count).toBe(1);
  });

  it("caps at 50 in the given (newest-first) order and serves the true total", () => {
    const gaps = Array.from({ length: 55 }, (_, i) => gap(i));
    const record = compose([ev({ level: "deliberate" })], { gaps, gap_count: 130 });
    expect(
      record.provenance_gaps?.map((g) => g.loop_id),
      show(record.provenance_gaps),
    ).toEqual(gaps.slice(0, 50).map((g) => g.loop_id));
    expect(record.total_provenance_gaps_count).toBe(130);
  });

  it.each([
    ["both reads succeeded with nothing", [] as ProvenanceGap[], 0, true, true],
    ["the list read failed", null, 3, false, true],
    ["the count read failed", [gap(1)], null, true, false],
    ["both reads failed", null, null, false, false],
  ] as Array<[string, ProvenanceGap[] | null, number | null, boolean, boolean]>)(
    "%s: list served %s, count served %s",
    (_name, gaps, count, listed, counted) => {
      const record = compose([ev({ level: "deliberate" })], { gaps, gap_count: count });
      expect("provenance_gaps" in record, show(record)).toBe(listed);
      expect("total_provenance_gaps_count" in record, show(record)).toBe(counted);
      if (listed) expect(record.provenance_gaps?.length).toBe(gaps!.length);
      if (counted) expect(record.total_provenance_gaps_count).toBe(count);
    },
  );
});

// --- The envelope -----------------------------------------------------------------------------------------------------

describe("the envelope", () => {
  it("carries status, time of composition, decay, honest claims, assessor record and the accreditation link", () => {
    const events = [
      ev({ level: "deliberate" }),
      ev({ level: "habitual", source: "reflect" }),
      ev({ level: "habitual", source: "curator_flag", domain: "andreia" }),
    ];
    const record = compose(events, { agent_id: "agent/with space" });
    expect(record, show(record)).toMatchObject({
      status: "ok",
      agent_id: "agent/with space",
      composed_at: NOW.toISOString(),
      decay: { half_life_days: 90, horizon_days: 270, realised: "at_read" },
      assessor_record: {
        signatures_verify_with: "/api/public-key",
        harness_timeout_ms: HARNESS_TIMEOUT_MS,
        trust_events: 3,
        curator_flags: { applied: 0, held: 1 },
      },
      accreditation_url: "/api/accreditation/agent%2Fwith%20space",
    });
    expect(record.honest_claims.attests.length, show(record.honest_claims)).toBeGreaterThan(0);
    expect(
      record.honest_claims.does_not_attest.some((c) => /alignment/.test(c)),
      show(record.honest_claims),
    ).toBe(true);
  });

  it("has no accreditation link when the agent has no accreditation record", () => {
    expect(compose([ev({ level: "deliberate" })], { has_accreditation: false }).accreditation_url).toBeNull();
  });

  it("is a pure function of its input: the same input composes the same record", () => {
    const events = [...exam("loop_a", 3, { phronesis: "principled", dikaiosyne: "deliberate" }, true), ev({ domain: "andreia", level: "habitual", days: 100 })];
    expect(compose(events)).toEqual(compose(events));
  });
});

// --- From real examinations to the record --------------------------------------------------------------------------------

describe("from examineProvenance to the trust record", () => {
  const sha = (text: string) => createHash("sha256").update(text).digest("hex");
  function loopOf(ref: string, text: string, circles: NonNullable<ExtractionOverrides["circles"]>, dik: KatorthomaProximity) {
    const assessment = assess({
      extraction: extraction({ deliberation: { level: "principled" }, circles, domains: { dikaiosyne: engaged(dik), sophrosyne: engaged("principled") } }),
      text,
      examination: { ref, depth_tier: "standard", prior_feedback_ref: null, input_sha256: sha(text) },
    });
    const consult: ConsultRecord = {
      loop_id: ref,
      owner_id: "owner_1",
      subject: "key:cred_1",
      credential_id: "cred_1",
      agent_id: AGENT,
      depth_tier: "standard",
      katorthoma_proximity: assessment.katorthoma_proximity,
      layer1_source: "server",
      input_sha256: sha(text),
      prior_loop_id: null,
      elapsed_ms: 5_000,
      created_at: daysAgo(ref === "loop_breach" ? 20 : 30),
    };
    return { assessment: JSON.parse(JSON.stringify(assessment)) as Record<string, unknown>, consult };
  }

  it("a violated duty to others latches dikaiosyne in the composed record; the minted events compose as levels", () => {
    const met = loopOf(
      "loop_met",
      "I kept my promise to my colleague and finished the report.",
      [{ circle: "community", obligation_claim: "met", quote: "I kept my promise to my colleague" }],
      "sage_like",
    );
    const breach = loopOf("loop_breach", "I left the team to present alone.", [{ circle: "community", obligation_claim: "violated", quote: null }], "habitual");
    const outcome = examineProvenance(
      [
        { index: 0, ...met },
        { index: 1, ...breach },
      ],
      { owner_id: "owner_1", agent_id: AGENT },
      NOW,
    );
    const events: TrustEvent[] = outcome.events.map((e, i) => ({
      ...e,
      id: `ev_${i}`,
      latch: e.latch ?? false,
      note: e.note ?? null,
      minted_at: NOW.toISOString(),
    }));
    expect(
      events.filter((e) => e.latch).map((e) => [e.source_ref, e.domain]),
      show(events),
    ).toEqual([["loop_breach", "dikaiosyne"]]);

    const record = compose(events, {
      readings: {
        readings: outcome.readings.map((r) => ({ ...r, minted_at: NOW.toISOString() })),
        total: outcome.readings.length,
        examined: outcome.readings.length,
      },
    });
    // Dikaiosyne evidence: sage_like (30 days) and habitual (20 days, heavier): lower median habitual, latched at habitual.
    expect(record.domains.dikaiosyne, show(record.domains.dikaiosyne)).toMatchObject({ level: "habitual", evidence_level: "habitual", examined_events: 2 });
    expect(record.justice_latch, show(record.justice_latch)).toMatchObject({ engaged: true, level: "habitual", since: daysAgo(20), source: "examination" });
    expect(record.domains.sophrosyne.level).toBe("principled");
    expect(record.domains.andreia.level).toBeNull();
    expect(record.aggregate.level, show(record.aggregate)).toBe("habitual");
    expect([record.confidence, record.sparse], show(record)).toEqual(["low", true]);
    expect(
      record.orientation_readings.map((r) => [r.loop_id, r.class]),
      show(record.orientation_readings),
    ).toEqual([
      ["loop_met", "examined"],
      ["loop_breach", "examined"],
    ]);
  });
});
