import { migrateDown, migrateToLatest } from "@svc/db";
import { parseEnv } from "@svc/runtime";
import { createLocalRuntime } from "./local_runtime";
import { isMain } from "./main";

/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL (through the Neon driver,
 * as production does), or to the embedded PGlite under DATA_DIR when it is unset.
 * `npm run db:migrate -- --down` rolls back the latest migration.
 */
export interface MigrateOptions {
  /** Postgres through the Neon driver; unset: the embedded PGlite under dataDir. */
  readonly databaseUrl?: string | undefined;
  /** A bridge already running in front of a plain Postgres; unset on loopback: one is started. */
  readonly wsProxy?: string | undefined;
  readonly dataDir: string;
  readonly connectMs: number;
  readonly down?: boolean;
}

export interface MigrationRun {
  /** The database migrated, as the local runtime names it. */
  readonly description: string;
  /** Each migration applied, in order: `up 20261121T0900_api_keys: Success`. */
  readonly applied: readonly string[];
}

export async function migrateDatabase(options: MigrateOptions): Promise<MigrationRun> {
  const runtime = createLocalRuntime({
    dataDir: options.dataDir,
    migrateEmbedded: false,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.wsProxy ? { wsProxy: options.wsProxy } : {}),
    // A migration may rewrite a table for longer than any request should wait: no statement limit.
    databaseTimeouts: { connectMs: options.connectMs, statementMs: 0 },
    onConnectionError: (err) => console.error(`database connection lost: ${err.message}`),
  });
  try {
    const db = await runtime.database();
    const result = options.down ? await migrateDown(db) : await migrateToLatest(db);
    const applied = (result.results ?? []).map((r) => `${r.direction.toLowerCase()} ${r.migrationName}: ${r.status}`);
    return { description: runtime.description, applied };
  } finally {
    await runtime.close();
  }
}

async function main(): Promise<void> {
  const config = parseEnv(process.env);
  const run = await migrateDatabase({
    databaseUrl: config.DATABASE_URL,
    wsProxy: config.NEON_WS_PROXY,
    dataDir: config.DATA_DIR,
    connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    down: process.argv.includes("--down"),
  });
  if (run.applied.length === 0) console.log(`${run.description}: nothing to migrate`);
  for (const line of run.applied) console.log(`${run.description}: ${line}`);
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(`migration failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
