import { sql, type Kysely } from "kysely";

/**
 * Accreditation records with their writes and grade history; the trust record's inputs
 * (server-minted trust events, orientation readings, provenance gaps) and curator flags; the
 * harness marker of a credential.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("api_keys")
    .addColumn("harness_marker", "text", (col) => col.check(sql`harness_marker in ('pre_decision_harness', 'post_decision_check')`))
    .execute();

  await db.schema
    .createTable("accreditations")
    .addColumn("agent_id", "text", (col) => col.primaryKey())
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("senecan_grade", "text", (col) => col.notNull())
    .addColumn("typical_proximity", "text", (col) => col.notNull())
    .addColumn("authority_level", "text", (col) => col.notNull())
    .addColumn("record", "jsonb", (col) => col.notNull())
    .addColumn("regressing_check_count", "integer", (col) => col.notNull())
    .addColumn("total_actions_evaluated", "integer", (col) => col.notNull())
    .addColumn("examination_mode", "text", (col) => col.check(sql`examination_mode in ('pre_decision_harness', 'post_decision_check')`))
    .addColumn("coverage_status", "text", (col) => col.notNull())
    .addColumn("credential_basis", "text", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("seeded_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("accreditation_writes")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("agent_id", "text", (col) => col.notNull().references("accreditations.agent_id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('seed', 'update')`))
    .addColumn("owner_id", "text", (col) => col.notNull())
    .addColumn("credential_id", "uuid")
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("elements", "integer", (col) => col.notNull())
    .addColumn("verified", "integer", (col) => col.notNull())
    .addColumn("attested", "integer", (col) => col.notNull())
    .addColumn("loop_fold", "jsonb", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("accreditation_writes_version_unique", ["agent_id", "version"])
    .execute();

  await db.schema
    .createTable("accreditation_grade_history")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("agent_id", "text", (col) => col.notNull().references("accreditations.agent_id").onDelete("cascade"))
    .addColumn("write_id", "uuid", (col) => col.notNull().references("accreditation_writes.id"))
    .addColumn("version", "integer", (col) => col.notNull())
    .addColumn("trigger_type", "text", (col) => col.notNull().check(sql`trigger_type in ('upgrade', 'downgrade')`))
    .addColumn("from_grade", "text", (col) => col.notNull())
    .addColumn("to_grade", "text", (col) => col.notNull())
    .addColumn("from_proximity", "text", (col) => col.notNull())
    .addColumn("to_proximity", "text", (col) => col.notNull())
    .addColumn("previous_authority", "text", (col) => col.notNull())
    .addColumn("new_authority", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("accreditation_grade_history_version_unique", ["agent_id", "version"])
    .execute();

  await db.schema
    .createTable("trust_events")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("agent_id", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull().check(sql`source in ('examination', 'curator_flag', 'stoa_contradiction', 'reflect')`))
    .addColumn("class", "text", (col) => col.notNull().check(sql`class in ('evidence', 'decrease', 'hold')`))
    .addColumn("domain", "text", (col) => col.notNull().check(sql`domain in ('phronesis', 'dikaiosyne', 'andreia', 'sophrosyne')`))
    .addColumn("level", "text", (col) => col.notNull())
    .addColumn("source_ref", "text", (col) => col.notNull())
    .addColumn("occurred_at", "timestamptz", (col) => col.notNull())
    .addColumn("latch", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("note", "text")
    .addColumn("minted_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("trust_events_source_unique", ["agent_id", "source", "source_ref", "domain"])
    .execute();

  await db.schema
    .createTable("orientation_readings")
    .addColumn("agent_id", "text", (col) => col.notNull())
    .addColumn("loop_id", "text", (col) => col.notNull())
    .addColumn("class", "text", (col) => col.notNull().check(sql`class in ('examined', 'observed')`))
    .addColumn("direction", "text", (col) => col.notNull().check(sql`direction in ('toward', 'away', 'indeterminate')`))
    .addColumn("proximity", "text", (col) => col.notNull())
    .addColumn("elapsed_ms", "integer", (col) => col.notNull())
    .addColumn("examined_at", "timestamptz", (col) => col.notNull())
    .addColumn("minted_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("orientation_readings_pk", ["agent_id", "loop_id"])
    .execute();
  await db.schema.createIndex("orientation_readings_recent_idx").on("orientation_readings").columns(["agent_id", "examined_at"]).execute();

  await db.schema
    .createTable("provenance_gaps")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("agent_id", "text", (col) => col.notNull())
    .addColumn("write_id", "uuid", (col) => col.notNull())
    .addColumn("element_index", "integer", (col) => col.notNull())
    .addColumn("loop_id", "text")
    .addColumn("reason", "text", (col) =>
      col.notNull().check(sql`reason in ('no_ledger_entry', 'out_of_window', 'identity_mismatch', 'caller_supplied_extraction')`),
    )
    .addColumn("recorded_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("provenance_gaps_recent_idx").on("provenance_gaps").columns(["agent_id", "recorded_at"]).execute();

  await db.schema
    .createTable("curator_flags")
    .addColumn("id", "uuid", (col) => col.primaryKey())
    .addColumn("agent_id", "text", (col) => col.notNull())
    .addColumn("basis", "text", (col) => col.notNull().check(sql`basis in ('oversight', 'dikaiosyne')`))
    .addColumn("domain", "text", (col) => col.notNull())
    .addColumn("level", "text", (col) => col.notNull())
    .addColumn("note", "text", (col) => col.notNull())
    .addColumn("flagged_by", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "curator_flags",
    "provenance_gaps",
    "orientation_readings",
    "trust_events",
    "accreditation_grade_history",
    "accreditation_writes",
    "accreditations",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("api_keys").dropColumn("harness_marker").execute();
}
