import { createSealer, MeterUnavailableError, parseDataKeyRing, parseKeyRing, type KeyRing, type Meter, type Sealer } from "@svc/core";
import { recordStores } from "@svc/db";
import { connectNeon } from "@svc/db/neon";
import { HttpError, writeLog, type LanguageLayers, type Platform, type PlatformSession, type ReasonKit, type ServiceEnv } from "@svc/http";
import { createUpstashMeter } from "@svc/meter/upstash";
import { sqsQueueFromSettings } from "@svc/queue";

/**
 * The deployed platform: Postgres through the Neon driver, one pool per request (a Worker
 * cannot reuse a client across requests), closed once the response is sent; metering on
 * Upstash Redis over its REST API. Only the functions that reason pass a reason kit (see
 * ./reason.ts), so the others do not bundle the language-model client.
 */
export interface WorkersPlatformOptions {
  readonly reasonKit?: (config: ServiceEnv) => ReasonKit;
  readonly language?: (config: ServiceEnv) => LanguageLayers;
}

export function createWorkersPlatform(options: WorkersPlatformOptions = {}): Platform {
  return {
    name: "workers",
    open: (config) => openSession(config, options),
  };
}

export const workersPlatform: Platform = createWorkersPlatform();

async function openSession(config: ServiceEnv, { reasonKit, language }: WorkersPlatformOptions): Promise<PlatformSession> {
  if (!config.DATABASE_URL) {
    throw new HttpError(500, "bad_environment", "The service is misconfigured: DATABASE_URL is not set.", "DATABASE_URL");
  }
  const connection = connectNeon({
    connectionString: config.DATABASE_URL,
    ...(config.NEON_WS_PROXY ? { wsProxy: config.NEON_WS_PROXY } : {}),
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    onConnectionError: (err) => writeLog(config.LOG_LEVEL, "warn", "database_connection_lost", { error: String(err) }),
  });
  return {
    ...recordStores(connection.db),
    meter: upstashMeterFrom(config),
    queue: sqsQueueFromSettings(config),
    sealer: () => sealerFrom(config),
    language: () => {
      if (!language) throw new Error("this function was deployed without the language layers");
      return language(config);
    },
    signingKeys: () => keyRingFrom(config),
    reason: () => {
      if (!reasonKit) throw new Error("this function was deployed without the reason kit");
      return reasonKit(config);
    },
    release: () => connection.close(),
  };
}

// Parsed key rings per secret value, per isolate: the secret changes only with a deploy.
const keyRings = new Map<string, KeyRing>();

/** The signing key ring from SIGNING_KEYS (its public halves verify provenance). */
export function keyRingFrom(config: ServiceEnv): KeyRing {
  if (!config.SIGNING_KEYS) throw new HttpError(500, "bad_environment", "The service is misconfigured: SIGNING_KEYS is not set.", "SIGNING_KEYS");
  let keyRing = keyRings.get(config.SIGNING_KEYS);
  if (!keyRing) {
    try {
      keyRing = parseKeyRing(config.SIGNING_KEYS);
    } catch {
      throw new HttpError(500, "bad_environment", "The service is misconfigured: SIGNING_KEYS is not a valid key ring.", "SIGNING_KEYS");
    }
    keyRings.set(config.SIGNING_KEYS, keyRing);
  }
  return keyRing;
}

// Sealers per DATA_KEYS value, per isolate: the imported keys are reused across requests.
const sealers = new Map<string, Sealer>();

function sealerFrom(config: ServiceEnv): Sealer {
  if (!config.DATA_KEYS) throw new HttpError(500, "bad_environment", "The service is misconfigured: DATA_KEYS is not set.", "DATA_KEYS");
  let sealer = sealers.get(config.DATA_KEYS);
  if (!sealer) {
    try {
      sealer = createSealer(parseDataKeyRing(config.DATA_KEYS));
    } catch {
      throw new HttpError(500, "bad_environment", "The service is misconfigured: DATA_KEYS is not a valid key ring.", "DATA_KEYS");
    }
    sealers.set(config.DATA_KEYS, sealer);
  }
  return sealer;
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
