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
  signed_assessment: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface Database {
  api_keys: ApiKeysTable;
  consults: ConsultsTable;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
export type ApiKeyUpdate = Updateable<ApiKeysTable>;
export type ConsultRow = Selectable<ConsultsTable>;
export type { Generated };
