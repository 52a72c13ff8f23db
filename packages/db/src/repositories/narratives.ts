import type { NarrativeJob, NarrativeRow, NarrativeStore, Outbox, OutboxEntry, RetentionStore, Sealer } from "@svc/core";
import type { Kysely } from "kysely";
import type { Database, NarrativeDbRow } from "../schema";
import { iso } from "./columns";

type Db = Kysely<Database>;

function toNarrative(row: NarrativeDbRow & { subject: string }): NarrativeRow {
  return {
    correlation_id: row.correlation_id,
    loop_id: row.loop_id,
    owner_id: row.owner_id,
    subject: row.subject,
    status: row.status,
    sealed_narrative: row.sealed_narrative,
    narrator: row.narrator,
    failure_reason: row.failure_reason,
    created_at: iso(row.created_at),
    ready_at: row.ready_at ? iso(row.ready_at) : null,
  };
}

export function narrativeStore(db: Db): NarrativeStore {
  return {
    async find(correlationId) {
      const row = await db
        .selectFrom("narratives")
        .innerJoin("consults", "consults.loop_id", "narratives.loop_id")
        .selectAll("narratives")
        .select("consults.subject")
        .where("narratives.correlation_id", "=", correlationId)
        .executeTakeFirst();
      return row ? toNarrative(row) : null;
    },
    async sealedAssessment(loopId) {
      const row = await db.selectFrom("consults").select("sealed_assessment").where("loop_id", "=", loopId).executeTakeFirst();
      return row?.sealed_assessment ?? null;
    },
    async markReady(correlationId, sealedNarrative, narrator, at) {
      const updated = await db
        .updateTable("narratives")
        .set({ status: "ready", sealed_narrative: sealedNarrative, narrator, ready_at: at })
        .where("correlation_id", "=", correlationId)
        .where("status", "=", "deferred")
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
    async markFailed(correlationId, reason, at) {
      const updated = await db
        .updateTable("narratives")
        .set({ status: "failed", failure_reason: reason.slice(0, 500), ready_at: at })
        .where("correlation_id", "=", correlationId)
        .where("status", "=", "deferred")
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) === 1;
    },
  };
}

export function outbox(db: Db): Outbox {
  return {
    async due(limit, now) {
      const rows = await db
        .selectFrom("outbox")
        .select(["id", "payload", "attempts"])
        .where("sent_at", "is", null)
        .where("next_attempt_at", "<=", now)
        .orderBy("created_at")
        .limit(limit)
        .execute();
      return rows.map(
        (row): OutboxEntry => ({
          id: row.id,
          job: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as NarrativeJob,
          attempts: row.attempts,
        }),
      );
    },
    async markSent(id, at) {
      await db.updateTable("outbox").set({ sent_at: at }).where("id", "=", id).execute();
    },
    async markAttempt(id, error, nextAttemptAt) {
      await db
        .updateTable("outbox")
        .set((eb) => ({ attempts: eb("attempts", "+", 1), last_error: error, next_attempt_at: nextAttemptAt }))
        .where("id", "=", id)
        .where("sent_at", "is", null)
        .execute();
    },
  };
}

export function retentionStore(db: Db): RetentionStore {
  return {
    async failStale(cutoff, now) {
      const updated = await db
        .updateTable("narratives")
        .set({ status: "failed", failure_reason: "the narrative was not written in time", ready_at: now })
        .where("status", "=", "deferred")
        .where("created_at", "<", cutoff)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows);
    },
    async purgeBefore(cutoff, now) {
      return db.transaction().execute(async (trx) => {
        const narratives = await trx.deleteFrom("narratives").where("created_at", "<", cutoff).executeTakeFirst();
        const assessments = await trx
          .updateTable("consults")
          .set({ sealed_assessment: null, signed_assessment: null, assessment_purged_at: now })
          .where("created_at", "<", cutoff)
          .where("assessment_purged_at", "is", null)
          .executeTakeFirst();
        await trx.deleteFrom("outbox").where("created_at", "<", cutoff).where("sent_at", "is not", null).execute();
        // A used continuation token's row only has to outlive the token, which then fails as expired.
        await trx.deleteFrom("continuation_uses").where("expires_at", "<", now).execute();
        return { narratives: Number(narratives.numDeletedRows), assessments: Number(assessments.numUpdatedRows) };
      });
    },
    sealLegacy: (sealer, limit) => sealLegacyAssessments(db, sealer, limit),
  };
}

/** Seals assessments recorded before sealing existed (plaintext legacy rows). */
export async function sealLegacyAssessments(db: Db, sealer: Sealer, limit = 100): Promise<number> {
  const rows = await db
    .selectFrom("consults")
    .select(["loop_id", "signed_assessment"])
    .where("signed_assessment", "is not", null)
    .where("sealed_assessment", "is", null)
    .limit(limit)
    .execute();
  for (const row of rows) {
    const plain = typeof row.signed_assessment === "string" ? row.signed_assessment : JSON.stringify(row.signed_assessment);
    await db
      .updateTable("consults")
      .set({ sealed_assessment: await sealer.seal(plain, row.loop_id), signed_assessment: null })
      .where("loop_id", "=", row.loop_id)
      .execute();
  }
  return rows.length;
}
