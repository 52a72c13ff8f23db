import { createServer } from "node:net";
import { BASELINE_SCENARIOS, FOUNDATIONAL_IDS, FULL_IDS, generateApiKey, readOrUnavailable, UnavailableError } from "@svc/core";
import { ErrorEnvelope } from "@svc/http";
import { RUNTIME_BINDING } from "@svc/runtime";
import { DOCS_ASSETS_BINDING, DOCS_MANIFEST } from "@svc/fn-discovery";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDispatcher, type Dispatch } from "../packages/local/src/dispatcher";
import { localDocsAssets } from "../packages/local/src/docs_assets";
import { SERVICE_FUNCTIONS } from "../packages/local/src/functions";
import { createLocalRuntime, type LocalRuntime } from "../packages/local/src/local_runtime";
import { seedBody } from "./support/accreditation";
import { mintApiKey, TEST_OPERATOR_KEY } from "./support/credentials";
import { testRuntime } from "./support/database";
import { readJson } from "./support/reason";
import { watchingCycle } from "./support/watching";

// Every route of the service with its store unreachable: Postgres through the production Neon
// driver and the loopback bridge, at a port where nothing listens. A route that touches the
// store answers 503 store_unavailable with Retry-After, never a 500; an API key that is not
// cached cannot be checked, so every protected route answers the same; a route that never
// touches the store answers as usual. The table fails when a route is added that it does not list.

type Body = Record<string, unknown>;
type Caller = "operator" | "agent key";
interface StoreRoute {
  /** Path with its parameters filled in, and query if any. */
  readonly path: string;
  readonly body?: Body | (() => Promise<Body>);
  /** Who calls: the operator (never read from the store), or an API key checked (and cached) while the store was up. */
  readonly as?: Caller;
  /** A route with its own documented code or shape for the outage. */
  readonly expect?: { code: string } | "html page";
}

const AGENT = "store-down-agent";
const ID = "00000000-0000-4000-8000-000000000000";
const KEPT = "I kept my promise to my colleague and finished the report.";
const SITUATION = "My team wants to ship the release on Friday, but two tests still fail and the client expects it.";
const MARKETPLACE = ["premortem", "negotiate", "invest", "pivot", "retro", "align", "resolve", "coach", "govern", "compliance", "educate", "identity"];
const responses = (ids: readonly string[]) => ids.map((id) => ({ assessment_id: id, response: `For ${id}: ${KEPT} I did it because I had given my word.` }));

/** Every route that reads or writes the store, keyed `METHOD path` as its contract declares it. */
const STORE_ROUTES: Readonly<Record<string, StoreRoute>> = {
  "POST /api/admin/keys": { path: "/api/admin/keys", body: { kind: "live", owner_id: "store-down-owner" } },
  "GET /api/admin/keys": { path: "/api/admin/keys" },
  "DELETE /api/admin/keys/{id}": { path: `/api/admin/keys/${ID}` },
  "POST /api/reason": { path: "/api/reason", body: { input: KEPT } },
  "GET /api/reason/narratives/{correlation_id}": { path: `/api/reason/narratives/nar_${ID}` },
  "POST /api/score-action": { path: "/api/score-action", body: { action: KEPT } },
  "POST /api/score": { path: "/api/score", body: { action: KEPT } },
  "POST /api/v1/score-action": { path: "/api/v1/score-action", body: { action: KEPT } },
  "GET /api/user/scores": { path: "/api/user/scores" },
  "GET /api/user/profile": { path: "/api/user/profile" },
  "GET /api/v1/score-history/{user_id}": { path: "/api/v1/score-history/key:store-down-owner" },
  "POST /api/score-document": { path: "/api/score-document", body: { text: KEPT } },
  "GET /api/badge/{id}": { path: `/api/badge/${ID}` },
  "POST /api/reflect": { path: "/api/reflect", body: { entry: KEPT } },
  "POST /api/skill/svc-iterate": { path: "/api/skill/svc-iterate", body: { proposal: KEPT } },
  "POST /api/skill/svc-profile": { path: "/api/skill/svc-profile", body: {} },
  "POST /api/assessment/foundational": { path: "/api/assessment/foundational", body: { agent_id: AGENT, responses: responses(FOUNDATIONAL_IDS) } },
  "POST /api/assessment/full": { path: "/api/assessment/full", body: { agent_id: AGENT, responses: responses(FULL_IDS) } },
  "POST /api/baseline/agent": {
    path: "/api/baseline/agent",
    body: { agent_id: AGENT, responses: BASELINE_SCENARIOS.map((s) => ({ scenario_id: s.id, response: `${KEPT} I did it because I had given my word.` })) },
  },
  "POST /api/accreditation/{agent_id}": { path: `/api/accreditation/${AGENT}`, body: seedBody(AGENT, []), as: "agent key" },
  "GET /api/accreditation/{agent_id}": { path: `/api/accreditation/${AGENT}` },
  "GET /api/trust-record/{agent_id}": { path: `/api/trust-record/${AGENT}`, expect: { code: "trust_store_unavailable" } },
  "POST /api/admin/curator-flags": { path: "/api/admin/curator-flags", body: { agent_id: AGENT, basis: "dikaiosyne", level: "habitual", note: "n" } },
  "DELETE /api/admin/curator-flags/{id}": { path: `/api/admin/curator-flags/${ID}` },
  "GET /agents/{agent_id}": { path: `/agents/${AGENT}`, expect: "html page" },
  "POST /api/practice/reflect": {
    path: "/api/practice/reflect",
    body: {
      session_id: "s",
      agent_id: AGENT,
      session_summary: {
        purpose_at_open: "fix the export",
        circle_at_open: "community",
        role_at_open: "a coding assistant",
        capacity_at_open: ["write access"],
        sage_reasoning_passes: 1,
      },
    },
  },
  "POST /api/calling": { path: "/api/calling", body: { session_id: "s", agent_id: AGENT } },
  "POST /api/calling/approve": { path: "/api/calling/approve", body: { session_id: "s", owner_id: "key:store-down-owner", agent_id: AGENT } },
  "GET /api/calling/pending": { path: "/api/calling/pending" },
  "POST /api/practice/watching": { path: "/api/practice/watching", body: () => watchingCycle(AGENT) },
  "GET /api/stoa/entries": { path: "/api/stoa/entries" },
  "POST /api/stoa/declare": {
    path: "/api/stoa/declare",
    body: {
      agent_id: AGENT,
      display_name: "Careful Agent",
      statement: "I examine each consequential action.",
      commitments: [{ domain: "phronesis", claimed_level: "sage_like", text: "I deliberate first." }],
    },
  },
  "GET /api/stoa/declare": { path: `/api/stoa/declare?agent_id=${AGENT}` },
  "PATCH /api/stoa/declare": { path: "/api/stoa/declare", body: { agent_id: AGENT, statement: "Amended." } },
  "DELETE /api/stoa/declare": { path: `/api/stoa/declare?agent_id=${AGENT}` },
  "POST /api/admin/stoa-contradictions": {
    path: "/api/admin/stoa-contradictions",
    body: { agent_id: AGENT, commitment_index: 0, observed_level: "reflexive", note: "n" },
  },
};

/** Routes that never touch the store (beyond authenticating an API key): each answers as usual with it down. */
const STORELESS: Readonly<Record<string, { path: string; body?: Body; headers?: Record<string, string> }>> = {
  "GET /healthz": { path: "/healthz" },
  "GET /.well-known/discovery.json": { path: "/.well-known/discovery.json" },
  "GET /llms.txt": { path: "/llms.txt" },
  "GET /.well-known/agent-card.json": { path: "/.well-known/agent-card.json" },
  "GET /openapi.json": { path: "/openapi.json" },
  "GET /docs": { path: "/docs" },
  "GET /docs/assets/{name}": { path: `/docs/assets/${DOCS_MANIFEST.script.name}` },
  "GET /api/virtues": { path: "/api/virtues" },
  "GET /api/v1/virtues": { path: "/api/v1/virtues" },
  "GET /api/indifferents": { path: "/api/indifferents" },
  "GET /api/v1/indifferents": { path: "/api/v1/indifferents" },
  "GET /api/stoic-brain": { path: "/api/stoic-brain" },
  "GET /api/stoic-brain/hub": { path: "/api/stoic-brain/hub" },
  "GET /api/stoic-brain/{domain}": { path: "/api/stoic-brain/virtue" },
  "POST /api/v1/rank-indifferents": { path: "/api/v1/rank-indifferents", body: { indifferents: ["health", "wealth"] } },
  "GET /api/me": { path: "/api/me" },
  "GET /api/usage": { path: "/api/usage" },
  "GET /api/reason/schema": { path: "/api/reason/schema" },
  "GET /api/public-key": { path: "/api/public-key" },
  "GET /api/guardrail": { path: "/api/guardrail" },
  "GET /api/skills": { path: "/api/skills" },
  "GET /api/assessment/framework": { path: "/api/assessment/framework" },
  "GET /api/assessment/foundational": { path: "/api/assessment/foundational" },
  "GET /api/assessment/full": { path: "/api/assessment/full" },
  "GET /api/baseline/agent": { path: "/api/baseline/agent" },
  // Readings that are metered but never stored.
  "POST /api/advise-action": { path: "/api/advise-action", body: { proposed_action: KEPT } },
  "POST /api/score-decision": {
    path: "/api/score-decision",
    body: {
      decision: "Which?",
      options: [
        { label: "tell", description: KEPT },
        { label: "hide", description: "I hid it." },
      ],
    },
  },
  "POST /api/score-conversation": { path: "/api/score-conversation", body: { turns: [{ speaker: "Ann", text: KEPT }] } },
  "POST /api/guardrail": { path: "/api/guardrail", body: { action: "Archive old log files." } },
  "POST /api/skill/svc-guard": { path: "/api/skill/svc-guard", body: { action: "Archive old log files." } },
  "POST /api/skill/svc-reason": { path: "/api/skill/svc-reason", body: { input: KEPT } },
  "POST /api/skill/svc-score": { path: "/api/skill/svc-score", body: { action: KEPT } },
  "POST /api/skill/svc-decide": {
    path: "/api/skill/svc-decide",
    body: {
      decision: "Which?",
      options: [
        { label: "tell", description: KEPT },
        { label: "hide", description: "I hid it." },
      ],
    },
  },
  "POST /api/skill/svc-audit": { path: "/api/skill/svc-audit", body: { text: KEPT } },
  "POST /api/skill/svc-converse": { path: "/api/skill/svc-converse", body: { turns: [{ speaker: "Ann", text: KEPT }] } },
  "POST /api/skill/svc-scenario": { path: "/api/skill/svc-scenario", body: { situation: SITUATION } },
  "POST /api/skill/svc-reflect": { path: "/api/skill/svc-reflect", body: { entry: KEPT } },
  "POST /api/skill/svc-classify": { path: "/api/skill/svc-classify", body: { text: KEPT } },
  "POST /api/skill/svc-prioritise": {
    path: "/api/skill/svc-prioritise",
    body: {
      items: [
        { label: "report", description: KEPT },
        { label: "reply", description: "I yelled." },
      ],
    },
  },
  "POST /api/skill/svc-moderate": { path: "/api/skill/svc-moderate", body: { content: "Archive old log files." } },
  "POST /api/skill/svc-diagnose": { path: "/api/skill/svc-diagnose", body: { reaction: "I was furious and yelled at my partner." } },
  "POST /api/v1/diagnose-passion": { path: "/api/v1/diagnose-passion", body: { reaction: "I was furious and yelled at my partner." } },
  "POST /api/skill/svc-context": { path: "/api/skill/svc-context", body: { text: KEPT } },
  ...Object.fromEntries(MARKETPLACE.map((name) => [`POST /api/skill/svc-${name}`, { path: `/api/skill/svc-${name}`, body: { situation: SITUATION } }])),
  // A tool call reaches the guardrail's route through the MCP function's binding to it.
  "POST /mcp": {
    path: "/mcp",
    body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "guardrail", arguments: { action: "Archive old log files." } } },
    headers: { accept: "application/json, text/event-stream" },
  },
};

const ROUTES = SERVICE_FUNCTIONS.flatMap((fn) => fn.routes.map((route) => ({ key: `${route.method.toUpperCase()} ${route.path}`, auth: route.auth })));

/** A loopback port nobody listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once("error", reject);
  });
}

const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, KEY_CACHE_TTL_SECONDS: "300", BURST_LIMIT: "100000" };
let down: LocalRuntime;
let dispatch: Dispatch;
let agentKey: string;

beforeAll(async () => {
  down = createLocalRuntime({
    databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/svc`,
    dataDir: "memory://",
    databaseTimeouts: { connectMs: 2000, statementMs: 2000 },
  });
  // As the local server binds them: the runtime, and the reference page's script as ASSETS.
  dispatch = createDispatcher(SERVICE_FUNCTIONS, { ...ENV, [RUNTIME_BINDING]: down, [DOCS_ASSETS_BINDING]: localDocsAssets() });
  // A key checked while its store was up stays cached (KEY_CACHE_TTL_SECONDS): its calls reach the route's own store use.
  const up = await testRuntime();
  ({ key: agentKey } = await mintApiKey(up, { kind: "prac", agent: AGENT, capabilities: ["accreditation_write", "reflect", "calling", "watching_write"] }));
  const upDispatch = createDispatcher(SERVICE_FUNCTIONS, { ...ENV, [RUNTIME_BINDING]: up });
  await readJson(await upDispatch(request("GET", "/api/me", agentKey)), 200);
});

afterAll(async () => {
  await down?.close();
});

function request(method: string, path: string, credential: string | undefined, body?: Body, extraHeaders: Record<string, string> = {}): Request {
  const headers: Record<string, string> = { ...extraHeaders };
  if (credential) headers.authorization = `Bearer ${credential}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  return new Request(`http://t${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

async function expectStoreUnavailable(res: Response, code = "store_unavailable"): Promise<void> {
  const text = await res.text();
  expect(res.status, text).toBe(503);
  expect(res.headers.get("retry-after"), text).toMatch(/^[1-9][0-9]*$/);
  const parsed = ErrorEnvelope.safeParse(JSON.parse(text));
  expect(parsed.success, text).toBe(true);
  expect(parsed.data!.error.code, text).toBe(code);
  // Never the driver's words.
  expect(text).not.toMatch(/terminated|ECONNREFUSED|timeout exceeded|Connection/);
}

describe("the table", () => {
  it("lists every route of the service, each once: in STORE_ROUTES or in STORELESS", () => {
    const keys = [...new Set(ROUTES.map((r) => r.key))];
    const unlisted = keys.filter((key) => !(key in STORE_ROUTES) && !(key in STORELESS));
    expect(unlisted, "routes the store-down table does not list").toEqual([]);
    const stale = [...Object.keys(STORE_ROUTES), ...Object.keys(STORELESS)].filter((key) => !keys.includes(key));
    expect(stale, "listed routes the service does not serve").toEqual([]);
    expect(Object.keys(STORE_ROUTES).filter((key) => key in STORELESS)).toEqual([]);
  });
});

describe("with the store unreachable", () => {
  it.each(Object.entries(STORE_ROUTES))("%s answers 503 with Retry-After", async (key, route) => {
    const method = key.split(" ")[0]!;
    const body = typeof route.body === "function" ? await route.body() : route.body;
    const res = await dispatch(request(method, route.path, route.as === "agent key" ? agentKey : TEST_OPERATOR_KEY, body));
    if (route.expect === "html page") {
      const text = await res.text();
      expect(res.status, text).toBe(503);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("retry-after"), text).toMatch(/^[1-9][0-9]*$/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      return;
    }
    await expectStoreUnavailable(res, route.expect?.code);
  });

  it.each(
    ROUTES.filter((r) => r.auth !== "none")
      .map((r) => r.key)
      .filter((key, i, all) => all.indexOf(key) === i),
  )("%s: an API key not in the cache cannot be checked: 503 with Retry-After", async (key) => {
    const [method, contractPath] = key.split(" ") as [string, string];
    const path = (STORE_ROUTES[key] ?? STORELESS[key])!.path ?? contractPath;
    await expectStoreUnavailable(await dispatch(request(method, path, generateApiKey("live"))));
  });

  it.each(Object.entries(STORELESS))("%s answers as usual, to the operator and to a cached key", async (key, route) => {
    const method = key.split(" ")[0]!;
    const res = await dispatch(request(method, route.path, TEST_OPERATOR_KEY, route.body, route.headers));
    expect(res.status, await res.text()).toBeLessThan(300);
    // The key may be refused (its kind, its allowance) but never for the store.
    const keyed = await dispatch(request(method, route.path, agentKey, route.body, route.headers));
    expect(keyed.status, await keyed.text()).toBeLessThan(500);
  });
});

describe("what the guard counts as an outage", () => {
  it("a store it cannot reach: 503 store_unavailable, the driver's error kept only as the cause", async () => {
    const err = (await readOrUnavailable("test", async () => sql`select 1`.execute(await down.database())).catch((e: unknown) => e)) as UnavailableError;
    expect(err).toBeInstanceOf(UnavailableError);
    expect(err.code).toBe("store_unavailable");
    expect(err.cause).toBeInstanceOf(Error);
  });

  it("a statement the server refuses is no outage: its own error stays (a logged 500, not a retry hint)", async () => {
    const db = await (await testRuntime()).database();
    const err = (await readOrUnavailable("test", () => sql`select * from no_such_table_at_all`.execute(db)).catch((e: unknown) => e)) as { code?: string };
    expect(err).not.toBeInstanceOf(UnavailableError);
    expect(err.code).toBe("42P01");
  });
});
