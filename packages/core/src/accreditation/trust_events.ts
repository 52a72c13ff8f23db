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

/** The store port of trust events, orientation readings and provenance gaps; Postgres in @svc/db. */
export interface TrustStore {
  /** Mints events; one already minted (same agent, source, source_ref, domain) is left as it is. Returns how many were new. */
  mint(events: readonly NewTrustEvent[]): Promise<number>;
  /** Every event of the agent, oldest first. */
  events(agentId: string): Promise<TrustEvent[]>;
  /** The most recent readings, newest first, and their true total (both classes). */
  readings(agentId: string, limit: number): Promise<{ readings: OrientationReading[]; total: number; examined: number }>;
  /** The most recent provenance gaps, newest first. */
  gaps(agentId: string, limit: number): Promise<ProvenanceGap[]>;
  /** How many provenance gaps the agent has in all. */
  gapCount(agentId: string): Promise<number>;
}
