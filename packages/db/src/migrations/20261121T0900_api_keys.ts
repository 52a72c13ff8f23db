import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("api_keys")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('live', 'prac', 'inst')`))
    .addColumn("key_prefix", "text", (col) => col.notNull())
    .addColumn("key_hash", "text", (col) => col.notNull().unique())
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("agent_id", "text")
    .addColumn("tier", "text", (col) => col.notNull().check(sql`tier in ('free', 'paid')`))
    .addColumn("capabilities", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn("label", "text")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .addColumn("last_used_at", "timestamptz")
    .execute();
  await db.schema.createIndex("api_keys_owner_created_idx").on("api_keys").columns(["owner_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("api_keys").execute();
}
