import { createSealer, parseDataKeyRing } from "@svc/core";
import { narrativeStore } from "@svc/db";
import { connectNeon } from "@svc/db/neon";
import { BadEnvironmentError, parseEnv, parseSecret, writeLog, type ServiceEnv } from "@svc/runtime";
import { languageLayers } from "@svc/llm";
import ws from "ws";
import { createNarrativeConsumer, type SqsBatchResponse } from "./consumer";
import { fromSecret } from "./secret_environment";

/**
 * The AWS Lambda entry point of the narrative consumer (infra/cdk deploys it with an SQS
 * event source reporting batch item failures). Secrets come from the Secrets Manager secret
 * named by SECRETS_ARN (see secret_environment.ts: reused for 5 minutes, a failed read never
 * kept), or from the environment alone when SECRETS_ARN is unset.
 */
type Consumer = { config: ServiceEnv; handle: (event: unknown) => Promise<SqsBatchResponse> };

/** The consumer for the environment plus the secret's values: the data keys imported, the narrator chosen. */
async function buildConsumer(secretValues: Record<string, string>): Promise<Consumer> {
  const config = parseEnv({ ...process.env, ...secretValues });
  if (!config.DATABASE_URL) throw new BadEnvironmentError("The narrative consumer is misconfigured: DATABASE_URL is not set.", "DATABASE_URL");
  if (!config.DATA_KEYS) throw new BadEnvironmentError("The narrative consumer is misconfigured: DATA_KEYS is not set.", "DATA_KEYS");
  const sealer = createSealer(parseSecret("DATA_KEYS", config.DATA_KEYS, parseDataKeyRing));
  const { narrator } = languageLayers(config);
  const handle = createNarrativeConsumer({
    maxReceives: config.MAX_RECEIVES,
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
}

// Per container: Lambda reuses a warm container for many batches, one at a time. Only a
// consumer that was built is kept; a failure is thrown to this invocation and retried by the next.
let fromEnvironment: Consumer | undefined;
const consumer = process.env.SECRETS_ARN
  ? fromSecret({ secretId: process.env.SECRETS_ARN }, buildConsumer)
  : async () => (fromEnvironment ??= await buildConsumer({}));

export async function handler(event: unknown): Promise<SqsBatchResponse> {
  const { handle } = await consumer();
  return handle(event);
}
