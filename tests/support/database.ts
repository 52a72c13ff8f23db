import { migrateToLatest } from "@svc/db";
import { createLocalPlatform, type LocalPlatform } from "../../packages/platform/src/local_platform";

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

// One platform per backend per test worker: PGlite costs ~2 s and hundreds of MB to open.
const platforms = new Map<Backend, Promise<LocalPlatform>>();

export function testPlatform(backend: Backend = PRIMARY_BACKEND): Promise<LocalPlatform> {
  let platform = platforms.get(backend);
  if (!platform) {
    platform = (async () => {
      if (backend === "postgres" && !REAL_DATABASE_URL) throw new Error("the postgres backend needs DATABASE_URL");
      const created = createLocalPlatform(backend === "postgres" ? { databaseUrl: REAL_DATABASE_URL!, dataDir: "memory://" } : { dataDir: "memory://" });
      // PGlite migrates on open; a real database is migrated here, once per worker (the
      // migrator's lock makes concurrent workers safe).
      await migrateToLatest(await created.database());
      return created;
    })();
    platforms.set(backend, platform);
  }
  return platform;
}

/** A fresh owner id, so tests sharing a database never see each other's records. */
export function freshOwner(label = "owner"): string {
  return `${label}-${crypto.randomUUID()}`;
}
