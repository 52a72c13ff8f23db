import type { DecisionOutcome, GateBasis, ReadSchemaVersion, SubjectKind, SurfacedChannel } from "./schemas";

/** Watching cycles: the rows a cycle is stored as, and the store port. */

// ---------------------------------------------------------------------------------------
// Stored rows and the store port

export interface NewWatchingDecision {
  readonly id: string;
  readonly position: number;
  readonly subject_kind: SubjectKind;
  readonly subject_ref: string;
  readonly subject_key: string;
  readonly outcome: DecisionOutcome;
  readonly held_at: string | null;
  readonly wait_bound_ms: number | null;
  readonly closed_at: string | null;
  /** The runner's gate basis with `disclosures` appended by the server. */
  readonly gate_basis: GateBasis & { readonly disclosures: readonly string[] };
  readonly flagged: boolean;
}

export interface NewWatchingEvent {
  readonly id: string;
  readonly position: number;
  readonly check_schema: string;
  readonly check_id: string;
  readonly library_version: string;
  readonly models: readonly string[];
  readonly ran_at: string;
  readonly winner_subject_key: string | null;
  readonly surfaced_channel: SurfacedChannel;
  readonly read_from_schema_versions: readonly ReadSchemaVersion[];
  /** The act, sealed with `<event id>/surfaced_act` as associated data. */
  readonly sealed_surfaced_act: string;
  readonly surfaced_act_sha256: string;
  readonly deliverable: boolean;
  /** The snapshot's canonical JSON, sealed with `<event id>/expectation` as associated data. */
  readonly sealed_expectation_snapshot: string | null;
  readonly flagged: boolean;
  readonly decisions: readonly NewWatchingDecision[];
  readonly late_responses: ReadonlyArray<{
    readonly id: string;
    readonly position: number;
    readonly subject_key: string;
    readonly received_at: string;
    readonly closed_at: string;
  }>;
  readonly lifts: ReadonlyArray<{
    readonly id: string;
    readonly position: number;
    readonly subject_key: string;
    readonly principal_handle: string;
    readonly lifted_at: string;
  }>;
}

export interface NewWatchingCycle {
  readonly id: string;
  readonly owner_id: string;
  readonly agent_id: string;
  readonly cycle_id: string;
  /** Who recorded it (`key:<id>`, `user:<sub>` or `operator`): the source PS-1 names. */
  readonly recorded_by: string;
  /** SHA-256 of the canonical body without the answers fields: what a retry must match. */
  readonly body_sha256: string;
  readonly loop_heading: string;
  readonly started_at: string;
  readonly ended_at: string;
  readonly answers_received_unstructured: number | null;
  readonly answers_sentence: string | null;
  /** The Q-P3-2 sentence, stored with the count. */
  readonly answers_disclosure: string | null;
  readonly flagged: boolean;
  readonly recorded_at: string;
  readonly events: readonly NewWatchingEvent[];
}

/** What a stored cycle answers with (and what a retry is compared against). */
export interface StoredWatchingCycle {
  readonly id: string;
  readonly owner_id: string;
  readonly agent_id: string;
  readonly cycle_id: string;
  readonly body_sha256: string;
  readonly answers_received_unstructured: number | null;
  readonly answers_sentence: string | null;
  readonly answers_disclosure: string | null;
  readonly flagged: boolean;
  readonly recorded_at: string;
  readonly events: ReadonlyArray<{
    readonly check_id: string;
    readonly surfaced_act_sha256: string;
    readonly deliverable: boolean;
    readonly flagged: boolean;
    readonly decisions: ReadonlyArray<{
      readonly subject_key: string;
      readonly outcome: DecisionOutcome;
      readonly flagged: boolean;
      readonly disclosures: readonly string[];
    }>;
    readonly late_responses_recorded: number;
    readonly lifts_recorded: number;
  }>;
}

/** The store port of watching cycles; Postgres in @svc/db. */
export interface WatchingStore {
  /** The cycle of this owner and agent with this id, or null. */
  find(ownerId: string, agentId: string, cycleId: string): Promise<StoredWatchingCycle | null>;
  /** The latest closure time (ISO) of each of these subjects the agent closed at its wait bound in a stored cycle. */
  closures(ownerId: string, agentId: string, subjectKeys: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** Writes the cycle and all its rows in one transaction; `created` false (nothing written) when the cycle id is taken. */
  record(cycle: NewWatchingCycle): Promise<{ created: boolean }>;
}
