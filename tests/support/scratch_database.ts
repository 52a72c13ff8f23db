import { sql, type Kysely } from "kysely";
import ws from "ws";
import type { Database } from "@svc/db";
import { connectNeon, type DatabaseConnection } from "@svc/db/neon";
import { openPglite } from "@svc/db/pglite";
import { startNeonBridge, type NeonBridge } from "../../packages/local/src/bridges/neon_ws";

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
