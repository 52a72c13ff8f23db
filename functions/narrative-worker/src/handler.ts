import { GetSecretValueCommand, SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { createSealer, parseDataKeyRing } from "@svc/core";
import { narrativeStore } from "@svc/db";
import { connectNeon } from "@svc/db/neon";
import { parseEnv, writeLog, type ServiceEnv } from "@svc/http";
import { languageLayers } from "@svc/llm";
import ws from "ws";
import { createNarrativeConsumer, type SqsBatchResponse } from "./consumer";

/**
 * The AWS Lambda entry point of the narrative consumer (infra/cdk deploys it with an SQS
 * event source reporting batch item failures). Secrets come from the environment, or from
 * the Secrets Manager secret named by SECRETS_ARN, read once per cold start.
 */
const MAX_RECEIVES = Number(process.env.MAX_RECEIVES ?? 5);

// Per container: Lambda reuses a warm container for many batches; the configuration and the
// imported keys do not change between them.
let configured: Promise<{ config: ServiceEnv; handle: (event: unknown) => Promise<SqsBatchResponse> }> | undefined;

async function loadEnvironment(): Promise<Record<string, string | undefined>> {
  const arn = process.env.SECRETS_ARN;
  if (!arn) return process.env;
  const client = new SecretsManagerClient({});
  const secret = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  const values = JSON.parse(secret.SecretString ?? "{}") as Record<string, string>;
  return { ...process.env, ...values };
}

function configure() {
  return (configured ??= (async () => {
    const config = parseEnv(await loadEnvironment());
    if (!config.DATABASE_URL) throw new Error("DATABASE_URL is not set");
    if (!config.DATA_KEYS) throw new Error("DATA_KEYS is not set");
    const sealer = createSealer(parseDataKeyRing(config.DATA_KEYS));
    const { narrator } = languageLayers(config);
    const handle = createNarrativeConsumer({
      maxReceives: MAX_RECEIVES,
      open: async () => {
        const connection = connectNeon({
          connectionString: config.DATABASE_URL!,
          webSocketConstructor: ws,
          connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
          // A batch whose connection died fails its messages (the queue redelivers them); the container lives on.
          onConnectionError: (err) => writeLog(config.LOG_LEVEL, "warn", "database_connection_lost", { function: "narrative-worker", error: String(err) }),
          ...(config.NEON_WS_PROXY ? { wsProxy: config.NEON_WS_PROXY } : {}),
        });
        return { store: narrativeStore(connection.db), sealer, narrator, release: () => connection.close() };
      },
      log: (level, msg, fields) => writeLog(config.LOG_LEVEL, level, msg, { function: "narrative-worker", ...fields }),
    });
    return { config, handle };
  })());
}

export async function handler(event: unknown): Promise<SqsBatchResponse> {
  const { handle } = await configure();
  return handle(event);
}
