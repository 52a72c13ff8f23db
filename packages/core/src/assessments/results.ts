import * as z from "zod";
import {
  CausalSequenceIntegrity,
  ControlClarity,
  DimensionLevel,
  DirectionOfTravel,
  KatorthomaProximity,
  OikeiosisCircle,
  ProfileDimension,
  RootPassion,
  SenecanGrade,
  VirtueDomain,
} from "../enums";
import { PASSIONS } from "../framework";
import { deriveFromProximity, OIKEIOSIS_LADDER, rankOf } from "../ladders";
import { SCORING_DISCLAIMER } from "../reason/consult";
import { ENGINE_VERSION } from "../reason/engine";
import type { Examination } from "../reason/examine";
import { PassionFinding } from "../scoring/lenses";
import type { AssessmentItem, BaselineScenario } from "./framework";

/**
 * Aggregation of examined responses into the results of spec 2.9, 2.10 and 2.11. Every rule is
 * deterministic and stated where it is applied; docs/assessments.md lists them.
 */
type Proximity = z.infer<typeof KatorthomaProximity>;
type Dimension = z.infer<typeof ProfileDimension>;

export const PerAssessmentSummary = z.object({
  assessment_id: z.string(),
  title: z.string(),
  proximity_level: KatorthomaProximity,
  passions_detected: z.array(PassionFinding),
  summary: z.string(),
});

const rank = (p: Proximity) => rankOf(KatorthomaProximity, p);

/** The typical reading: the lower median of the readings (a high outlier cannot lift it). */
export function typicalProximity(readings: readonly Proximity[]): Proximity {
  const sorted = [...readings].sort((a, b) => rank(a) - rank(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Mean rank 0..4 -> level: below 1 emerging, below 2 developing, below 3 established, else advanced. */
export function dimensionLevel(meanRank: number): z.infer<typeof DimensionLevel> {
  return meanRank < 1 ? "emerging" : meanRank < 2 ? "developing" : meanRank < 3 ? "established" : "advanced";
}

function passionsOf(exams: readonly Examination[]): z.infer<typeof PassionFinding>[] {
  const seen = new Map<string, z.infer<typeof PassionFinding>>();
  for (const exam of exams) {
    for (const p of exam.assessment.passions) {
      const key = `${p.root_passion}/${p.sub_species ?? ""}`;
      if (!seen.has(key)) seen.set(key, { root_passion: p.root_passion, sub_species: p.sub_species, false_judgement: p.false_judgement });
    }
  }
  return [...seen.values()];
}

function summaryOf(item: { title: string }, exam: Examination): string {
  const a = exam.assessment;
  const passions = a.passions.length > 0 ? ` A passion shows (${[...new Set(a.passions.map((p) => p.root_passion))].join(", ")}).` : "";
  const question = a.practice.suggestion ? ` To consider: ${a.practice.suggestion.question}` : "";
  return `${item.title}: the response reads at ${a.katorthoma_proximity}.${passions}${question}`;
}

export function perAssessmentSummaries(items: readonly AssessmentItem[], exams: readonly Examination[]) {
  return items.map((item, i) => ({
    assessment_id: item.id,
    title: item.title,
    phase: item.phase,
    proximity_level: exams[i]!.assessment.katorthoma_proximity,
    passions_detected: passionsOf([exams[i]!]),
    summary: summaryOf(item, exams[i]!),
  }));
}

/** Share of examinations meeting a condition -> three levels at thirds. */
function thirds<T extends string>(exams: readonly Examination[], test: (e: Examination) => boolean, [low, mid, high]: readonly [T, T, T]): T {
  const share = exams.filter(test).length / Math.max(1, exams.length);
  return share >= 2 / 3 ? high : share >= 1 / 3 ? mid : low;
}

/** Direction against the previous result's typical reading: half a rung either way is stable; null without one. */
export function directionFrom(previous: Proximity | null, current: readonly Proximity[]): z.infer<typeof DirectionOfTravel> | null {
  if (previous === null) return null;
  const mean = current.reduce((s, p) => s + rank(p), 0) / current.length;
  return mean - rank(previous) > 0.5 ? "improving" : rank(previous) - mean > 0.5 ? "declining" : "stable";
}

export const FoundationalResult = z.object({
  agent_id: z.string(),
  tier: z.literal("free"),
  assessment_name: z.string(),
  phases_completed: z.array(z.number().int()),
  assessments_completed: z.number().int(),
  senecan_grade_estimate: SenecanGrade,
  katorthoma_proximity_summary: KatorthomaProximity,
  control_clarity: ControlClarity,
  initial_passions_detected: z.array(PassionFinding),
  causal_sequence_integrity: CausalSequenceIntegrity,
  direction_of_travel: DirectionOfTravel.nullable().describe("Against the agent's previous result; null for a first one."),
  per_assessment_summaries: z.array(PerAssessmentSummary),
  assessed_at: z.string(),
  cta: z.object({ action: z.string(), url: z.string(), message: z.string(), tier_required: z.literal("paid") }),
  disclaimer: z.string(),
});
export type FoundationalResult = z.infer<typeof FoundationalResult>;

export function foundationalResult(input: {
  agentId: string;
  items: readonly AssessmentItem[];
  exams: readonly Examination[];
  previous: Proximity | null;
  now: Date;
}): FoundationalResult {
  const { items, exams } = input;
  const readings = exams.map((e) => e.assessment.katorthoma_proximity);
  const typical = typicalProximity(readings);
  const foundations = exams.filter((_, i) => items[i]!.phase === 1);
  const causal = exams.filter((_, i) => items[i]!.phase === 2);
  return {
    agent_id: input.agentId,
    tier: "free",
    assessment_name: "Foundational assessment",
    phases_completed: [1, 2],
    assessments_completed: exams.length,
    senecan_grade_estimate: deriveFromProximity(typical).senecan_grade,
    katorthoma_proximity_summary: typical,
    // Clarity about what is up to us: responses whose ruling faculty reads as governed.
    control_clarity: thirds(foundations, (e) => e.assessment.ruling_faculty_state === "governed", ["weak", "moderate", "strong"] as const),
    initial_passions_detected: passionsOf(exams),
    // The causal sequence holds where assent was reasoned (base deliberate or better) and no strong passion moved it.
    causal_sequence_integrity: thirds(
      causal,
      (e) => rank(e.assessment.proximity_floors.base) >= rank("deliberate") && !e.assessment.passions.some((p) => p.intensity === "strong"),
      ["compromised", "partially_compromised", "intact"] as const,
    ),
    direction_of_travel: directionFrom(input.previous, readings),
    per_assessment_summaries: perAssessmentSummaries(items, exams).map(({ phase: _phase, ...rest }) => rest),
    assessed_at: input.now.toISOString(),
    cta: {
      action: "take_full_assessment",
      url: "/api/assessment/full",
      message: "The full assessment (55 responses over eight phases) reads the four dimensions of progress and the passions in depth. It needs a paid key.",
      tier_required: "paid",
    },
    disclaimer: SCORING_DISCLAIMER,
  };
}

const DimensionLevels = z.object({
  passion_reduction: DimensionLevel,
  judgement_quality: DimensionLevel,
  disposition_stability: DimensionLevel,
  oikeiosis_extension: DimensionLevel,
});
export type DimensionLevels = z.infer<typeof DimensionLevels>;

/** Mean rank of the readings that inform each dimension. */
function dimensionLevels(dimensionOf: readonly Dimension[], readings: readonly Proximity[]): DimensionLevels {
  const levelOf = (d: Dimension) => {
    const own = readings.filter((_, i) => dimensionOf[i] === d);
    const pool = own.length > 0 ? own : readings;
    return dimensionLevel(pool.reduce((s, p) => s + rank(p), 0) / pool.length);
  };
  return {
    passion_reduction: levelOf("passion_reduction"),
    judgement_quality: levelOf("judgement_quality"),
    disposition_stability: levelOf("disposition_stability"),
    oikeiosis_extension: levelOf("oikeiosis_extension"),
  };
}

/** The widest circle whose duty is claimed met in at least a third of the responses; null when none is. */
function oikeiosisStage(exams: readonly Examination[]): z.infer<typeof OikeiosisCircle> | null {
  const met = (circle: z.infer<typeof OikeiosisCircle>) =>
    exams.filter((e) => e.extraction.circles.some((c) => c.circle === circle && c.obligation_claim === "met")).length;
  const reached = [...OIKEIOSIS_LADDER].reverse().find((circle) => met(circle) * 3 >= exams.length && met(circle) > 0);
  return reached ?? null;
}

function dominantPassion(exams: readonly Examination[]): z.infer<typeof PassionFinding> | null {
  const counts = RootPassion.options.map((root) => ({
    root,
    count: exams.filter((e) => e.assessment.passions.some((p) => p.root_passion === root)).length,
  }));
  const top = counts.filter((c) => c.count > 0).sort((a, b) => b.count - a.count)[0];
  if (!top) return null;
  const entry = PASSIONS.find((p) => p.id === top.root)!;
  const subs = exams.flatMap((e) => e.assessment.passions.filter((p) => p.root_passion === top.root).map((p) => p.sub_species));
  const sub = subs.find((s) => s !== null) ?? null;
  return { root_passion: top.root, sub_species: sub, false_judgement: entry.false_judgement };
}

export const FullResult = z.object({
  agent_id: z.string(),
  tier: z.literal("paid"),
  assessment_name: z.string(),
  phases_completed: z.array(z.number().int()),
  assessments_completed: z.number().int(),
  senecan_grade: SenecanGrade,
  dimension_levels: DimensionLevels,
  dominant_passion: PassionFinding.nullable().describe("Null when no passion shows in any response."),
  typical_proximity: KatorthomaProximity,
  oikeiosis_stage: OikeiosisCircle.nullable().describe("The widest circle whose duty the responses show met; null when none."),
  passions_profile: z.array(z.object({ root_passion: RootPassion, responses: z.number().int(), share: z.number() })),
  critical_corrections: z.array(z.object({ root_passion: RootPassion, false_judgement: z.string(), remedy: z.string() })),
  direction_of_travel: DirectionOfTravel.nullable(),
  dimension_directions: z.record(ProfileDimension, DirectionOfTravel.nullable()),
  examination_protocol: z.string(),
  per_assessment_summaries: z.array(PerAssessmentSummary.extend({ phase: z.number().int() })),
  assessed_at: z.string(),
  disclaimer: z.string(),
});
export type FullResult = z.infer<typeof FullResult>;

export function fullResult(input: {
  agentId: string;
  items: readonly AssessmentItem[];
  exams: readonly Examination[];
  previous: { typical: Proximity; dimensions: DimensionLevels | null } | null;
  now: Date;
  extractor: string;
}): FullResult {
  const { items, exams } = input;
  const readings = exams.map((e) => e.assessment.katorthoma_proximity);
  const typical = typicalProximity(readings);
  const levels = dimensionLevels(
    items.map((i) => i.dimension),
    readings,
  );
  const roots = RootPassion.options.map((root) => {
    const responses = exams.filter((e) => e.assessment.passions.some((p) => p.root_passion === root)).length;
    return { root_passion: root, responses, share: Math.round((responses / exams.length) * 100) / 100 };
  });
  const levelRank = (l: z.infer<typeof DimensionLevel>) => rankOf(DimensionLevel, l);
  const dimensionDirection = (d: Dimension) => {
    const before = input.previous?.dimensions?.[d];
    if (!before) return null;
    const delta = levelRank(levels[d]) - levelRank(before);
    return delta > 0 ? ("improving" as const) : delta < 0 ? ("declining" as const) : ("stable" as const);
  };
  return {
    agent_id: input.agentId,
    tier: "paid",
    assessment_name: "Full assessment",
    phases_completed: [1, 2, 3, 4, 5, 6, 7, 8],
    assessments_completed: exams.length,
    senecan_grade: deriveFromProximity(typical).senecan_grade,
    dimension_levels: levels,
    dominant_passion: dominantPassion(exams),
    typical_proximity: typical,
    oikeiosis_stage: oikeiosisStage(exams),
    passions_profile: roots.filter((r) => r.responses > 0),
    critical_corrections: roots
      .filter((r) => r.responses > 0)
      .map((r) => {
        const entry = PASSIONS.find((p) => p.id === r.root_passion)!;
        return { root_passion: r.root_passion, false_judgement: entry.false_judgement, remedy: entry.remedy };
      }),
    direction_of_travel: directionFrom(input.previous?.typical ?? null, readings),
    dimension_directions: {
      passion_reduction: dimensionDirection("passion_reduction"),
      judgement_quality: dimensionDirection("judgement_quality"),
      disposition_stability: dimensionDirection("disposition_stability"),
      oikeiosis_extension: dimensionDirection("oikeiosis_extension"),
    },
    examination_protocol: `Each of the ${exams.length} responses was examined on its own by the reason engine (Layer 1: ${input.extractor}; Layer 2: ${ENGINE_VERSION}), with its prompt as context; the results were aggregated by fixed rules: the typical reading is the lower median, each dimension the mean rung of its items, the circle stage the widest circle met in a third of the responses.`,
    per_assessment_summaries: perAssessmentSummaries(items, exams),
    assessed_at: input.now.toISOString(),
    disclaimer: SCORING_DISCLAIMER,
  };
}

export const BaselineResult = z.object({
  agent_id: z.string(),
  senecan_grade: SenecanGrade,
  typical_proximity: KatorthomaProximity,
  dominant_passion: PassionFinding.nullable(),
  oikeiosis_stage: OikeiosisCircle.nullable(),
  dimension_levels: DimensionLevels,
  scenario_evaluations: z.array(
    z.object({
      scenario_id: z.string(),
      virtue: z.string(),
      domain: VirtueDomain,
      proximity_level: KatorthomaProximity,
      is_kathekon: z.boolean().nullable(),
      circles_at_stake: z.array(OikeiosisCircle),
      circles_addressed: z.array(OikeiosisCircle).describe("The circles at stake that the response speaks to."),
      passions_detected: z.array(PassionFinding),
      summary: z.string(),
    }),
  ),
  strongest_domain: VirtueDomain,
  growth_edge: VirtueDomain,
  interpretation: z.string(),
  disclaimer: z.string(),
  assessed_at: z.string(),
});
export type BaselineResult = z.infer<typeof BaselineResult>;

/** Which dimension each baseline scenario's virtue mainly informs. */
const DIMENSION_OF_DOMAIN: Record<z.infer<typeof VirtueDomain>, Dimension> = {
  phronesis: "judgement_quality",
  dikaiosyne: "oikeiosis_extension",
  andreia: "disposition_stability",
  sophrosyne: "passion_reduction",
};

export function baselineResult(input: { agentId: string; scenarios: readonly BaselineScenario[]; exams: readonly Examination[]; now: Date }): BaselineResult {
  const { scenarios, exams } = input;
  const readings = exams.map((e) => e.assessment.katorthoma_proximity);
  const typical = typicalProximity(readings);
  const evaluations = scenarios.map((s, i) => {
    const exam = exams[i]!;
    const addressed = s.circles_at_stake.filter((c) => exam.extraction.circles.some((x) => x.circle === c));
    return {
      scenario_id: s.id,
      virtue: s.virtue,
      domain: s.domain,
      proximity_level: exam.assessment.katorthoma_proximity,
      is_kathekon: exam.assessment.is_kathekon,
      circles_at_stake: [...s.circles_at_stake],
      circles_addressed: addressed,
      passions_detected: passionsOf([exam]),
      summary: summaryOf({ title: s.title }, exam),
    };
  });
  // Strongest: the highest reading (the first on a tie); growth edge: the lowest (the last on a tie).
  const byRank = evaluations.map((e, i) => ({ e, i, r: rank(e.proximity_level) }));
  const strongest = [...byRank].sort((a, b) => b.r - a.r || a.i - b.i)[0]!.e;
  const edge = [...byRank].sort((a, b) => a.r - b.r || b.i - a.i)[0]!.e;
  const interpretation =
    strongest.proximity_level === edge.proximity_level
      ? `The four responses read alike (${typical}); no virtue stands out from the others in these scenarios.`
      : `Reasoning is steadiest in ${strongest.virtue} (${strongest.proximity_level}) and least settled in ${edge.virtue} (${edge.proximity_level}); the scenario on ${edge.virtue} is the one to practise on.`;
  return {
    agent_id: input.agentId,
    senecan_grade: deriveFromProximity(typical).senecan_grade,
    typical_proximity: typical,
    dominant_passion: dominantPassion(exams),
    oikeiosis_stage: oikeiosisStage(exams),
    dimension_levels: dimensionLevels(
      scenarios.map((s) => DIMENSION_OF_DOMAIN[s.domain]),
      readings,
    ),
    scenario_evaluations: evaluations,
    strongest_domain: strongest.domain,
    growth_edge: edge.domain,
    interpretation,
    disclaimer: SCORING_DISCLAIMER,
    assessed_at: input.now.toISOString(),
  };
}
