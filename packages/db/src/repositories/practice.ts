import type { ContextSource, PracticeSessionChange, PracticeSessionRecord, PracticeStore } from "@svc/core";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, PracticeSessionsTable } from "../schema";
import { mintTrustEvents } from "./trust";
import { iso, json } from "./columns";

type Db = Kysely<Database>;

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function recordOf(row: Selectable<PracticeSessionsTable>): PracticeSessionRecord {
  return {
    id: row.id,
    kind: row.kind,
    owner_id: row.owner_id,
    agent_id: row.agent_id,
    session_id: row.session_id,
    status: row.status as PracticeSessionRecord["status"],
    stage: row.stage,
    turn: row.turn,
    context_source: row.context_source as ContextSource | null,
    session_summary: json(row.session_summary),
    agent_card_url: row.agent_card_url,
    answers: json(row.answers) as PracticeSessionRecord["answers"],
    sealed_answers: row.sealed_answers,
    outcome: json(row.outcome),
    holding_until: isoOrNull(row.holding_until),
    approval: json(row.approval) as PracticeSessionRecord["approval"],
    opened_at: iso(row.opened_at),
    updated_at: iso(row.updated_at),
    closed_at: isoOrNull(row.closed_at),
  };
}

/** Applies a change when the session is still at `turn`; false when another call moved it first. */
async function updateSession(db: Db | Transaction<Database>, id: string, turn: number, change: PracticeSessionChange): Promise<boolean> {
  const { at, answers, outcome, approval, ...plain } = change;
  const result = await db
    .updateTable("practice_sessions")
    .set({
      ...plain,
      ...(answers !== undefined ? { answers: jsonOrNull(answers) } : {}),
      ...(outcome !== undefined ? { outcome: jsonOrNull(outcome) } : {}),
      ...(approval !== undefined ? { approval: jsonOrNull(approval) } : {}),
      turn: turn + 1,
      updated_at: at,
    })
    .where("id", "=", id)
    .where("turn", "=", turn)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Reflect and calling sessions (table practice_sessions). */
export function practiceStore(db: Db): PracticeStore {
  return {
    async find(key) {
      const row = await db
        .selectFrom("practice_sessions")
        .selectAll()
        .where("kind", "=", key.kind)
        .where("owner_id", "=", key.owner_id)
        .where("agent_id", "=", key.agent_id)
        .where("session_id", "=", key.session_id)
        .executeTakeFirst();
      return row ? recordOf(row) : null;
    },
    async awaitingApproval(limit, ownerId) {
      let q = db.selectFrom("practice_sessions").selectAll().where("kind", "=", "calling").where("status", "=", "awaiting_approval");
      if (ownerId !== undefined) q = q.where("owner_id", "=", ownerId);
      const rows = await q.orderBy("updated_at", "asc").orderBy("id", "asc").limit(limit).execute();
      return rows.map(recordOf);
    },
    async insert(session) {
      const inserted = await db
        .insertInto("practice_sessions")
        .values({
          id: session.id,
          kind: session.kind,
          owner_id: session.owner_id,
          agent_id: session.agent_id,
          session_id: session.session_id,
          status: session.status,
          stage: session.stage,
          context_source: session.context_source,
          session_summary: jsonOrNull(session.session_summary),
          agent_card_url: session.agent_card_url,
          answers: jsonOrNull(session.answers),
          sealed_answers: session.sealed_answers,
          outcome: jsonOrNull(session.outcome),
          opened_at: session.opened_at,
          updated_at: session.opened_at,
        })
        .onConflict((oc) => oc.constraint("practice_sessions_key").doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted !== undefined;
    },
    update: (id, turn, change) => updateSession(db, id, turn, change),
    async complete(id, turn, change, events) {
      return db.transaction().execute(async (trx) => {
        if (!(await updateSession(trx, id, turn, change))) return false;
        await mintTrustEvents(trx, events);
        return true;
      });
    },
    async latestReflectOutcome(ownerId, agentId) {
      const row = await db
        .selectFrom("practice_sessions")
        .select("outcome")
        .where("kind", "=", "reflect")
        .where("owner_id", "=", ownerId)
        .where("agent_id", "=", agentId)
        .where("status", "=", "complete")
        .orderBy("closed_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      return row ? json(row.outcome) : null;
    },
  };
}
