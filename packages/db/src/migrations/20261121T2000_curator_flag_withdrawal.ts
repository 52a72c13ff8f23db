import type { Kysely } from "kysely";

/** A curator flag can be withdrawn (its trust event goes with it); the flag row keeps when. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("curator_flags").addColumn("withdrawn_at", "timestamptz").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("curator_flags").dropColumn("withdrawn_at").execute();
}
