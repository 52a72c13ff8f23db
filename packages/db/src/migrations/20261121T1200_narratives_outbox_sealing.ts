import { sql, type Kysely } from "kysely";

/**
 * Deferred narratives, the transactional outbox that carries their jobs to the queue, and
 * sealed (encrypted) signed assessments. Rows written before sealing keep their plaintext
 * until the scheduled job seals them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("consults").addColumn("sealed_assessment", "text").execute();
  await db.schema.alterTable("consults").addColumn("assessment_purged_at", "timestamptz").execute();
  await db.schema
    .alterTable("consults")
    .alterColumn("signed_assessment", (col) => col.dropNotNull())
    .execute();
  await db.schema.createIndex("consults_created_idx").on("consults").column("created_at").execute();

  await db.schema
    .createTable("narratives")
    .addColumn("correlation_id", "text", (col) => col.primaryKey())
    .addColumn("loop_id", "text", (col) => col.notNull().references("consults.loop_id").onDelete("cascade"))
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('deferred', 'ready', 'failed')`))
    .addColumn("sealed_narrative", "text")
    .addColumn("narrator", "text")
    .addColumn("failure_reason", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("ready_at", "timestamptz")
    .execute();
  await db.schema.createIndex("narratives_created_idx").on("narratives").column("created_at").execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("topic", "text", (col) => col.notNull())
    .addColumn("payload", "jsonb", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("next_attempt_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("sent_at", "timestamptz")
    .execute();
  await db.schema.createIndex("outbox_due_idx").on("outbox").columns(["sent_at", "next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
  await db.schema.dropTable("narratives").execute();
  await db.schema.dropIndex("consults_created_idx").execute();
  await sql`update consults set signed_assessment = 'null'::jsonb where signed_assessment is null`.execute(db);
  await db.schema
    .alterTable("consults")
    .alterColumn("signed_assessment", (col) => col.setNotNull())
    .execute();
  await db.schema.alterTable("consults").dropColumn("assessment_purged_at").execute();
  await db.schema.alterTable("consults").dropColumn("sealed_assessment").execute();
}
