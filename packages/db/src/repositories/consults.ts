import type { ConsultRecord, ConsultStore, DeferredNarrative, NewConsult } from "@svc/core";
import type { Kysely } from "kysely";
import type { ConsultRow, Database } from "../schema";

type Db = Kysely<Database>;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

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

/** The consult, and when deferred its narrative row and outbox job, in one transaction. */
export async function insertConsult(db: Db, consult: NewConsult, deferred?: DeferredNarrative): Promise<{ outboxId: string | null }> {
  return db.transaction().execute(async (trx) => {
    await trx.insertInto("consults").values(consult).execute();
    if (!deferred) return { outboxId: null };
    await trx
      .insertInto("narratives")
      .values({ correlation_id: deferred.correlation_id, loop_id: consult.loop_id, owner_id: consult.owner_id, status: "deferred" })
      .execute();
    const outboxId = crypto.randomUUID();
    await trx.insertInto("outbox").values({ id: outboxId, topic: "narrative", payload: JSON.stringify(deferred.job) }).execute();
    return { outboxId };
  });
}

export async function findOwnedConsult(db: Db, loopId: string, ownerId: string): Promise<ConsultRecord | null> {
  const row = await db.selectFrom("consults").selectAll().where("loop_id", "=", loopId).where("owner_id", "=", ownerId).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function recentConsults(db: Db, ownerId: string, agentId: string | null, limit: number): Promise<ConsultRecord[]> {
  let q = db.selectFrom("consults").selectAll().where("owner_id", "=", ownerId);
  q = agentId === null ? q.where("agent_id", "is", null) : q.where("agent_id", "=", agentId);
  const rows = await q.orderBy("created_at", "desc").orderBy("loop_id", "desc").limit(limit).execute();
  return rows.map(toRecord);
}

export function consultStore(db: Db): ConsultStore {
  return {
    record: (consult, deferred) => insertConsult(db, consult, deferred),
    findOwned: (loopId, ownerId) => findOwnedConsult(db, loopId, ownerId),
    async find(loopId) {
      const row = await db.selectFrom("consults").selectAll().where("loop_id", "=", loopId).executeTakeFirst();
      return row ? toRecord(row) : null;
    },
    recent: (ownerId, agentId, limit) => recentConsults(db, ownerId, agentId, limit),
  };
}
