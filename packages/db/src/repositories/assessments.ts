import type { AssessmentStore, StoredAssessmentResult } from "@svc/core";
import type { Kysely } from "kysely";
import type { Database } from "../schema";
import { iso, json } from "./columns";

type Db = Kysely<Database>;

export function assessmentStore(db: Db): AssessmentStore {
  return {
    async record(result) {
      await db
        .insertInto("assessment_results")
        .values({
          ...result,
          dimension_levels: result.dimension_levels ? JSON.stringify(result.dimension_levels) : null,
          result: JSON.stringify(result.result),
        })
        .execute();
    },
    async latest(ownerId, agentId, kinds) {
      const row = await db
        .selectFrom("assessment_results")
        .selectAll()
        .where("owner_id", "=", ownerId)
        .where("agent_id", "=", agentId)
        .where("kind", "in", [...kinds])
        .orderBy("created_at", "desc")
        .limit(1)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        owner_id: row.owner_id,
        agent_id: row.agent_id,
        kind: row.kind,
        typical_proximity: row.typical_proximity as StoredAssessmentResult["typical_proximity"],
        dimension_levels: json(row.dimension_levels) as StoredAssessmentResult["dimension_levels"],
        result: json(row.result),
        created_at: iso(row.created_at),
      };
    },
  };
}
