import { neonConfig, Pool, type PoolClient } from "@neondatabase/serverless";
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import type { Database } from "./schema";
import { hybridDialect } from "./neon_http";

export interface NeonConnectionOptions {
  readonly connectionString: string;
  /**
   * A WebSocket-to-TCP bridge in front of a plain Postgres (`host:port/path`), for local
   * and test use; Neon itself needs none.
   */
  readonly wsProxy?: string;
  /** Node has no WebSocket the driver accepts everywhere; Workers do. */
  readonly webSocketConstructor?: unknown;
  /** Opening a connection, or waiting for a free one in the pool, fails after this long (DATABASE_CONNECT_TIMEOUT_MS). */
  readonly connectTimeoutMs: number;
  /** A statement without an answer after this long fails and its connection is dropped (DATABASE_STATEMENT_TIMEOUT_MS); 0: no limit. */
  readonly statementTimeoutMs: number;
  /** Told of a connection that died outside any query (the server restarted, the socket dropped). */
  readonly onConnectionError?: (err: Error) => void;
  /**
   * Statements outside a transaction over HTTP (neon_http.ts), the pool kept for transactions:
   * what a Worker wants, which would otherwise open a WebSocket per request. `endpoint`: the
   * SQL-over-HTTP endpoint of a local bridge; absent, Neon's own.
   */
  readonly http?: { readonly endpoint?: string };
}

export interface DatabaseConnection {
  readonly db: Kysely<Database>;
  close(): Promise<void>;
}

/**
 * Postgres through the Neon serverless driver (the production path). On Workers create one
 * per request: a pool made in one request cannot serve another.
 *
 * The pool survives its server going away. A connection that dies while idle in the pool
 * makes the pool emit `error`, one that dies while checked out between two queries makes its
 * client emit `error` (the WebSocket's own errors reach the client the same way); either,
 * unheard, would end the process. Both are heard here: the pool has already dropped the
 * connection, and the next query opens a fresh one, so the store answers again as soon as
 * the server does. Until then each query fails within the timeouts and the guard over the
 * stores (sessionOf in @svc/http) turns that into 503 store_unavailable.
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
  const pool = new Pool({
    connectionString: options.connectionString,
    connectionTimeoutMillis: options.connectTimeoutMs,
    // Timed on the client: a frozen server cannot time its own statements out, and Neon's
    // pooled endpoint refuses a statement_timeout startup parameter.
    ...(options.statementTimeoutMs > 0 ? { query_timeout: options.statementTimeoutMs } : {}),
  });
  // Every connection is heard from its own `error` (idle or checked out); the pool repeats an
  // idle one's, which needs a listener too but nothing more.
  pool.on("connect", (client: PoolClient) => void client.on("error", (err: Error) => options.onConnectionError?.(err)));
  pool.on("error", () => undefined);
  const pooled = new PostgresDialect({ pool: droppingBrokenClients(pool) });
  const dialect = options.http
    ? hybridDialect(pooled, { connectionString: options.connectionString, statementTimeoutMs: options.statementTimeoutMs, ...options.http })
    : pooled;
  const db = new Kysely<Database>({ dialect });
  return { db, close: () => db.destroy() };
}

/**
 * Kysely's view of the pool, which gives back a connection whose query failed other than by
 * the server's own refusal (a timeout, a dropped socket) destroyed rather than to the pool: a
 * timed-out connection still waits for its answer, and every later query on it would too.
 */
function droppingBrokenClients(pool: Pool): PostgresPool {
  const wrapped = new WeakMap<PoolClient, { client: PostgresPoolClient; broken: boolean }>();
  return {
    // Kysely reads the options for its cancel connections.
    options: pool.options,
    async connect() {
      const client: PoolClient = await pool.connect();
      let entry = wrapped.get(client);
      if (!entry) {
        const state: { client: PostgresPoolClient; broken: boolean } = {
          broken: false,
          client: {
            query: ((sql: string, parameters: readonly unknown[]) =>
              client.query(sql, parameters as unknown[]).catch((err: unknown) => {
                if (!refusedByServer(err)) state.broken = true;
                throw err;
              })) as unknown as PostgresPoolClient["query"],
            release: (destroy?: boolean) => {
              const drop = state.broken || Boolean(destroy);
              state.broken = false;
              client.release(drop);
            },
          },
        };
        entry = state;
        wrapped.set(client, entry);
      }
      return entry.client;
    },
    end: () => pool.end(),
  };
}

/** An ERROR the server sent back (a constraint, a bad statement) leaves its connection usable. */
function refusedByServer(err: unknown): boolean {
  const e = err as { code?: unknown; severity?: unknown } | null;
  return typeof e?.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && e.severity === "ERROR";
}
