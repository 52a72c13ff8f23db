import type { ScoreStore, StoredScore } from "@svc/core";
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, ScoresTable } from "../schema";
import { readingOf } from "./readings";

type Db = Kysely<Database>;

function toScore(row: Selectable<ScoresTable>): StoredScore {
  return {
    id: row.id,
    owner_id: row.owner_id,
    action_description: row.action_description,
    katorthoma_proximity: row.katorthoma_proximity,
    ...readingOf(row),
  };
}

export function scoreStore(db: Db): ScoreStore {
  return {
    async record(score) {
      // The owner's count moves in the same statement, so it never disagrees with the scores.
      const row = await db
        .with("counted", (q) =>
          q
            .insertInto("score_counts")
            .values({ owner_id: score.owner_id, scored: 1 })
            .onConflict((oc) => oc.column("owner_id").doUpdateSet({ scored: sql`score_counts.scored + 1` })),
        )
        .insertInto("scores")
        .values({ ...score, passions: [...score.passions], virtue_domains: [...score.virtue_domains] })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toScore(row);
    },
    async list(ownerId, limit, before) {
      let q = db.selectFrom("scores").selectAll().where("owner_id", "=", ownerId);
      if (before !== undefined) {
        q = q.where((eb) =>
          eb(
            eb.refTuple("created_at", "id"),
            "<",
            eb.selectFrom("scores").select(["created_at", "id"]).where("id", "=", before).where("owner_id", "=", ownerId).$asTuple("created_at", "id"),
          ),
        );
      }
      const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
      return rows.map(toScore);
    },
    async count(ownerId) {
      const row = await db.selectFrom("score_counts").select("scored").where("owner_id", "=", ownerId).executeTakeFirst();
      return row ? Number(row.scored) : 0;
    },
  };
}
