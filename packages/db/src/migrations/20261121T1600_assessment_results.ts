import { sql, type Kysely } from "kysely";

/** Results of the self-assessments, kept for the agent (they feed its profile and reflection). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("assessment_results")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("agent_id", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('foundational', 'full', 'baseline')`))
    .addColumn("typical_proximity", "text", (col) => col.notNull())
    .addColumn("dimension_levels", "jsonb")
    .addColumn("result", "jsonb", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("assessment_results_agent_idx").on("assessment_results").columns(["owner_id", "agent_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("assessment_results").execute();
}
