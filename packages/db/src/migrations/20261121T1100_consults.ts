import { sql, type Kysely } from "kysely";

/** Every reason consult: the loop, its caller, and the signed assessment it produced. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("consults")
    .addColumn("loop_id", "text", (col) => col.primaryKey())
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("credential_id", "uuid")
    .addColumn("agent_id", "text")
    .addColumn("depth_tier", "text", (col) => col.notNull().check(sql`depth_tier in ('quick', 'standard', 'deep')`))
    .addColumn("katorthoma_proximity", "text", (col) => col.notNull())
    .addColumn("layer1_source", "text", (col) => col.notNull().check(sql`layer1_source in ('server', 'supplied')`))
    .addColumn("input_sha256", "text", (col) => col.notNull())
    .addColumn("prior_loop_id", "text")
    .addColumn("elapsed_ms", "integer", (col) => col.notNull())
    .addColumn("signed_assessment", "jsonb", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("consults_owner_agent_created_idx").on("consults").columns(["owner_id", "agent_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("consults").execute();
}
