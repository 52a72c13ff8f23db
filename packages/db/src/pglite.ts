import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { createPgConfig } from "@electric-sql/pglite/node-postgres";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { migrateToLatest } from "./migrate";
import type { DatabaseConnection } from "./neon";
import type { Database } from "./schema";

/**
 * The embedded default: real Postgres compiled to WASM, persisted under a folder (or in
 * memory with `memory://`). Node only. Opened once per process and, unless told otherwise,
 * migrated on open (the embedded default needs no separate step); a pool
 * of one connection, as PGlite serves one session.
 */
export async function openPglite(dataDir: string, options: { migrate: boolean } = { migrate: true }): Promise<DatabaseConnection> {
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  // An in-process session has no network to lose, but an unheard pool error would end the process.
  pool.on("error", () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  if (options.migrate) await migrateToLatest(db);
  return {
    db,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
