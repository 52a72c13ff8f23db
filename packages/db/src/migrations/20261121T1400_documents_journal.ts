import { sql, type Kysely } from "kysely";

/** Scored documents (behind public badges) and the daily journal (entries sealed at rest). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("documents")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("title", "text")
    .addColumn("proximity", "text", (col) => col.notNull())
    .addColumn("is_kathekon", "boolean")
    .addColumn("kathekon_quality", "text")
    .addColumn("passions", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("virtue_domains", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("journal_entries")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("entry_date", "date", (col) => col.notNull())
    .addColumn("sealed_entry", "text", (col) => col.notNull())
    .addColumn("proximity", "text", (col) => col.notNull())
    .addColumn("passions", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("journal_owner_date_idx").on("journal_entries").columns(["owner_id", "entry_date"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("journal_entries").execute();
  await db.schema.dropTable("documents").execute();
}
