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
}

export interface Database {
  api_keys: ApiKeysTable;
  consults: ConsultsTable;
  narratives: NarrativesTable;
  outbox: OutboxTable;
  scores: ScoresTable;
  documents: DocumentsTable;
  journal_entries: JournalEntriesTable;
  iterate_chains: IterateChainsTable;
  assessment_results: AssessmentResultsTable;
  accreditations: AccreditationsTable;
  accreditation_writes: AccreditationWritesTable;
  accreditation_grade_history: AccreditationGradeHistoryTable;
  trust_events: TrustEventsTable;
  orientation_readings: OrientationReadingsTable;
  provenance_gaps: ProvenanceGapsTable;
  curator_flags: CuratorFlagsTable;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
export type ApiKeyUpdate = Updateable<ApiKeysTable>;
export type ConsultRow = Selectable<ConsultsTable>;
export type NarrativeDbRow = Selectable<NarrativesTable>;
export type { Generated };
