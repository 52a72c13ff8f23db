import { MeterUnavailableError, parseKeyRing, type KeyRing, type Meter } from "@svc/core";
import { consultStore, credentialStore } from "@svc/db";
import { connectNeon } from "@svc/db/neon";
import { HttpError, type Platform, type ReasonKit, type ServiceEnv } from "@svc/http";
import { languageLayers } from "@svc/llm";
import { createUpstashMeter } from "@svc/meter/upstash";

/**
 * The deployed platform: Postgres through the Neon driver, one pool per request (a Worker
 * cannot reuse a client across requests), closed once the response is sent; metering on
 * Upstash Redis over its REST API.
 */
export const workersPlatform: Platform = {
  name: "workers",
  async open(config) {
    if (!config.DATABASE_URL) {
      throw new HttpError(500, "bad_environment", "The service is misconfigured: DATABASE_URL is not set.", "DATABASE_URL");
    }
    const connection = connectNeon({
      connectionString: config.DATABASE_URL,
      ...(config.NEON_WS_PROXY ? { wsProxy: config.NEON_WS_PROXY } : {}),
    });
    return {
      credentials: credentialStore(connection.db),
      meter: upstashMeterFrom(config),
      consults: consultStore(connection.db),
      reason: () => reasonKitFrom(config),
      release: () => connection.close(),
    };
  },
};

// Parsed key rings per secret value, per isolate: the secret changes only with a deploy.
const keyRings = new Map<string, KeyRing>();

function reasonKitFrom(config: ServiceEnv): ReasonKit {
  if (!config.SIGNING_KEYS) throw new HttpError(500, "bad_environment", "The service is misconfigured: SIGNING_KEYS is not set.", "SIGNING_KEYS");
  if (!config.CONTINUATION_SECRET) {
    throw new HttpError(500, "bad_environment", "The service is misconfigured: CONTINUATION_SECRET is not set.", "CONTINUATION_SECRET");
  }
  let keyRing = keyRings.get(config.SIGNING_KEYS);
  if (!keyRing) {
    try {
      keyRing = parseKeyRing(config.SIGNING_KEYS);
    } catch {
      throw new HttpError(500, "bad_environment", "The service is misconfigured: SIGNING_KEYS is not a valid key ring.", "SIGNING_KEYS");
    }
    keyRings.set(config.SIGNING_KEYS, keyRing);
  }
  return { keyRing, continuationSecret: config.CONTINUATION_SECRET, ...languageLayers(config) };
}

function upstashMeterFrom(config: ServiceEnv): Meter {
  if (config.UPSTASH_REDIS_REST_URL && config.UPSTASH_REDIS_REST_TOKEN) {
    return createUpstashMeter({ url: config.UPSTASH_REDIS_REST_URL, token: config.UPSTASH_REDIS_REST_TOKEN, timeoutMs: config.METER_TIMEOUT_MS });
  }
  // Metered routes then answer per their outage policy; the variable is named in the log.
  const missing = new MeterUnavailableError(new Error("UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN are not set"));
  return {
    name: "unconfigured",
    consume: () => Promise.reject(missing),
    read: () => Promise.reject(missing),
    burst: () => Promise.reject(missing),
    refund: () => Promise.reject(missing),
  };
}
