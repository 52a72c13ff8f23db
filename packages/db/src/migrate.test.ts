import { sql, type Kysely } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { describeOnScratchDatabases } from "../../../tests/support/scratch_database";
import { migrateDown, migrateToLatest } from "./migrate";
import { MIGRATIONS } from "./migrations";
import type { Database } from "./schema";

const LATEST = Object.keys(MIGRATIONS).sort().at(-1)!;

async function tableExists(db: Kysely<Database>, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${`public.${table}`})::text as found`.execute(db);
  return rows[0]?.found != null;
}

/** up, down, up again on a database no other suite uses. */
function describeUpDownUp(open: () => Promise<Kysely<Database>>) {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await open();
  });

  it("starts without the schema", async () => {
    expect(await tableExists(db, "api_keys")).toBe(false);
  });

  it("migrateToLatest creates api_keys, and a second run applies nothing", async () => {
    const result = await migrateToLatest(db);
    expect(result.results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual(
      Object.keys(MIGRATIONS)
        .sort()
        .map((name) => [name, "Up", "Success"]),
    );
    expect(await tableExists(db, "api_keys")).toBe(true);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from api_keys`.execute(db);
    expect(rows[0]?.n).toBe(0);
    expect((await migrateToLatest(db)).results).toEqual([]);
  });

  it("migrateDown rolls back one migration at a time until api_keys is gone: querying it then fails", async () => {
    const names = Object.keys(MIGRATIONS).sort().reverse();
    expect(names[0]).toBe(LATEST);
    for (const name of names) {
      const result = await migrateDown(db);
      expect(result.results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual([[name, "Down", "Success"]]);
    }
    expect((await migrateDown(db)).results).toEqual([]);
    expect(await tableExists(db, "api_keys")).toBe(false);
    await expect(db.selectFrom("api_keys").selectAll().execute()).rejects.toThrow(/api_keys/);
  });

  it("migrates up again and the table takes rows", async () => {
    await migrateToLatest(db);
    await db
      .insertInto("api_keys")
      .values({
        id: crypto.randomUUID(),
        kind: "live",
        key_prefix: "svc_live_abcd",
        key_hash: "0".repeat(64),
        owner_id: "owner-migrate",
        agent_id: null,
        tier: "free",
        capabilities: ["reflect"],
        label: null,
        expires_at: null,
      })
      .execute();
    const row = await db.selectFrom("api_keys").selectAll().executeTakeFirstOrThrow();
    expect(row.capabilities).toEqual(["reflect"]);
    expect(row.created_at).toBeInstanceOf(Date);
  });

  it("the schema enforces kind and tier", async () => {
    const base = {
      key_prefix: "svc_live_abcd",
      owner_id: "owner-migrate",
      agent_id: null,
      capabilities: [],
      label: null,
      expires_at: null,
    };
    await expect(
      db
        .insertInto("api_keys")
        .values({ ...base, id: crypto.randomUUID(), key_hash: "1".repeat(64), kind: "bogus" as "live", tier: "free" })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("api_keys")
        .values({ ...base, id: crypto.randomUUID(), key_hash: "2".repeat(64), kind: "live", tier: "gold" as "free" })
        .execute(),
    ).rejects.toThrow();
  });
}

describe("migrations", () => {
  it.each(Object.entries(MIGRATIONS))("%s is timestamped and has up and down", (name, migration) => {
    expect(name).toMatch(/^\d{8}T\d{4}_[a-z0-9_]+$/);
    expect(typeof migration.up).toBe("function");
    expect(typeof migration.down).toBe("function");
  });

  it("has at least the api_keys migration", () => {
    expect(Object.keys(MIGRATIONS).some((name) => name.endsWith("_api_keys"))).toBe(true);
  });
});

describeOnScratchDatabases("migrate", "svc_migtest", describeUpDownUp);
