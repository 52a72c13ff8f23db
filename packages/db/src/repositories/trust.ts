import {
  digestOfRollups,
  type KatorthomaProximity,
  type OrientationReading,
  type ProvenanceGap,
  rollupWindow,
  type TrustEvent,
  type TrustRollups,
  type TrustStore,
  VirtueDomain,
} from "@svc/core";
import { type Kysely, type RawBuilder, type Selectable, sql, type Transaction } from "kysely";
import type { Database, OrientationReadingsTable, ProvenanceGapsTable, TrustEventsTable } from "../schema";
import { iso, json } from "./columns";

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

/** A timestamp as the ISO 8601 text `iso` gives (UTC, milliseconds), inside a JSON result. */
const isoText = (value: RawBuilder<unknown>): RawBuilder<string> => sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const eventJson = sql`json_build_object(
  'id', id, 'agent_id', agent_id, 'source', source, 'class', class, 'domain', domain, 'level', level, 'source_ref', source_ref,
  'occurred_at', ${isoText(sql.ref("occurred_at"))}, 'latch', latch, 'note', note, 'minted_at', ${isoText(sql.ref("minted_at"))})`;

/**
 * An agent's trust digest at `now` in one statement (core `rollupWindow`): the evidence
 * roll-ups of the whole months and days inside the horizon and the examinations' of its days,
 * with the events of its two edge days (the boundary day from the horizon's start, today up to
 * `now`); evidence dated after `now`; the domains with evidence at any age; the decrease and
 * latch events; the latest reflect per domain; the event count. What it reads is bounded by
 * months, days, domains and levels and by the edge days' events, not by the history.
 */
async function readDigest(db: Kysely<Database>, agentId: string, now: Date) {
  const w = rollupWindow(now);
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const inside = sql`agent_id = ${agentId} and day > ${w.boundaryDay}::date and day < ${w.today}::date`;
  const evidence = sql`agent_id = ${agentId} and class = 'evidence'`;
  const edgeUpToNow = sql`${evidence} and occurred_at >= ${at(w.horizonStart)} and occurred_at <= ${at(now)}
    and (occurred_at < ${at(w.boundaryEnd)} or occurred_at >= ${at(w.todayStart)})`;
  const domains = sql`unnest(array[${sql.join(VirtueDomain.options)}]::text[]) with ordinality as d(domain, n)`;
  const { rows } = await sql<{
    evidence: unknown;
    future: unknown;
    exams: unknown;
    ever: unknown;
    lowering: unknown;
    reflects: unknown;
    total: string | number | null;
  }>`
    select
      (select coalesce(json_agg(r), '[]'::json) from (
        select domain, level, sum(events)::int as events, sum(growth) as growth, ${isoText(sql`max(last_at)`)} as last_at from (
          select domain, level, events, growth, last_at from trust_evidence_months
          where agent_id = ${agentId} and month >= ${w.afterBoundaryMonth}::date and month < ${w.todayMonth}::date
          union all
          select domain, level, events, growth, last_at from trust_evidence_days
          where ${inside} and (day < ${w.afterBoundaryMonth}::date or day >= ${w.todayMonth}::date)
          union all
          select domain, level, 1, trust_growth(occurred_at), occurred_at from trust_events where ${edgeUpToNow}
        ) x group by domain, level) r) as evidence,
      (select coalesce(json_agg(r), '[]'::json) from (
        select domain, level, count(*)::int as events, ${isoText(sql`max(occurred_at)`)} as last_at
        from trust_events where ${evidence} and occurred_at > ${at(now)} group by domain, level) r) as future,
      json_build_object(
        'growth', coalesce((select sum(growth) from trust_examination_days where ${inside}), 0)
          + coalesce((select sum(trust_growth(e.at)) from (select max(occurred_at) as at from trust_events where ${edgeUpToNow} group by source_ref) e), 0),
        'future', (select count(distinct source_ref) from trust_events where ${evidence} and occurred_at > ${at(now)})) as exams,
      (select coalesce(json_agg(d.domain order by d.n), '[]'::json) from ${domains}
        where exists (select 1 from trust_evidence_days x where x.agent_id = ${agentId} and x.domain = d.domain)) as ever,
      (select coalesce(json_agg(e.event order by e.occurred_at, e.id), '[]'::json) from (
        select ${eventJson} as event, occurred_at, id from trust_events
        where agent_id = ${agentId} and class = 'decrease'
        union all
        select ${eventJson}, occurred_at, id from trust_events
        where agent_id = ${agentId} and latch and class <> 'decrease' and occurred_at >= ${at(w.latchStart)}) e) as lowering,
      (select coalesce(json_agg(r.event order by d.n), '[]'::json) from ${domains}
        cross join lateral (
          select ${eventJson} as event from trust_events
          where agent_id = ${agentId} and class = 'hold' and source = 'reflect' and domain = d.domain and occurred_at >= ${at(w.horizonStart)}
          order by occurred_at desc, id desc limit 1) r) as reflects,
      (select events from trust_counts where agent_id = ${agentId}) as total
  `.execute(db);
  const row = rows[0]!;
  const lowering = json(row.lowering) as TrustEvent[];
  const latchFrom = w.latchStart.toISOString();
  const rollups: TrustRollups = {
    evidence: json(row.evidence) as TrustRollups["evidence"],
    future: json(row.future) as TrustRollups["future"],
    examinations: json(row.exams) as TrustRollups["examinations"],
    domains_ever: json(row.ever) as VirtueDomain[],
    reflects: json(row.reflects) as TrustEvent[],
    decreases: lowering.filter((e) => e.class === "decrease"),
    latches: lowering.filter((e) => e.latch && e.domain === "dikaiosyne" && e.occurred_at >= latchFrom),
    event_count: Number(row.total ?? 0),
  };
  return digestOfRollups(rollups, now);
}

export function trustStore(db: Kysely<Database>): TrustStore {
  return {
    mint: (events) => mintTrustEvents(db, events),
    async events(agentId) {
      const rows = await db.selectFrom("trust_events").selectAll().where("agent_id", "=", agentId).orderBy("occurred_at", "asc").orderBy("id", "asc").execute();
      return rows.map(toTrustEvent);
    },
    digest: (agentId, now) => readDigest(db, agentId, now),
    async readings(agentId, limit) {
      // The totals ride on the latest rows (kept in trust_counts: no count over the history).
      const rows = await db
        .selectFrom("orientation_readings")
        .selectAll()
        .select((eb) => [
          eb.selectFrom("trust_counts").select("readings").where("agent_id", "=", agentId).as("total"),
          eb.selectFrom("trust_counts").select("examined_readings").where("agent_id", "=", agentId).as("examined"),
        ])
        .where("agent_id", "=", agentId)
        .orderBy("examined_at", "desc")
        .orderBy("loop_id", "desc")
        .limit(limit)
        .execute();
      return { readings: rows.map(toReading), total: Number(rows[0]?.total ?? 0), examined: Number(rows[0]?.examined ?? 0) };
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
      const row = await db.selectFrom("trust_counts").select("gaps").where("agent_id", "=", agentId).executeTakeFirst();
      return Number(row?.gaps ?? 0);
    },
  };
}
