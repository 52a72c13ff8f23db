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
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
export type ApiKeyUpdate = Updateable<ApiKeysTable>;
export type ConsultRow = Selectable<ConsultsTable>;
export type NarrativeDbRow = Selectable<NarrativesTable>;
export type { Generated };
