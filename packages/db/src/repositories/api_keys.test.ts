import { displayPrefix, generateApiKey, hashApiKey, StoredApiKey, type CredentialStore, type NewApiKey } from "@svc/core";
import { beforeAll, describe, expect, it } from "vitest";
import { BACKENDS, freshOwner, testRuntime } from "../../../../tests/support/database";
import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { credentialStore } from "./api_keys";

// The credential store's contract, against every backend the run has: PGlite always, and the
// real PostgreSQL through the Neon driver when DATABASE_URL is set. Each test uses fresh owners.

async function newKey(owner: string, overrides: Partial<NewApiKey> = {}): Promise<{ key: string; row: NewApiKey }> {
  const key = generateApiKey(overrides.kind ?? "live");
  return {
    key,
    row: {
      id: crypto.randomUUID(),
      kind: "live",
      key_prefix: displayPrefix(key),
      key_hash: await hashApiKey(key),
      owner_id: owner,
      agent_id: null,
      tier: "free",
      capabilities: [],
      daily_limit: null,
      label: null,
      expires_at: null,
      ...overrides,
    },
  };
}

describe.each(BACKENDS)("credential store on %s", (backend) => {
  let store: CredentialStore;

  let db: Kysely<Database>;

  beforeAll(async () => {
    db = await (await testRuntime(backend)).database();
    store = credentialStore(db);
  });

  async function insertMany(owner: string, count: number): Promise<StoredApiKey[]> {
    const out: StoredApiKey[] = [];
    for (let i = 0; i < count; i += 1) {
      // PGlite's clock ticks in milliseconds: a pause keeps created_at in insertion order.
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 3));
      out.push(await store.insert((await newKey(owner, { label: `key ${i}` })).row));
    }
    return out;
  }

  describe("insert", () => {
    it("returns the stored shape without the secret or its hash", async () => {
      const owner = freshOwner();
      const expiresAt = new Date(Date.now() + 3_600_000);
      const { key, row } = await newKey(owner, {
        kind: "prac",
        agent_id: "agent-one",
        tier: "paid",
        capabilities: ["accreditation_write", "reflect"],
        label: "ci",
        expires_at: expiresAt,
      });
      const before = Date.now();
      const stored = await store.insert(row);

      expect(StoredApiKey.strict().safeParse(stored).success, JSON.stringify(stored)).toBe(true);
      expect(stored).toMatchObject({
        id: row.id,
        kind: "prac",
        key_prefix: row.key_prefix,
        owner_id: owner,
        agent_id: "agent-one",
        tier: "paid",
        capabilities: ["accreditation_write", "reflect"],
        label: "ci",
        expires_at: expiresAt.toISOString(),
        revoked_at: null,
        last_used_at: null,
      });
      expect(Math.abs(Date.parse(stored.created_at) - before), stored.created_at).toBeLessThan(60_000);
      const text = JSON.stringify(stored);
      expect(text).not.toContain(key);
      expect(text).not.toContain(row.key_hash);
      expect(Object.keys(stored)).not.toContain("key_hash");
    });

    it("refuses a second key with the same hash", async () => {
      const { row } = await newKey(freshOwner());
      await store.insert(row);
      await expect(store.insert({ ...row, id: crypto.randomUUID(), owner_id: freshOwner() })).rejects.toThrow();
      const listed = await store.list({ owner_id: row.owner_id, include_revoked: true, limit: 10 });
      expect(listed.map((k) => k.id)).toEqual([row.id]);
    });
  });

  describe("useByHash and findByHash", () => {
    it("returns a usable key and records its last use", async () => {
      const { row } = await newKey(freshOwner(), { capabilities: ["calling"] });
      await store.insert(row);
      const now = new Date();
      const used = await store.useByHash(row.key_hash, now);
      expect(used?.id, JSON.stringify(used)).toBe(row.id);
      expect(used!.capabilities).toEqual(["calling"]);
      expect(used!.last_used_at).toBe(now.toISOString());
      expect((await store.findByHash(row.key_hash))?.last_used_at).toBe(now.toISOString());

      const later = new Date(now.getTime() + 5_000);
      expect((await store.useByHash(row.key_hash, later))?.last_used_at).toBe(later.toISOString());
    });

    it("does not use a revoked key, but still finds it", async () => {
      const { row } = await newKey(freshOwner());
      await store.insert(row);
      const revokedAt = new Date();
      await store.revoke(row.id, revokedAt);
      expect(await store.useByHash(row.key_hash, new Date())).toBeNull();
      const found = await store.findByHash(row.key_hash);
      expect(found?.id).toBe(row.id);
      expect(found!.revoked_at).toBe(revokedAt.toISOString());
      expect(found!.last_used_at).toBeNull();
    });

    it("does not use an expired key, but still finds it", async () => {
      const expiresAt = new Date(Date.now() - 1_000);
      const { row } = await newKey(freshOwner(), { expires_at: expiresAt });
      await store.insert(row);
      expect(await store.useByHash(row.key_hash, new Date())).toBeNull();
      const found = await store.findByHash(row.key_hash);
      expect(found?.id).toBe(row.id);
      expect(found!.expires_at).toBe(expiresAt.toISOString());
      expect(found!.revoked_at).toBeNull();
    });

    it("uses a key until its expiry and not at it", async () => {
      const expiresAt = new Date(Date.now() + 60_000);
      const { row } = await newKey(freshOwner(), { expires_at: expiresAt });
      await store.insert(row);
      expect(await store.useByHash(row.key_hash, new Date(expiresAt.getTime() - 1))).not.toBeNull();
      expect(await store.useByHash(row.key_hash, expiresAt)).toBeNull();
    });

    it("answers null for an unknown hash", async () => {
      const unknown = await hashApiKey(generateApiKey("live"));
      expect(await store.useByHash(unknown, new Date())).toBeNull();
      expect(await store.findByHash(unknown)).toBeNull();
    });
  });

  describe("list", () => {
    it("returns only the owner's keys, newest first", async () => {
      const owner = freshOwner();
      const mine = await insertMany(owner, 3);
      await insertMany(freshOwner(), 2);
      const listed = await store.list({ owner_id: owner, include_revoked: false, limit: 100 });
      expect(listed.map((k) => k.id)).toEqual(mine.map((k) => k.id).reverse());
      expect(listed.every((k) => k.owner_id === owner)).toBe(true);
      const created = listed.map((k) => Date.parse(k.created_at));
      expect([...created].sort((a, b) => b - a)).toEqual(created);
    });

    it("leaves revoked keys out unless include_revoked", async () => {
      const owner = freshOwner();
      const [first, second] = await insertMany(owner, 2);
      await store.revoke(first!.id, new Date());
      expect((await store.list({ owner_id: owner, include_revoked: false, limit: 100 })).map((k) => k.id)).toEqual([second!.id]);
      const all = await store.list({ owner_id: owner, include_revoked: true, limit: 100 });
      expect(all.map((k) => k.id)).toEqual([second!.id, first!.id]);
      expect(all[1]!.revoked_at).not.toBeNull();
    });

    it("pages with before_id into disjoint pages that cover every key", async () => {
      const owner = freshOwner();
      const inserted = await insertMany(owner, 5);
      const pages: string[][] = [];
      let before: string | undefined;
      for (let guard = 0; guard < 10; guard += 1) {
        const page = await store.list({ owner_id: owner, include_revoked: false, limit: 2, ...(before ? { before_id: before } : {}) });
        if (page.length === 0) break;
        pages.push(page.map((k) => k.id));
        before = page[page.length - 1]!.id;
      }
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      const flat = pages.flat();
      expect(new Set(flat).size).toBe(flat.length);
      expect(flat).toEqual(inserted.map((k) => k.id).reverse());
    });

    it("pages without loss or overlap when keys share one created_at (ties broken by id)", async () => {
      const owner = freshOwner();
      const createdAt = new Date();
      const rows = await Promise.all(Array.from({ length: 5 }, () => newKey(owner)));
      await db
        .insertInto("api_keys")
        .values(rows.map(({ row }) => ({ ...row, capabilities: [], created_at: createdAt })))
        .execute();
      const seen: string[] = [];
      let before: string | undefined;
      for (let guard = 0; guard < 10; guard += 1) {
        const page = await store.list({ owner_id: owner, include_revoked: false, limit: 2, ...(before ? { before_id: before } : {}) });
        if (page.length === 0) break;
        seen.push(...page.map((k) => k.id));
        before = page[page.length - 1]!.id;
      }
      expect(seen).toEqual(
        rows
          .map(({ row }) => row.id)
          .sort()
          .reverse(),
      );
    });

    it("honours the limit", async () => {
      const owner = freshOwner();
      await insertMany(owner, 3);
      expect(await store.list({ owner_id: owner, include_revoked: false, limit: 1 })).toHaveLength(1);
    });
  });

  describe("revoke", () => {
    it("keeps the first revocation time when repeated", async () => {
      const [key] = await insertMany(freshOwner(), 1);
      const first = new Date(Date.now() - 10_000);
      const revoked = await store.revoke(key!.id, first);
      expect(revoked?.revoked_at).toBe(first.toISOString());
      const again = await store.revoke(key!.id, new Date());
      expect(again?.id).toBe(key!.id);
      expect(again!.revoked_at).toBe(first.toISOString());
    });

    it("answers null for an unknown id", async () => {
      expect(await store.revoke(crypto.randomUUID(), new Date())).toBeNull();
    });
  });
});
