import type { ConsultRecord, ConsultStore } from "@svc/core";
import type { Kysely } from "kysely";
import type { ConsultRow, Database } from "../schema";

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
    signed_assessment: typeof row.signed_assessment === "string" ? JSON.parse(row.signed_assessment) : row.signed_assessment,
    created_at: (row.created_at instanceof Date ? row.created_at : new Date(row.created_at)).toISOString(),
  };
}

export async function insertConsult(db: Db, consult: Omit<ConsultRecord, "created_at">): Promise<void> {
  await db
    .insertInto("consults")
    .values({ ...consult, signed_assessment: JSON.stringify(consult.signed_assessment) })
    .execute();
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
    record: (consult) => insertConsult(db, consult),
    findOwned: (loopId, ownerId) => findOwnedConsult(db, loopId, ownerId),
    recent: (ownerId, agentId, limit) => recentConsults(db, ownerId, agentId, limit),
  };
}
