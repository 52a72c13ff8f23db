import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { createSealer, rotate, type KeyRing, type Meter, type NarrativeQueue, type Sealer } from "@svc/core";
import { recordStores, type Database } from "@svc/db";
import { connectNeon, type DatabaseConnection } from "@svc/db/neon";
import { openPglite } from "@svc/db/pglite";
import { parseEnv, type Runtime, type ReasonKit } from "@svc/runtime";
import { languageLayers, type LanguageModelSettings } from "@svc/llm";
import { createMemoryMeter } from "@svc/meter/memory";
import { createUpstashMeter } from "@svc/meter/upstash";
import { unconfiguredQueue } from "@svc/queue";
import { loadOrCreateDataKeys } from "./data_keys";
import type { Kysely } from "kysely";
import ws from "ws";
import { startNeonBridge, type NeonBridge } from "./bridges/neon_ws";
import { startNeonHttpBridge, type NeonHttpBridge } from "./bridges/neon_http";
import { startUpstashBridge, type UpstashBridge } from "./bridges/upstash";
import { readOrCreateSecretFile } from "./secret_files";
import { loadOrCreateKeyRing } from "./signing_keys";

export interface LocalRuntimeOptions {
  /** Postgres through the Neon driver; unset means the embedded PGlite. */
  readonly databaseUrl?: string;
  /** Folder for PGlite, or `memory://` for tests. */
  readonly dataDir: string;
  /** An existing bridge; when absent and the database is on loopback, one is started. */
  readonly wsProxy?: string;
  /**
   * An existing SQL-over-HTTP bridge (`host:port`) for the statements run outside a
   * transaction, as on Workers; when absent and the database is on loopback, one is started.
   */
  readonly httpProxy?: string;
  /** DATABASE_CONNECT_TIMEOUT_MS and DATABASE_STATEMENT_TIMEOUT_MS (0: none, for migrations); unset: their defaults. */
  readonly databaseTimeouts?: { readonly connectMs: number; readonly statementMs: number };
  /** Told of a database connection that died outside any query; the pool opens a fresh one on the next. */
  readonly onConnectionError?: (err: Error) => void;
  /** Migrate the embedded database on open (default true); `db:migrate` does it itself. */
  readonly migrateEmbedded?: boolean;
  /** An Upstash REST endpoint; used as in production. */
  readonly upstash?: { readonly url: string; readonly token: string };
  /** A plain Redis, reached by the Upstash clients through a loopback bridge. */
  readonly redisUrl?: string;
  readonly meterTimeoutMs?: number;
  /** Neither: the in-process meter, with the same semantics. */
  /** SIGNING_KEYS; unset: a key ring generated once into the data folder. */
  readonly signingKeys?: string;
  /** CONTINUATION_SECRET; unset: a secret generated once into the data folder. */
  readonly continuationSecret?: string;
  /** The language model for Layers 1 and 3; without an API key, the offline ones. */
  readonly languageModel?: LanguageModelSettings;
  /** DATA_KEYS; unset: data keys generated once into the data folder. */
  readonly dataKeys?: string;
  /** Where narrative jobs go (the local server passes its embedded SQS); unset: nowhere, they wait in the outbox. */
  readonly queue?: NarrativeQueue;
}

export interface LocalRuntime extends Runtime {
  /** Opens (and for PGlite, migrates) the database now, so a bad setup fails at start. */
  database(): Promise<Kysely<Database>>;
  meter(): Promise<Meter>;
  readonly description: string;
  sealer(): Promise<Sealer>;
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/**
 * The runtime of `npm start` and of the test suites: one database connection for the
 * process (Node can share one), either the embedded PGlite under DATA_DIR or Postgres through
 * the Neon driver, over a loopback WebSocket bridge when the server is a plain local Postgres.
 */
export function createLocalRuntime(options: LocalRuntimeOptions): LocalRuntime {
  let opened: Promise<{ connection: DatabaseConnection; bridge?: NeonBridge; httpBridge?: NeonHttpBridge }> | undefined;
  const open = () =>
    (opened ??= (async () => {
      if (!options.databaseUrl) {
        const dir = options.dataDir.startsWith("memory://") ? options.dataDir : join(resolve(options.dataDir), "pglite");
        return { connection: await openPglite(dir, { migrate: options.migrateEmbedded ?? true }) };
      }
      const host = new URL(options.databaseUrl).hostname;
      let bridge: NeonBridge | undefined;
      let wsProxy = options.wsProxy;
      if (!wsProxy && LOOPBACK.has(host)) {
        bridge = await startNeonBridge();
        wsProxy = bridge.wsProxy;
      }
      let httpBridge: NeonHttpBridge | undefined;
      let httpProxy = options.httpProxy;
      if (!httpProxy && LOOPBACK.has(host)) {
        httpBridge = await startNeonHttpBridge();
        httpProxy = httpBridge.httpProxy;
      }
      const defaults = parseEnv({});
      const timeouts = options.databaseTimeouts ?? { connectMs: defaults.DATABASE_CONNECT_TIMEOUT_MS, statementMs: defaults.DATABASE_STATEMENT_TIMEOUT_MS };
      const connection = connectNeon({
        connectionString: options.databaseUrl,
        webSocketConstructor: ws,
        connectTimeoutMs: timeouts.connectMs,
        statementTimeoutMs: timeouts.statementMs,
        ...(options.onConnectionError ? { onConnectionError: options.onConnectionError } : {}),
        ...(wsProxy ? { wsProxy } : {}),
        ...(httpProxy ? { http: { endpoint: `http://${httpProxy}/sql` } } : { http: {} }),
      });
      return { connection, ...(bridge ? { bridge } : {}), ...(httpBridge ? { httpBridge } : {}) };
    })());

  let meterOpened: Promise<{ meter: Meter; bridge?: UpstashBridge }> | undefined;
  const openMeter = () =>
    (meterOpened ??= (async () => {
      const timeoutMs = options.meterTimeoutMs ?? 1000;
      if (options.upstash) return { meter: createUpstashMeter({ ...options.upstash, timeoutMs }) };
      if (options.redisUrl) {
        const bridge = await startUpstashBridge({ redisUrl: options.redisUrl });
        return { meter: createUpstashMeter({ url: bridge.url, token: bridge.token, timeoutMs }), bridge };
      }
      return { meter: createMemoryMeter() };
    })());

  let kitOpened: Promise<ReasonKit> | undefined;
  const openKit = () =>
    (kitOpened ??= (async () => {
      const now = new Date();
      const inMemory = options.dataDir.startsWith("memory://");
      const dir = resolve(options.dataDir);
      const keyRing: KeyRing =
        inMemory && !options.signingKeys ? await rotate({ records: [] }, now) : await loadOrCreateKeyRing({ dataDir: dir, secret: options.signingKeys, now });
      const continuationSecret = options.continuationSecret ?? (inMemory ? randomBytes(32).toString("base64url") : await loadOrCreateContinuationSecret(dir));
      const layers = languageLayers(options.languageModel ?? { OPENAI_MODEL: "offline", OPENAI_TIMEOUT_MS: 20_000, OPENAI_MAX_RETRIES: 2 });
      return { keyRing, continuationSecret, ...layers };
    })());

  let sealerOpened: Promise<Sealer> | undefined;
  const openSealer = () =>
    (sealerOpened ??= (async () =>
      createSealer(
        await loadOrCreateDataKeys({
          dataDir: options.dataDir.startsWith("memory://") ? options.dataDir : resolve(options.dataDir),
          secret: options.dataKeys,
          now: new Date(),
        }),
      ))());
  const queue = options.queue ?? unconfiguredQueue("no queue is configured; jobs wait in the outbox");

  const databaseDescription = options.databaseUrl ? "Postgres via the Neon driver" : `embedded PGlite (${options.dataDir})`;
  const meterDescription = options.upstash ? "Upstash" : options.redisUrl ? "Redis via the Upstash clients" : "in-process meter";
  return {
    name: options.databaseUrl ? "local-neon" : "local-pglite",
    description: `${databaseDescription}; ${meterDescription}`,
    async database() {
      return (await open()).connection.db;
    },
    async meter() {
      return (await openMeter()).meter;
    },
    sealer: openSealer,
    async open() {
      const [{ connection }, { meter }, kit, sealer] = await Promise.all([open(), openMeter(), openKit(), openSealer()]);
      return {
        ...recordStores(connection.db),
        meter,
        queue,
        sealer: () => sealer,
        language: () => ({ extractor: kit.extractor, narrator: kit.narrator }),
        reason: () => kit,
        signingKeys: () => kit.keyRing,
        release: async () => undefined,
      };
    },
    async close() {
      if (meterOpened) {
        const { bridge } = await meterOpened;
        await bridge?.close();
        meterOpened = undefined;
      }
      if (!opened) return;
      const { connection, bridge, httpBridge } = await opened;
      await connection.close();
      await bridge?.close();
      await httpBridge?.close();
      opened = undefined;
    },
  };
}

const CONTINUATION_SECRET_FILE = "continuation-secret";

/** The embedded default's continuation-token secret: generated once, kept beside the database. */
export function loadOrCreateContinuationSecret(dataDir: string): Promise<string> {
  return readOrCreateSecretFile(
    join(dataDir, CONTINUATION_SECRET_FILE),
    (text) => text.trim(),
    () => randomBytes(32).toString("base64url"),
  );
}
