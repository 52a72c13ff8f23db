import { sql, type Kysely } from "kysely";

/**
 * Each owner's count of stored scores, kept with the scores (the insert of a score bumps it in
 * the same statement), so the profile reads one row instead of counting every score the owner
 * has: its cost stays flat as the history grows. Scores are never deleted. Backfilled here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("score_counts")
    .addColumn("owner_id", "text", (col) => col.primaryKey())
    .addColumn("scored", "bigint", (col) => col.notNull())
    .execute();
  await sql`insert into score_counts (owner_id, scored) select owner_id, count(*) from scores group by owner_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("score_counts").execute();
}
