import * as z from "zod";
import { BadEnvironmentError } from "./errors";

/**
 * The one environment schema, checked at every entry point (each Worker's fetch, the local
 * server, the CLIs). Variables a deployment does not set take the embedded defaults.
 */
export const EnvSchema = z
  .object({
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    PUBLIC_BASE_URL: z.url().optional().describe("Public base address used in links; defaults to the request's origin."),
    CORS_ALLOWED_ORIGINS: z.string().optional().describe("Comma-separated origins allowed to call protected routes from a browser."),
    PORT: z.coerce.number().int().min(0).max(65535).default(8787),
    DATA_DIR: z.string().min(1).default(".data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// connection string")
      .optional()
      .describe("Postgres (Neon in production). Unset locally: the embedded PGlite under DATA_DIR."),
    NEON_WS_PROXY: z
      .string()
      .regex(/^[^\s/]+:\d+(\/\S*)?$/, "must look like host:port/path")
      .optional()
      .describe("WebSocket bridge in front of a plain Postgres (local and tests); Neon needs none."),
    NEON_HTTP_PROXY: z
      .string()
      .regex(/^[^\s/]+:\d+$/, "must look like host:port")
      .optional()
      .describe(
        "SQL-over-HTTP bridge in front of a plain Postgres (local and tests), for the statements run outside a transaction; Neon needs none. With NEON_WS_PROXY alone, every statement takes the WebSocket path.",
      ),
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(60_000)
      .default(5000)
      .describe("Opening a database connection, or waiting for a free one, fails after this long: 503 store_unavailable."),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(300_000)
      .default(10_000)
      .describe("A database statement unanswered after this long fails and its connection is dropped: 503 store_unavailable."),
    OPERATOR_API_KEY: z.string().min(8).optional().describe("Accepted as an operator credential, to bootstrap a deployment."),
    JWT_SECRET: z.string().min(32).optional().describe("HS256 secret for human users' JWTs."),
    JWT_JWKS_URL: z.url().optional().describe("JWKS of the identity provider, for human users' JWTs."),
    JWT_ISSUER: z.string().min(1).optional(),
    JWT_AUDIENCE: z.string().min(1).optional(),
    KEY_CACHE_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(300)
      .default(30)
      .describe("How long a checked API key is trusted without a database read; the bound on revocation."),
    UPSTASH_REDIS_REST_URL: z
      .url({ protocol: /^https?$/, error: "must be the http(s) address of the Upstash REST endpoint" })
      .optional()
      .describe("Upstash Redis REST endpoint, for metering; set with UPSTASH_REDIS_REST_TOKEN (required on Workers)."),
    UPSTASH_REDIS_REST_TOKEN: z
      .string()
      .regex(/^\S+$/, "must be one token, without spaces or line breaks")
      .optional()
      .describe("Upstash Redis REST token; set with UPSTASH_REDIS_REST_URL."),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/\S+$/, "must be a redis:// URL")
      .optional()
      .describe("Local and tests: a plain Redis, reached by the Upstash clients through a loopback bridge."),
    METER_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(1000),
    PAID_DAILY_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(500).describe("Default daily calls of a paid key."),
    BURST_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60).describe("Requests per credential per burst window."),
    BURST_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    SIGNING_KEYS: z.string().min(2).optional().describe('The signing key ring, JSON {"keys":[...]}; embedded default: generated into DATA_DIR.'),
    CONTINUATION_SECRET: z.string().min(32).optional().describe("Signs clarification continuation tokens; embedded default: generated into DATA_DIR."),
    OPENAI_API_KEY: z
      .string()
      .min(1)
      .optional()
      .describe("Layer 1 and Layer 3 through an OpenAI-compatible endpoint; unset: the offline extractor and narrator."),
    OPENAI_BASE_URL: z.url().optional(),
    OPENAI_MODEL: z.string().min(1).default("gpt-4o-mini"),
    OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000).describe("Per attempt, per sample."),
    OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
    DATA_KEYS: z
      .string()
      .min(2)
      .optional()
      .describe('AES-256-GCM data keys, JSON {"active":kid,"keys":{kid:base64}}; embedded default: generated into DATA_DIR.'),
    SQS_QUEUE_URL: z.url().optional().describe("The narrative queue; embedded default: an in-process SQS emulator."),
    SQS_ENDPOINT: z.url().optional().describe("Only for an SQS emulator."),
    AWS_REGION: z.string().min(1).default("us-east-1"),
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    SCHEDULE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15).describe("Local server: how often the scheduled jobs run."),
    MAX_RECEIVES: z.coerce.number().int().min(1).max(100).default(5).describe("Receives before a narrative job goes to the dead-letter queue."),
    CALLING_ENABLED: z
      .enum(["true", "false"])
      .default("true")
      .describe("`false` turns the calling sequence and its approval off: both answer 503 calling_disabled."),
    TRUST_RECORD_SURFACE: z
      .enum(["live", "dark"])
      .default("live")
      .describe("`dark` takes the public trust record (and its part of the agent page) offline: 503 trust_record_dark, never cached."),
  })
  .superRefine((env, ctx) => {
    // Half of the pair is a configuration mistake, never a meter outage (nor the embedded meter).
    const [url, token] = ["UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN"] as const;
    if (env[url] && !env[token]) ctx.addIssue({ code: "custom", path: [token], message: `must be set when ${url} is` });
    if (env[token] && !env[url]) ctx.addIssue({ code: "custom", path: [url], message: `must be set when ${token} is` });
  })
  .describe("Service environment");

export type ServiceEnv = z.infer<typeof EnvSchema>;

export type EnvSource = Readonly<Record<string, unknown>>;

// Parsed environments are cached per source object: a Worker's bindings object and the
// Node process environment are each one stable object per isolate or process.
const parsedEnvs = new WeakMap<object, ServiceEnv>();

export function parseEnv(source: EnvSource | undefined): ServiceEnv {
  const raw = source ?? {};
  const cached = parsedEnvs.get(raw);
  if (cached) return cached;
  const result = EnvSchema.safeParse(stringValuesOnly(raw));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = String(issue.path[0] ?? "environment");
    throw new BadEnvironmentError(`The service is misconfigured: environment variable ${variable} is invalid (${issue.message}).`, variable);
  }
  parsedEnvs.set(raw, result.data);
  return result.data;
}

/** Workers bindings mix strings with service objects; only string variables are configuration. */
function stringValuesOnly(source: EnvSource): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === "string" && value !== "") out[key] = value;
  }
  return out;
}
