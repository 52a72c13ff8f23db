import { sql, type Kysely } from "kysely";

/**
 * Roll-ups of the trust events, kept by triggers, so the trust record reads a bounded number
 * of rows however long an agent's history (core `TrustDigest`, `digestOfRollups`):
 *
 * - `trust_evidence_days`: per agent, domain, level and UTC day, the examined evidence events,
 *   the sum of their growth 2^((t - 2020-01-01) / 90 days) (the decay's time-invariant factor:
 *   at read each day's weight is that sum times 2^(-(now - 2020-01-01) / 90 days)), the latest;
 * - `trust_evidence_months`: the same by UTC month, so a read takes whole months from there;
 * - `trust_examination_days`: per agent and day, the examinations behind that evidence (one
 *   examination feeds several domains) and their summed growth, each counted on its first event;
 * - `trust_counts`: per agent, its trust events, orientation readings (and the examined ones)
 *   and provenance gaps in all, which the record shows as totals beside its latest 50.
 *
 * Triggers rather than the writers: every insert or delete of trust events moves them in the
 * same statement, whoever writes it. An insert adds its rows' sums; a delete recomputes the
 * buckets it touched from the events that remain. Trust events are never updated; readings and
 * gaps are only ever inserted. The 90 days is core's TRUST_HALF_LIFE_DAYS (a test composes
 * records both ways). Backfilled here.
 */
/** The statement-level triggers, each running the function of its name. */
const TRIGGERS = [
  { name: "trust_rollups_insert", table: "trust_events", on: "insert" },
  { name: "trust_rollups_delete", table: "trust_events", on: "delete" },
  { name: "trust_counts_readings", table: "orientation_readings", on: "insert" },
  { name: "trust_counts_gaps", table: "provenance_gaps", on: "insert" },
] as const;

/** The evidence roll-ups' buckets: a UTC day and a UTC month, each a date column. */
const EVIDENCE_BUCKETS = [
  { table: "trust_evidence_days", column: "day", of: (at: string) => `(${at} at time zone 'UTC')::date`, span: "interval '1 day'" },
  { table: "trust_evidence_months", column: "month", of: (at: string) => `date_trunc('month', ${at} at time zone 'UTC')::date`, span: "interval '1 month'" },
] as const;
type Bucket = (typeof EVIDENCE_BUCKETS)[number];

/** In the insert trigger: the new evidence rows' sums added to their buckets. */
const evidenceAdded = (b: Bucket) => `
      insert into ${b.table} as r (agent_id, domain, level, ${b.column}, events, growth, last_at)
        select agent_id, domain, level, ${b.of("occurred_at")}, count(*), sum(trust_growth(occurred_at)), max(occurred_at)
        from new_rows where class = 'evidence'
        group by 1, 2, 3, 4
        on conflict (agent_id, domain, level, ${b.column}) do update
          set events = r.events + excluded.events, growth = r.growth + excluded.growth, last_at = greatest(r.last_at, excluded.last_at);`;

/** In the delete trigger: the buckets the deleted evidence was in, recomputed from what remains. */
const evidenceRecomputed = (b: Bucket) => {
  const touched = `(select distinct agent_id, domain, level, ${b.of("occurred_at")} as ${b.column} from old_rows where class = 'evidence') k`;
  return `
      delete from ${b.table} r using ${touched}
        where r.agent_id = k.agent_id and r.domain = k.domain and r.level = k.level and r.${b.column} = k.${b.column};
      insert into ${b.table} (agent_id, domain, level, ${b.column}, events, growth, last_at)
        select t.agent_id, t.domain, t.level, k.${b.column}, count(*), sum(trust_growth(t.occurred_at)), max(t.occurred_at)
        from ${touched}
        join trust_events t on t.agent_id = k.agent_id and t.domain = k.domain and t.level = k.level and t.class = 'evidence'
          and t.occurred_at >= k.${b.column}::timestamp at time zone 'UTC' and t.occurred_at < (k.${b.column} + ${b.span}) at time zone 'UTC'
        group by t.agent_id, t.domain, t.level, k.${b.column};`;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function trust_growth(at timestamptz) returns double precision
    language sql immutable parallel safe
    as $$ select power(2::double precision, (extract(epoch from at)::double precision - 1577836800) / 7776000) $$
  `.execute(db);
  // By day, and by month: a read takes the whole months inside the horizon from the second, so
  // it reads about 1,400 roll-up rows at most (8 months and the days of the 2 partial ones).
  for (const b of EVIDENCE_BUCKETS) {
    await sql`
      create table ${sql.raw(b.table)} (
        agent_id text not null,
        domain text not null,
        level text not null,
        ${sql.raw(b.column)} date not null,
        events integer not null,
        growth double precision not null,
        last_at timestamptz not null,
        primary key (agent_id, domain, level, ${sql.raw(b.column)})
      )
    `.execute(db);
  }
  await sql`
    create table trust_examination_days (
      agent_id text not null,
      day date not null,
      examinations integer not null,
      growth double precision not null,
      primary key (agent_id, day)
    )
  `.execute(db);
  await sql`
    create table trust_counts (
      agent_id text primary key,
      events bigint not null default 0,
      readings bigint not null default 0,
      examined_readings bigint not null default 0,
      gaps bigint not null default 0
    )
  `.execute(db);

  await sql`
    create function trust_rollups_insert() returns trigger language plpgsql as $$
    begin
      insert into trust_counts as c (agent_id, events)
        select agent_id, count(*) from new_rows group by agent_id
        on conflict (agent_id) do update set events = c.events + excluded.events;
      ${sql.raw(EVIDENCE_BUCKETS.map(evidenceAdded).join("\n"))}
      insert into trust_examination_days as x (agent_id, day, examinations, growth)
        select agent_id, (at at time zone 'UTC')::date, count(*), sum(trust_growth(at))
        from (
          select n.agent_id, n.source_ref, max(n.occurred_at) filter (where n.class = 'evidence') as at
          from new_rows n
          group by n.agent_id, n.source, n.source_ref
          -- New when it has evidence and all of its events are this statement's rows (counted on
          -- the unique index: agent, source, source_ref).
          having count(*) filter (where n.class = 'evidence') > 0
            and count(*) = (select count(*) from trust_events t where t.agent_id = n.agent_id and t.source = n.source and t.source_ref = n.source_ref)
        ) fresh
        group by 1, 2
        on conflict (agent_id, day) do update set examinations = x.examinations + excluded.examinations, growth = x.growth + excluded.growth;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function trust_rollups_delete() returns trigger language plpgsql as $$
    begin
      update trust_counts c set events = c.events - d.n
        from (select agent_id, count(*) as n from old_rows group by agent_id) d
        where c.agent_id = d.agent_id;
      ${sql.raw(EVIDENCE_BUCKETS.map(evidenceRecomputed).join("\n"))}
      delete from trust_examination_days x
        using (select distinct agent_id, (occurred_at at time zone 'UTC')::date as day from old_rows where class = 'evidence') k
        where x.agent_id = k.agent_id and x.day = k.day;
      insert into trust_examination_days (agent_id, day, examinations, growth)
        select agent_id, day, count(*), sum(trust_growth(at))
        from (
          select t.agent_id, k.day, t.source_ref, max(t.occurred_at) as at
          from (select distinct agent_id, (occurred_at at time zone 'UTC')::date as day from old_rows where class = 'evidence') k
          join trust_events t on t.agent_id = k.agent_id and t.class = 'evidence'
            and t.occurred_at >= k.day::timestamp at time zone 'UTC' and t.occurred_at < (k.day + 1)::timestamp at time zone 'UTC'
          group by t.agent_id, k.day, t.source_ref
        ) e
        group by agent_id, day;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function trust_counts_readings() returns trigger language plpgsql as $$
    begin
      insert into trust_counts as c (agent_id, readings, examined_readings)
        select agent_id, count(*), count(*) filter (where class = 'examined') from new_rows group by agent_id
        on conflict (agent_id) do update
          set readings = c.readings + excluded.readings, examined_readings = c.examined_readings + excluded.examined_readings;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function trust_counts_gaps() returns trigger language plpgsql as $$
    begin
      insert into trust_counts as c (agent_id, gaps)
        select agent_id, count(*) from new_rows group by agent_id
        on conflict (agent_id) do update set gaps = c.gaps + excluded.gaps;
      return null;
    end $$
  `.execute(db);
  for (const t of TRIGGERS) {
    const rows = t.on === "delete" ? "old table as old_rows" : "new table as new_rows";
    await sql`
      create trigger ${sql.raw(t.name)} after ${sql.raw(t.on)} on ${sql.raw(t.table)}
      referencing ${sql.raw(rows)} for each statement execute function ${sql.raw(t.name)}()
    `.execute(db);
  }
  // The latch window reads an agent's latch events by time without walking its evidence.
  await sql`create index trust_events_latch_idx on trust_events (agent_id, occurred_at) where latch`.execute(db);
  // The record's latest readings in their order (examined_at, then loop_id) without sorting all.
  await sql`create index orientation_readings_latest_idx on orientation_readings (agent_id, examined_at desc, loop_id desc)`.execute(db);
  // And each domain's latest reflect reading without walking the agent's reflect history.
  await sql`create index trust_events_reflect_idx on trust_events (agent_id, domain, occurred_at) where source = 'reflect'`.execute(db);

  await sql`
    insert into trust_counts (agent_id, events, readings, examined_readings, gaps)
      select agent_id, sum(events), sum(readings), sum(examined), sum(gaps) from (
        select agent_id, count(*) as events, 0 as readings, 0 as examined, 0 as gaps from trust_events group by agent_id
        union all
        select agent_id, 0, count(*), count(*) filter (where class = 'examined'), 0 from orientation_readings group by agent_id
        union all
        select agent_id, 0, 0, 0, count(*) from provenance_gaps group by agent_id
      ) c group by agent_id
  `.execute(db);
  for (const b of EVIDENCE_BUCKETS) {
    await sql`
      insert into ${sql.raw(b.table)} (agent_id, domain, level, ${sql.raw(b.column)}, events, growth, last_at)
        select agent_id, domain, level, ${sql.raw(b.of("occurred_at"))}, count(*), sum(trust_growth(occurred_at)), max(occurred_at)
        from trust_events where class = 'evidence' group by 1, 2, 3, 4
    `.execute(db);
  }
  await sql`
    insert into trust_examination_days (agent_id, day, examinations, growth)
      select agent_id, (at at time zone 'UTC')::date, count(*), sum(trust_growth(at))
      from (select agent_id, source_ref, max(occurred_at) as at from trust_events where class = 'evidence' group by agent_id, source_ref) e
      group by 1, 2
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of TRIGGERS) {
    await sql`drop trigger ${sql.raw(t.name)} on ${sql.raw(t.table)}`.execute(db);
    await sql`drop function ${sql.raw(t.name)}()`.execute(db);
  }
  await sql`drop index orientation_readings_latest_idx`.execute(db);
  await sql`drop index trust_events_reflect_idx`.execute(db);
  await sql`drop index trust_events_latch_idx`.execute(db);
  await db.schema.dropTable("trust_counts").execute();
  await db.schema.dropTable("trust_examination_days").execute();
  for (const b of EVIDENCE_BUCKETS) await db.schema.dropTable(b.table).execute();
  await sql`drop function trust_growth(timestamptz)`.execute(db);
}
