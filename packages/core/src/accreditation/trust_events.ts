import type { KatorthomaProximity, OrientationDirection, OrientationReadingClass, ProvenanceGapReason, VirtueDomain } from "../enums";

/**
 * Trust events: the only input of an agent's public trust record (spec 2.15, 3.6, 6). They
 * are minted by the server alone, from examinations an accreditation write attested, curator
 * flags, confirmed Stoa contradictions and completed reflect passes; no route lets a consumer
 * write one. Levels are composed from them at read time (./trust_record.ts).
 */

/** Where a trust event came from. */
export type TrustEventSource = "examination" | "curator_flag" | "stoa_contradiction" | "reflect";

/**
 * How an event may move a level: `evidence` is examined evidence (it sets a level),
 * `decrease` can only lower (curator flags, Stoa contradictions), `hold` can lower or hold,
 * never raise (reflect history).
 */
export type TrustEventClass = "evidence" | "decrease" | "hold";

export interface NewTrustEvent {
  readonly agent_id: string;
  readonly source: TrustEventSource;
  readonly class: TrustEventClass;
  readonly domain: VirtueDomain;
  readonly level: KatorthomaProximity;
  /** The loop id, flag id, declaration id or reflect session that produced it; with source and domain, unique per agent. */
  readonly source_ref: string;
  /** When what it records happened (the consult's time for an examination). */
  readonly occurred_at: string;
  /** Engages the justice latch (dikaiosyne only): a breach of justice the record must keep showing. */
  readonly latch?: boolean;
  readonly note?: string | null;
}

export interface TrustEvent extends NewTrustEvent {
  readonly id: string;
  readonly latch: boolean;
  readonly note: string | null;
  readonly minted_at: string;
}

export interface NewOrientationReading {
  readonly agent_id: string;
  readonly loop_id: string;
  readonly class: OrientationReadingClass;
  readonly direction: OrientationDirection;
  readonly proximity: KatorthomaProximity;
  readonly elapsed_ms: number;
  readonly examined_at: string;
}

export interface OrientationReading extends NewOrientationReading {
  readonly minted_at: string;
}

export interface NewProvenanceGap {
  readonly agent_id: string;
  readonly write_id: string;
  /** Index of the element in the write's provenance.signed_assessments. */
  readonly element_index: number;
  readonly loop_id: string | null;
  readonly reason: ProvenanceGapReason;
}

export interface ProvenanceGap extends NewProvenanceGap {
  readonly id: string;
  readonly recorded_at: string;
}

/** Examined evidence of one domain at one level inside the horizon: how many events, their decayed weight at `now`, the latest. */
export interface EvidenceTally {
  readonly domain: VirtueDomain;
  readonly level: KatorthomaProximity;
  readonly events: number;
  readonly weight: number;
  readonly last_at: string;
}

/**
 * All the trust record needs of an agent's events at one instant, whatever their number: the
 * weighted median needs only each level's decayed weight, confidence only the examinations'
 * summed weight, and the lowering events are few (decreases stand until withdrawn; only the
 * latest reflect per domain counts; the latch looks back 180 days).
 */
export interface TrustDigest {
  /** Tallies with weight above 0 (inside the 270-day horizon), any order. */
  readonly evidence: readonly EvidenceTally[];
  /** Domains with examined evidence at any age. */
  readonly domains_ever: readonly VirtueDomain[];
  /** The decayed weight of the examinations behind the evidence, each examination once. */
  readonly examinations_weight: number;
  /** The most recent reflect event of each domain inside the horizon. */
  readonly reflects: readonly TrustEvent[];
  /** Every decrease event (curator flags, confirmed Stoa contradictions), oldest first. */
  readonly decreases: readonly TrustEvent[];
  /** Justice-latch events on dikaiosyne inside the 180-day latch window, oldest first. */
  readonly latches: readonly TrustEvent[];
  /** How many trust events the agent has in all. */
  readonly event_count: number;
}

/** The store port of trust events, orientation readings and provenance gaps; Postgres in @svc/db. */
export interface TrustStore {
  /** Mints events; one already minted (same agent, source, source_ref, domain) is left as it is. Returns how many were new. */
  mint(events: readonly NewTrustEvent[]): Promise<number>;
  /** Every event of the agent, oldest first. */
  events(agentId: string): Promise<TrustEvent[]>;
  /**
   * What the agent's events add up to at `now` (`TrustDigest`), read from
   * roll-ups kept as events are minted, so its cost does not grow with the history.
   */
  digest(agentId: string, now: Date): Promise<TrustDigest>;
  /** The most recent readings, newest first, and their true total (both classes). */
  readings(agentId: string, limit: number): Promise<{ readings: OrientationReading[]; total: number; examined: number }>;
  /** The most recent provenance gaps, newest first. */
  gaps(agentId: string, limit: number): Promise<ProvenanceGap[]>;
  /** How many provenance gaps the agent has in all. */
  gapCount(agentId: string): Promise<number>;
}
