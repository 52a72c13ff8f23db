import { createSealer, parseDataKeyRing, parseKeyRing, type KeyRing, type Sealer } from "@svc/core";
import { recordStores } from "@svc/db";
import { connectNeon } from "@svc/db/neon";
import {
  BadEnvironmentError,
  cachedSecret,
  writeLog,
  type EnvProblem,
  type LanguageLayers,
  type Runtime,
  type RuntimeSession,
  type ReasonKit,
  type ServiceEnv,
} from "@svc/runtime";
import { createCircuitBreaker, type CircuitBreaker } from "@svc/meter/breaker";
import { createUpstashMeter, type UpstashMeter } from "@svc/meter/upstash";
import { sqsQueueFromSettings } from "@svc/queue";

/**
 * The deployed runtime: Postgres through the Neon driver, one pool per request (a Worker
 * cannot reuse a client across requests), closed once the response is sent; metering on
 * Upstash Redis over its REST API. Only the functions that reason pass a reason kit (see
 * ./reason.ts), so the others do not bundle the language-model client.
 */
export interface WorkersRuntimeOptions {
  readonly reasonKit?: (config: ServiceEnv) => ReasonKit;
  readonly language?: (config: ServiceEnv) => LanguageLayers;
}

export function createWorkersRuntime(options: WorkersRuntimeOptions = {}): Runtime {
  return {
    name: "workers",
    open: (config) => openSession(config, options),
    problems: (config, uses) => (uses.meter ? meterProblems(config) : []),
  };
}

export const workersRuntime: Runtime = createWorkersRuntime();

async function openSession(config: ServiceEnv, { reasonKit, language }: WorkersRuntimeOptions): Promise<RuntimeSession> {
  if (!config.DATABASE_URL) {
    throw new BadEnvironmentError("The service is misconfigured: DATABASE_URL is not set.", "DATABASE_URL");
  }
  const connection = connectNeon({
    connectionString: config.DATABASE_URL,
    ...(config.NEON_WS_PROXY ? { wsProxy: config.NEON_WS_PROXY } : {}),
    // One-shot statements over HTTP (no WebSocket handshake per request), unless a local
    // Postgres is bridged for WebSockets only.
    ...(config.NEON_HTTP_PROXY ? { http: { endpoint: `http://${config.NEON_HTTP_PROXY}/sql` } } : config.NEON_WS_PROXY ? {} : { http: {} }),
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    onConnectionError: (err) => writeLog(config.LOG_LEVEL, "warn", "database_connection_lost", { error: String(err) }),
  });
  const meter = upstashMeterFrom(config);
  return {
    ...recordStores(connection.db),
    meter,
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
    // After the response (waitUntil): the releases of charges given up on must reach the store.
    release: async () => {
      await Promise.all([connection.close(), meter.settled()]);
    },
  };
}

// Parsed key rings per secret value, per isolate: the secret changes only with a deploy.
const keyRings = new Map<string, KeyRing>();

/** The signing key ring from SIGNING_KEYS (its public halves verify provenance). */
export function keyRingFrom(config: ServiceEnv): KeyRing {
  return cachedSecret(keyRings, "SIGNING_KEYS", config.SIGNING_KEYS, parseKeyRing);
}

// Sealers per DATA_KEYS value, per isolate: the imported keys are reused across requests.
const sealers = new Map<string, Sealer>();

function sealerFrom(config: ServiceEnv): Sealer {
  return cachedSecret(sealers, "DATA_KEYS", config.DATA_KEYS, (text) => createSealer(parseDataKeyRing(text)));
}

/** The meter's secrets this deployment lacks: on Workers there is no embedded meter to fall back to. */
function meterProblems(config: ServiceEnv): EnvProblem[] {
  return (["UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN"] as const)
    .filter((variable) => !config[variable])
    .map((variable) => ({ variable, message: `${variable} is not set: metered calls cannot be accounted for.` }));
}

// One circuit breaker per store per isolate: the meter is built per request, but what the
// isolate learnt about the store's health must outlive the request, or every request would
// wait out the time-out again.
const breakers = new Map<string, CircuitBreaker>();

function upstashMeterFrom(config: ServiceEnv): UpstashMeter {
  if (!config.UPSTASH_REDIS_REST_URL || !config.UPSTASH_REDIS_REST_TOKEN) {
    // A configuration error, never an outage: metered routes answer 500 bad_environment naming
    // the secret (an outage would let fail-open routes run unmetered for ever).
    const variables = meterProblems(config).map((p) => p.variable);
    const message = `The service is misconfigured: ${variables.join(" and ")} ${variables.length > 1 ? "are" : "is"} not set.`;
    const misconfigured = () => Promise.reject(new BadEnvironmentError(message, variables[0] ?? "UPSTASH_REDIS_REST_URL"));
    return { name: "unconfigured", consume: misconfigured, read: misconfigured, admit: misconfigured, refund: misconfigured, settled: async () => undefined };
  }
  const url = config.UPSTASH_REDIS_REST_URL;
  let breaker = breakers.get(url);
  if (!breaker) {
    breaker = createCircuitBreaker({ minimumSpanMs: config.METER_TIMEOUT_MS });
    breakers.set(url, breaker);
  }
  return createUpstashMeter({ url, token: config.UPSTASH_REDIS_REST_TOKEN, timeoutMs: config.METER_TIMEOUT_MS, breaker });
}
