import type { Kysely } from "kysely";
import { Migrator, type MigrationResultSet } from "kysely/migration";
import { MIGRATIONS } from "./migrations";
import type { Database } from "./schema";

function migrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  return checked(await migrator(db).migrateToLatest());
}

/** Rolls back the most recent migration. */
export async function migrateDown(db: Kysely<Database>): Promise<MigrationResultSet> {
  return checked(await migrator(db).migrateDown());
}

function checked(result: MigrationResultSet): MigrationResultSet {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration ${failed} failed: ${cause}`);
  }
  return result;
}
