import type { ApiKeyListQuery, CredentialStore, NewApiKey, StoredApiKey } from "@svc/core";
import { sql, type Kysely } from "kysely";
import type { ApiKeyRow, Database } from "../schema";
import { iso } from "./columns";

type Db = Kysely<Database>;

export async function insertApiKey(db: Db, key: NewApiKey): Promise<ApiKeyRow> {
  return db
    .insertInto("api_keys")
    .values({ ...key, capabilities: [...key.capabilities] })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Fetches a usable key and stamps its last use in one round trip: an update that matches
 * only a key that is neither revoked nor expired.
 */
export async function useApiKeyByHash(db: Db, keyHash: string, now: Date): Promise<ApiKeyRow | undefined> {
  return db
    .updateTable("api_keys")
    .set({ last_used_at: now })
    .where("key_hash", "=", keyHash)
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]))
    .returningAll()
    .executeTakeFirst();
}

export async function findApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom("api_keys").selectAll().where("key_hash", "=", keyHash).executeTakeFirst();
}

export async function listApiKeys(db: Db, query: ApiKeyListQuery): Promise<ApiKeyRow[]> {
  let q = db.selectFrom("api_keys").selectAll();
  if (query.owner_id !== undefined) q = q.where("owner_id", "=", query.owner_id);
  if (!query.include_revoked) q = q.where("revoked_at", "is", null);
  if (query.before_id !== undefined) {
    const cursor = query.before_id;
    q = q.where((eb) =>
      eb(eb.refTuple("created_at", "id"), "<", eb.selectFrom("api_keys").select(["created_at", "id"]).where("id", "=", cursor).$asTuple("created_at", "id")),
    );
  }
  return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(query.limit).execute();
}

export async function revokeApiKey(db: Db, id: string, at: Date): Promise<ApiKeyRow | undefined> {
  return db
    .updateTable("api_keys")
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, ${at})` })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export function toStoredApiKey(row: ApiKeyRow): StoredApiKey {
  return {
    id: row.id,
    kind: row.kind,
    key_prefix: row.key_prefix,
    owner_id: row.owner_id,
    agent_id: row.agent_id,
    tier: row.tier,
    capabilities: row.capabilities as StoredApiKey["capabilities"],
    daily_limit: row.daily_limit,
    label: row.label,
    harness_marker: row.harness_marker ?? null,
    created_at: iso(row.created_at),
    expires_at: row.expires_at ? iso(row.expires_at) : null,
    revoked_at: row.revoked_at ? iso(row.revoked_at) : null,
    last_used_at: row.last_used_at ? iso(row.last_used_at) : null,
  };
}

/** The core's credential port over this repository. */
export function credentialStore(db: Db): CredentialStore {
  const stored = (row: ApiKeyRow | undefined) => (row ? toStoredApiKey(row) : null);
  return {
    insert: async (key) => toStoredApiKey(await insertApiKey(db, key)),
    useByHash: async (hash, now) => stored(await useApiKeyByHash(db, hash, now)),
    findByHash: async (hash) => stored(await findApiKeyByHash(db, hash)),
    list: async (query) => (await listApiKeys(db, query)).map(toStoredApiKey),
    revoke: async (id, at) => stored(await revokeApiKey(db, id, at)),
    harnessMarker: async (id) => (await db.selectFrom("api_keys").select("harness_marker").where("id", "=", id).executeTakeFirst())?.harness_marker ?? null,
  };
}
