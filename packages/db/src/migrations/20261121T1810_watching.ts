import { sql, type Kysely } from "kysely";

/**
 * Watching cycles (spec 2.18, 4.5): the cycle, one row per alignment event, and the decision,
 * late-response and lift rows. The surfaced act and the expectation snapshot are sealed
 * (AES-256-GCM); every other column is plain. Late-response and lift rows have no responder
 * column: none is named. Child rows go with their cycle.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("watching_cycles")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("agent_id", "text", (col) => col.notNull())
    .addColumn("cycle_id", "text", (col) => col.notNull())
    .addColumn("recorded_by", "text", (col) => col.notNull())
    .addColumn("body_sha256", "text", (col) => col.notNull())
    .addColumn("loop_heading", "text", (col) => col.notNull())
    .addColumn("started_at", "timestamptz", (col) => col.notNull())
    .addColumn("ended_at", "timestamptz", (col) => col.notNull())
    .addColumn("answers_received_unstructured", "integer")
    .addColumn("answers_sentence", "text")
    .addColumn("answers_disclosure", "text")
    .addColumn("flagged", "boolean", (col) => col.notNull())
    .addColumn("recorded_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("watching_cycles_retry_key", ["owner_id", "agent_id", "cycle_id"])
    .execute();

  await db.schema
    .createTable("watching_alignment_events")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("cycle_row_id", "uuid", (col) => col.notNull().references("watching_cycles.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("check_schema", "text", (col) => col.notNull())
    .addColumn("check_id", "text", (col) => col.notNull())
    .addColumn("library_version", "text", (col) => col.notNull())
    .addColumn("models", sql`text[]`, (col) => col.notNull())
    .addColumn("ran_at", "timestamptz", (col) => col.notNull())
    .addColumn("winner_subject_key", "text")
    .addColumn("surfaced_channel", "text", (col) => col.notNull())
    .addColumn("read_from_schema_versions", sql`text[]`, (col) => col.notNull())
    .addColumn("sealed_surfaced_act", "text", (col) => col.notNull())
    .addColumn("surfaced_act_sha256", "text", (col) => col.notNull())
    .addColumn("deliverable", "boolean", (col) => col.notNull())
    .addColumn("sealed_expectation_snapshot", "text")
    .addColumn("flagged", "boolean", (col) => col.notNull())
    .addUniqueConstraint("watching_alignment_events_position", ["cycle_row_id", "position"])
    .execute();

  await db.schema
    .createTable("watching_decisions")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("event_id", "uuid", (col) => col.notNull().references("watching_alignment_events.id").onDelete("cascade"))
    .addColumn("cycle_row_id", "uuid", (col) => col.notNull().references("watching_cycles.id").onDelete("cascade"))
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("agent_id", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("subject_kind", "text", (col) => col.notNull())
    .addColumn("subject_ref", "text", (col) => col.notNull())
    .addColumn("subject_key", "text", (col) => col.notNull())
    .addColumn("outcome", "text", (col) => col.notNull().check(sql`outcome in ('proceed', 'hold', 'released_by_lift', 'closed_at_wait_bound')`))
    .addColumn("held_at", "timestamptz")
    .addColumn("wait_bound_ms", "integer")
    .addColumn("closed_at", "timestamptz")
    .addColumn("gate_basis", "jsonb", (col) => col.notNull())
    .addColumn("flagged", "boolean", (col) => col.notNull())
    .execute();
  // Late responses look up the agent's earlier closures by subject.
  await db.schema.createIndex("watching_decisions_subject_idx").on("watching_decisions").columns(["owner_id", "agent_id", "subject_key"]).execute();

  await db.schema
    .createTable("watching_late_responses")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("event_id", "uuid", (col) => col.notNull().references("watching_alignment_events.id").onDelete("cascade"))
    .addColumn("cycle_row_id", "uuid", (col) => col.notNull().references("watching_cycles.id").onDelete("cascade"))
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("agent_id", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("subject_key", "text", (col) => col.notNull())
    .addColumn("received_at", "timestamptz", (col) => col.notNull())
    .addColumn("closed_at", "timestamptz", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("watching_lifts")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("event_id", "uuid", (col) => col.notNull().references("watching_alignment_events.id").onDelete("cascade"))
    .addColumn("cycle_row_id", "uuid", (col) => col.notNull().references("watching_cycles.id").onDelete("cascade"))
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("agent_id", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("subject_key", "text", (col) => col.notNull())
    .addColumn("principal_handle", "text", (col) => col.notNull())
    .addColumn("lifted_at", "timestamptz", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("watching_lifts").execute();
  await db.schema.dropTable("watching_late_responses").execute();
  await db.schema.dropTable("watching_decisions").execute();
  await db.schema.dropTable("watching_alignment_events").execute();
  await db.schema.dropTable("watching_cycles").execute();
}
