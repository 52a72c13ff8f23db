import type { ChainRecord, ChainStore, DocumentStore, JournalStore, StoredDocument } from "@svc/core";
import type { Kysely, Selectable } from "kysely";
import type { Database, DocumentsTable } from "../schema";
import { readingOf } from "./readings";

type Db = Kysely<Database>;

function toDocument(row: Selectable<DocumentsTable>): StoredDocument {
  return {
    id: row.id,
    owner_id: row.owner_id,
    title: row.title,
    ...readingOf(row),
  };
}

export function documentStore(db: Db): DocumentStore {
  return {
    async record(document) {
      const row = await db
        .insertInto("documents")
        .values({ ...document, passions: [...document.passions], virtue_domains: [...document.virtue_domains] })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toDocument(row);
    },
    async find(id) {
      const row = await db.selectFrom("documents").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toDocument(row) : null;
    },
  };
}

export function journalStore(db: Db): JournalStore {
  return {
    async record(entry) {
      await db
        .insertInto("journal_entries")
        .values({ ...entry, passions: [...entry.passions] })
        .execute();
    },
  };
}

export function chainStore(db: Db): ChainStore {
  return {
    async find(id, subject) {
      const row = await db.selectFrom("iterate_chains").selectAll().where("id", "=", id).where("subject", "=", subject).executeTakeFirst();
      return row ? { id: row.id, subject: row.subject, iterations: row.iterations, last_proximity: row.last_proximity as ChainRecord["last_proximity"] } : null;
    },
    async open(chain) {
      await db.insertInto("iterate_chains").values({ id: chain.id, subject: chain.subject, iterations: 1, last_proximity: chain.last_proximity }).execute();
    },
    advance(id, subject, proximity, maxIterations) {
      // The row lock serialises revisions of one chain: each reads the count the previous one
      // wrote, so none is lost and each gets its own number.
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("iterate_chains")
          .select(["iterations", "last_proximity"])
          .where("id", "=", id)
          .where("subject", "=", subject)
          .forUpdate()
          .executeTakeFirst();
        if (!row || row.iterations >= maxIterations) return null;
        const iteration = row.iterations + 1;
        await trx
          .updateTable("iterate_chains")
          .set({ iterations: iteration, last_proximity: proximity, updated_at: new Date() })
          .where("id", "=", id)
          .execute();
        return { iteration, previous: row.last_proximity as ChainRecord["last_proximity"] };
      });
    },
  };
}
