import { sql, type Kysely } from "kysely";

/** Scored actions, kept for their owner (spec 2.7) and read back into the profile (2.8). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("scores")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("action_description", "text", (col) => col.notNull())
    .addColumn("katorthoma_proximity", "text", (col) => col.notNull().check(sql`katorthoma_proximity in ('contrary', 'progressing', 'deliberate')`))
    .addColumn("proximity", "text", (col) => col.notNull())
    .addColumn("is_kathekon", "boolean")
    .addColumn("kathekon_quality", "text")
    .addColumn("passions", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("virtue_domains", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("scores_owner_created_idx").on("scores").columns(["owner_id", "created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("scores").execute();
}
