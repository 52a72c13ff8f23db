import { HttpError, type Platform } from "@svc/http";
import { connectNeon } from "./neon";
import { credentialStore } from "./repositories/api_keys";

/**
 * The deployed platform: Postgres through the Neon driver, one pool per request (a Worker
 * cannot reuse a client across requests), closed once the response is sent.
 */
export const workersPlatform: Platform = {
  name: "workers-neon",
  async open(config) {
    if (!config.DATABASE_URL) {
      throw new HttpError(500, "bad_environment", "The service is misconfigured: DATABASE_URL is not set.", "DATABASE_URL");
    }
    const connection = connectNeon({
      connectionString: config.DATABASE_URL,
      ...(config.NEON_WS_PROXY ? { wsProxy: config.NEON_WS_PROXY } : {}),
    });
    return { credentials: credentialStore(connection.db), release: () => connection.close() };
  },
};
