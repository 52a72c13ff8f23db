import { migrateToLatest } from "@svc/db";
import { createLocalRuntime, type LocalRuntime } from "../../packages/local/src/local_runtime";

/**
 * The database backends a suite runs against: always the embedded PGlite; and, when
 * DATABASE_URL is set (CI sets it), the real PostgreSQL through the Neon driver over the
 * loopback bridge, which is the production code path.
 */
export type Backend = "pglite" | "postgres";

export const REAL_DATABASE_URL = process.env.DATABASE_URL;
export const BACKENDS: readonly Backend[] = REAL_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
/** The backend route-level suites use: the real one when there is one. */
export const PRIMARY_BACKEND: Backend = REAL_DATABASE_URL ? "postgres" : "pglite";

// One runtime per backend per test worker: PGlite costs ~2 s and hundreds of MB to open.
const runtimes = new Map<Backend, Promise<LocalRuntime>>();

export function testRuntime(backend: Backend = PRIMARY_BACKEND): Promise<LocalRuntime> {
  let runtime = runtimes.get(backend);
  if (!runtime) {
    runtime = (async () => {
      if (backend === "postgres" && !REAL_DATABASE_URL) throw new Error("the postgres backend needs DATABASE_URL");
      const created = createLocalRuntime(backend === "postgres" ? { databaseUrl: REAL_DATABASE_URL!, dataDir: "memory://" } : { dataDir: "memory://" });
      // PGlite migrates on open; a real database is migrated here, once per worker (the
      // migrator's lock makes concurrent workers safe).
      await migrateToLatest(await created.database());
      return created;
    })();
    runtimes.set(backend, runtime);
  }
  return runtime;
}

/** A fresh owner id, so tests sharing a database never see each other's records. */
export function freshOwner(label = "owner"): string {
  return `${label}-${crypto.randomUUID()}`;
}
