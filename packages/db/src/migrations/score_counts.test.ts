import type { StoredScore } from "@svc/core";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchPglite, scratchPostgres } from "../../../../tests/support/scratch_database";
import { needs } from "../../../../tests/support/requirements";
import { scoreStore } from "../repositories/scores";
import type { Database } from "../schema";
import { MIGRATIONS } from "./index";

// 20261127T1500_score_counts: each owner's count of stored scores, backfilled from the scores
// already there, then moved by the insert of each score, so the profile reads one row.

const SCORE_COUNTS = "20261127T1500_score_counts";
const BEFORE = Object.keys(MIGRATIONS)
  .sort()
  .filter((name) => name < SCORE_COUNTS)
  .at(-1)!;

const migrator = (db: Kysely<Database>) => new Migrator({ db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });

const score = (owner: string): Omit<StoredScore, "created_at"> => ({
  id: crypto.randomUUID(),
  owner_id: owner,
  action_description: "I returned the wallet.",
  katorthoma_proximity: "deliberate",
  proximity: "deliberate",
  is_kathekon: true,
  kathekon_quality: null,
  passions: [],
  virtue_domains: ["dikaiosyne"],
});

/** The same score as a row written straight to the table (before the store counted). */
const row = (owner: string) => {
  const s = score(owner);
  return { ...s, passions: [...s.passions], virtue_domains: [...s.virtue_domains] };
};

function describeScoreCounts(open: () => Promise<Kysely<Database>>) {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await open();
    const { error } = await migrator(db).migrateTo(BEFORE);
    if (error) throw error;
  });

  it("backfills each owner's count, then counts each score the store records", async () => {
    for (let i = 0; i < 3; i += 1) await db.insertInto("scores").values(row("key:three")).execute();
    await db.insertInto("scores").values(row("user:one")).execute();
    const { error } = await migrator(db).migrateTo(SCORE_COUNTS);
    expect(error).toBeUndefined();
    const store = scoreStore(db);
    expect([await store.count("key:three"), await store.count("user:one"), await store.count("key:none")]).toEqual([3, 1, 0]);

    await store.record(score("key:three"));
    await store.record(score("key:new"));
    expect([await store.count("key:three"), await store.count("key:new")]).toEqual([4, 1]);
    // The count is the scores' own, whichever way it is taken.
    const counted = await db
      .selectFrom("scores")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("owner_id", "=", "key:three")
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(4);

    const down = await migrator(db).migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
  });
}

describe("score counts migration on a fresh PGlite", () => {
  const scratch = scratchPglite();
  afterAll(() => scratch.close());
  describeScoreCounts(() => scratch.open());
});

describe("score counts migration on a fresh PostgreSQL database (the Neon driver)", needs("postgres"), () => {
  const scratch = scratchPostgres("svc_scorecounts");
  afterAll(() => scratch.close());
  describeScoreCounts(() => scratch.open());
});
