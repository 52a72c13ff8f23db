import { type FullQueryResults, neon, neonConfig } from "@neondatabase/serverless";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";

/**
 * Postgres through both of the Neon driver's paths, each where it is cheapest: a statement run
 * on its own goes over HTTP (one request, no connection to open: a Worker's request pays no
 * WebSocket handshake for it), and a transaction, whose statements depend on each other's
 * answers, takes a WebSocket connection from the pool for its duration. Kysely decides nothing:
 * every `db.transaction()` is interactive, every other query one-shot.
 */
export interface NeonHttpOptions {
  readonly connectionString: string;
  /** The SQL-over-HTTP endpoint; absent: Neon's own for the connection string's host. */
  readonly endpoint?: string;
  /** A statement without an answer after this long fails (0: no limit). */
  readonly statementTimeoutMs: number;
}

export function hybridDialect(pooled: Dialect, http: NeonHttpOptions): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new HybridDriver(pooled.createDriver(), httpQuery(http)),
    createQueryCompiler: (): QueryCompiler => new PostgresQueryCompiler(),
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's introspector takes any schema
    createIntrospector: (db: Kysely<any>) => new PostgresIntrospector(db),
  };
}

type HttpQuery = (query: CompiledQuery) => Promise<QueryResult<unknown>>;

/** One statement as one HTTP request; its result as Kysely's (rows, and the count a write affected). */
function httpQuery(options: NeonHttpOptions): HttpQuery {
  // Global to the driver, like the WebSocket proxy: one endpoint per process or isolate.
  if (options.endpoint) neonConfig.fetchEndpoint = options.endpoint;
  const sql = neon(options.connectionString, { fullResults: true });
  return async (query) => {
    const result = (await sql.query(query.sql, [...query.parameters], {
      fullResults: true,
      ...(options.statementTimeoutMs > 0 ? { fetchOptions: { signal: AbortSignal.timeout(options.statementTimeoutMs) } } : {}),
    })) as FullQueryResults<false>;
    const writes = result.command === "INSERT" || result.command === "UPDATE" || result.command === "DELETE" || result.command === "MERGE";
    return { rows: result.rows, ...(writes && result.rowCount !== null ? { numAffectedRows: BigInt(result.rowCount) } : {}) };
  };
}

class HybridDriver implements Driver {
  constructor(
    private readonly pooled: Driver,
    private readonly http: HttpQuery,
  ) {}

  init(): Promise<void> {
    return this.pooled.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new HybridConnection(this.http);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const hybrid = connection as HybridConnection;
    hybrid.inner = await this.pooled.acquireConnection();
    await this.pooled.beginTransaction(hybrid.inner, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.pooled.commitTransaction(innerOf(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.pooled.rollbackTransaction(innerOf(connection));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await this.pooled.savepoint?.(innerOf(connection), name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await this.pooled.rollbackToSavepoint?.(innerOf(connection), name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    await this.pooled.releaseSavepoint?.(innerOf(connection), name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const hybrid = connection as HybridConnection;
    if (!hybrid.inner) return;
    const inner = hybrid.inner;
    hybrid.inner = null;
    await this.pooled.releaseConnection(inner);
  }

  destroy(): Promise<void> {
    return this.pooled.destroy();
  }
}

const innerOf = (connection: DatabaseConnection): DatabaseConnection => {
  const inner = (connection as HybridConnection).inner;
  if (!inner) throw new Error("no transaction is open on this connection");
  return inner;
};

/** Over HTTP, unless a transaction holds a pooled connection: then on it. */
class HybridConnection implements DatabaseConnection {
  inner: DatabaseConnection | null = null;

  constructor(private readonly http: HttpQuery) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (this.inner ? this.inner.executeQuery(query) : this.http(query)) as Promise<QueryResult<R>>;
  }

  // biome-ignore lint/correctness/useYield: no statement of the service streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("streaming is not supported on the Neon HTTP path");
  }
}
