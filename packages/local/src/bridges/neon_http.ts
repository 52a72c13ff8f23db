import pg from "pg";
import { startJsonServer } from "./json_server";

/**
 * A loopback server that speaks the Neon driver's SQL-over-HTTP protocol in front of a plain
 * Postgres, as Neon's own endpoint does in production, so the driver's HTTP path (neon()) runs
 * unchanged against this machine's database: POST /sql with `{query, params}` answers
 * `{fields, rows, command, rowCount}` (rows as arrays of the server's text, which the driver
 * parses by type), and `{queries: [...]}` runs them in one transaction and answers
 * `{results: [...]}`. The connection string comes in the Neon-Connection-String header; a
 * statement the server refuses answers 400 with its fields (code, severity, constraint...).
 * Loopback only.
 */
export interface NeonHttpBridge {
  /** The value for the driver's fetchEndpoint (NEON_HTTP_PROXY: `127.0.0.1:<port>`). */
  readonly endpoint: string;
  readonly httpProxy: string;
  /** Requests answered so far: one per round trip a client makes. */
  requests(): number;
  close(): Promise<void>;
}

const ERROR_FIELDS = [
  "severity",
  "code",
  "detail",
  "hint",
  "position",
  "internalPosition",
  "internalQuery",
  "where",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "file",
  "line",
  "routine",
] as const;
const ALLOWED_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);
// The driver parses the server's text itself: hand every value on as text.
const RAW_TEXT = { getTypeParser: () => (value: string) => value };

interface Statement {
  readonly query: string;
  readonly params?: readonly unknown[];
}

export async function startNeonHttpBridge(port = 0): Promise<NeonHttpBridge> {
  const pools = new Map<string, pg.Pool>();
  const poolFor = (connectionString: string) => {
    const host = new URL(connectionString).hostname;
    if (!ALLOWED_HOSTS.has(host)) throw new Error("only loopback Postgres is bridged");
    let pool = pools.get(connectionString);
    if (!pool) {
      // The driver adds application_name to the URL; pg takes it from there.
      pool = new pg.Pool({ connectionString, max: 10 });
      // A server that stops or restarts drops connections idle in the pool (the pool's error)
      // and checked out (the client's); either, unheard, would end the process. The request
      // answers with its failure, and the client is dropped rather than pooled again.
      pool.on("error", () => undefined);
      pool.on("connect", (client) => void client.on("error", () => undefined));
      pools.set(connectionString, pool);
    }
    return pool;
  };
  const run = async (client: pg.PoolClient, statement: Statement) => {
    const result = await client.query({ text: statement.query, values: [...(statement.params ?? [])], rowMode: "array", types: RAW_TEXT });
    return {
      fields: result.fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
        tableID: f.tableID,
        columnID: f.columnID,
        dataTypeSize: f.dataTypeSize,
        dataTypeModifier: f.dataTypeModifier,
        format: "text",
      })),
      command: result.command,
      rowCount: result.rowCount,
      rows: result.rows,
      rowAsArray: true,
    };
  };

  const server = await startJsonServer(port, async ({ headers, body: raw, send }) => {
    let client: pg.PoolClient | undefined;
    let broken = false;
    try {
      const connectionString = String(headers["neon-connection-string"] ?? "");
      const body = JSON.parse(raw.toString("utf8")) as Statement | { queries: Statement[] };
      client = await poolFor(connectionString).connect();
      if (!("queries" in body)) return send(200, await run(client, body));
      const isolation = headers["neon-batch-isolation-level"];
      const readOnly = headers["neon-batch-read-only"] === "true";
      await client.query(
        `BEGIN${
          isolation
            ? ` ISOLATION LEVEL ${String(isolation)
                .replace(/([a-z])([A-Z])/g, "$1 $2")
                .toUpperCase()}`
            : ""
        }${readOnly ? " READ ONLY" : ""}`,
      );
      try {
        const results = [];
        for (const statement of body.queries) results.push(await run(client, statement));
        await client.query("COMMIT");
        return send(200, { results });
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      }
    } catch (err) {
      const e = err as Record<string, unknown> & { message?: string };
      broken = !(typeof e.code === "string" && e.severity === "ERROR");
      if (typeof e.code === "string" && typeof e.severity === "string") {
        return send(400, { message: e.message, ...Object.fromEntries(ERROR_FIELDS.filter((f) => e[f] !== undefined).map((f) => [f, e[f]])) });
      }
      return send(502, { message: e.message ?? String(err) });
    } finally {
      client?.release(broken);
    }
  });
  return {
    endpoint: `http://127.0.0.1:${server.port}/sql`,
    httpProxy: `127.0.0.1:${server.port}`,
    requests: server.requests,
    close: async () => {
      await server.close();
      await Promise.all([...pools.values()].map((pool) => pool.end()));
    },
  };
}
