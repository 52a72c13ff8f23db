import { neonConfig, Pool } from "@neondatabase/serverless";
import { Kysely, PostgresDialect, type PostgresPool } from "kysely";
import type { Database } from "./schema";

export interface NeonConnectionOptions {
  readonly connectionString: string;
  /**
   * A WebSocket-to-TCP bridge in front of a plain Postgres (`host:port/path`), for local
   * and test use; Neon itself needs none.
   */
  readonly wsProxy?: string;
  /** Node has no WebSocket the driver accepts everywhere; Workers do. */
  readonly webSocketConstructor?: unknown;
}

export interface DatabaseConnection {
  readonly db: Kysely<Database>;
  close(): Promise<void>;
}

/**
 * Postgres through the Neon serverless driver (the production path). On Workers create one
 * per request: a pool made in one request cannot serve another.
 */
export function connectNeon(options: NeonConnectionOptions): DatabaseConnection {
  if (options.webSocketConstructor) neonConfig.webSocketConstructor = options.webSocketConstructor as typeof WebSocket;
  if (options.wsProxy) {
    const proxy = options.wsProxy;
    neonConfig.wsProxy = (host, port) => `${proxy}?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
  const pool = new Pool({ connectionString: options.connectionString });
  // Kysely's pool type is node-postgres'; Neon's Pool is API-compatible but typed apart.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as PostgresPool }) });
  return { db, close: () => db.destroy() };
}
