import type { KatorthomaProximity, ProvenanceGapReason, VirtueDomain } from "../enums";
import { KatorthomaProximity as Proximity } from "../enums";
import { rankOf } from "../ladders";
import { AssessmentSchema, ENGINE_VERSION, orientationOf, type Assessment } from "../reason/engine";
import type { ConsultRecord } from "../reason/records";
import { SIGNED_ASSESSMENT_RETENTION_DAYS } from "../reason/signing";
import type { NewOrientationReading, NewProvenanceGap, NewTrustEvent } from "./trust_events";

/**
 * What an accreditation write's provenance proves (spec 2.15, 4.4 rule 11, 6): each verified
 * signed assessment is checked against the consult ledger, classed into the loop fold, and,
 * where attested, turned into an orientation reading and trust events. Pure: the ledger is
 * passed in as already-read records.
 */

export const LOOP_FOLD_SCHEMA = "agent-loop-fold-v2";
/** The harness time-out against which a reading is classed (spec 8): a proxy, not confirmed delivery. */
export const HARNESS_TIMEOUT_MS = 28_000;
/** Examinations older than this are out of the attestation window (the retention of signed assessments). */
export const ATTESTATION_WINDOW_DAYS = SIGNED_ASSESSMENT_RETENTION_DAYS;

export type LoopFoldClass = "kathekon_engaged" | "self_regarding_prudential" | "false_positive_hold";

/** One verified element of the provenance, with its ledger entry when there is one. */
export interface VerifiedElement {
  readonly index: number;
  readonly assessment: Record<string, unknown>;
  readonly consult: ConsultRecord | null;
}

export interface ExaminationIdentity {
  readonly owner_id: string;
  readonly agent_id: string;
}

interface Attested {
  readonly index: number;
  readonly loop_id: string;
  readonly assessment: Assessment;
  readonly consult: ConsultRecord;
}

export interface LoopFoldEntry {
  readonly position: number;
  readonly loop_id: string | null;
  readonly class: LoopFoldClass;
  /** The ledger's time of the examination; null when the ledger does not attest it. */
  readonly examined_at: string | null;
  readonly attested: boolean;
}

export interface LoopFold {
  readonly schema: typeof LOOP_FOLD_SCHEMA;
  readonly measure_only: true;
  readonly regime: string;
  /** In submission order: never re-sorted by time. */
  readonly entries: readonly LoopFoldEntry[];
  readonly classes: {
    readonly kathekon_engaged: { readonly loops: number; readonly closures: number; readonly feeds: "character" };
    readonly self_regarding_prudential: { readonly loops: number; readonly closures: number; readonly feeds: "non_dikaiosyne_domain_levels" };
    readonly false_positive_hold: { readonly loops: number; readonly feeds: "instrument_calibration" };
  };
  /** Per domain, the lowest reading among the attested, examined loops that feed it; null without such evidence. */
  readonly domain_floors: Readonly<Record<VirtueDomain, KatorthomaProximity | null>>;
  readonly refused: readonly { readonly position: number; readonly loop_id: string | null; readonly reason: "cross_regime" | "not_an_assessment" }[];
}

export interface ExaminationOutcome {
  readonly loop_fold: LoopFold;
  readonly readings: readonly NewOrientationReading[];
  readonly events: readonly NewTrustEvent[];
  readonly gaps: readonly Omit<NewProvenanceGap, "write_id">[];
  readonly attested: number;
}

const DOMAINS: readonly VirtueDomain[] = ["phronesis", "dikaiosyne", "andreia", "sophrosyne"];
const DAY_MS = 86_400_000;

function lowest(a: KatorthomaProximity | null, b: KatorthomaProximity): KatorthomaProximity {
  return a === null || rankOf(Proximity, b) < rankOf(Proximity, a) ? b : a;
}

/** The ledger's verdict on one verified element: attested, or the gap reason. */
function classifyProvenance(element: VerifiedElement, assessment: Assessment, identity: ExaminationIdentity, now: Date): ProvenanceGapReason | null {
  const consult = element.consult;
  if (!consult) return "no_ledger_entry";
  const sameAgent = consult.agent_id === null || consult.agent_id === identity.agent_id;
  if (consult.owner_id !== identity.owner_id || !sameAgent || consult.input_sha256 !== assessment.input_sha256) return "identity_mismatch";
  if (now.getTime() - Date.parse(consult.created_at) > ATTESTATION_WINDOW_DAYS * DAY_MS) return "out_of_window";
  if (consult.layer1_source === "supplied") return "caller_supplied_extraction";
  return null;
}

/** The engine could not decide the act's appropriateness: a hold, which feeds only calibration. */
export function loopFoldClass(assessment: Assessment): LoopFoldClass {
  if (assessment.is_kathekon === null) return "false_positive_hold";
  const circles = assessment.oikeiosis.relevant_circles;
  if (circles.every((c) => c.circle === "self_preservation")) return "self_regarding_prudential";
  return "kathekon_engaged";
}

function domainReadings(assessment: Assessment): Record<VirtueDomain, KatorthomaProximity | null> {
  const f = assessment.proximity_floors;
  return { phronesis: f.base, dikaiosyne: f.dikaiosyne, andreia: f.andreia, sophrosyne: f.sophrosyne };
}

/** A justice breach the record must keep showing: a violated duty to others, or a contradicted duty claim. */
function justiceBreach(assessment: Assessment): boolean {
  return (
    assessment.oikeiosis.relevant_circles.some((c) => c.circle !== "self_preservation" && c.obligation_assessment.status === "violated") ||
    assessment.corroboration.claims.some((c) => c.kind === "obligation" && c.circle !== "self_preservation" && c.finding === "contradicted")
  );
}

export function examineProvenance(elements: readonly VerifiedElement[], identity: ExaminationIdentity, now: Date): ExaminationOutcome {
  const entries: LoopFoldEntry[] = [];
  const refused: { position: number; loop_id: string | null; reason: "cross_regime" | "not_an_assessment" }[] = [];
  const gaps: Omit<NewProvenanceGap, "write_id">[] = [];
  const readings: NewOrientationReading[] = [];
  const events: NewTrustEvent[] = [];
  const floors: Record<VirtueDomain, KatorthomaProximity | null> = { phronesis: null, dikaiosyne: null, andreia: null, sophrosyne: null };
  const counts = { kathekon_engaged: { loops: 0, closures: 0 }, self_regarding_prudential: { loops: 0, closures: 0 }, false_positive_hold: { loops: 0 } };
  const seen = new Set<string>();
  const folded = new Set<string>();
  // The regime is the running engine's: examinations under other rules are not folded with it.
  const regime = ENGINE_VERSION;
  let attested = 0;

  for (const element of elements) {
    const parsed = AssessmentSchema.safeParse(element.assessment);
    const rawRef = (element.assessment.examination as { ref?: unknown } | undefined)?.ref;
    const loopId = typeof rawRef === "string" ? rawRef : null;
    if (!parsed.success) {
      refused.push({ position: element.index, loop_id: loopId, reason: "not_an_assessment" });
      continue;
    }
    const assessment = parsed.data;
    if (assessment.engine_version !== regime) {
      refused.push({ position: element.index, loop_id: loopId, reason: "cross_regime" });
      continue;
    }
    const gap = classifyProvenance(element, assessment, identity, now);
    const cls = loopFoldClass(assessment);
    const isAttested = gap === null;
    entries.push({ position: element.index, loop_id: loopId, class: cls, examined_at: isAttested ? element.consult!.created_at : null, attested: isAttested });
    // Only attested loops are counted (anyone can present another's signed assessment), and a
    // loop presented twice is one loop.
    if (isAttested && !folded.has(assessment.examination.ref)) {
      folded.add(assessment.examination.ref);
      if (cls === "false_positive_hold") counts.false_positive_hold.loops++;
      else {
        counts[cls].loops++;
        if (assessment.is_kathekon === true) counts[cls].closures++;
      }
    }
    if (gap !== null) {
      gaps.push({ agent_id: identity.agent_id, element_index: element.index, loop_id: loopId, reason: gap });
      continue;
    }
    // The same examination presented twice in one write counts once.
    if (seen.has(assessment.examination.ref)) continue;
    seen.add(assessment.examination.ref);
    attested++;
    const a: Attested = { index: element.index, loop_id: assessment.examination.ref, assessment, consult: element.consult! };
    const readingClass = a.consult.elapsed_ms <= HARNESS_TIMEOUT_MS ? "examined" : "observed";
    readings.push({
      agent_id: identity.agent_id,
      loop_id: a.loop_id,
      class: readingClass,
      direction: orientationOf(assessment).direction,
      proximity: assessment.katorthoma_proximity,
      elapsed_ms: a.consult.elapsed_ms,
      examined_at: a.consult.created_at,
    });
    // Only examined readings are evidence; holds feed calibration only; prudential loops never feed justice.
    if (readingClass !== "examined" || cls === "false_positive_hold") continue;
    const byDomain = domainReadings(assessment);
    for (const domain of DOMAINS) {
      const level = byDomain[domain];
      if (level === null) continue;
      if (domain === "dikaiosyne" && cls === "self_regarding_prudential") continue;
      floors[domain] = lowest(floors[domain], level);
      events.push({
        agent_id: identity.agent_id,
        source: "examination",
        class: "evidence",
        domain,
        level,
        source_ref: a.loop_id,
        occurred_at: a.consult.created_at,
        latch: domain === "dikaiosyne" && justiceBreach(assessment),
        note: null,
      });
    }
  }

  return {
    loop_fold: {
      schema: LOOP_FOLD_SCHEMA,
      measure_only: true,
      regime,
      entries,
      classes: {
        kathekon_engaged: { ...counts.kathekon_engaged, feeds: "character" },
        self_regarding_prudential: { ...counts.self_regarding_prudential, feeds: "non_dikaiosyne_domain_levels" },
        false_positive_hold: { ...counts.false_positive_hold, feeds: "instrument_calibration" },
      },
      domain_floors: floors,
      refused,
    },
    readings,
    events,
    gaps,
    attested,
  };
}
