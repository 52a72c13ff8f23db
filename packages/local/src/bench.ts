import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import {
  assess,
  composeTrustRecord,
  digestOf,
  guardAction,
  extractOffline,
  FULL_IDS,
  generateSigningKey,
  issueApiKey,
  KatorthomaProximity,
  planSkillCall,
  sha256Hex,
  signAssessment,
  VirtueDomain,
  type Meter,
  type TrustEvent,
} from "@svc/core";
import { credentialStore } from "@svc/db";
import { assessmentsFunction } from "@svc/fn-assessments";
import { createNarrativeConsumer } from "@svc/fn-narrative-worker";
import { reasonFunction } from "@svc/fn-reason";
import { parseEnv, RUNTIME_BINDING } from "@svc/runtime";
import { startEmbeddedQueue, type EmbeddedQueue } from "./embedded_queue";
import { createLocalRuntime } from "./local_runtime";
import { createMemoryMeter } from "@svc/meter/memory";
import { createUpstashMeter } from "@svc/meter/upstash";
import { startUpstashBridge } from "./bridges/upstash";
import { startNeonBridge } from "./bridges/neon_ws";
import { startNeonHttpBridge } from "./bridges/neon_http";
import { connectNeon } from "@svc/db/neon";
import { sql } from "kysely";
import ws from "ws";
import { isMain, REPO_ROOT } from "./main";
import { loadAccounts } from "./judgment_accounts";
import { benchInput, fill5k } from "./judgment_profile";
import { freePort } from "./net";

/**
 * `npm run bench`: starts the local server in its own process and measures each scenario over
 * loopback with autocannon (requests/s, p50 and p99 latency). Later steps add scenarios here.
 */
export interface BenchScenario {
  readonly name: string;
  readonly method: "GET" | "POST";
  readonly path: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly expectStatus: number;
  /** Needs an API key: it is sent as a bearer credential (a paid key with every capability). */
  readonly authenticated?: boolean;
  /** Overrides BENCH_CONNECTIONS: 1 shows a request's own latency, without queueing behind others. */
  readonly connections?: number;
}

const BENCH_INPUT = "I told my colleague the truth about the bug even though I was afraid my manager would be angry. I considered the options carefully first.";

export const BENCH_SCENARIOS: readonly BenchScenario[] = [
  { name: "GET /api/virtues", method: "GET", path: "/api/virtues", expectStatus: 200 },
  { name: "GET /api/stoic-brain", method: "GET", path: "/api/stoic-brain", expectStatus: 200 },
  {
    name: "POST /api/v1/rank-indifferents",
    method: "POST",
    path: "/api/v1/rank-indifferents",
    body: { indifferents: ["health", "wealth", "reputation", "poverty", "pain"] },
    expectStatus: 200,
  },
  {
    name: "POST /api/guardrail (metered)",
    method: "POST",
    path: "/api/guardrail",
    body: { action: "Delete the production database of our customers to free up space quickly." },
    expectStatus: 200,
    authenticated: true,
  },
  {
    name: "POST /api/guardrail (metered, 1 connection)",
    method: "POST",
    path: "/api/guardrail",
    body: { action: "Delete the production database of our customers to free up space quickly." },
    expectStatus: 200,
    authenticated: true,
    connections: 1,
  },
  {
    name: "POST /api/score-action",
    method: "POST",
    path: "/api/score-action",
    body: { action: BENCH_INPUT, intended_outcome: "keep the team's trust" },
    expectStatus: 200,
    authenticated: true,
  },
  {
    name: "POST /api/reason (supplied layer1_schema)",
    method: "POST",
    path: "/api/reason",
    body: { input: BENCH_INPUT, layer1_schema: extractOffline({ text: BENCH_INPUT }), response_format: "assessment_first" },
    expectStatus: 200,
    authenticated: true,
  },
  {
    name: "POST /api/reason (offline extractor)",
    method: "POST",
    path: "/api/reason",
    body: { input: BENCH_INPUT },
    expectStatus: 200,
    authenticated: true,
  },
  // One connection: a consult's own latency, without queueing behind others. The deferred path
  // also has the local server produce the narrative (the Lambda's work in production) after
  // the response, which the 10-connection figures above include.
  {
    name: "POST /api/reason (supplied, 1 connection)",
    method: "POST",
    path: "/api/reason",
    body: { input: BENCH_INPUT, layer1_schema: extractOffline({ text: BENCH_INPUT }), response_format: "assessment_first" },
    expectStatus: 200,
    authenticated: true,
    connections: 1,
  },
  {
    name: "POST /api/reason (offline, 1 connection)",
    method: "POST",
    path: "/api/reason",
    body: { input: BENCH_INPUT },
    expectStatus: 200,
    authenticated: true,
    connections: 1,
  },
];

const BENCH_OPERATOR_KEY = `bench-operator-${crypto.randomUUID()}`;

/** A paid key with every capability and a daily limit no bench reaches. */
async function benchKey(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${BENCH_OPERATOR_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({
      kind: "prac",
      owner_id: "bench",
      tier: "paid",
      daily_limit: 10_000_000,
      capabilities: ["l1_supply", "accreditation_write", "reflect"],
    }),
  });
  if (res.status !== 201) throw new Error(`cannot create the bench key: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { key: string }).key;
}

async function startServerProcess(port: number): Promise<ChildProcess> {
  // BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE;
  const child = spawn(join(REPO_ROOT, "node_modules/.bin/tsx"), [join(REPO_ROOT, "packages/local/src/server.ts")], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...(profile ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --cpu-prof --cpu-prof-dir=${profile}`.trim() } : {}),
      PORT: String(port),
      LOG_LEVEL: "warn",
      DATA_DIR: mkdtempSync(join(tmpdir(), "svc-bench-")),
      OPERATOR_API_KEY: BENCH_OPERATOR_KEY,
      BURST_LIMIT: "100000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill();
      throw new Error("the local server did not start within 30 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface BenchResult {
  readonly scenario: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly non2xx: number;
  readonly errors: number;
}

export async function runScenario(baseUrl: string, scenario: BenchScenario, seconds: number, connections: number, apiKey?: string): Promise<BenchResult> {
  const headers = {
    "content-type": "application/json",
    ...(scenario.authenticated && apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    ...scenario.headers,
  };
  const probe = await fetch(`${baseUrl}${scenario.path}`, {
    method: scenario.method,
    ...(scenario.body === undefined ? {} : { body: JSON.stringify(scenario.body) }),
    headers,
  });
  if (probe.status !== scenario.expectStatus) {
    throw new Error(`${scenario.name}: expected ${scenario.expectStatus}, got ${probe.status}: ${await probe.text()}`);
  }
  const result = await autocannon({
    url: `${baseUrl}${scenario.path}`,
    method: scenario.method,
    connections,
    duration: seconds,
    headers,
    ...(scenario.body === undefined ? {} : { body: JSON.stringify(scenario.body) }),
  });
  return {
    scenario: scenario.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * Work timed in-process, one call after another, where an HTTP scenario cannot isolate it:
 * `run` is one iteration; `setup` returns it and a cleanup.
 */
export interface MicroBenchmark {
  readonly name: string;
  readonly setup: () => Promise<{ run: () => Promise<unknown>; close: () => Promise<void> } | null>;
}

/** What the meter adds to one metered request: the burst check with the allowance plan, in one call. */
function meterStep(meter: Meter): () => Promise<unknown> {
  const subject = `key:bench-${crypto.randomUUID()}`;
  return async () => {
    const plan = planSkillCall({ subject, tier: "paid", skill: "svc-guard", units: 1, now: new Date(), paidDailyLimit: 10_000_000 });
    return meter.admit({ subject, limit: 1_000_000, windowSeconds: 10 }, plan);
  };
}

/** A year of examined evidence: 1,000 examinations over four domains, plus flags and reflections. */
function yearOfTrustEvents(agentId: string, now: Date): TrustEvent[] {
  const levels = KatorthomaProximity.options;
  const events: TrustEvent[] = [];
  for (let i = 0; i < 1000; i += 1) {
    const at = new Date(now.getTime() - (i * 365 * 86_400_000) / 1000).toISOString();
    for (const domain of VirtueDomain.options) {
      const source = i % 100 === 0 ? "curator_flag" : i % 50 === 0 ? "reflect" : "examination";
      const cls = source === "curator_flag" ? "decrease" : source === "reflect" ? "hold" : "evidence";
      events.push({
        id: `${i}-${domain}`,
        agent_id: agentId,
        source,
        class: cls,
        domain,
        level: levels[(i + domain.length) % levels.length]!,
        source_ref: `loop_${i}`,
        occurred_at: at,
        latch: domain === "dikaiosyne" && i % 250 === 0,
        note: null,
        minted_at: at,
      });
    }
  }
  return events;
}

export const MICRO_BENCHMARKS: readonly MicroBenchmark[] = [
  {
    name: "trust record composed at read (4,000 events, decay, latch)",
    setup: async () => {
      const now = new Date();
      const events = yearOfTrustEvents("bench-agent", now);
      return {
        run: async () => {
          composeTrustRecord({
            agent_id: "bench-agent",
            digest: digestOf(events, now),
            readings: { readings: [], total: 0, examined: 0 },
            gaps: [],
            gap_count: 0,
            has_accreditation: true,
            now,
          });
        },
        close: async () => undefined,
      };
    },
  },
  {
    name: "Layer 2 assessment + Ed25519 signing (JCS)",
    setup: async () => {
      const key = await generateSigningKey(new Date());
      const extraction = extractOffline({ text: BENCH_INPUT });
      const inputSha256 = await sha256Hex(BENCH_INPUT);
      let n = 0;
      return {
        run: () => {
          n += 1;
          const assessment = assess({
            extraction,
            text: BENCH_INPUT,
            examination: { ref: `loop_bench_${n}`, depth_tier: "standard", prior_feedback_ref: null, input_sha256: inputSha256 },
          });
          return signAssessment(assessment as unknown as Record<string, unknown>, key);
        },
        close: async () => undefined,
      };
    },
  },
  {
    name: "guardrail in-process: 5,000-char action + 5,000-char context",
    setup: async () => {
      const { action, context } = benchInput();
      return { run: () => guardAction({ action, context }), close: async () => undefined };
    },
  },
  {
    name: "offline extraction: a 5,000-character account (the Stoic accounts end to end)",
    setup: async () => {
      const text = fill5k(loadAccounts().map((a) => a.text));
      return { run: async () => extractOffline({ text }), close: async () => undefined };
    },
  },
  {
    name: "meter step, in-process meter",
    setup: async () => ({ run: meterStep(createMemoryMeter()), close: async () => undefined }),
  },
  {
    name: "meter step, Upstash clients -> real Redis (loopback bridge)",
    setup: async () => {
      const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
      const bridge = await startUpstashBridge({ redisUrl }).catch(() => null);
      if (!bridge) return null;
      const meter = createUpstashMeter({ url: bridge.url, token: bridge.token });
      return { run: meterStep(meter), close: () => bridge.close() };
    },
  },
  ...(["WebSocket pool opened per request", "HTTP query path"] as const).map(
    (path): MicroBenchmark => ({
      name: `Workers database access: one read, ${path}`,
      setup: () => workersRead(path === "HTTP query path"),
    }),
  ),
];

/**
 * One read as a Worker's request makes it: a connection made for the request, one statement (a
 * key lookup's shape), the connection closed. Over the WebSocket path that is a handshake and
 * a start-up per request; over HTTP, one request. Needs DATABASE_URL (a loopback Postgres,
 * reached through the local bridges).
 */
async function workersRead(http: boolean): Promise<{ run: () => Promise<unknown>; close: () => Promise<void> } | null> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return null;
  const wsBridge = await startNeonBridge();
  const httpBridge = await startNeonHttpBridge();
  return {
    run: async () => {
      const connection = connectNeon({
        connectionString: databaseUrl,
        wsProxy: wsBridge.wsProxy,
        webSocketConstructor: ws,
        connectTimeoutMs: 5000,
        statementTimeoutMs: 5000,
        ...(http ? { http: { endpoint: httpBridge.endpoint } } : {}),
      });
      try {
        return await sql`select id, key_hash from api_keys where key_hash = ${"bench"} limit 1`.execute(connection.db);
      } finally {
        await connection.close();
      }
    },
    close: async () => {
      await wsBridge.close();
      await httpBridge.close();
    },
  };
}

export async function runMicro(bench: MicroBenchmark, iterations: number): Promise<{ p50: number; p99: number; perSecond: number } | null> {
  const prepared = await bench.setup();
  if (!prepared) return null;
  try {
    for (let i = 0; i < Math.min(50, iterations); i += 1) await prepared.run();
    const samples: number[] = [];
    const started = performance.now();
    for (let i = 0; i < iterations; i += 1) {
      const t0 = performance.now();
      await prepared.run();
      samples.push(performance.now() - t0);
    }
    const elapsed = performance.now() - started;
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
    return { p50: at(0.5), p99: at(0.99), perSecond: (iterations / elapsed) * 1000 };
  } finally {
    await prepared.close();
  }
}

/**
 * The deferred-narrative pipeline, in-process on the embedded parts (PGlite, fauxqs, the
 * offline narrator): how fast the consumer drains jobs, and how long a consult's narrative
 * takes to be `ready` with the poller running.
 */
export async function benchNarrativePipeline(jobs: number, consults: number): Promise<{ jobsPerSecond: number; readyP50: number; readyP99: number }> {
  const env = parseEnv({ LOG_LEVEL: "silent" });
  let embedded: EmbeddedQueue | undefined;
  const runtime = createLocalRuntime({ dataDir: "memory://", queue: { send: (job) => embedded!.queue.send(job) } });
  const bindings = { LOG_LEVEL: "silent", BURST_LIMIT: "100000", [RUNTIME_BINDING]: runtime };
  try {
    const consume = createNarrativeConsumer({
      maxReceives: 5,
      open: async () => {
        const session = await runtime.open(env);
        return { store: session.narratives, sealer: session.sealer(), narrator: session.reason().narrator, release: () => session.release() };
      },
      log: () => undefined,
    });
    embedded = await startEmbeddedQueue({ consume, maxReceives: 5 });
    const { key } = await issueApiKey({
      ctx: { credentials: credentialStore(await runtime.database()), now: () => new Date() },
      input: { kind: "live", owner_id: "bench", tier: "paid", capabilities: [], daily_limit: 10_000_000 },
    });
    const consult = async () => {
      const res = await reasonFunction.fetch(
        new Request("http://bench/api/reason", {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({ input: BENCH_INPUT, response_format: "assessment_first" }),
        }),
        bindings,
      );
      if (res.status !== 200) throw new Error(`consult failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { narrative: { correlation_id: string } }).narrative.correlation_id;
    };

    for (let i = 0; i < jobs; i += 1) await consult();
    const started = performance.now();
    let drained = 0;
    while (drained < jobs) drained += await embedded.pollOnce();
    const jobsPerSecond = (jobs / (performance.now() - started)) * 1000;

    embedded.start();
    const latencies: number[] = [];
    for (let i = 0; i < consults; i += 1) {
      const t0 = performance.now();
      const correlationId = await consult();
      for (;;) {
        const res = await reasonFunction.fetch(
          new Request(`http://bench/api/reason/narratives/${correlationId}`, { headers: { authorization: `Bearer ${key}` } }),
          bindings,
        );
        if (((await res.json()) as { status: string }).status === "ready") break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      latencies.push(performance.now() - t0);
    }
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    return { jobsPerSecond, readyP50: at(0.5), readyP99: at(0.99) };
  } finally {
    await embedded?.stop();
    await runtime.close();
  }
}

/** Wall time of POST /api/assessment/full (55 responses examined in a bounded pool), in-process on the embedded parts. */
export async function benchFullAssessment(runs: number): Promise<{ p50: number; max: number }> {
  const runtime = createLocalRuntime({ dataDir: "memory://" });
  const bindings = { LOG_LEVEL: "silent", BURST_LIMIT: "100000", [RUNTIME_BINDING]: runtime };
  try {
    const { key } = await issueApiKey({
      ctx: { credentials: credentialStore(await runtime.database()), now: () => new Date() },
      input: { kind: "live", owner_id: "bench", tier: "paid", capabilities: [], daily_limit: 10_000_000 },
    });
    const body = JSON.stringify({ agent_id: "bench-agent", responses: FULL_IDS.map((id) => ({ assessment_id: id, response: `${BENCH_INPUT} (${id})` })) });
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      const res = await assessmentsFunction.fetch(
        new Request("http://bench/api/assessment/full", {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body,
        }),
        bindings,
      );
      if (res.status !== 200) throw new Error(`full assessment failed: ${res.status} ${await res.text()}`);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor((times.length - 1) / 2)]!, max: times[times.length - 1]! };
  } finally {
    await runtime.close();
  }
}

const BENCH_AGENT = "bench-agent";

/** Seeds BENCH_AGENT's accreditation over three consults, so the public reads have a record to compose. */
async function seedBenchAgent(baseUrl: string, apiKey: string): Promise<void> {
  const call = async (path: string, body: unknown, status: number) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status !== status) throw new Error(`bench seed: ${path} answered ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const elements = [];
  for (const input of [
    BENCH_INPUT,
    "I kept my promise to my colleague because I had given my word to the team.",
    "I checked who would be affected before I changed the shared schedule.",
  ]) {
    elements.push((await call("/api/reason", { input }, 200)).assessment);
  }
  const record = {
    agent_id: BENCH_AGENT,
    senecan_grade: "grade_3",
    typical_proximity: "habitual",
    authority_level: "guided",
    direction_of_travel: null,
    passions_persisting: null,
    actions_evaluated: 3,
    dimension_levels: null,
    typical_deliberation_breadth: null,
    typical_kathekon_quality: null,
  };
  await call(
    `/api/accreditation/${BENCH_AGENT}`,
    {
      kind: "seed",
      profile: { agent_id: BENCH_AGENT, accreditation_record: record, regressing_check_count: 0, total_actions_evaluated: 3 },
      provenance: { signed_assessments: elements },
    },
    201,
  );
}

/** The public reads of an accredited agent. */
export const PUBLIC_RECORD_SCENARIOS: readonly BenchScenario[] = [
  { name: "GET /api/accreditation/{agent_id}", method: "GET", path: `/api/accreditation/${BENCH_AGENT}`, expectStatus: 200 },
  { name: "GET /api/trust-record/{agent_id}", method: "GET", path: `/api/trust-record/${BENCH_AGENT}`, expectStatus: 200 },
  { name: "GET /agents/{agent_id} (HTML page)", method: "GET", path: `/agents/${BENCH_AGENT}`, expectStatus: 200 },
];

async function main(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const port = await freePort();
  const server = await startServerProcess(port);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    console.log(`bench: ${seconds} s per scenario, ${connections} connections, loopback ${baseUrl}`);
    const apiKey = await benchKey(baseUrl);
    console.log("scenario                                      req/s      p50 ms   p99 ms   non-2xx  errors");
    await seedBenchAgent(baseUrl, apiKey);
    // BENCH_ONLY=guardrail,reason: only the scenarios whose name contains one of them (and no micro-benchmarks).
    const only = process.env.BENCH_ONLY?.split(",").filter((part) => part.length > 0);
    for (const scenario of [...BENCH_SCENARIOS, ...PUBLIC_RECORD_SCENARIOS].filter((s) => !only || only.some((part) => s.name.includes(part)))) {
      const r = await runScenario(baseUrl, scenario, seconds, scenario.connections ?? connections, apiKey);
      console.log(
        `${r.scenario.padEnd(43)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(9)} ${r.p99.toFixed(2).padStart(8)} ${String(r.non2xx).padStart(9)} ${String(r.errors).padStart(7)}`,
      );
    }
  } finally {
    server.kill("SIGTERM");
    // The profile is written as the server exits.
    await new Promise((resolve) => (server.exitCode === null ? server.once("exit", resolve) : resolve(undefined)));
  }
  if (process.env.BENCH_ONLY) return;
  const iterations = Number(process.env.BENCH_ITERATIONS ?? 2000);
  console.log(`\nin-process, sequential, ${iterations} iterations`);
  console.log("benchmark                                                   ops/s     p50 ms   p99 ms");
  for (const bench of MICRO_BENCHMARKS) {
    const r = await runMicro(bench, iterations);
    if (!r) {
      console.log(`${bench.name.padEnd(58)} skipped: not reachable`);
      continue;
    }
    console.log(`${bench.name.padEnd(58)} ${r.perSecond.toFixed(0).padStart(7)} ${r.p50.toFixed(3).padStart(9)} ${r.p99.toFixed(3).padStart(8)}`);
  }
  const jobs = Number(process.env.BENCH_NARRATIVE_JOBS ?? 200);
  const consults = Number(process.env.BENCH_NARRATIVE_CONSULTS ?? 30);
  const pipeline = await benchNarrativePipeline(jobs, consults);
  console.log(`\ndeferred narratives (embedded PGlite + fauxqs + offline narrator)`);
  console.log(`consumer throughput: ${pipeline.jobsPerSecond.toFixed(0)} jobs/s over ${jobs} jobs`);
  console.log(`consult -> ready (poller running): p50 ${pipeline.readyP50.toFixed(1)} ms, p99 ${pipeline.readyP99.toFixed(1)} ms over ${consults} consults`);
  const runs = Number(process.env.BENCH_ASSESSMENT_RUNS ?? 10);
  const full = await benchFullAssessment(runs);
  console.log(
    `\nfull assessment (55 responses, offline Layer 1, pool of 5, embedded PGlite): wall time p50 ${full.p50.toFixed(1)} ms, max ${full.max.toFixed(1)} ms over ${runs} runs`,
  );
}

if (isMain(import.meta.url)) void main();
