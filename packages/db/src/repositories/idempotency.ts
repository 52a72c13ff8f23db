import type { IdempotencyRecord, IdempotencyStore, StoredResponse } from "@svc/core";
import type { Kysely, Selectable } from "kysely";
import type { Database, IdempotencyKeysTable } from "../schema";

type Db = Kysely<Database>;

function toRecord(row: Selectable<IdempotencyKeysTable>): IdempotencyRecord {
  const headers = typeof row.response_headers === "string" ? JSON.parse(row.response_headers) : row.response_headers;
  const response: StoredResponse | null =
    row.response_status === null
      ? null
      : { status: row.response_status, headers: (headers ?? {}) as Record<string, string>, body: row.response_body ?? "", sealed: row.response_sealed };
  return {
    method: row.method,
    path: row.path,
    bodySha256: row.body_sha256,
    claimId: row.claim_id,
    lockedUntil: new Date(row.locked_until),
    response,
    expiresAt: new Date(row.expires_at),
  };
}

export function idempotencyStore(db: Db): IdempotencyStore {
  return {
    async claim(request, { claimId, now, lockedUntil, expiresAt }) {
      const fresh = {
        method: request.method,
        path: request.path,
        body_sha256: request.bodySha256,
        claim_id: claimId,
        locked_until: lockedUntil,
        response_status: null,
        response_headers: null,
        response_body: null,
        response_sealed: false,
        created_at: now,
        expires_at: expiresAt,
      };
      // One statement, so two racing requests cannot both claim: the insert wins, or the
      // update takes over a record that expired or whose call was abandoned (its lease over,
      // still unfinished, for the very same request), or nothing changes.
      const claimed = await db
        .insertInto("idempotency_keys")
        .values({ subject: request.subject, key: request.key, ...fresh })
        .onConflict((oc) =>
          oc
            .columns(["subject", "key"])
            .doUpdateSet(fresh)
            .where((eb) =>
              eb.or([
                eb("idempotency_keys.expires_at", "<=", now),
                eb.and([
                  eb("idempotency_keys.response_status", "is", null),
                  eb("idempotency_keys.locked_until", "<=", now),
                  eb("idempotency_keys.method", "=", request.method),
                  eb("idempotency_keys.path", "=", request.path),
                  eb("idempotency_keys.body_sha256", "=", request.bodySha256),
                ]),
              ]),
            ),
        )
        .returningAll()
        .executeTakeFirst();
      if (claimed) return toRecord(claimed);
      const existing = await db
        .selectFrom("idempotency_keys")
        .selectAll()
        .where("subject", "=", request.subject)
        .where("key", "=", request.key)
        .executeTakeFirst();
      return existing ? toRecord(existing) : null;
    },
    async complete(subject, key, claimId, response, expiresAt) {
      await db
        .updateTable("idempotency_keys")
        .set({
          response_status: response.status,
          response_headers: JSON.stringify(response.headers),
          response_body: response.body,
          response_sealed: response.sealed,
          expires_at: expiresAt,
        })
        .where("subject", "=", subject)
        .where("key", "=", key)
        .where("claim_id", "=", claimId)
        .execute();
    },
    async release(subject, key, claimId) {
      await db.deleteFrom("idempotency_keys").where("subject", "=", subject).where("key", "=", key).where("claim_id", "=", claimId).execute();
    },
    async purgeExpired(now) {
      const result = await db.deleteFrom("idempotency_keys").where("expires_at", "<=", now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
