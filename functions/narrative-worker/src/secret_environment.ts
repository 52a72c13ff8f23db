import { SecretsProvider } from "@aws-lambda-powertools/parameters/secrets";
import type { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import * as z from "zod";

/**
 * How long a container reuses the secret it read, in seconds. A value put into the secret
 * reaches every warm container within this time; a read costs one GetSecretValue call
 * (about 12 an hour per container).
 */
export const SECRET_MAX_AGE_SECONDS = 300;

const SecretValues = z.record(z.string(), z.string());

export interface FromSecretOptions {
  /** The secret's ARN or name (SECRETS_ARN): a JSON object such as {"DATABASE_URL": "…", "DATA_KEYS": "…"}. */
  readonly secretId: string;
  /** Reuse a value read for this many seconds. Default SECRET_MAX_AGE_SECONDS. */
  readonly maxAgeSeconds?: number;
  /** The Secrets Manager client. Default: one configured from the Lambda environment (region, role). */
  readonly client?: SecretsManagerClient;
}

/**
 * What the consumer builds from its Secrets Manager secret (keys, narrator, handler), kept per
 * container. The secret is read through the Powertools parameters utility: a value read is
 * reused for `maxAgeSeconds` and then read again, and a failed read is not cached, so the next
 * invocation reads again instead of failing until the container is recycled. `build` runs again
 * only when the secret's text has changed. When it fails (say DATA_KEYS is missing) nothing is
 * kept and the next call reads the secret afresh, so a corrected secret takes effect at once.
 */
export function fromSecret<T>(options: FromSecretOptions, build: (values: Record<string, string>) => T | Promise<T>): () => Promise<T> {
  const provider = new SecretsProvider(options.client ? { awsSdkV3Client: options.client } : {});
  const maxAge = options.maxAgeSeconds ?? SECRET_MAX_AGE_SECONDS;
  let built: { text: string; value: T } | undefined;
  let readAfresh = false;
  return async () => {
    const text = await provider.get(options.secretId, { maxAge, forceFetch: readAfresh });
    if (built && built.text === text) return built.value;
    try {
      if (typeof text !== "string") throw new Error(`secret ${options.secretId} must hold a JSON object in SecretString`);
      const value = await build(parseSecret(options.secretId, text));
      built = { text, value };
      readAfresh = false;
      return value;
    } catch (err) {
      built = undefined;
      readAfresh = true;
      throw err;
    }
  };
}

/** The secret's JSON object; errors name the secret and the key, never a value. */
function parseSecret(secretId: string, text: string): Record<string, string> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text: keep it out of the logs.
    throw new Error(`secret ${secretId} is not valid JSON`);
  }
  const parsed = SecretValues.safeParse(json);
  if (parsed.success) return parsed.data;
  const key = parsed.error.issues[0]?.path[0];
  throw new Error(
    key === undefined
      ? `secret ${secretId} must be a JSON object of strings`
      : `secret ${secretId}: ${String(key)} must be a string (DATA_KEYS too, as JSON text)`,
  );
}
