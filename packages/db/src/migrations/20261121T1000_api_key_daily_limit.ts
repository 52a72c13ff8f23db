import { sql, type Kysely } from "kysely";

/** A paid key's own daily call limit; null means the deployment default (PAID_DAILY_LIMIT). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("api_keys")
    .addColumn("daily_limit", "integer", (col) => col.check(sql`daily_limit > 0`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("api_keys").dropColumn("daily_limit").execute();
}
