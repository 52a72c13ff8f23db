import { sql, type Kysely } from "kysely";

/**
 * Reflect and calling sessions. A session is named by (kind, owner_id, agent_id, session_id):
 * the caller's session_id is scoped to its owner and agent. Reflect answers are sealed while
 * the session is open and dropped when it closes; calling answers form the handoff and stay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("practice_sessions")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('reflect', 'calling')`))
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("agent_id", "text", (col) => col.notNull())
    .addColumn("session_id", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('in_progress', 'complete', 'redirected', 'holding', 'awaiting_approval', 'approved', 'null_result', 'timed_out')`),
    )
    .addColumn("stage", "text", (col) => col.notNull())
    .addColumn("turn", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("context_source", "text", (col) => col.check(sql`context_source in ('agent_stated', 'harness_inferred')`))
    .addColumn("session_summary", "jsonb")
    .addColumn("agent_card_url", "text")
    .addColumn("answers", "jsonb")
    .addColumn("sealed_answers", "text")
    .addColumn("outcome", "jsonb")
    .addColumn("holding_until", "timestamptz")
    .addColumn("approval", "jsonb")
    .addColumn("opened_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("closed_at", "timestamptz")
    .addUniqueConstraint("practice_sessions_key", ["kind", "owner_id", "agent_id", "session_id"])
    .execute();
  // The previous completed reflection of an agent (direction of travel, grade change).
  await db.schema
    .createIndex("practice_sessions_closed_idx")
    .on("practice_sessions")
    .columns(["kind", "owner_id", "agent_id", "status", "closed_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("practice_sessions").execute();
}
