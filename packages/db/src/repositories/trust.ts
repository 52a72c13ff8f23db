import type { KatorthomaProximity, OrientationReading, ProvenanceGap, TrustEvent, TrustStore, VirtueDomain } from "@svc/core";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, OrientationReadingsTable, ProvenanceGapsTable, TrustEventsTable } from "../schema";
import { iso } from "./columns";

type Db = Kysely<Database> | Transaction<Database>;

export function toTrustEvent(row: Selectable<TrustEventsTable>): TrustEvent {
  return {
    id: row.id,
    agent_id: row.agent_id,
    source: row.source,
    class: row.class,
    domain: row.domain as VirtueDomain,
    level: row.level as KatorthomaProximity,
    source_ref: row.source_ref,
    occurred_at: iso(row.occurred_at),
    latch: row.latch,
    note: row.note,
    minted_at: iso(row.minted_at),
  };
}

function toReading(row: Selectable<OrientationReadingsTable>): OrientationReading {
  return {
    agent_id: row.agent_id,
    loop_id: row.loop_id,
    class: row.class,
    direction: row.direction,
    proximity: row.proximity as KatorthomaProximity,
    elapsed_ms: row.elapsed_ms,
    examined_at: iso(row.examined_at),
    minted_at: iso(row.minted_at),
  };
}

function toGap(row: Selectable<ProvenanceGapsTable>): ProvenanceGap {
  return {
    id: row.id,
    agent_id: row.agent_id,
    write_id: row.write_id,
    element_index: row.element_index,
    loop_id: row.loop_id,
    reason: row.reason,
    recorded_at: iso(row.recorded_at),
  };
}

/** Inserts events, leaving any already minted (same agent, source, source_ref, domain) as they are. */
export async function mintTrustEvents(db: Db, events: Parameters<TrustStore["mint"]>[0]): Promise<number> {
  if (events.length === 0) return 0;
  const result = await db
    .insertInto("trust_events")
    .values(
      events.map((e) => ({
        id: crypto.randomUUID(),
        agent_id: e.agent_id,
        source: e.source,
        class: e.class,
        domain: e.domain,
        level: e.level,
        source_ref: e.source_ref,
        occurred_at: e.occurred_at,
        latch: e.latch ?? false,
        note: e.note ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(["agent_id", "source", "source_ref", "domain"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

export function trustStore(db: Kysely<Database>): TrustStore {
  return {
    mint: (events) => mintTrustEvents(db, events),
    async events(agentId) {
      const rows = await db.selectFrom("trust_events").selectAll().where("agent_id", "=", agentId).orderBy("occurred_at", "asc").orderBy("id", "asc").execute();
      return rows.map(toTrustEvent);
    },
    async readings(agentId, limit) {
      const [rows, counts] = await Promise.all([
        db
          .selectFrom("orientation_readings")
          .selectAll()
          .where("agent_id", "=", agentId)
          .orderBy("examined_at", "desc")
          .orderBy("loop_id", "desc")
          .limit(limit)
          .execute(),
        db
          .selectFrom("orientation_readings")
          .select((eb) => [eb.fn.countAll<string>().as("total"), eb.fn.countAll<string>().filterWhere("class", "=", "examined").as("examined")])
          .where("agent_id", "=", agentId)
          .executeTakeFirstOrThrow(),
      ]);
      return { readings: rows.map(toReading), total: Number(counts.total), examined: Number(counts.examined) };
    },
    async gaps(agentId, limit) {
      const rows = await db
        .selectFrom("provenance_gaps")
        .selectAll()
        .where("agent_id", "=", agentId)
        .orderBy("recorded_at", "desc")
        .orderBy("element_index", "desc")
        .limit(limit)
        .execute();
      return rows.map(toGap);
    },
    async gapCount(agentId) {
      const row = await db
        .selectFrom("provenance_gaps")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("agent_id", "=", agentId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
