import * as z from "zod";
import { KatorthomaProximity, OrientationDirection, OrientationReadingClass, ProvenanceGapReason, VirtueDomain } from "../enums";
import { rankOf } from "../ladders";
import { HARNESS_TIMEOUT_MS } from "./examinations";
import type { OrientationReading, ProvenanceGap, TrustDigest, TrustEvent } from "./trust_events";

/**
 * The public trust record (spec 2.15, 3.6), composed live at read time from server-minted
 * trust events. Pure: the service reads the stores and passes what it read.
 *
 * Per domain: the level is the weighted lower median of the examined evidence, each event
 * weighted by its age (half-life 90 days, nothing older than 270 days counts: decay is
 * realised at read). Then only downward: the most recent reflect reading can lower or hold
 * it, never raise it; curator flags and confirmed Stoa contradictions cap it where the domain
 * has independent examined evidence and are held otherwise; the justice latch caps
 * dikaiosyne for 180 days after a breach. The aggregate is the minimum over the domains that
 * have a level.
 */

export const TRUST_HALF_LIFE_DAYS = 90;
export const TRUST_HORIZON_DAYS = 270;
export const JUSTICE_LATCH_DAYS = 180;
export const TRUST_LIST_CAP = 50;
/** Below this much (decayed) examined evidence a record is sparse and its confidence low. */
const SPARSE_WEIGHT = 3;
const HIGH_CONFIDENCE_WEIGHT = 10;
const DAY_MS = 86_400_000;

const DOMAINS = VirtueDomain.options;
const Confidence = z.enum(["low", "moderate", "high"]);

export const READING_CLAUSE = "This reading attests the orientation of one specific examination, not the alignment of the agent.";
const GAP_CLAUSES: Record<ProvenanceGapReason, string> = {
  no_ledger_entry: "Not attestable: the service's consult ledger has no entry for this examination. This is an absence of evidence, not a finding.",
  out_of_window: "Not attestable: the examination is older than the 90-day attestation window. This is an absence of evidence, not a finding.",
  identity_mismatch: "Not attestable: the ledger entry belongs to another caller or agent, or to other input. This is an absence of evidence, not a finding.",
  caller_supplied_extraction:
    "Positive finding: the caller supplied this examination's Layer 1 extraction, so the service cannot attest how the reasoning was read. It is not evidence of the agent's orientation.",
};

const HONEST_CLAIMS = {
  attests: [
    "Each listed reading is the orientation of one examination the service itself ran, signed and recorded in its consult ledger.",
    "Domain levels are composed at read time from server-minted trust events only; no writer can submit one.",
    "A reading is classed examined when the service answered within the 28,000 ms harness time-out: a proxy, not confirmed delivery.",
  ],
  does_not_attest: [
    "The alignment, honesty or future conduct of the agent.",
    "That the examined accounts were true or complete: the engine reads how a decision was reasoned, not whether facts are correct.",
    "Examinations the agent did not present, or ran elsewhere.",
    "Anything binding: the record is advisory and measure-only; human override is absolute.",
  ],
} as const;

const Level = KatorthomaProximity.nullable();

export const TrustDomainLevel = z.object({
  level: Level.describe("Null when the domain has no examined evidence inside the horizon."),
  evidence_level: Level.describe("The level the examined evidence alone gives, before any lowering."),
  examined_events: z.number().int().describe("Examined evidence events inside the horizon."),
  evidence_weight: z.number().describe("Their decayed weight (each event 1 when new, halving every 90 days)."),
  last_evidence_at: z.string().nullable(),
  lowered_by: z.array(z.enum(["reflect", "curator_flag", "stoa_contradiction", "justice_latch"])).describe("What lowered the level below the evidence level."),
  held_events: z.number().int().describe("Decrease events held because the domain has no independent examined evidence."),
});

export const OrientationReadingView = z.object({
  loop_id: z.string(),
  class: OrientationReadingClass,
  direction: OrientationDirection,
  katorthoma_proximity: KatorthomaProximity,
  elapsed_ms: z.number().int(),
  examined_at: z.string(),
  clause: z.literal(READING_CLAUSE),
});

export const ProvenanceGapView = z.object({
  reason: ProvenanceGapReason,
  loop_id: z.string().nullable(),
  element_index: z.number().int(),
  recorded_at: z.string(),
  positive_finding: z.boolean().describe("True only for caller_supplied_extraction."),
  clause: z.string(),
});

export const TrustRecord = z
  .object({
    status: z.literal("ok"),
    agent_id: z.string(),
    composed_at: z.string(),
    domains: z.object(Object.fromEntries(DOMAINS.map((d) => [d, TrustDomainLevel])) as Record<VirtueDomain, typeof TrustDomainLevel>),
    aggregate: z.object({
      level: Level.describe("The minimum over the domains that have a level; null when none has."),
      domains_counted: z.array(VirtueDomain),
      rule: z.string(),
    }),
    confidence: Confidence.nullable().describe(
      "From the decayed weight of the examinations behind the levels (each 1 when new): low under 3, moderate under 10, high from 10; null with none.",
    ),
    coverage: z.object({ domains_with_evidence: z.number().int(), domains_total: z.literal(4), share: z.number() }),
    sparse: z.boolean().describe("True when there is no domain level, or the examinations behind the levels weigh less than 3 (decayed)."),
    justice_latch: z.object({
      engaged: z.boolean(),
      level: Level,
      since: z.string().nullable(),
      releases_at: z.string().nullable(),
      source: z.enum(["examination", "curator_flag", "stoa_contradiction"]).nullable(),
      held: z.boolean().describe("A latch event exists but dikaiosyne has no examined evidence, so it is held."),
    }),
    decay: z.object({ half_life_days: z.number(), horizon_days: z.number(), realised: z.literal("at_read") }),
    honest_claims: z.object({ attests: z.array(z.string()), does_not_attest: z.array(z.string()) }),
    assessor_record: z.object({
      assessor: z.string(),
      method: z.string(),
      signatures_verify_with: z.string(),
      harness_timeout_ms: z.number().int(),
      trust_events: z.number().int(),
      curator_flags: z.object({ applied: z.number().int(), held: z.number().int() }),
    }),
    coverage_gaps: z.array(z.object({ domain: VirtueDomain, reason: z.string() })),
    orientation_readings: z.array(OrientationReadingView).describe("The 50 most recent, newest first."),
    total_orientation_readings_count: z.number().int().describe("All readings of both classes."),
    examined_orientation_readings_count: z.number().int(),
    provenance_gaps: z.array(ProvenanceGapView).optional().describe("The 50 most recent, newest first; omitted when their read failed."),
    total_provenance_gaps_count: z.number().int().optional().describe("Omitted when its read failed."),
    accreditation_url: z.string().nullable(),
  })
  .describe("The public trust record of an agent.");
export type TrustRecord = z.infer<typeof TrustRecord>;

export interface TrustRecordInput {
  readonly agent_id: string;
  /** What the events add up to at `now` (`digestOf` over the events, or the store's roll-ups). */
  readonly digest: TrustDigest;
  readonly readings: { readonly readings: readonly OrientationReading[]; readonly total: number; readonly examined: number };
  /** Null when the read failed. */
  readonly gaps: readonly ProvenanceGap[] | null;
  readonly gap_count: number | null;
  readonly has_accreditation: boolean;
  readonly now: Date;
}

type Proximity = KatorthomaProximity;
const rank = (p: Proximity) => rankOf(KatorthomaProximity, p);
const lower = (a: Proximity | null, b: Proximity): Proximity => (a === null || rank(b) < rank(a) ? b : a);
const ageDays = (at: string, now: Date) => Math.max(0, (now.getTime() - Date.parse(at)) / DAY_MS);

/** An event's weight at `now`: 1 when new, halving every half-life; 0 beyond the horizon. */
export function decayWeight(at: string, now: Date): number {
  return weightAtAge(ageDays(at, now));
}

function weightAtAge(age: number): number {
  return age > TRUST_HORIZON_DAYS ? 0 : 0.5 ** (age / TRUST_HALF_LIFE_DAYS);
}

/**
 * Decay as a product: an event at time t weighs 2^((t - E) / H) × 2^(-(now - E) / H) at `now`
 * (H the half-life, E a fixed epoch), so a store can keep each day's sum of the first factor,
 * its growth, when it mints, and a read multiplies by the second. The epoch keeps both factors
 * inside double range for centuries.
 */
export const TRUST_GROWTH_EPOCH = "2020-01-01T00:00:00.000Z";
const GROWTH_EPOCH_MS = Date.parse(TRUST_GROWTH_EPOCH);
const growthExponent = (ms: number) => (ms - GROWTH_EPOCH_MS) / DAY_MS / TRUST_HALF_LIFE_DAYS;

/** An event's growth, 2^((t - epoch) / half-life): what the store's roll-ups sum. */
export function trustGrowth(at: string): number {
  return 2 ** growthExponent(Date.parse(at));
}

type Tallies = Map<string, { domain: VirtueDomain; level: Proximity; events: number; weight: number; last_at: string }>;

/** Adds evidence to its domain and level's tally. */
function tally(tallies: Tallies, domain: VirtueDomain, level: Proximity, events: number, weight: number, last_at: string): void {
  const key = `${domain} ${level}`;
  const t = tallies.get(key) ?? { domain, level, events: 0, weight: 0, last_at };
  t.events += events;
  t.weight += weight;
  if (last_at > t.last_at) t.last_at = last_at;
  tallies.set(key, t);
}

/** The digest of an agent's events at `now`, read from the events themselves (any order). */
export function digestOf(events: readonly TrustEvent[], now: Date): TrustDigest {
  const ordered = events.map((e) => ({ e, t: Date.parse(e.occurred_at) })).sort((a, b) => a.t - b.t);
  const tallies: Tallies = new Map();
  const examinations = new Map<string, number>();
  const reflects = new Map<VirtueDomain, TrustEvent>();
  const ever = new Set<VirtueDomain>();
  for (const { e, t } of ordered) {
    const age = Math.max(0, (now.getTime() - t) / DAY_MS);
    const weight = weightAtAge(age);
    if (e.class === "evidence") {
      ever.add(e.domain);
      examinations.set(e.source_ref, weight);
      if (weight > 0) tally(tallies, e.domain, e.level, 1, weight, e.occurred_at);
    }
    if (e.source === "reflect" && weight > 0) reflects.set(e.domain, e);
  }
  return {
    evidence: [...tallies.values()],
    domains_ever: DOMAINS.filter((d) => ever.has(d)),
    examinations_weight: [...examinations.values()].reduce((s, w) => s + w, 0),
    reflects: [...reflects.values()],
    decreases: ordered.filter((x) => x.e.class === "decrease").map((x) => x.e),
    latches: ordered.filter((x) => x.e.latch && x.e.domain === "dikaiosyne" && (now.getTime() - x.t) / DAY_MS <= JUSTICE_LATCH_DAYS).map((x) => x.e),
    event_count: events.length,
  };
}

/**
 * The instants a store's roll-ups are read around at `now`: days after `boundaryDay` and before
 * `today` (UTC) lie wholly inside the horizon, so their growth sums decay exactly; the events of
 * the boundary day and of today on are read one by one. Of those days, the whole months from
 * `afterBoundaryMonth` to before `todayMonth` can be read as months.
 */
export function rollupWindow(now: Date): {
  readonly boundaryDay: string;
  readonly today: string;
  readonly afterBoundaryMonth: string;
  readonly todayMonth: string;
  readonly boundaryEnd: Date;
  readonly todayStart: Date;
  readonly horizonStart: Date;
  readonly latchStart: Date;
} {
  const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
  const horizonStart = now.getTime() - TRUST_HORIZON_DAYS * DAY_MS;
  const boundaryStart = startOfDay(horizonStart);
  const todayStart = startOfDay(now.getTime());
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const boundary = new Date(boundaryStart);
  return {
    boundaryDay: day(boundaryStart),
    today: day(todayStart),
    afterBoundaryMonth: day(Date.UTC(boundary.getUTCFullYear(), boundary.getUTCMonth() + 1, 1)),
    todayMonth: `${day(todayStart).slice(0, 7)}-01`,
    boundaryEnd: new Date(boundaryStart + DAY_MS),
    todayStart: new Date(todayStart),
    horizonStart: new Date(horizonStart),
    latchStart: new Date(now.getTime() - JUSTICE_LATCH_DAYS * DAY_MS),
  };
}

/** What a store reads to build a digest at `now` without reading every event (`rollupWindow`). */
export interface TrustRollups {
  /** Evidence from the horizon's start up to `now`, per domain and level: events, summed growth, the latest. */
  readonly evidence: readonly { domain: VirtueDomain; level: Proximity; events: number; growth: number; last_at: string }[];
  /** Evidence dated after `now` (a writer's clock ahead of the reader's), which weighs 1. */
  readonly future: readonly { domain: VirtueDomain; level: Proximity; events: number; last_at: string }[];
  /** The examinations behind that evidence: the summed growth of those up to `now`, how many after it. */
  readonly examinations: { readonly growth: number; readonly future: number };
  readonly domains_ever: readonly VirtueDomain[];
  readonly reflects: readonly TrustEvent[];
  readonly decreases: readonly TrustEvent[];
  readonly latches: readonly TrustEvent[];
  readonly event_count: number;
}

/** The digest from a store's roll-ups: the same as `digestOf` over every event, to rounding. */
export function digestOfRollups(r: TrustRollups, now: Date): TrustDigest {
  const decay = 2 ** -growthExponent(now.getTime());
  const tallies: Tallies = new Map();
  for (const t of r.evidence) tally(tallies, t.domain, t.level, t.events, t.growth * decay, t.last_at);
  for (const t of r.future) tally(tallies, t.domain, t.level, t.events, t.events, t.last_at);
  return {
    evidence: [...tallies.values()],
    domains_ever: r.domains_ever,
    examinations_weight: r.examinations.growth * decay + r.examinations.future,
    reflects: r.reflects,
    decreases: r.decreases,
    latches: r.latches,
    event_count: r.event_count,
  };
}

/** The lowest rung at which the cumulative weight reaches half the total: the conservative median. */
function weightedLowerMedian(items: readonly { level: Proximity; weight: number }[]): Proximity | null {
  const total = items.reduce((s, i) => s + i.weight, 0);
  if (total <= 0) return null;
  const sorted = [...items].sort((a, b) => rank(a.level) - rank(b.level));
  let cumulative = 0;
  for (const item of sorted) {
    cumulative += item.weight;
    if (cumulative >= total / 2) return item.level;
  }
  return sorted[sorted.length - 1]!.level;
}

/** Whether the store holds any examined trust evidence or gap entry (else 404, spec 3.6). */
export function hasTrustSurface(input: Pick<TrustRecordInput, "digest" | "gap_count" | "gaps">): boolean {
  return input.digest.domains_ever.length > 0 || (input.gap_count ?? input.gaps?.length ?? 0) > 0;
}

/**
 * What a decrease event (a curator flag, a confirmed Stoa contradiction) on `domain` does now:
 * applied where the domain has examined evidence inside the horizon, held otherwise (spec 3.6).
 */
export function decreaseStatus(digest: TrustDigest, domain: VirtueDomain): "applied" | "held" {
  return digest.evidence.some((t) => t.domain === domain && t.weight > 0) ? "applied" : "held";
}

export function composeTrustRecord(input: TrustRecordInput): TrustRecord {
  const { now, digest } = input;
  const domains = {} as Record<VirtueDomain, z.infer<typeof TrustDomainLevel>>;
  let flagsApplied = 0;
  let flagsHeld = 0;
  const latchEvents = digest.latches;

  for (const domain of DOMAINS) {
    const evidence = digest.evidence.filter((t) => t.domain === domain && t.weight > 0);
    const weight = evidence.reduce((s, e) => s + e.weight, 0);
    const evidenceLevel = weightedLowerMedian(evidence);
    let level = evidenceLevel;
    const loweredBy = new Set<z.infer<typeof TrustDomainLevel>["lowered_by"][number]>();
    let held = 0;

    // Reflect history: the most recent reflect reading inside the horizon can lower or hold.
    const reflect = digest.reflects.find((e) => e.domain === domain);
    if (level !== null && reflect && rank(reflect.level) < rank(level)) {
      level = reflect.level;
      loweredBy.add("reflect");
    }
    // Decrease events stand until withdrawn; without independent examined evidence they are held.
    for (const e of digest.decreases.filter((x) => x.domain === domain)) {
      if (level === null) {
        held++;
        if (e.source === "curator_flag") flagsHeld++;
        continue;
      }
      if (e.source === "curator_flag") flagsApplied++;
      if (rank(e.level) < rank(level)) {
        level = e.level;
        loweredBy.add(e.source === "curator_flag" ? "curator_flag" : "stoa_contradiction");
      }
    }
    if (domain === "dikaiosyne" && level !== null) {
      for (const e of latchEvents) {
        if (rank(e.level) < rank(level)) {
          level = e.level;
          loweredBy.add("justice_latch");
        }
      }
    }
    domains[domain] = {
      level,
      evidence_level: evidenceLevel,
      examined_events: evidence.reduce((s, e) => s + e.events, 0),
      evidence_weight: Math.round(weight * 1000) / 1000,
      last_evidence_at: evidence.length
        ? evidence
            .map((e) => e.last_at)
            .sort()
            .at(-1)!
        : null,
      lowered_by: [...loweredBy],
      held_events: held,
    };
  }

  // Confidence and sparseness count examinations, not domain events: one examination feeds several domains.
  const totalWeight = digest.examinations_weight;
  const counted = DOMAINS.filter((d) => domains[d].level !== null);
  const aggregate = counted.reduce<Proximity | null>((min, d) => lower(min, domains[d].level!), null);
  const latchLevel = latchEvents.reduce<Proximity | null>((min, e) => lower(min, e.level), null);
  const latchSince = latchEvents.length
    ? latchEvents
        .map((e) => e.occurred_at)
        .sort()
        .at(-1)!
    : null;
  const latchSource = latchEvents.length ? latchEvents.find((e) => e.occurred_at === latchSince)!.source : null;
  const latchHeld = latchEvents.length > 0 && domains.dikaiosyne.level === null;

  return {
    status: "ok",
    agent_id: input.agent_id,
    composed_at: now.toISOString(),
    domains,
    aggregate: { level: aggregate, domains_counted: counted, rule: "the minimum over the domains that have a level" },
    confidence: totalWeight <= 0 ? null : totalWeight < SPARSE_WEIGHT ? "low" : totalWeight < HIGH_CONFIDENCE_WEIGHT ? "moderate" : "high",
    coverage: { domains_with_evidence: counted.length, domains_total: 4, share: counted.length / 4 },
    sparse: aggregate === null || totalWeight < SPARSE_WEIGHT,
    justice_latch: {
      engaged: latchEvents.length > 0 && !latchHeld,
      level: latchHeld ? null : latchLevel,
      since: latchSince,
      releases_at: latchSince ? new Date(Date.parse(latchSince) + JUSTICE_LATCH_DAYS * DAY_MS).toISOString() : null,
      source: latchSource === "reflect" ? null : latchSource,
      held: latchHeld,
    },
    decay: { half_life_days: TRUST_HALF_LIFE_DAYS, horizon_days: TRUST_HORIZON_DAYS, realised: "at_read" },
    honest_claims: { attests: [...HONEST_CLAIMS.attests], does_not_attest: [...HONEST_CLAIMS.does_not_attest] },
    assessor_record: {
      assessor: "Stoic Reasoning Service, Layer 2 deterministic engine",
      method: "signed assessments presented in accreditation writes, verified and matched to the consult ledger; levels composed at read",
      signatures_verify_with: "/api/public-key",
      harness_timeout_ms: HARNESS_TIMEOUT_MS,
      trust_events: digest.event_count,
      curator_flags: { applied: flagsApplied, held: flagsHeld },
    },
    coverage_gaps: DOMAINS.filter((d) => domains[d].level === null).map((domain) => ({
      domain,
      reason:
        domains[domain].examined_events === 0 && digest.domains_ever.includes(domain)
          ? "examined evidence older than the 270-day horizon"
          : "no examined evidence in this domain",
    })),
    orientation_readings: input.readings.readings.slice(0, TRUST_LIST_CAP).map((r) => ({
      loop_id: r.loop_id,
      class: r.class,
      direction: r.direction,
      katorthoma_proximity: r.proximity,
      elapsed_ms: r.elapsed_ms,
      examined_at: r.examined_at,
      clause: READING_CLAUSE,
    })),
    total_orientation_readings_count: input.readings.total,
    examined_orientation_readings_count: input.readings.examined,
    ...(input.gaps
      ? {
          provenance_gaps: input.gaps.slice(0, TRUST_LIST_CAP).map((g) => ({
            reason: g.reason,
            loop_id: g.loop_id,
            element_index: g.element_index,
            recorded_at: g.recorded_at,
            positive_finding: g.reason === "caller_supplied_extraction",
            clause: GAP_CLAUSES[g.reason],
          })),
        }
      : {}),
    ...(input.gap_count !== null ? { total_provenance_gaps_count: input.gap_count } : {}),
    accreditation_url: input.has_accreditation ? `/api/accreditation/${encodeURIComponent(input.agent_id)}` : null,
  };
}
