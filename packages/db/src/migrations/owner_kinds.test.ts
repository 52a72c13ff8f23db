import { sql, type Kysely } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeOnScratchDatabases, migratorOf, migrationBefore } from "../../../../tests/support/scratch_database";
import type { Database } from "../schema";

// 20261123T1100_owner_kinds on rows written under the old shared namespace: each owner id
// becomes key:, user: or operator, the calling credential deciding where a row recorded one.
// Down restores them. On a fresh PGlite, and on a fresh PostgreSQL database through the Neon
// driver when DATABASE_URL is set (a database of its own: migrating down elsewhere would pull
// tables from under other suites).

const OWNER_KINDS = "20261123T1100_owner_kinds";
const BEFORE = migrationBefore(OWNER_KINDS);

async function insertKey(db: Kysely<Database>, owner: string) {
  const id = crypto.randomUUID();
  await db
    .insertInto("api_keys")
    .values({
      id,
      kind: "live",
      key_prefix: "svc_live_abcd",
      key_hash: id.replace(/-/g, "").padEnd(64, "0"),
      owner_id: owner,
      agent_id: null,
      tier: "free",
      capabilities: [],
      label: null,
      expires_at: null,
    })
    .execute();
  return id;
}

async function insertScore(db: Kysely<Database>, owner: string) {
  const id = crypto.randomUUID();
  await db
    .insertInto("scores")
    .values({
      id,
      owner_id: owner,
      action_description: "a",
      katorthoma_proximity: "deliberate",
      proximity: "deliberate",
      is_kathekon: null,
      kathekon_quality: null,
      passions: [],
      virtue_domains: [],
    })
    .execute();
  return id;
}

async function insertConsult(db: Kysely<Database>, owner: string, subject: string) {
  const loop = `loop_${crypto.randomUUID()}`;
  await sql`insert into consults (loop_id, owner_id, subject, depth_tier, katorthoma_proximity, layer1_source, input_sha256, elapsed_ms)
            values (${loop}, ${owner}, ${subject}, 'standard', 'habitual', 'server', ${"0".repeat(64)}, 1)`.execute(db);
  const correlation = `nar_${crypto.randomUUID()}`;
  await sql`insert into narratives (correlation_id, loop_id, owner_id, status) values (${correlation}, ${loop}, ${owner}, 'deferred')`.execute(db);
  return { loop, correlation };
}

const ownerOf = async (db: Kysely<Database>, table: "scores" | "api_keys", id: string) =>
  (await db.selectFrom(table).select("owner_id").where("id", "=", id).executeTakeFirstOrThrow()).owner_id;
const consultOwners = async (db: Kysely<Database>, ids: { loop: string; correlation: string }) => [
  (await db.selectFrom("consults").select("owner_id").where("loop_id", "=", ids.loop).executeTakeFirstOrThrow()).owner_id,
  (await db.selectFrom("narratives").select("owner_id").where("correlation_id", "=", ids.correlation).executeTakeFirstOrThrow()).owner_id,
];

function describeOwnerKinds(open: () => Promise<Kysely<Database>>) {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await open();
    const { error } = await migratorOf(db).migrateTo(BEFORE);
    if (error) throw error;
  });

  it("qualifies every owner id by kind, and down restores the old ids", async () => {
    const key = await insertKey(db, "acme");
    const operatorNamedKey = await insertKey(db, "operator");
    const keyScore = await insertScore(db, "acme");
    const userScore = await insertScore(db, "alice");
    const operatorScore = await insertScore(db, "operator");
    // One name, two kinds of caller: the consults' subject tells them apart.
    const byKey = await insertConsult(db, "acme", `key:${key}`);
    const byUser = await insertConsult(db, "acme", "user:acme");
    const byOperator = await insertConsult(db, "operator", "operator");

    const { error } = await migratorOf(db).migrateTo(OWNER_KINDS);
    expect(error).toBeUndefined();
    expect(await ownerOf(db, "api_keys", key)).toBe("key:acme");
    expect(await ownerOf(db, "api_keys", operatorNamedKey)).toBe("key:operator");
    expect(await ownerOf(db, "scores", keyScore)).toBe("key:acme");
    expect(await ownerOf(db, "scores", userScore)).toBe("user:alice");
    expect(await ownerOf(db, "scores", operatorScore)).toBe("operator");
    expect(await consultOwners(db, byKey)).toEqual(["key:acme", "key:acme"]);
    expect(await consultOwners(db, byUser)).toEqual(["user:acme", "user:acme"]);
    expect(await consultOwners(db, byOperator)).toEqual(["operator", "operator"]);

    const down = await migratorOf(db).migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    expect(await ownerOf(db, "api_keys", key)).toBe("acme");
    expect(await ownerOf(db, "scores", userScore)).toBe("alice");
    expect(await ownerOf(db, "scores", operatorScore)).toBe("operator");
    expect(await consultOwners(db, byUser)).toEqual(["acme", "acme"]);
  });
}

describeOnScratchDatabases("owner kinds migration", "svc_ownertest", describeOwnerKinds);
