import type { StoredScore } from "@svc/core";
import type { Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeOnScratchDatabases, migratorOf, migrationBefore } from "../../../../tests/support/scratch_database";
import { scoreStore } from "../repositories/scores";
import type { Database } from "../schema";

// 20261127T1500_score_counts: each owner's count of stored scores, backfilled from the scores
// already there, then moved by the insert of each score, so the profile reads one row.

const SCORE_COUNTS = "20261127T1500_score_counts";
const BEFORE = migrationBefore(SCORE_COUNTS);

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
    const { error } = await migratorOf(db).migrateTo(BEFORE);
    if (error) throw error;
  });

  it("backfills each owner's count, then counts each score the store records", async () => {
    for (let i = 0; i < 3; i += 1) await db.insertInto("scores").values(row("key:three")).execute();
    await db.insertInto("scores").values(row("user:one")).execute();
    const { error } = await migratorOf(db).migrateTo(SCORE_COUNTS);
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

    const down = await migratorOf(db).migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
  });
}

describeOnScratchDatabases("score counts migration", "svc_scorecounts", describeScoreCounts);
