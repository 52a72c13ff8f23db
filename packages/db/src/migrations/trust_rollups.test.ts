import {
  composeTrustRecord,
  digestOf,
  type KatorthomaProximity,
  type NewTrustEvent,
  type TrustDigest,
  type TrustRecord,
  TRUST_HORIZON_DAYS,
  VirtueDomain,
} from "@svc/core";
import { type Kysely, sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeOnScratchDatabases, migratorOf, migrationBefore } from "../../../../tests/support/scratch_database";
import { mintTrustEvents, trustStore } from "../repositories/trust";
import type { Database } from "../schema";

// 20261127T1600_trust_rollups: the trust record is composed from roll-ups kept by triggers.
// The property: at any instant, the record composed from the store's digest is the record
// composed from every event one by one (core digestOf), through backfill, mints (with
// conflicts), withdrawals and deletions; and the digest's statement reads a bounded number
// of rows.

const ROLLUPS = "20261127T1600_trust_rollups";
const BEFORE = migrationBefore(ROLLUPS);
const DAY_MS = 86_400_000;
const NOW = Date.parse("2026-11-27T15:20:00.000Z");
const LEVELS: readonly KatorthomaProximity[] = ["reflexive", "habitual", "deliberate", "principled", "sage_like"];
const DOMAINS = VirtueDomain.options;

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An agent's history over 400 days and a little into the future: examinations in several domains, flags, contradictions, reflect passes. */
function history(agent: string, seed: number, count: number): NewTrustEvent[] {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const events: NewTrustEvent[] = [];
  for (let i = 0; i < count; i++) {
    // Some on exact UTC midnights and around the horizon's edge, most anywhere.
    const r = rnd();
    const at =
      r < 0.1
        ? Math.floor((NOW - rnd() * 400 * DAY_MS) / DAY_MS) * DAY_MS
        : r < 0.2
          ? NOW - (TRUST_HORIZON_DAYS + (rnd() - 0.5) * 3) * DAY_MS
          : NOW - (rnd() * 401 - 1) * DAY_MS;
    const occurred_at = new Date(Math.floor(at)).toISOString();
    const kind = rnd();
    if (kind < 0.8) {
      const domains = DOMAINS.filter(() => rnd() < 0.6);
      for (const domain of domains.length ? domains : [pick(DOMAINS)]) {
        events.push({
          agent_id: agent,
          source: "examination",
          class: "evidence",
          domain,
          level: pick(LEVELS),
          source_ref: `loop_${seed}_${i}`,
          occurred_at,
          latch: domain === "dikaiosyne" && rnd() < 0.1,
        });
      }
    } else if (kind < 0.87) {
      const domain = pick(DOMAINS);
      events.push({
        agent_id: agent,
        source: "curator_flag",
        class: "decrease",
        domain,
        level: pick(LEVELS),
        source_ref: `flag_${seed}_${i}`,
        occurred_at,
        latch: domain === "dikaiosyne" && rnd() < 0.5,
      });
    } else if (kind < 0.92) {
      events.push({
        agent_id: agent,
        source: "stoa_contradiction",
        class: "decrease",
        domain: pick(DOMAINS),
        level: pick(LEVELS),
        source_ref: `decl_${seed}_${i}`,
        occurred_at,
      });
    } else {
      for (const domain of DOMAINS.filter(() => rnd() < 0.5)) {
        events.push({ agent_id: agent, source: "reflect", class: "hold", domain, level: pick(LEVELS), source_ref: `reflect_${seed}_${i}`, occurred_at });
      }
    }
  }
  return events;
}

const compose = (agent: string, digest: TrustDigest, now: Date): TrustRecord =>
  composeTrustRecord({ agent_id: agent, digest, readings: { readings: [], total: 0, examined: 0 }, gaps: [], gap_count: 0, has_accreditation: false, now });

/** Instants to read at: now, later today, across day boundaries, months on, past the horizon. */
const INSTANTS = [0, 0.01, 0.3, 0.37, 1, 1.5, 30, 91.2, 180.7, 271, 500].map((d) => new Date(NOW + d * DAY_MS));

async function expectSameRecords(db: Kysely<Database>, agent: string): Promise<void> {
  const store = trustStore(db);
  const events = await store.events(agent);
  for (const now of INSTANTS) {
    const fromRollups = compose(agent, await store.digest(agent, now), now);
    const fromEvents = compose(agent, digestOf(events, now), now);
    expect(fromRollups, `${agent} at ${now.toISOString()}`).toEqual(fromEvents);
  }
}

function describeRollups(open: () => Promise<Kysely<Database>>) {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await open();
    const { error } = await migratorOf(db).migrateTo(BEFORE);
    if (error) throw error;
  });

  it("backfills the events already there, then keeps the roll-ups through mints, conflicts and deletions", async () => {
    // Written before the migration, straight to the table.
    await mintTrustEvents(db, history("agent_backfilled", 1, 300));
    const { error } = await migratorOf(db).migrateTo(ROLLUPS);
    expect(error).toBeUndefined();
    await expectSameRecords(db, "agent_backfilled");

    // Minted after it, in batches as the services mint; a batch repeated mints nothing.
    const later = history("agent_minted", 2, 400);
    for (let i = 0; i < later.length; i += 37) await mintTrustEvents(db, later.slice(i, i + 37));
    expect(await mintTrustEvents(db, later.slice(0, 50))).toBe(0);
    // One examination's domains minted in two statements count it once.
    const exam = later.find((e) => e.source === "examination")!;
    const split = DOMAINS.map((domain) => ({ ...exam, source_ref: "loop_split", domain }));
    await mintTrustEvents(db, split.slice(0, 2));
    await mintTrustEvents(db, split);
    await expectSameRecords(db, "agent_minted");
    await expectSameRecords(db, "agent_backfilled");

    // A withdrawn flag, and evidence deleted (a day's roll-ups are recomputed from what remains).
    await db.deleteFrom("trust_events").where("agent_id", "=", "agent_minted").where("source", "=", "curator_flag").execute();
    const someLoops = (await trustStore(db).events("agent_minted")).filter((e) => e.class === "evidence").filter((_, i) => i % 5 === 0);
    await db
      .deleteFrom("trust_events")
      .where("agent_id", "=", "agent_minted")
      .where(
        "source_ref",
        "in",
        someLoops.map((e) => e.source_ref),
      )
      .execute();
    await expectSameRecords(db, "agent_minted");

    // An agent with no events at all: nothing ever, nothing counted.
    const empty = await trustStore(db).digest("agent_none", new Date(NOW));
    expect(empty).toEqual({ evidence: [], domains_ever: [], examinations_weight: 0, reflects: [], decreases: [], latches: [], event_count: 0 });
  });

  it("reads roll-up rows bounded by days, not events: a day of many examinations is one row per domain and level", async () => {
    const day = new Date(NOW - 10 * DAY_MS).toISOString();
    const many: NewTrustEvent[] = Array.from({ length: 500 }, (_, i) => ({
      agent_id: "agent_busy",
      source: "examination" as const,
      class: "evidence" as const,
      domain: "phronesis" as const,
      level: "deliberate" as const,
      source_ref: `loop_busy_${i}`,
      occurred_at: day,
    }));
    await mintTrustEvents(db, many);
    const rows = await sql<{ n: string | number }>`select count(*) as n from trust_evidence_days where agent_id = 'agent_busy'`.execute(db);
    expect(Number(rows.rows[0]!.n)).toBe(1);
    const digest = await trustStore(db).digest("agent_busy", new Date(NOW));
    expect(digest.evidence).toMatchObject([{ domain: "phronesis", level: "deliberate", events: 500 }]);
    expect(digest.examinations_weight).toBeCloseTo(500 * 0.5 ** (10 / 90), 9);
    await expectSameRecords(db, "agent_busy");
  });

  it("counts readings and gaps as they are written, backfilled with the rest: the totals beside the latest 50", async () => {
    const { error } = await migratorOf(db).migrateTo(BEFORE);
    expect(error).toBeUndefined();
    const readings = (agent: string, from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        agent_id: agent,
        loop_id: `loop_r${from + i}`,
        class: (from + i) % 3 === 0 ? ("observed" as const) : ("examined" as const),
        direction: "toward" as const,
        proximity: "deliberate",
        elapsed_ms: 10,
        examined_at: new Date(NOW - (from + i) * 60_000).toISOString(),
      }));
    const gaps = (agent: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: crypto.randomUUID(),
        agent_id: agent,
        write_id: crypto.randomUUID(),
        element_index: i,
        loop_id: null,
        reason: "no_ledger_entry" as const,
      }));
    await db
      .insertInto("orientation_readings")
      .values(readings("agent_counted", 0, 70))
      .execute();
    await db.insertInto("provenance_gaps").values(gaps("agent_counted", 4)).execute();
    expect((await migratorOf(db).migrateTo(ROLLUPS)).error).toBeUndefined();
    const store = trustStore(db);
    const first = await store.readings("agent_counted", 50);
    expect([first.readings.length, first.total, first.examined, await store.gapCount("agent_counted")]).toEqual([50, 70, 46, 4]);

    await db
      .insertInto("orientation_readings")
      .values(readings("agent_counted", 70, 30))
      .execute();
    await db.insertInto("provenance_gaps").values(gaps("agent_counted", 3)).execute();
    const then = await store.readings("agent_counted", 50);
    const counted = await db
      .selectFrom("orientation_readings")
      .select((eb) => [eb.fn.countAll<string>().as("total"), eb.fn.countAll<string>().filterWhere("class", "=", "examined").as("examined")])
      .where("agent_id", "=", "agent_counted")
      .executeTakeFirstOrThrow();
    expect([then.total, then.examined, await store.gapCount("agent_counted")]).toEqual([Number(counted.total), Number(counted.examined), 7]);
    expect([then.total, then.examined]).toEqual([100, 66]);
    expect(await store.readings("agent_none", 50)).toEqual({ readings: [], total: 0, examined: 0 });
    expect(await store.gapCount("agent_none")).toBe(0);
  });

  it("migrates down", async () => {
    const { error } = await migratorOf(db).migrateTo(BEFORE);
    expect(error).toBeUndefined();
  });
}

describeOnScratchDatabases("trust roll-ups", "svc_trustrollups", describeRollups);
