import type { ConsultRecord, ConsultStore, RecentConsult, ContinuationUse, DeferredNarrative, NewConsult } from "@svc/core";
import type { Kysely } from "kysely";
import type { ConsultRow, Database } from "../schema";
import { iso } from "./columns";

type Db = Kysely<Database>;

function toRecord(row: ConsultRow): ConsultRecord {
  return {
    loop_id: row.loop_id,
    owner_id: row.owner_id,
    subject: row.subject,
    credential_id: row.credential_id,
    agent_id: row.agent_id,
    depth_tier: row.depth_tier,
    katorthoma_proximity: row.katorthoma_proximity as ConsultRecord["katorthoma_proximity"],
    layer1_source: row.layer1_source,
    input_sha256: row.input_sha256,
    prior_loop_id: row.prior_loop_id,
    elapsed_ms: row.elapsed_ms,
    created_at: iso(row.created_at),
  };
}

/**
 * Marks a continuation token used; false when a row for it exists. ON CONFLICT DO NOTHING
 * waits for a parallel transaction that inserted the same id: if that one commits, this one
 * sees the conflict; if it rolls back, this one takes the token.
 */
async function useContinuation(db: Db, use: ContinuationUse, loopId: string | null): Promise<boolean> {
  const row = await db
    .insertInto("continuation_uses")
    .values({ token_id: use.token_id, subject: use.subject, loop_id: loopId, expires_at: use.expires_at })
    .onConflict((oc) => oc.column("token_id").doNothing())
    .returning("token_id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Thrown inside the transaction to roll it back when the answered token was already used. */
class ContinuationAlreadyUsed extends Error {}

/**
 * The consult, when deferred its narrative row and outbox job, and the use of the continuation
 * token it answered, all or nothing: null (nothing written) when the token was used. Without a
 * token it is one statement (the rows as data-modifying CTEs, which commit together and whose
 * foreign keys are checked at its end): one round trip. With one, a transaction, so a replay
 * waits on the token's row and writes nothing.
 */
export async function insertConsult(
  db: Db,
  consult: NewConsult,
  deferred?: DeferredNarrative,
  answered?: ContinuationUse,
): Promise<{ outboxId: string | null } | null> {
  if (!answered) return insertConsultRows(db, consult, deferred);
  return db
    .transaction()
    .execute(async (trx) => {
      // The token first: a replay waits here for the turn that holds it, and writes nothing.
      if (!(await useContinuation(trx, answered, consult.loop_id))) throw new ContinuationAlreadyUsed();
      return insertConsultRows(trx, consult, deferred);
    })
    .catch((err: unknown) => {
      if (err instanceof ContinuationAlreadyUsed) return null;
      throw err;
    });
}

/** The consult's rows in one statement: the consult, and when deferred its narrative and outbox job. */
async function insertConsultRows(db: Db, consult: NewConsult, deferred?: DeferredNarrative): Promise<{ outboxId: string | null }> {
  if (!deferred) {
    await db.insertInto("consults").values(consult).execute();
    return { outboxId: null };
  }
  const outboxId = crypto.randomUUID();
  await db
    .with("consult", (q) => q.insertInto("consults").values(consult))
    .with("narrative", (q) =>
      q.insertInto("narratives").values({ correlation_id: deferred.correlation_id, loop_id: consult.loop_id, owner_id: consult.owner_id, status: "deferred" }),
    )
    .insertInto("outbox")
    .values({ id: outboxId, topic: "narrative", payload: JSON.stringify(deferred.job) })
    .execute();
  return { outboxId };
}

export async function findOwnedConsult(db: Db, loopId: string, ownerId: string): Promise<ConsultRecord | null> {
  const row = await db.selectFrom("consults").selectAll().where("loop_id", "=", loopId).where("owner_id", "=", ownerId).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The two columns a trajectory reads, not the rows' sealed assessments. */
export async function recentConsults(db: Db, ownerId: string, agentId: string | null, limit: number): Promise<RecentConsult[]> {
  let q = db.selectFrom("consults").select(["loop_id", "katorthoma_proximity"]).where("owner_id", "=", ownerId);
  q = agentId === null ? q.where("agent_id", "is", null) : q.where("agent_id", "=", agentId);
  const rows = await q.orderBy("created_at", "desc").orderBy("loop_id", "desc").limit(limit).execute();
  return rows.map((row) => ({ loop_id: row.loop_id, katorthoma_proximity: row.katorthoma_proximity as RecentConsult["katorthoma_proximity"] }));
}

export function consultStore(db: Db): ConsultStore {
  return {
    record: (consult, deferred, answered) => insertConsult(db, consult, deferred, answered),
    useContinuation: (use) => useContinuation(db, use, null),
    async continuationUsed(tokenId) {
      const row = await db.selectFrom("continuation_uses").select("token_id").where("token_id", "=", tokenId).executeTakeFirst();
      return row !== undefined;
    },
    findOwned: (loopId, ownerId) => findOwnedConsult(db, loopId, ownerId),
    async find(loopId) {
      const row = await db.selectFrom("consults").selectAll().where("loop_id", "=", loopId).executeTakeFirst();
      return row ? toRecord(row) : null;
    },
    recent: (ownerId, agentId, limit) => recentConsults(db, ownerId, agentId, limit),
  };
}
