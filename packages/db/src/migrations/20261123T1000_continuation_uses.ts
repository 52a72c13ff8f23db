import { sql, type Kysely } from "kysely";

/**
 * Continuation tokens already answered: one row per token id, so a token is single-use. A
 * second turn that assesses writes its row in the consult's own transaction; one that asks a
 * further question writes it alone. Rows are useless once the token expires (the purge drops
 * them then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("continuation_uses")
    .addColumn("token_id", "text", (col) => col.primaryKey())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("loop_id", "text")
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("used_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("continuation_uses_expires_idx").on("continuation_uses").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("continuation_uses").execute();
}
