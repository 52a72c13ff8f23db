import type { AccreditationCommit, AccreditationRecord, AccreditationStore, CommitOutcome, CuratorFlag, GradeHistoryEntry } from "@svc/core";
import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { AccreditationGradeHistoryTable, AccreditationsTable, CuratorFlagsTable, Database } from "../schema";
import { mintTrustEvents } from "./trust";
import { iso, json } from "./columns";

type Db = Kysely<Database>;

function toRecord(row: Selectable<AccreditationsTable>): AccreditationRecord {
  return {
    agent_id: row.agent_id,
    owner_id: row.owner_id,
    senecan_grade: row.senecan_grade as AccreditationRecord["senecan_grade"],
    typical_proximity: row.typical_proximity as AccreditationRecord["typical_proximity"],
    authority_level: row.authority_level as AccreditationRecord["authority_level"],
    record: json(row.record) as Record<string, unknown>,
    regressing_check_count: row.regressing_check_count,
    total_actions_evaluated: row.total_actions_evaluated,
    examination_mode: row.examination_mode as AccreditationRecord["examination_mode"],
    coverage_status: row.coverage_status,
    credential_basis: row.credential_basis,
    version: row.version,
    seeded_at: iso(row.seeded_at),
    updated_at: iso(row.updated_at),
  };
}

function toHistory(row: Selectable<AccreditationGradeHistoryTable>): GradeHistoryEntry {
  return {
    version: row.version,
    trigger_type: row.trigger_type,
    from_grade: row.from_grade as GradeHistoryEntry["from_grade"],
    to_grade: row.to_grade as GradeHistoryEntry["to_grade"],
    from_proximity: row.from_proximity as GradeHistoryEntry["from_proximity"],
    to_proximity: row.to_proximity as GradeHistoryEntry["to_proximity"],
    previous_authority: row.previous_authority as GradeHistoryEntry["previous_authority"],
    new_authority: row.new_authority as GradeHistoryEntry["new_authority"],
    created_at: iso(row.created_at),
  };
}

function toFlag(row: Selectable<CuratorFlagsTable>): CuratorFlag {
  return {
    id: row.id,
    agent_id: row.agent_id,
    basis: row.basis,
    domain: row.domain as CuratorFlag["domain"],
    level: row.level as CuratorFlag["level"],
    note: row.note,
    flagged_by: row.flagged_by,
    created_at: iso(row.created_at),
    withdrawn_at: row.withdrawn_at ? iso(row.withdrawn_at) : null,
  };
}

class CommitRefused extends Error {
  constructor(readonly reason: "exists" | "missing" | "changed") {
    super(reason);
  }
}

/** The seed inserts (refused when the agent exists); an update moves the version it was checked against, or nothing. */
async function writeRecord(trx: Transaction<Database>, commit: AccreditationCommit): Promise<Selectable<AccreditationsTable>> {
  const r = commit.record;
  const columns = {
    owner_id: r.owner_id,
    senecan_grade: r.senecan_grade,
    typical_proximity: r.typical_proximity,
    authority_level: r.authority_level,
    record: JSON.stringify(r.record),
    regressing_check_count: r.regressing_check_count,
    total_actions_evaluated: r.total_actions_evaluated,
    examination_mode: r.examination_mode,
    coverage_status: r.coverage_status,
    credential_basis: r.credential_basis,
  };
  if (commit.kind === "seed") {
    const row = await trx
      .insertInto("accreditations")
      .values({ agent_id: r.agent_id, ...columns, version: 1 })
      .onConflict((oc) => oc.column("agent_id").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new CommitRefused("exists");
    return row;
  }
  const row = await trx
    .updateTable("accreditations")
    .set((eb) => ({ ...columns, version: eb("version", "+", 1), updated_at: new Date() }))
    .where("agent_id", "=", r.agent_id)
    .where("version", "=", commit.expected_version!)
    .returningAll()
    .executeTakeFirst();
  if (row) return row;
  const exists = await trx.selectFrom("accreditations").select("version").where("agent_id", "=", r.agent_id).executeTakeFirst();
  throw new CommitRefused(exists ? "changed" : "missing");
}

export async function commitAccreditation(db: Db, commit: AccreditationCommit): Promise<CommitOutcome> {
  try {
    const row = await db.transaction().execute(async (trx) => {
      const row = await writeRecord(trx, commit);
      const w = commit.write;
      await trx
        .insertInto("accreditation_writes")
        .values({
          id: w.id,
          agent_id: row.agent_id,
          kind: commit.kind,
          owner_id: commit.record.owner_id,
          credential_id: w.credential_id,
          version: row.version,
          elements: w.elements,
          verified: w.verified,
          attested: w.attested,
          loop_fold: JSON.stringify(w.loop_fold),
        })
        .execute();
      if (commit.grade_change) {
        await trx
          .insertInto("accreditation_grade_history")
          .values({ id: crypto.randomUUID(), agent_id: row.agent_id, write_id: w.id, version: row.version, ...commit.grade_change })
          .execute();
      }
      await mintTrustEvents(trx, commit.events);
      if (commit.readings.length > 0) {
        await trx
          .insertInto("orientation_readings")
          .values(commit.readings.map((r) => ({ ...r })))
          .onConflict((oc) => oc.columns(["agent_id", "loop_id"]).doNothing())
          .execute();
      }
      if (commit.gaps.length > 0) {
        await trx
          .insertInto("provenance_gaps")
          .values(commit.gaps.map((g) => ({ id: crypto.randomUUID(), ...g })))
          .execute();
      }
      return row;
    });
    return { ok: true, record: toRecord(row) };
  } catch (err) {
    if (err instanceof CommitRefused) return { ok: false, reason: err.reason };
    throw err;
  }
}

export function accreditationStore(db: Db): AccreditationStore {
  return {
    async find(agentId) {
      const row = await db.selectFrom("accreditations").selectAll().where("agent_id", "=", agentId).executeTakeFirst();
      return row ? toRecord(row) : null;
    },
    commit: (commit) => commitAccreditation(db, commit),
    async gradeHistory(agentId, limit) {
      const rows = await db
        .selectFrom("accreditation_grade_history")
        .selectAll()
        .where("agent_id", "=", agentId)
        .orderBy("version", "desc")
        .limit(limit)
        .execute();
      return rows.map(toHistory);
    },
    async flag(flag, event) {
      return db.transaction().execute(async (trx) => {
        const row = await trx.insertInto("curator_flags").values(flag).returningAll().executeTakeFirstOrThrow();
        await mintTrustEvents(trx, [event]);
        return toFlag(row);
      });
    },
    async withdrawFlag(id, at) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable("curator_flags")
          .set({ withdrawn_at: sql<Date>`coalesce(withdrawn_at, ${at})` })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirst();
        if (!row) return null;
        await trx.deleteFrom("trust_events").where("source", "=", "curator_flag").where("source_ref", "=", id).execute();
        return toFlag(row);
      });
    },
  };
}
