import { sql, type Kysely } from "kysely";

/** Deliberation chains of svc-iterate: how many iterations, and the last reading. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("iterate_chains")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("iterations", "integer", (col) => col.notNull())
    .addColumn("last_proximity", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("iterate_chains").execute();
}
