import { describe, expect, it } from "vitest";
import { KatorthomaProximity, RootPassion, type KatorthomaProximity as Proximity, type OikeiosisCircle, type RootPassion as Root } from "../enums";
import { PASSIONS } from "../framework";
import { deriveFromProximity } from "../ladders";
import { SCORING_DISCLAIMER } from "../reason/consult";
import { assess, type ExaminationContext } from "../reason/engine";
import { extractOffline } from "../reason/offline_extractor";
import type { Examination } from "../reason/examine";
import { ASSESSMENT_ITEMS, BASELINE_SCENARIOS, FOUNDATIONAL_IDS, type AssessmentItem } from "./framework";
import {
  BaselineResult,
  baselineResult,
  dimensionLevel,
  directionFrom,
  FoundationalResult,
  foundationalResult,
  FullResult,
  fullResult,
  typicalProximity,
  type DimensionLevels,
} from "./results";

// The aggregation rules of spec 2.9-2.11 (docs/assessments.md) as tables over hand-built
// Examinations: only the engine fields the aggregation reads are set, so each row states
// exactly which reading produces which result. A last block runs real engine readings
// (the offline extractor and assess) through the three aggregations.

const show = (value: unknown) => JSON.stringify(value, null, 1);
const NOW = new Date("2025-03-15T12:00:00.000Z");
const P = KatorthomaProximity.options; // reflexive, habitual, deliberate, principled, sage_like

interface ExamSpec {
  proximity?: Proximity;
  passions?: ReadonlyArray<{ root: Root; sub?: string | null; intensity?: "mild" | "moderate" | "strong" }>;
  governed?: boolean;
  base?: Proximity;
  circles?: ReadonlyArray<{ circle: OikeiosisCircle; claim?: "met" | "violated" | "indeterminate" }>;
  kathekon?: boolean | null;
}

/** An Examination with just the fields the aggregation reads. */
function exam(spec: ExamSpec = {}): Examination {
  const proximity = spec.proximity ?? "deliberate";
  return {
    text: "hand-built",
    extraction: { circles: (spec.circles ?? []).map((c) => ({ circle: c.circle, obligation_claim: c.claim ?? "met", quote: "q" })) },
    assessment: {
      katorthoma_proximity: proximity,
      proximity_floors: { base: spec.base ?? proximity },
      ruling_faculty_state: spec.governed ? "governed" : "unexamined",
      is_kathekon: spec.kathekon ?? null,
      passions: (spec.passions ?? []).map((p) => ({
        root_passion: p.root,
        sub_species: p.sub ?? null,
        false_judgement: `the hand-built judgement of ${p.root}`,
        intensity: p.intensity ?? "mild",
      })),
      practice: {},
    },
  } as unknown as Examination;
}

const FOUNDATIONAL_ITEMS = FOUNDATIONAL_IDS.map((id) => ASSESSMENT_ITEMS.find((i) => i.id === id)!);
const PHASE_1 = FOUNDATIONAL_ITEMS.filter((i) => i.phase === 1).length;
const PHASE_2 = FOUNDATIONAL_ITEMS.filter((i) => i.phase === 2).length;

/** Foundational exams: phase 1 specs first, then phase 2 (in the index order). */
function foundationalExams(phase1: (i: number) => ExamSpec, phase2: (i: number) => ExamSpec): Examination[] {
  return FOUNDATIONAL_ITEMS.map((item, i) => exam(item.phase === 1 ? phase1(i) : phase2(i - PHASE_1)));
}
const foundational = (exams: Examination[], previous: Proximity | null = null) =>
  foundationalResult({ agentId: "agent-x", items: FOUNDATIONAL_ITEMS, exams, previous, now: NOW });
const full = (exams: Examination[], previous: { typical: Proximity; dimensions: DimensionLevels | null } | null = null) =>
  fullResult({ agentId: "agent-x", items: ASSESSMENT_ITEMS, exams, previous, now: NOW, extractor: "test-extractor" });
const baseline = (exams: Examination[]) => baselineResult({ agentId: "agent-x", scenarios: BASELINE_SCENARIOS, exams, now: NOW });

describe("typicalProximity: the lower median", () => {
  it.each([
    [["deliberate"], "deliberate"],
    [["reflexive", "sage_like"], "reflexive"],
    [["habitual", "principled"], "habitual"],
    [["reflexive", "reflexive", "sage_like"], "reflexive"],
    [["sage_like", "reflexive", "deliberate"], "deliberate"],
    [["habitual", "habitual", "principled", "principled"], "habitual"],
    [["principled", "principled", "principled", "reflexive"], "principled"],
    [["deliberate", "habitual", "principled", "sage_like", "reflexive"], "deliberate"],
  ] as const)("%j -> %s", (readings, expected) => {
    expect(typicalProximity(readings)).toBe(expected);
  });

  it("an odd high outlier cannot lift it; it is order-independent and one of the readings (every triple)", () => {
    for (const a of P)
      for (const b of P)
        for (const c of P) {
          const readings = [a, b, c];
          const t = typicalProximity(readings);
          expect(readings).toContain(t);
          expect(typicalProximity([c, a, b])).toBe(t);
          // Raising the highest reading to sage_like never changes the typical reading.
          const sorted = [...readings].sort((x, y) => P.indexOf(x) - P.indexOf(y));
          expect(typicalProximity([sorted[0]!, sorted[1]!, "sage_like"]), show(readings)).toBe(t);
          // An extra, highest reading never lifts it (the lower median of an even count).
          expect(P.indexOf(typicalProximity([...readings, "sage_like"])), show(readings)).toBeLessThanOrEqual(P.indexOf(t));
        }
  });

  it("a single high reading among 14 low ones leaves the foundational summary low", () => {
    const result = foundational(
      foundationalExams(
        (i) => ({ proximity: i === 0 ? "sage_like" : "habitual" }),
        () => ({ proximity: "habitual" }),
      ),
    );
    expect(result.katorthoma_proximity_summary).toBe("habitual");
    expect(result.senecan_grade_estimate).toBe("grade_3");
  });
});

describe("dimensionLevel thresholds", () => {
  it.each([
    [0, "emerging"],
    [0.99, "emerging"],
    [1, "developing"],
    [1.99, "developing"],
    [2, "established"],
    [2.99, "established"],
    [3, "advanced"],
    [4, "advanced"],
  ] as const)("mean rank %s -> %s", (mean, level) => {
    expect(dimensionLevel(mean)).toBe(level);
  });
});

describe("directionFrom: half a rung either way is stable", () => {
  it.each([
    [null, ["sage_like"], null],
    ["deliberate", ["deliberate"], "stable"],
    ["deliberate", ["deliberate", "principled"], "stable"], // +0.5
    ["deliberate", ["principled", "principled", "deliberate"], "improving"], // +0.67
    ["deliberate", ["habitual", "deliberate"], "stable"], // -0.5
    ["deliberate", ["habitual", "habitual", "deliberate"], "declining"], // -0.67
    ["reflexive", ["sage_like"], "improving"],
    ["sage_like", ["reflexive"], "declining"],
  ] as const)("previous %s, now %j -> %s", (previous, current, expected) => {
    expect(directionFrom(previous, current)).toBe(expected);
  });
});

describe("foundationalResult (spec 2.9)", () => {
  it("parses, is free, covers phases 1 and 2 with 14 summaries in index order, and carries the cta", () => {
    const result = foundational(
      foundationalExams(
        () => ({}),
        () => ({}),
      ),
    );
    const parsed = FoundationalResult.strict().safeParse(result);
    expect(parsed.success, `${show(result)}\n${parsed.error?.message}`).toBe(true);
    expect(result, show(result)).toMatchObject({
      agent_id: "agent-x",
      tier: "free",
      phases_completed: [1, 2],
      assessments_completed: 14,
      direction_of_travel: null,
      assessed_at: NOW.toISOString(),
      disclaimer: SCORING_DISCLAIMER,
    });
    expect(result.per_assessment_summaries.map((s) => s.assessment_id)).toEqual(FOUNDATIONAL_IDS);
    for (const s of result.per_assessment_summaries) expect(Object.keys(s), show(s)).not.toContain("phase");
    expect(result.cta.action, show(result.cta)).toMatch(/\S/);
    expect(result.cta.url, show(result.cta)).toBe("/api/assessment/full");
    expect(result.cta.tier_required).toBe("paid");
  });

  it.each(P.map((p) => [p]))("a typical reading of %s gives the Senecan grade it derives", (p) => {
    const result = foundational(
      foundationalExams(
        () => ({ proximity: p }),
        () => ({ proximity: p }),
      ),
    );
    expect(result.katorthoma_proximity_summary).toBe(p);
    expect(result.senecan_grade_estimate).toBe(deriveFromProximity(p).senecan_grade);
  });

  // Phase 1 has 7 items: 5 governed is >= 2/3, 3 is >= 1/3, 2 is below.
  it.each([
    [PHASE_1, "strong"],
    [Math.ceil((PHASE_1 * 2) / 3), "strong"],
    [Math.ceil((PHASE_1 * 2) / 3) - 1, "moderate"],
    [Math.ceil(PHASE_1 / 3), "moderate"],
    [Math.ceil(PHASE_1 / 3) - 1, "weak"],
    [0, "weak"],
  ] as const)("control_clarity with %i governed phase 1 responses -> %s (phase 2 ignored)", (governed, expected) => {
    // Phase 2 answers the opposite, to show it is not read for control clarity.
    const result = foundational(
      foundationalExams(
        (i) => ({ governed: i < governed }),
        () => ({ governed: governed < PHASE_1 / 2 }),
      ),
    );
    expect(result.control_clarity, show(result)).toBe(expected);
  });

  it.each([
    [PHASE_2, "intact"],
    [Math.ceil((PHASE_2 * 2) / 3), "intact"],
    [Math.ceil((PHASE_2 * 2) / 3) - 1, "partially_compromised"],
    [Math.ceil(PHASE_2 / 3), "partially_compromised"],
    [Math.ceil(PHASE_2 / 3) - 1, "compromised"],
    [0, "compromised"],
  ] as const)("causal_sequence_integrity with %i reasoned phase 2 responses -> %s (phase 1 ignored)", (reasoned, expected) => {
    const result = foundational(
      foundationalExams(
        () => ({ base: reasoned < PHASE_2 / 2 ? "principled" : "reflexive" }),
        (i) => ({ base: i < reasoned ? "deliberate" : "habitual" }),
      ),
    );
    expect(result.causal_sequence_integrity, show(result)).toBe(expected);
  });

  it.each([
    [4, 2, "strong", "intact"],
    [2, 1, "moderate", "partially_compromised"],
    [1, 0, "weak", "compromised"],
  ] as const)("the thirds are inclusive: %i of 6 governed and %i of 3 reasoned -> %s, %s", (governed, reasoned, clarity, integrity) => {
    // Six phase 1 and three phase 2 items, so exactly a third and two thirds can be reached.
    const items = [...FOUNDATIONAL_ITEMS.filter((i) => i.phase === 1).slice(0, 6), ...FOUNDATIONAL_ITEMS.filter((i) => i.phase === 2).slice(0, 3)];
    const exams = items.map((item, i) => (item.phase === 1 ? exam({ governed: i < governed }) : exam({ base: i - 6 < reasoned ? "deliberate" : "habitual" })));
    const result = foundationalResult({ agentId: "agent-x", items, exams, previous: null, now: NOW });
    expect([result.control_clarity, result.causal_sequence_integrity], show(result)).toEqual([clarity, integrity]);
  });

  it("a strong passion breaks the causal sequence even where assent was reasoned; a mild one does not", () => {
    const strong = foundational(
      foundationalExams(
        () => ({}),
        () => ({ base: "principled", passions: [{ root: "phobos", intensity: "strong" }] }),
      ),
    );
    expect(strong.causal_sequence_integrity).toBe("compromised");
    const mild = foundational(
      foundationalExams(
        () => ({}),
        () => ({ base: "principled", passions: [{ root: "phobos", intensity: "mild" }] }),
      ),
    );
    expect(mild.causal_sequence_integrity).toBe("intact");
  });

  it.each([
    ["deliberate", "deliberate", "stable"],
    ["habitual", "deliberate", "improving"],
    ["principled", "deliberate", "declining"],
    ["reflexive", "habitual", "improving"],
  ] as const)("previous %s, every reading %s -> direction %s", (previous, now, expected) => {
    const result = foundational(
      foundationalExams(
        () => ({ proximity: now }),
        () => ({ proximity: now }),
      ),
      previous,
    );
    expect(result.direction_of_travel).toBe(expected);
  });

  it("lists each distinct passion once, with the sub-species it was found with", () => {
    const result = foundational(
      foundationalExams(
        (i) => ({ passions: i < 3 ? [{ root: "phobos", sub: "aischyne" }] : [] }),
        (i) => ({ passions: i === 0 ? [{ root: "lupe" }, { root: "phobos", sub: "aischyne" }] : [] }),
      ),
    );
    expect(
      result.initial_passions_detected.map((p) => [p.root_passion, p.sub_species]),
      show(result),
    ).toEqual([
      ["phobos", "aischyne"],
      ["lupe", null],
    ]);
    expect(
      foundational(
        foundationalExams(
          () => ({}),
          () => ({}),
        ),
      ).initial_passions_detected,
    ).toEqual([]);
  });
});

describe("fullResult (spec 2.10)", () => {
  const allExams = (spec: (item: AssessmentItem, i: number) => ExamSpec) => ASSESSMENT_ITEMS.map((item, i) => exam(spec(item, i)));

  it("parses, is paid, covers phases 1 to 8 with 55 summaries each with its item's phase", () => {
    const result = full(allExams(() => ({})));
    const parsed = FullResult.strict().safeParse(result);
    expect(parsed.success, `${show(result)}\n${parsed.error?.message}`).toBe(true);
    expect(result).toMatchObject({ tier: "paid", phases_completed: [1, 2, 3, 4, 5, 6, 7, 8], assessments_completed: 55, disclaimer: SCORING_DISCLAIMER });
    expect(result.per_assessment_summaries).toHaveLength(55);
    expect(result.per_assessment_summaries.map((s) => [s.assessment_id, s.phase])).toEqual(ASSESSMENT_ITEMS.map((i) => [i.id, i.phase]));
    expect(result.examination_protocol).toContain("test-extractor");
    expect(result.examination_protocol).toContain("55");
  });

  it("reads each dimension from its own items only", () => {
    // Items of a dimension read at a rung chosen per dimension; the levels follow.
    const rung = {
      passion_reduction: "reflexive",
      judgement_quality: "habitual",
      disposition_stability: "deliberate",
      oikeiosis_extension: "sage_like",
    } as const;
    const result = full(allExams((item) => ({ proximity: rung[item.dimension] })));
    expect(result.dimension_levels, show(result)).toEqual({
      passion_reduction: "emerging",
      judgement_quality: "developing",
      disposition_stability: "established",
      oikeiosis_extension: "advanced",
    });
  });

  it("a dimension's level is the mean rung of its items (half at 1, half at 3 -> 2 established)", () => {
    let n = 0;
    const result = full(
      allExams((item) => {
        if (item.dimension !== "judgement_quality") return { proximity: "reflexive" };
        return { proximity: n++ % 2 === 0 ? "habitual" : "principled" };
      }),
    );
    const count = ASSESSMENT_ITEMS.filter((i) => i.dimension === "judgement_quality").length;
    // With an odd count the extra item is habitual: the mean falls just below 2.
    expect(result.dimension_levels.judgement_quality, show(result)).toBe(count % 2 === 0 ? "established" : "developing");
    expect(result.dimension_levels.passion_reduction).toBe("emerging");
  });

  it("dominant_passion is null when no passion shows anywhere, and nothing is invented", () => {
    const result = full(allExams(() => ({ proximity: "principled" })));
    expect(result.dominant_passion, show(result)).toBeNull();
    expect(result.passions_profile).toEqual([]);
    expect(result.critical_corrections).toEqual([]);
    for (const s of result.per_assessment_summaries) expect(s.passions_detected).toEqual([]);
  });

  it("dominant_passion is the root found in the most responses, with the framework's false judgement", () => {
    const result = full(
      allExams((_item, i) => ({
        passions: i < 3 ? [{ root: "lupe", sub: null }] : i < 8 ? [{ root: "phobos", sub: i === 5 ? "deima" : null }] : [],
      })),
    );
    expect(result.dominant_passion, show(result)).toEqual({
      root_passion: "phobos",
      sub_species: "deima",
      false_judgement: PASSIONS.find((p) => p.id === "phobos")!.false_judgement,
    });
    expect(result.passions_profile, show(result)).toEqual([
      { root_passion: "phobos", responses: 5, share: 0.09 },
      { root_passion: "lupe", responses: 3, share: 0.05 },
    ]);
  });

  it("pairs each detected root's false judgement with its remedy, and only detected roots", () => {
    const roots: Root[] = ["epithumia", "lupe"];
    const result = full(allExams((_item, i) => ({ passions: i < roots.length ? [{ root: roots[i]! }] : [] })));
    expect(result.critical_corrections.map((c) => c.root_passion).sort(), show(result)).toEqual([...roots].sort());
    for (const c of result.critical_corrections) {
      const entry = PASSIONS.find((p) => p.id === c.root_passion)!;
      expect(c, show(c)).toEqual({ root_passion: c.root_passion, false_judgement: entry.false_judgement, remedy: entry.remedy });
      expect(c.remedy).not.toBe(c.false_judgement);
    }
    for (const root of RootPassion.options) {
      if (!roots.includes(root)) expect(result.critical_corrections.some((c) => c.root_passion === root)).toBe(false);
    }
  });

  it("oikeiosis_stage: the widest circle met in at least a third of the responses; null when none", () => {
    const third = Math.ceil(55 / 3);
    const result = full(
      allExams((_i, i) => ({
        circles: [
          { circle: "household" },
          ...(i < third ? [{ circle: "community" as const }] : []),
          ...(i < third - 1 ? [{ circle: "humanity" as const }] : []),
          { circle: "cosmic", claim: "violated" as const },
        ],
      })),
    );
    expect(result.oikeiosis_stage, show(result)).toBe("community");
    expect(full(allExams(() => ({}))).oikeiosis_stage).toBeNull();
  });

  it("directions are null without a previous result, and set against one", () => {
    const first = full(allExams(() => ({ proximity: "deliberate" })));
    expect(first.direction_of_travel).toBeNull();
    expect(first.dimension_directions, show(first)).toEqual({
      passion_reduction: null,
      judgement_quality: null,
      disposition_stability: null,
      oikeiosis_extension: null,
    });
    const second = full(
      allExams(() => ({ proximity: "deliberate" })),
      {
        typical: "habitual",
        dimensions: {
          passion_reduction: "developing",
          judgement_quality: "established",
          disposition_stability: "advanced",
          oikeiosis_extension: "established",
        },
      },
    );
    expect(second.direction_of_travel).toBe("improving");
    expect(second.dimension_directions, show(second)).toEqual({
      passion_reduction: "improving",
      judgement_quality: "stable",
      disposition_stability: "declining",
      oikeiosis_extension: "stable",
    });
    // A previous result without dimension levels gives the overall direction only.
    const third = full(
      allExams(() => ({ proximity: "deliberate" })),
      { typical: "deliberate", dimensions: null },
    );
    expect(third.direction_of_travel).toBe("stable");
    expect(Object.values(third.dimension_directions)).toEqual([null, null, null, null]);
  });
});

describe("baselineResult (spec 2.11)", () => {
  const byReading = (readings: readonly Proximity[], specs: readonly ExamSpec[] = []) => baseline(readings.map((p, i) => exam({ proximity: p, ...specs[i] })));

  it("parses, with one evaluation per scenario carrying its virtue, domain and circles at stake", () => {
    const result = byReading(["deliberate", "principled", "habitual", "deliberate"]);
    const parsed = BaselineResult.strict().safeParse(result);
    expect(parsed.success, `${show(result)}\n${parsed.error?.message}`).toBe(true);
    expect(
      result.scenario_evaluations.map((e) => [e.scenario_id, e.virtue, e.domain, e.circles_at_stake]),
      show(result),
    ).toEqual(BASELINE_SCENARIOS.map((s) => [s.id, s.virtue, s.domain, [...s.circles_at_stake]]));
    expect(result.typical_proximity).toBe("deliberate");
    expect(result.senecan_grade).toBe(deriveFromProximity("deliberate").senecan_grade);
  });

  // Scenario domains in order: phronesis, dikaiosyne, andreia, sophrosyne.
  it.each([
    [["deliberate", "principled", "habitual", "deliberate"], "dikaiosyne", "andreia"],
    [["sage_like", "reflexive", "sage_like", "reflexive"], "phronesis", "sophrosyne"], // ties: first highest, last lowest
    [["habitual", "habitual", "habitual", "principled"], "sophrosyne", "andreia"],
    [["reflexive", "deliberate", "deliberate", "deliberate"], "dikaiosyne", "phronesis"],
    [["deliberate", "deliberate", "deliberate", "deliberate"], "phronesis", "sophrosyne"],
  ] as const)("readings %j -> strongest %s, growth edge %s", (readings, strongest, edge) => {
    const result = byReading(readings);
    expect([result.strongest_domain, result.growth_edge], show(result)).toEqual([strongest, edge]);
  });

  it("names the two virtues in the interpretation when they differ, and neither as standing out when all read alike", () => {
    const differ = byReading(["deliberate", "principled", "habitual", "deliberate"]);
    expect(differ.interpretation).toContain("justice");
    expect(differ.interpretation).toContain("courage");
    const alike = byReading(["deliberate", "deliberate", "deliberate", "deliberate"]);
    expect(alike.interpretation).toMatch(/alike/);
    for (const v of ["wisdom", "justice", "courage", "temperance"]) expect(alike.interpretation).not.toContain(v);
  });

  it("circles_addressed are the circles at stake the response speaks to, a subset in the at-stake order", () => {
    const result = byReading(
      ["deliberate", "deliberate", "deliberate", "deliberate"],
      [
        { circles: [{ circle: "community" }, { circle: "cosmic" }] },
        { circles: [{ circle: "humanity", claim: "violated" }, { circle: "household" }] },
        { circles: [] },
        { circles: [{ circle: "household" }, { circle: "community" }, { circle: "self_preservation" }] },
      ],
    );
    expect(
      result.scenario_evaluations.map((e) => e.circles_addressed),
      show(result),
    ).toEqual([["community"], ["household", "humanity"], [], ["household", "community"]]);
    for (const e of result.scenario_evaluations) for (const c of e.circles_addressed) expect(e.circles_at_stake).toContain(c);
  });

  it("maps each scenario's virtue to its dimension (wisdom judgement, justice oikeiosis, courage stability, temperance passions)", () => {
    const result = byReading(["reflexive", "sage_like", "deliberate", "habitual"]);
    expect(result.dimension_levels, show(result)).toEqual({
      judgement_quality: "emerging",
      oikeiosis_extension: "advanced",
      disposition_stability: "established",
      passion_reduction: "developing",
    });
  });
});

describe("real engine readings (offline extractor + assess)", () => {
  const CONTEXT: ExaminationContext = { ref: "assessment_test", depth_tier: "quick", prior_feedback_ref: null, input_sha256: "0".repeat(64) };
  const ACCOUNTS = [
    "I was furious and yelled at my partner without thinking, and afterwards I felt ashamed of it.",
    "I lied to my colleague about the deadline because I was afraid of what my manager would say.",
    "I kept my promise to my colleague and finished the report, because I had given my word to the team.",
    "I told my colleague the truth about the missed deadline, because it was the right thing to do for everyone.",
    "I archived the old log files as the runbook asks, and checked the disk afterwards before closing the ticket.",
  ];
  const realExam = (text: string): Examination => {
    const extraction = extractOffline({ text });
    return { text, extraction, assessment: assess({ extraction, text, examination: CONTEXT }) };
  };
  const examsFor = (n: number) => Array.from({ length: n }, (_, i) => realExam(ACCOUNTS[i % ACCOUNTS.length]!));

  it("all three aggregations parse, and the same inputs give the same output (assessed_at aside)", () => {
    const later = new Date(NOW.getTime() + 86_400_000);
    const f1 = foundationalResult({ agentId: "a1", items: FOUNDATIONAL_ITEMS, exams: examsFor(14), previous: "habitual", now: NOW });
    const f2 = foundationalResult({ agentId: "a1", items: FOUNDATIONAL_ITEMS, exams: examsFor(14), previous: "habitual", now: later });
    expect(FoundationalResult.strict().safeParse(f1).success, show(f1)).toBe(true);
    expect({ ...f2, assessed_at: f1.assessed_at }).toEqual(f1);
    expect(f2.assessed_at).toBe(later.toISOString());

    const previous = {
      typical: "deliberate" as const,
      dimensions: {
        passion_reduction: "emerging",
        judgement_quality: "developing",
        disposition_stability: "established",
        oikeiosis_extension: "advanced",
      } as const,
    };
    const u1 = fullResult({ agentId: "a1", items: ASSESSMENT_ITEMS, exams: examsFor(55), previous, now: NOW, extractor: "offline" });
    const u2 = fullResult({ agentId: "a1", items: ASSESSMENT_ITEMS, exams: examsFor(55), previous, now: later, extractor: "offline" });
    expect(FullResult.strict().safeParse(u1).success, show(u1)).toBe(true);
    expect({ ...u2, assessed_at: u1.assessed_at }).toEqual(u1);
    expect(u1.dominant_passion, show(u1)).not.toBeNull();

    const b1 = baselineResult({ agentId: "a1", scenarios: BASELINE_SCENARIOS, exams: examsFor(4), now: NOW });
    const b2 = baselineResult({ agentId: "a1", scenarios: BASELINE_SCENARIOS, exams: examsFor(4), now: later });
    expect(BaselineResult.strict().safeParse(b1).success, show(b1)).toBe(true);
    expect({ ...b2, assessed_at: b1.assessed_at }).toEqual(b1);
  });

  it("every passion the aggregation reports was found by the engine in some response", () => {
    const exams = examsFor(55);
    const found = new Set(exams.flatMap((e) => e.assessment.passions.map((p) => p.root_passion)));
    const result = fullResult({ agentId: "a1", items: ASSESSMENT_ITEMS, exams, previous: null, now: NOW, extractor: "offline" });
    for (const p of result.passions_profile) expect(found.has(p.root_passion), show(result.passions_profile)).toBe(true);
    expect(new Set(result.passions_profile.map((p) => p.root_passion))).toEqual(found);
    expect(result.typical_proximity).toBe(typicalProximity(exams.map((e) => e.assessment.katorthoma_proximity)));
  });
});
