import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** Table types of the service's Postgres schema (see migrations/ for the DDL). */
export interface ApiKeysTable {
  id: string;
  kind: "live" | "prac" | "inst";
  key_prefix: string;
  key_hash: string;
  owner_id: string;
  agent_id: string | null;
  tier: "free" | "paid";
  capabilities: string[];
  daily_limit: number | null;
  label: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  /** How the credential's agent runs examinations (set by the operator); null when not declared. */
  harness_marker: ColumnType<"pre_decision_harness" | "post_decision_check" | null, string | null | undefined, string | null>;
}

export interface ContinuationUsesTable {
  token_id: string;
  subject: string;
  /** The loop the answering turn assessed; null when it asked a further question. */
  loop_id: string | null;
  expires_at: Date | string;
  used_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ConsultsTable {
  loop_id: string;
  owner_id: string;
  subject: string;
  credential_id: string | null;
  agent_id: string | null;
  depth_tier: "quick" | "standard" | "deep";
  katorthoma_proximity: string;
  layer1_source: "server" | "supplied";
  input_sha256: string;
  prior_loop_id: string | null;
  elapsed_ms: number;
  /** Before sealing (legacy rows only); null once sealed or purged. */
  signed_assessment: ColumnType<unknown, string | null | undefined, string | null>;
  sealed_assessment: string | null;
  assessment_purged_at: Date | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface NarrativesTable {
  correlation_id: string;
  loop_id: string;
  owner_id: string;
  status: "deferred" | "ready" | "failed";
  sealed_narrative: string | null;
  narrator: string | null;
  failure_reason: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  ready_at: Date | null;
}

export interface OutboxTable {
  id: string;
  topic: string;
  payload: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  sent_at: Date | null;
}

export interface ScoresTable {
  id: string;
  owner_id: string;
  action_description: string;
  katorthoma_proximity: "contrary" | "progressing" | "deliberate";
  proximity: string;
  is_kathekon: boolean | null;
  kathekon_quality: string | null;
  passions: string[];
  virtue_domains: string[];
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Each owner's count of stored scores, bumped by the insert of each (migration 20261127T1500). */
export interface ScoreCountsTable {
  owner_id: string;
  scored: ColumnType<string, number | string, number | string>;
}

export interface DocumentsTable {
  id: string;
  owner_id: string;
  title: string | null;
  proximity: string;
  is_kathekon: boolean | null;
  kathekon_quality: string | null;
  passions: string[];
  virtue_domains: string[];
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface JournalEntriesTable {
  id: string;
  owner_id: string;
  entry_date: ColumnType<Date | string, string, string>;
  sealed_entry: string;
  proximity: string;
  passions: string[];
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface IterateChainsTable {
  id: string;
  subject: string;
  iterations: number;
  last_proximity: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AssessmentResultsTable {
  id: string;
  owner_id: string;
  agent_id: string;
  kind: "foundational" | "full" | "baseline";
  typical_proximity: string;
  dimension_levels: ColumnType<unknown, string | null, string | null>;
  result: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface AccreditationsTable {
  agent_id: string;
  owner_id: string;
  senecan_grade: string;
  typical_proximity: string;
  authority_level: string;
  record: Json;
  regressing_check_count: number;
  total_actions_evaluated: number;
  examination_mode: string | null;
  coverage_status: string;
  credential_basis: string;
  version: number;
  seeded_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccreditationWritesTable {
  id: string;
  agent_id: string;
  kind: "seed" | "update";
  owner_id: string;
  credential_id: string | null;
  version: number;
  elements: number;
  verified: number;
  attested: number;
  loop_fold: Json;
  created_at: Timestamp;
}

export interface AccreditationGradeHistoryTable {
  id: string;
  agent_id: string;
  write_id: string;
  version: number;
  trigger_type: "upgrade" | "downgrade";
  from_grade: string;
  to_grade: string;
  from_proximity: string;
  to_proximity: string;
  previous_authority: string;
  new_authority: string;
  created_at: Timestamp;
}

export interface TrustEventsTable {
  id: string;
  agent_id: string;
  source: "examination" | "curator_flag" | "stoa_contradiction" | "reflect";
  class: "evidence" | "decrease" | "hold";
  domain: string;
  level: string;
  source_ref: string;
  occurred_at: Timestamp;
  latch: ColumnType<boolean, boolean | undefined, boolean>;
  note: string | null;
  minted_at: Timestamp;
}

/** Trust-event roll-ups, kept by triggers (migration 20261127T1600_trust_rollups). */
export interface TrustEvidenceDaysTable {
  agent_id: string;
  domain: string;
  level: string;
  day: string;
  events: number;
  growth: number;
  last_at: Timestamp;
}

export interface TrustExaminationDaysTable {
  agent_id: string;
  day: string;
  examinations: number;
  growth: number;
}

export interface TrustCountsTable {
  agent_id: string;
  events: ColumnType<string, number | string, number | string>;
  readings: ColumnType<string, number | string, number | string>;
  examined_readings: ColumnType<string, number | string, number | string>;
  gaps: ColumnType<string, number | string, number | string>;
}

export interface OrientationReadingsTable {
  agent_id: string;
  loop_id: string;
  class: "examined" | "observed";
  direction: "toward" | "away" | "indeterminate";
  proximity: string;
  elapsed_ms: number;
  examined_at: Timestamp;
  minted_at: Timestamp;
}

export interface ProvenanceGapsTable {
  id: string;
  agent_id: string;
  write_id: string;
  element_index: number;
  loop_id: string | null;
  reason: "no_ledger_entry" | "out_of_window" | "identity_mismatch" | "caller_supplied_extraction";
  recorded_at: Timestamp;
}

export interface CuratorFlagsTable {
  id: string;
  agent_id: string;
  basis: "oversight" | "dikaiosyne";
  domain: string;
  level: string;
  note: string;
  flagged_by: string;
  created_at: Timestamp;
  withdrawn_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Reflect and calling sessions (migration 20261121T1800_practice_sessions). */
export interface PracticeSessionsTable {
  id: string;
  kind: "reflect" | "calling";
  owner_id: string;
  agent_id: string;
  session_id: string;
  status: string;
  stage: string;
  turn: ColumnType<number, number | undefined, number>;
  context_source: string | null;
  session_summary: ColumnType<unknown, string | null, string | null>;
  agent_card_url: string | null;
  answers: ColumnType<unknown, string | null, string | null>;
  sealed_answers: string | null;
  outcome: ColumnType<unknown, string | null, string | null>;
  holding_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  approval: ColumnType<unknown, string | null, string | null>;
  opened_at: Timestamp;
  updated_at: Timestamp;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Watching cycles (migration 20261121T1810_watching). Sealed columns hold `v1.<kid>.…`. */
type WatchingTime = ColumnType<Date, Date | string, Date | string>;

export interface WatchingCyclesTable {
  id: string;
  owner_id: string;
  agent_id: string;
  cycle_id: string;
  recorded_by: string;
  body_sha256: string;
  loop_heading: string;
  started_at: WatchingTime;
  ended_at: WatchingTime;
  answers_received_unstructured: number | null;
  answers_sentence: string | null;
  answers_disclosure: string | null;
  flagged: boolean;
  recorded_at: WatchingTime;
}

export interface WatchingAlignmentEventsTable {
  id: string;
  cycle_row_id: string;
  position: number;
  check_schema: string;
  check_id: string;
  library_version: string;
  models: string[];
  ran_at: WatchingTime;
  winner_subject_key: string | null;
  surfaced_channel: string;
  read_from_schema_versions: string[];
  sealed_surfaced_act: string;
  surfaced_act_sha256: string;
  deliverable: boolean;
  sealed_expectation_snapshot: string | null;
  flagged: boolean;
}

export interface WatchingDecisionsTable {
  id: string;
  event_id: string;
  cycle_row_id: string;
  owner_id: string;
  agent_id: string;
  position: number;
  subject_kind: string;
  subject_ref: string;
  subject_key: string;
  outcome: "proceed" | "hold" | "released_by_lift" | "closed_at_wait_bound";
  held_at: WatchingTime | null;
  wait_bound_ms: number | null;
  closed_at: WatchingTime | null;
  gate_basis: ColumnType<unknown, string, string>;
  flagged: boolean;
}

export interface WatchingLateResponsesTable {
  id: string;
  event_id: string;
  cycle_row_id: string;
  owner_id: string;
  agent_id: string;
  position: number;
  subject_key: string;
  received_at: WatchingTime;
  closed_at: WatchingTime;
}

export interface WatchingLiftsTable {
  id: string;
  event_id: string;
  cycle_row_id: string;
  owner_id: string;
  agent_id: string;
  position: number;
  subject_key: string;
  principal_handle: string;
  lifted_at: WatchingTime;
}

/** The Stoa (migration 20261121T1900_stoa). */
type StoaTime = ColumnType<Date, Date | string, Date | string>;

export interface StoaDeclarationsTable {
  agent_id: string;
  id: string;
  owner_id: string;
  display_name: string;
  statement: string;
  commitments: Json;
  contact_url: string | null;
  agent_card_url: string | null;
  declared_at: StoaTime;
  amended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface StoaContradictionsTable {
  id: string;
  agent_id: string;
  declaration_id: string;
  commitment_index: number;
  domain: string;
  claimed_level: string;
  commitment_text: string;
  observed_level: string;
  note: string;
  confirmed_by: string;
  created_at: StoaTime;
}

/** Idempotency-Key records (migration 20261123T1200_idempotency_keys). */
type IdempotencyTime = ColumnType<Date, Date | string, Date | string>;

export interface IdempotencyKeysTable {
  subject: string;
  key: string;
  method: string;
  path: string;
  body_sha256: string;
  claim_id: string;
  locked_until: IdempotencyTime;
  /** Null while the claimed call runs. */
  response_status: number | null;
  response_headers: ColumnType<unknown, string | null | undefined, string | null>;
  response_body: string | null;
  response_sealed: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: IdempotencyTime;
}

export interface Database {
  api_keys: ApiKeysTable;
  consults: ConsultsTable;
  continuation_uses: ContinuationUsesTable;
  narratives: NarrativesTable;
  outbox: OutboxTable;
  scores: ScoresTable;
  score_counts: ScoreCountsTable;
  documents: DocumentsTable;
  journal_entries: JournalEntriesTable;
  iterate_chains: IterateChainsTable;
  assessment_results: AssessmentResultsTable;
  accreditations: AccreditationsTable;
  accreditation_writes: AccreditationWritesTable;
  accreditation_grade_history: AccreditationGradeHistoryTable;
  trust_events: TrustEventsTable;
  trust_evidence_days: TrustEvidenceDaysTable;
  trust_examination_days: TrustExaminationDaysTable;
  trust_counts: TrustCountsTable;
  orientation_readings: OrientationReadingsTable;
  provenance_gaps: ProvenanceGapsTable;
  curator_flags: CuratorFlagsTable;
  practice_sessions: PracticeSessionsTable;
  watching_cycles: WatchingCyclesTable;
  watching_alignment_events: WatchingAlignmentEventsTable;
  watching_decisions: WatchingDecisionsTable;
  watching_late_responses: WatchingLateResponsesTable;
  watching_lifts: WatchingLiftsTable;
  stoa_declarations: StoaDeclarationsTable;
  stoa_contradictions: StoaContradictionsTable;
  idempotency_keys: IdempotencyKeysTable;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
export type ApiKeyUpdate = Updateable<ApiKeysTable>;
export type ConsultRow = Selectable<ConsultsTable>;
export type NarrativeDbRow = Selectable<NarrativesTable>;
export type { Generated };
