import { migrateDown, migrateToLatest } from "@svc/db";
import { parseEnv } from "@svc/http";
import { createLocalPlatform } from "./local_platform";
import { isMain } from "./main";

/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL (through the Neon driver,
 * as production does), or to the embedded PGlite under DATA_DIR when it is unset.
 * `npm run db:migrate -- --down` rolls back the latest migration.
 */
async function main(): Promise<void> {
  const config = parseEnv(process.env);
  const platform = createLocalPlatform({
    dataDir: config.DATA_DIR,
    migrateEmbedded: false,
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
    ...(config.NEON_WS_PROXY ? { wsProxy: config.NEON_WS_PROXY } : {}),
    // A migration may rewrite a table for longer than any request should wait: no statement limit.
    databaseTimeouts: { connectMs: config.DATABASE_CONNECT_TIMEOUT_MS, statementMs: 0 },
    onConnectionError: (err) => console.error(`database connection lost: ${err.message}`),
  });
  try {
    const db = await platform.database();
    const down = process.argv.includes("--down");
    const result = down ? await migrateDown(db) : await migrateToLatest(db);
    const applied = result.results ?? [];
    if (applied.length === 0) console.log(`${platform.description}: nothing to migrate`);
    for (const r of applied) console.log(`${platform.description}: ${r.direction.toLowerCase()} ${r.migrationName}: ${r.status}`);
  } finally {
    await platform.close();
  }
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(`migration failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
