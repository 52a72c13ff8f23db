import { sql } from "kysely";
import { issueApiKey, KatorthomaProximity, VirtueDomain } from "@svc/core";
import { credentialStore, migrateToLatest } from "@svc/db";
import { accreditationFunction } from "@svc/fn-accreditation";
import { scoringFunction } from "@svc/fn-scoring";
import { stoaFunction } from "@svc/fn-stoa";
import { RUNTIME_BINDING } from "@svc/runtime";
import { createLocalRuntime, type LocalRuntime } from "./local_runtime";
import { isMain } from "./main";

/**
 * `npm run bench:growth`: the reads whose cost could grow with the data, on a small and on a
 * large data set, in-process on PostgreSQL (DATABASE_URL; the production store, reached through
 * the Neon driver as on Workers): an owner's profile and score history pages with 20 and with
 * 100,000 stored scores, an agent's trust record with 100 and with 100,000 events (a year of
 * them), and the Stoa directory's pages with 50 and with 10,000 entries. Each read is timed over
 * GROWTH_ITERATIONS sequential calls (default 200); the table shows p50 and the large-to-small
 * ratio. Seeding writes straight to the database, in batches.
 */

const DAY_MS = 86_400_000;
const BATCH = 1000;

type Fn = { fetch: (request: Request, env?: Record<string, unknown>) => Response | Promise<Response> };

interface Read {
  readonly name: string;
  readonly fn: Fn;
  readonly small: string;
  readonly large: string;
  readonly auth: boolean;
}

async function seedScores(runtime: LocalRuntime, ownerId: string, count: number, now: number): Promise<void> {
  const db = await runtime.database();
  const proximities = ["contrary", "progressing", "deliberate"] as const;
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, j) => {
      const i = start + j;
      return {
        id: crypto.randomUUID(),
        owner_id: ownerId,
        action_description: `Scored action number ${i}: I kept my word to a colleague.`,
        katorthoma_proximity: proximities[i % 3]!,
        proximity: KatorthomaProximity.options[i % KatorthomaProximity.options.length]!,
        is_kathekon: i % 4 === 0 ? null : i % 4 !== 1,
        kathekon_quality: null,
        passions: i % 5 === 0 ? ["orge"] : [],
        virtue_domains: [VirtueDomain.options[i % VirtueDomain.options.length]!],
        created_at: new Date(now - (count - i) * 60_000),
      };
    });
    await db.insertInto("scores").values(rows).execute();
  }
  // As the score store keeps it: the owner's count, with the scores.
  await db
    .insertInto("score_counts")
    .values({ owner_id: ownerId, scored: count })
    .onConflict((oc) => oc.column("owner_id").doUpdateSet({ scored: count }))
    .execute();
}

async function seedTrustEvents(runtime: LocalRuntime, agentId: string, count: number, now: number): Promise<void> {
  const db = await runtime.database();
  const levels = KatorthomaProximity.options;
  const domains = VirtueDomain.options;
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, j) => {
      const i = start + j;
      const at = new Date(now - Math.floor((i * 365 * DAY_MS) / count));
      const source = i % 997 === 0 ? ("curator_flag" as const) : i % 101 === 0 ? ("reflect" as const) : ("examination" as const);
      return {
        id: crypto.randomUUID(),
        agent_id: agentId,
        source,
        class: source === "curator_flag" ? ("decrease" as const) : source === "reflect" ? ("hold" as const) : ("evidence" as const),
        domain: domains[i % domains.length]!,
        level: levels[(i * 7) % levels.length]!,
        source_ref: `loop_${i}`,
        occurred_at: at,
        latch: false,
        note: null,
        minted_at: at,
      };
    });
    await db.insertInto("trust_events").values(rows).execute();
  }
}

/** Orientation readings beside the events: the record shows their latest 50 and their totals. */
async function seedReadings(runtime: LocalRuntime, agentId: string, count: number, now: number): Promise<void> {
  const db = await runtime.database();
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, j) => {
      const i = start + j;
      return {
        agent_id: agentId,
        loop_id: `loop_${i}`,
        class: i % 10 === 0 ? ("observed" as const) : ("examined" as const),
        direction: "toward" as const,
        proximity: "deliberate",
        elapsed_ms: 1200,
        examined_at: new Date(now - Math.floor((i * 365 * DAY_MS) / count)),
      };
    });
    await db.insertInto("orientation_readings").values(rows).execute();
  }
}

async function seedStoa(runtime: LocalRuntime, prefix: string, count: number, now: number): Promise<void> {
  const db = await runtime.database();
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, j) => {
      const i = start + j;
      return {
        agent_id: `${prefix}-${String(i).padStart(6, "0")}`,
        id: crypto.randomUUID(),
        owner_id: `key:${prefix}-owner-${i}`,
        display_name: `Agent ${i}`,
        statement: "I deliberate before every consequential act.",
        commitments: JSON.stringify([{ domain: "phronesis", claimed_level: "deliberate", text: "I deliberate before every consequential act." }]),
        contact_url: null,
        agent_card_url: null,
        declared_at: new Date(now - (count - i) * 1000),
      };
    });
    await db.insertInto("stoa_declarations").values(rows).execute();
  }
}

async function timeRead(fn: Fn, path: string, key: string | null, bindings: Record<string, unknown>, iterations: number): Promise<number> {
  const call = async () => {
    const res = await fn.fetch(new Request(`http://bench${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} }), bindings);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
  };
  for (let i = 0; i < 10; i += 1) await call();
  const times: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor((times.length - 1) / 2)]!;
}

export async function benchGrowth(databaseUrl: string, iterations: number): Promise<Array<{ name: string; small: number; large: number }>> {
  const runtime = createLocalRuntime({ databaseUrl, dataDir: "memory://" });
  const bindings = { LOG_LEVEL: "silent", BURST_LIMIT: "100000", [RUNTIME_BINDING]: runtime };
  const run = crypto.randomUUID().slice(0, 8);
  const now = Date.now();
  try {
    await migrateToLatest(await runtime.database());
    const credentials = credentialStore(await runtime.database());
    const keyFor = async (owner: string) =>
      (
        await issueApiKey({
          ctx: { credentials, now: () => new Date() },
          input: { kind: "live", owner_id: owner, tier: "paid", capabilities: [], daily_limit: 1_000_000_000 },
        })
      ).key;
    const smallOwner = `growth-small-${run}`;
    const largeOwner = `growth-large-${run}`;
    const [smallKey, largeKey] = [await keyFor(smallOwner), await keyFor(largeOwner)];
    console.log("seeding: 20 and 100,000 scores, 100 and 100,000 trust events and readings, 50 and 10,000 Stoa entries ...");
    await seedScores(runtime, `key:${smallOwner}`, 20, now);
    await seedScores(runtime, `key:${largeOwner}`, 100_000, now);
    await seedTrustEvents(runtime, `growth-small-agent-${run}`, 100, now);
    await seedTrustEvents(runtime, `growth-large-agent-${run}`, 100_000, now);
    await seedReadings(runtime, `growth-small-agent-${run}`, 100, now);
    await seedReadings(runtime, `growth-large-agent-${run}`, 100_000, now);
    await seedStoa(runtime, `growth-${run}-s`, 50, now);
    await seedStoa(runtime, `growth-${run}-l`, 10_000, now);
    const db = await runtime.database();
    // As autovacuum would soon after such growth: the planner reads the tables as they now are.
    await sql`analyze scores, score_counts, trust_events, trust_evidence_days, trust_examination_days, trust_counts, orientation_readings, stoa_declarations`.execute(
      db,
    );
    // A cursor in the middle of the large history: a deep page.
    const middle = await db
      .selectFrom("scores")
      .select("id")
      .where("owner_id", "=", `key:${largeOwner}`)
      .orderBy("created_at", "desc")
      .offset(50_000)
      .limit(1)
      .executeTakeFirstOrThrow();
    const smallMiddle = await db
      .selectFrom("scores")
      .select("id")
      .where("owner_id", "=", `key:${smallOwner}`)
      .orderBy("created_at", "desc")
      .offset(10)
      .limit(1)
      .executeTakeFirstOrThrow();
    const reads: Array<Read & { smallKey?: string; largeKey?: string }> = [
      { name: "GET /api/user/profile", fn: scoringFunction, small: "/api/user/profile", large: "/api/user/profile", auth: true },
      { name: "GET /api/user/scores (first page)", fn: scoringFunction, small: "/api/user/scores?limit=20", large: "/api/user/scores?limit=20", auth: true },
      {
        name: "GET /api/user/scores (a page in the middle)",
        fn: scoringFunction,
        small: `/api/user/scores?limit=20&before=${smallMiddle.id}`,
        large: `/api/user/scores?limit=20&before=${middle.id}`,
        auth: true,
      },
      {
        name: "GET /api/trust-record/{agent_id}",
        fn: accreditationFunction,
        small: `/api/trust-record/growth-small-agent-${run}`,
        large: `/api/trust-record/growth-large-agent-${run}`,
        auth: false,
      },
      {
        name: "GET /api/stoa/entries?q= (first page)",
        fn: stoaFunction,
        small: `/api/stoa/entries?q=growth-${run}-s`,
        large: `/api/stoa/entries?q=growth-${run}-l`,
        auth: false,
      },
    ];
    const results = [];
    for (const read of reads) {
      const small = await timeRead(read.fn, read.small, read.auth ? smallKey : null, bindings, iterations);
      const large = await timeRead(read.fn, read.large, read.auth ? largeKey : null, bindings, iterations);
      results.push({ name: read.name, small, large });
    }
    return results;
  } finally {
    // The database may be shared (the suites' own): what was seeded goes.
    const db = await runtime.database();
    await db.deleteFrom("scores").where("owner_id", "like", `key:growth-%-${run}`).execute();
    await db.deleteFrom("score_counts").where("owner_id", "like", `key:growth-%-${run}`).execute();
    await db.deleteFrom("api_keys").where("owner_id", "like", `key:growth-%-${run}`).execute();
    await db.deleteFrom("trust_events").where("agent_id", "like", `growth-%-agent-${run}`).execute();
    await db.deleteFrom("orientation_readings").where("agent_id", "like", `growth-%-agent-${run}`).execute();
    await db.deleteFrom("trust_counts").where("agent_id", "like", `growth-%-agent-${run}`).execute();
    await db.deleteFrom("stoa_declarations").where("agent_id", "like", `growth-${run}-%`).execute();
    await runtime.close();
  }
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("bench:growth needs DATABASE_URL (a PostgreSQL it may write to; bash .ci/run's is postgres://postgres@127.0.0.1:5432/test).");
    process.exit(2);
  }
  const iterations = Number(process.env.GROWTH_ITERATIONS ?? 200);
  const results = await benchGrowth(databaseUrl, iterations);
  console.log(`\nread                                            small p50   large p50   ratio   (${iterations} sequential calls each)`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(46)} ${r.small.toFixed(2).padStart(8)} ms ${r.large.toFixed(2).padStart(8)} ms ${(r.large / r.small).toFixed(2).padStart(6)}x`,
    );
  }
  process.exit(0);
}

if (isMain(import.meta.url)) void main();
