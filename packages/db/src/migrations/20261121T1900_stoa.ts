import { sql, type Kysely } from "kysely";

/**
 * The Stoa (spec 1 item 9, 4.4, 6): declarations, one per agent id across the directory
 * (withdrawal deletes the row), and the contradictions an operator confirmed, which keep the
 * commitment as it was declared so they outlive an amendment or a withdrawal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("stoa_declarations")
    .addColumn("agent_id", "text", (col) => col.primaryKey())
    .addColumn("id", "uuid", (col) => col.notNull().unique())
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("display_name", "text", (col) => col.notNull())
    .addColumn("statement", "text", (col) => col.notNull())
    .addColumn("commitments", "jsonb", (col) => col.notNull())
    .addColumn("contact_url", "text")
    .addColumn("agent_card_url", "text")
    .addColumn("declared_at", "timestamptz", (col) => col.notNull())
    .addColumn("amended_at", "timestamptz")
    .execute();
  // The directory pages newest first; the prefix filter is left-anchored on lower-cased text.
  await db.schema.createIndex("stoa_declarations_recent_idx").on("stoa_declarations").columns(["declared_at desc", "id desc"]).execute();
  await sql`create index stoa_declarations_agent_prefix_idx on stoa_declarations (lower(agent_id) text_pattern_ops)`.execute(db);
  await sql`create index stoa_declarations_name_prefix_idx on stoa_declarations (lower(display_name) text_pattern_ops)`.execute(db);

  await db.schema
    .createTable("stoa_contradictions")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("agent_id", "text", (col) => col.notNull())
    .addColumn("declaration_id", "uuid", (col) => col.notNull())
    .addColumn("commitment_index", "integer", (col) => col.notNull())
    .addColumn("domain", "text", (col) => col.notNull().check(sql`domain in ('phronesis', 'dikaiosyne', 'andreia', 'sophrosyne')`))
    .addColumn("claimed_level", "text", (col) => col.notNull())
    .addColumn("commitment_text", "text", (col) => col.notNull())
    .addColumn("observed_level", "text", (col) => col.notNull())
    .addColumn("note", "text", (col) => col.notNull())
    .addColumn("confirmed_by", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("stoa_contradictions_agent_idx").on("stoa_contradictions").columns(["agent_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("stoa_contradictions").execute();
  await db.schema.dropTable("stoa_declarations").execute();
}
