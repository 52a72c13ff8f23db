import { sql, type Kysely } from "kysely";

/**
 * Idempotency-Key records (docs/decisions.md, "Retries and Idempotency-Key"): one row per
 * caller and key, claimed before a call runs (response_status null while it runs), holding the
 * request's fingerprint and, once it finished, the response replayed to a retry for 24 hours
 * (its body sealed where the deployment has data keys).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("method", "text", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("body_sha256", "text", (col) => col.notNull())
    .addColumn("claim_id", "uuid", (col) => col.notNull())
    .addColumn("locked_until", "timestamptz", (col) => col.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_headers", "jsonb")
    .addColumn("response_body", "text")
    .addColumn("response_sealed", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pkey", ["subject", "key"])
    .execute();
  await db.schema.createIndex("idempotency_keys_expires_idx").on("idempotency_keys").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("idempotency_keys").execute();
}
