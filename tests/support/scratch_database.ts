import { sql, type Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, describe } from "vitest";
import ws from "ws";
import type { Database } from "@svc/db";
import { connectNeon, type DatabaseConnection } from "@svc/db/neon";
import { openPglite } from "@svc/db/pglite";
import { MIGRATIONS } from "../../packages/db/src/migrations";
import { startNeonBridge, type NeonBridge } from "../../packages/local/src/bridges/neon_ws";
import { needs } from "./requirements";

/**
 * A database for one suite alone, for suites that migrate down (on the shared test database
 * that would pull tables from under other suites): an unmigrated in-memory PGlite, or a fresh
 * PostgreSQL database on DATABASE_URL's server through the Neon driver, dropped on close.
 */
export interface ScratchDatabase {
  open(): Promise<Kysely<Database>>;
  close(): Promise<void>;
}

export function scratchPglite(): ScratchDatabase {
  let connection: DatabaseConnection | undefined;
  return {
    async open() {
      connection = await openPglite("memory://", { migrate: false });
      return connection.db;
    },
    close: async () => connection?.close(),
  };
}

export function scratchPostgres(prefix: string): ScratchDatabase {
  const name = `${prefix}_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const connect = (url: URL, wsProxy: string) =>
    connectNeon({ connectionString: url.toString(), wsProxy, webSocketConstructor: ws, connectTimeoutMs: 10_000, statementTimeoutMs: 0 });
  let bridge: NeonBridge | undefined;
  let admin: DatabaseConnection | undefined;
  let scratch: DatabaseConnection | undefined;
  return {
    async open() {
      bridge = await startNeonBridge();
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = "/postgres";
      admin = connect(url, bridge.wsProxy);
      await sql`create database ${sql.id(name)}`.execute(admin.db);
      url.pathname = `/${name}`;
      scratch = connect(url, bridge.wsProxy);
      return scratch.db;
    },
    async close() {
      await scratch?.close();
      if (admin) {
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
        await admin.close();
      }
      await bridge?.close();
    },
  };
}

/**
 * Drops a database on DATABASE_URL's server through the Neon driver: one a command under test
 * created itself (`npm run dev:worker` creates the database it is given when missing).
 */
export async function dropPostgresDatabase(name: string): Promise<void> {
  const bridge = await startNeonBridge();
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = "/postgres";
  const server = connectNeon({
    connectionString: url.toString(),
    wsProxy: bridge.wsProxy,
    webSocketConstructor: ws,
    connectTimeoutMs: 10_000,
    statementTimeoutMs: 0,
  });
  try {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(server.db);
  } finally {
    await server.close();
    await bridge.close();
  }
}

/**
 * A suite run twice, each time on a database of its own: a fresh PGlite, and a fresh PostgreSQL
 * database on DATABASE_URL's server through the Neon driver (skipped, with its reason, when
 * there is none). For suites that migrate down.
 */
export function describeOnScratchDatabases(name: string, prefix: string, suite: (open: () => Promise<Kysely<Database>>) => void): void {
  describe(`${name} on a fresh PGlite`, () => {
    const scratch = scratchPglite();
    afterAll(() => scratch.close());
    suite(() => scratch.open());
  });
  describe(`${name} on a fresh PostgreSQL database through the Neon driver`, needs("postgres"), () => {
    const scratch = scratchPostgres(prefix);
    afterAll(() => scratch.close());
    suite(() => scratch.open());
  });
}

/** A migrator over every migration of the service, by name. */
export const migratorOf = (db: Kysely<Database>) => new Migrator({ db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });

/** The name of the migration just before `name`. */
export const migrationBefore = (name: string): string =>
  Object.keys(MIGRATIONS)
    .sort()
    .filter((n) => n < name)
    .at(-1)!;
