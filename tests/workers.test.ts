import { createHash } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_startWorker } from "wrangler";
import { AgentCard, DiscoveryListing, IndifferentsResponse, StoicBrainResponse, VirtuesResponse } from "@svc/core";
import { generateDataKeyRing, generateSigningKey, serializeDataKeyRing, serializeKeyRing, verifyAssessment } from "@svc/core";
import { startNeonHttpBridge, type NeonHttpBridge } from "../packages/local/src/bridges/neon_http";
import { startNeonBridge, type NeonBridge } from "../packages/local/src/bridges/neon_ws";
import { startUpstashBridge, type UpstashBridge } from "../packages/local/src/bridges/upstash";
import { signUserJwt, TEST_JWT_SECRET } from "./support/credentials";
import { testRuntime } from "./support/database";
import { buildFunctionBundle, bundleProblems, INFRASTRUCTURE_PACKAGES } from "../packages/local/src/build";
import { loadDeployTarget } from "../packages/local/src/deploy";
import { SERVICE_FUNCTIONS } from "../packages/local/src/functions";
import { BUDGETS } from "../packages/local/src/deploy";
import { DOCS_CSP, DOCS_MANIFEST } from "@svc/fn-discovery";
import { IMMUTABLE_CACHE_CONTROL } from "@svc/http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { MCP_CATALOGUE } from "../functions/mcp/src/mcp_server";
import { serviceBindingName } from "@svc/http";
import { needs } from "./support/requirements";

// The functions run here inside workerd, built from wrangler.toml exactly as they deploy.
process.env.WRANGLER_SEND_METRICS = "false";

type Worker = Awaited<ReturnType<typeof unstable_startWorker>>;
type Binding = NonNullable<Parameters<typeof unstable_startWorker>[0]["bindings"]>[string];

async function bootInWorkerd(env: string, vars: Record<string, string> = {}, services: Record<string, Binding> = {}): Promise<Worker> {
  const bindings = {
    ...Object.fromEntries(Object.entries({ LOG_LEVEL: "silent", ...vars }).map(([name, value]) => [name, { type: "plain_text" as const, value }])),
    ...services,
  };
  // workerd can fail to come up while the other suites load both cores; one more try then.
  for (let attempt = 1; ; attempt += 1) {
    const worker = await unstable_startWorker({
      config: "wrangler.toml",
      env,
      dev: { server: { hostname: "127.0.0.1", port: 0 }, inspector: false, logLevel: "none" },
      bindings,
    });
    try {
      await worker.ready;
      return worker;
    } catch (err) {
      await worker.dispose().catch(() => undefined);
      if (attempt >= 2) throw err;
    }
  }
}

describe("overview function inside workerd", () => {
  let worker: Worker;
  beforeAll(async () => {
    worker = await bootInWorkerd("overview");
  });
  afterAll(async () => {
    await worker?.dispose();
  });

  it("serves the virtues, indifferents and stoic brain in their spec shapes", async () => {
    const virtues = await worker.fetch("http://worker.test/api/virtues");
    const vBody = await virtues.text();
    expect(virtues.status, vBody).toBe(200);
    expect(VirtuesResponse.parse(JSON.parse(vBody)).virtues).toHaveLength(4);

    const indifferents = await worker.fetch("http://worker.test/api/indifferents");
    const parsed = IndifferentsResponse.parse(await indifferents.json());
    expect(new Set(parsed.indifferents.map((i) => i.category))).toEqual(new Set(["preferred", "dispreferred"]));

    const brain = StoicBrainResponse.parse(await (await worker.fetch("http://worker.test/api/stoic-brain")).json());
    expect(brain.version).toBe("3.0.0");
  });

  it("answers 304 to a matching ETag and carries public Cache-Control", async () => {
    const first = await worker.fetch("http://worker.test/api/v1/virtues");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get("cache-control")).toContain("public");
    const again = await worker.fetch("http://worker.test/api/v1/virtues", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });

  it("keeps the envelope for 404, 405, invalid_json and 413", async () => {
    const missing = await worker.fetch("http://worker.test/api/unknown");
    expect(missing.status).toBe(404);
    const missingBody = (await missing.json()) as { error: { code: string; request_id: string } };
    expect(missingBody.error.code).toBe("not_found");
    expect(missingBody.error.request_id).toBe(missing.headers.get("x-request-id"));

    const wrongMethod = await worker.fetch("http://worker.test/api/virtues", { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toContain("GET");

    const badJson = await worker.fetch("http://worker.test/api/v1/rank-indifferents", { method: "POST", body: "{not json" });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { error: { code: string } }).error.code).toBe("invalid_json");

    const huge = await worker.fetch("http://worker.test/api/v1/rank-indifferents", { method: "POST", body: "x".repeat(40_000) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
  });
});

describe("discovery function inside workerd", () => {
  let worker: Worker;
  beforeAll(async () => {
    worker = await bootInWorkerd("discovery");
  });
  afterAll(async () => {
    await worker?.dispose();
  });

  it("serves the listing, llms.txt, the agent card and the OpenAPI document", async () => {
    const listing = DiscoveryListing.parse(await (await worker.fetch("http://worker.test/.well-known/discovery.json")).json());
    expect(listing.routes.find((r) => r.path === "/api/virtues")?.function).toBe("overview");
    const text = await worker.fetch("http://worker.test/llms.txt");
    expect(text.headers.get("content-type")).toContain("text/plain");
    expect(await text.text()).toContain("GET /api/virtues");
    const openapi = (await (await worker.fetch("http://worker.test/openapi.json")).json()) as { openapi: string };
    expect(openapi.openapi).toBe("3.1.0");
    const card = AgentCard.parse(await (await worker.fetch("http://worker.test/.well-known/agent-card.json")).json());
    // The Worker has routes (wrangler.toml, from deploy.json): workerd presents a request under its
    // route's host, as Cloudflare does, and the card's links follow the origin the Worker was reached at.
    expect(card.url).toBe(`http://${loadDeployTarget().host}/`);
    expect(card.skills.length).toBeGreaterThan(0);
  });

  it("serves the reference page, and its script from the Worker's static assets: the bytes the local server serves", async () => {
    const page = await worker.fetch("http://worker.test/docs");
    const html = await page.text();
    expect(page.status, html).toBe(200);
    expect(page.headers.get("content-security-policy")).toBe(DOCS_CSP);
    const [, src, integrity] = /<script src="([^"]+)" integrity="([^"]+)">/.exec(html) ?? [];
    expect(src).toBe(`/docs/assets/${DOCS_MANIFEST.script.name}`);
    const script = await worker.fetch(`http://worker.test${src}`);
    const bytes = new Uint8Array(await script.arrayBuffer());
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(`sha384-${createHash("sha384").update(bytes).digest("base64")}`).toBe(integrity);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(DOCS_MANIFEST.script.sha256);
    const other = await worker.fetch("http://worker.test/docs/assets/redoc.standalone.js");
    expect(other.status).toBe(404);
  });
});

// The production path end to end: a Worker reaching the machine's PostgreSQL through the Neon
// driver as deployed, its one-shot statements over the loopback SQL-over-HTTP bridge and its
// transactions over a WebSocket pool opened for the request (the loopback WebSocket bridge).
// Account's routes meter their callers, so it needs the meter's secrets as deployed.
describe("admin and account functions inside workerd on the real PostgreSQL", needs("postgres_and_redis"), () => {
  const operatorKey = `op-${crypto.randomUUID()}`;
  let bridge: NeonBridge;
  let neonHttp: NeonHttpBridge;
  let upstash: UpstashBridge;
  let admin: Worker;
  let account: Worker;
  beforeAll(async () => {
    // The Workers open the database as deployed, already migrated: migrate it first (a fresh
    // database otherwise races the suites that do).
    await testRuntime("postgres");
    bridge = await startNeonBridge();
    neonHttp = await startNeonHttpBridge();
    upstash = await startUpstashBridge({ redisUrl: process.env.REDIS_URL! });
    const vars = {
      DATABASE_URL: process.env.DATABASE_URL!,
      NEON_WS_PROXY: bridge.wsProxy,
      NEON_HTTP_PROXY: neonHttp.httpProxy,
      OPERATOR_API_KEY: operatorKey,
      UPSTASH_REDIS_REST_URL: upstash.url,
      UPSTASH_REDIS_REST_TOKEN: upstash.token,
    };
    admin = await bootInWorkerd("admin", vars);
    account = await bootInWorkerd("account", vars);
  });
  afterAll(async () => {
    await Promise.all([admin?.dispose(), account?.dispose()]);
    await bridge?.close();
    await neonHttp?.close();
    await upstash?.close();
  });

  it("creates a key through one Worker and authenticates it in another, then refuses it once revoked", async () => {
    const owner = `workerd-${crypto.randomUUID()}`;
    const created = await admin.fetch("http://worker.test/api/admin/keys", {
      method: "POST",
      headers: { authorization: `Bearer ${operatorKey}` },
      body: JSON.stringify({ kind: "prac", owner_id: owner, capabilities: ["accreditation_write"], agent_id: "agent-w" }),
    });
    const createdText = await created.text();
    expect(created.status, createdText).toBe(201);
    const { key, id } = JSON.parse(createdText) as { key: string; id: string };

    const overHttp = neonHttp.requests();
    const me = await account.fetch("http://worker.test/api/me", { headers: { authorization: `Bearer ${key}` } });
    expect(neonHttp.requests(), "the key's lookup went over HTTP").toBeGreaterThan(overHttp);
    const meText = await me.text();
    expect(me.status, meText).toBe(200);
    expect(JSON.parse(meText)).toMatchObject({ owner_id: `key:${owner}`, kind: "prac", agent_id: "agent-w" });

    const revoked = await admin.fetch(`http://worker.test/api/admin/keys/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${operatorKey}` } });
    expect(revoked.status, await revoked.text()).toBe(200);
    const listed = await admin.fetch(`http://worker.test/api/admin/keys?owner_id=${owner}&include_revoked=true`, {
      headers: { authorization: `Bearer ${operatorKey}` },
    });
    const keys = ((await listed.json()) as { keys: Array<{ id: string; revoked_at: string | null }> }).keys;
    expect(keys.map((k) => k.id)).toEqual([id]);
    expect(keys[0]!.revoked_at).not.toBeNull();
  });
});

// A consult exactly as deployed: Neon per request, Upstash metering, signing keys from a secret.
describe("reason function inside workerd on the real PostgreSQL and Redis", needs("postgres_and_redis"), () => {
  const operatorKey = `op-${crypto.randomUUID()}`;
  let neon: NeonBridge;
  let neonHttp: NeonHttpBridge;
  let upstash: UpstashBridge;
  let admin: Worker;
  let reason: Worker;
  beforeAll(async () => {
    await testRuntime("postgres");
    neon = await startNeonBridge();
    neonHttp = await startNeonHttpBridge();
    upstash = await startUpstashBridge({ redisUrl: process.env.REDIS_URL! });
    const ring = serializeKeyRing({ records: [await generateSigningKey(new Date())] });
    const vars = {
      DATABASE_URL: process.env.DATABASE_URL!,
      NEON_WS_PROXY: neon.wsProxy,
      NEON_HTTP_PROXY: neonHttp.httpProxy,
      OPERATOR_API_KEY: operatorKey,
      UPSTASH_REDIS_REST_URL: upstash.url,
      UPSTASH_REDIS_REST_TOKEN: upstash.token,
      SIGNING_KEYS: ring,
      CONTINUATION_SECRET: `continuation-${crypto.randomUUID()}`,
      DATA_KEYS: serializeDataKeyRing(generateDataKeyRing(new Date())),
    };
    admin = await bootInWorkerd("admin", vars);
    reason = await bootInWorkerd("reason", vars);
  });
  afterAll(async () => {
    await Promise.all([admin?.dispose(), reason?.dispose()]);
    await neon?.close();
    await neonHttp?.close();
    await upstash?.close();
  });

  it("is ready on /healthz with its secrets set", async () => {
    const res = await reason.fetch("http://worker.test/healthz");
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text)).toEqual({ status: "ok", function: "reason" });
  });

  it("answers a metered consult with an assessment that verifies against its public key", async () => {
    const created = await admin.fetch("http://worker.test/api/admin/keys", {
      method: "POST",
      headers: { authorization: `Bearer ${operatorKey}` },
      body: JSON.stringify({ kind: "live", owner_id: `workerd-${crypto.randomUUID()}` }),
    });
    const { key } = (await created.json()) as { key: string };
    const consult = await reason.fetch("http://worker.test/api/reason", {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: JSON.stringify({ input: "I kept my promise to my team and told them the truth about the delay." }),
    });
    const text = await consult.text();
    expect(consult.status, text).toBe(200);
    expect(consult.headers.get("ratelimit-policy")).toContain("svc-reason-monthly");
    const body = JSON.parse(text) as { assessment: { assessment: { examination: { ref: string } } } };
    expect(consult.headers.get("x-loop-id")).toBe(body.assessment.assessment.examination.ref);
    const jwks = await (await reason.fetch("http://worker.test/api/public-key")).json();
    expect(await verifyAssessment(body.assessment, jwks)).toMatchObject({ valid: true });
  });
});

// On Workers there is no embedded meter: a missing or malformed meter secret is a
// configuration error (500 bad_environment naming it, /healthz not ready), never an outage
// that would let the guardrail (which fails open) run unmetered for ever. A JWT user needs no
// database read, and the Neon pool connects only on a query, so no database is needed here.
describe("the guardrail inside workerd without its meter secrets", () => {
  const base = { DATABASE_URL: "postgres://svc@127.0.0.1:1/unused", JWT_SECRET: TEST_JWT_SECRET };
  const configurations: ReadonlyArray<[string, Record<string, string>, string[]]> = [
    ["neither secret", {}, ["UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN"]],
    ["the URL without the token", { UPSTASH_REDIS_REST_URL: "https://eu1-meter.upstash.io" }, ["UPSTASH_REDIS_REST_TOKEN"]],
    ["a malformed URL", { UPSTASH_REDIS_REST_URL: "eu1-meter.upstash.io", UPSTASH_REDIS_REST_TOKEN: "token" }, ["UPSTASH_REDIS_REST_URL"]],
  ];

  describe.each(configurations)("with %s", (_label, vars, variables) => {
    let guardrail: Worker;
    beforeAll(async () => {
      guardrail = await bootInWorkerd("guardrail", { ...base, ...vars });
    });
    afterAll(async () => {
      await guardrail?.dispose();
    });

    it("is not ready on /healthz, naming the variables", async () => {
      const res = await guardrail.fetch("http://worker.test/healthz");
      const text = await res.text();
      expect(res.status, text).toBe(503);
      const body = JSON.parse(text) as { status: string; function: string; problems: Array<{ variable: string; message: string }> };
      expect(body.status).toBe("not_ready");
      expect(body.function).toBe("guardrail");
      expect(
        body.problems.map((p) => p.variable),
        text,
      ).toEqual(variables);
    });

    it("answers a metered call 500 bad_environment naming the variable, not an unmetered verdict", async () => {
      const res = await guardrail.fetch("http://worker.test/api/guardrail", {
        method: "POST",
        headers: { authorization: `Bearer ${await signUserJwt(`workerd-${crypto.randomUUID()}`)}` },
        body: JSON.stringify({ action: "Send the quarterly report to the client." }),
      });
      const text = await res.text();
      expect(res.status, text).toBe(500);
      const error = (JSON.parse(text) as { error: { code: string; field?: string; message: string } }).error;
      expect(error.code).toBe("bad_environment");
      expect(error.field).toBe(variables[0]);
      expect(error.message).toContain(variables[0]);
    });
  });
});

// The MCP Worker as deployed: an operator credential needs neither the database nor the meter, so
// it boots alone. Its service bindings are served here by the functions in-process (workerd
// refuses a binding to a Worker it does not run), so a tool call goes through the binding as in
// production.
describe("mcp function inside workerd", () => {
  const operatorKey = `op-${crypto.randomUUID()}`;
  let worker: Worker;
  let client: Client;
  const routed: string[] = [];
  beforeAll(async () => {
    const functionEnv = { LOG_LEVEL: "silent", OPERATOR_API_KEY: operatorKey };
    const bound = [...new Set(MCP_CATALOGUE.tools.map((t) => t.route.function))].map((name) => SERVICE_FUNCTIONS.find((fn) => fn.name === name)!);
    const services = Object.fromEntries(
      bound.map((fn): [string, Binding] => [
        serviceBindingName(fn.name),
        {
          type: "fetcher",
          fetcher: async (request: Request) => {
            routed.push(`${fn.name}: ${request.method} ${new URL(request.url).pathname} ${request.headers.get("authorization") === `Bearer ${operatorKey}`}`);
            const local = new Request(request.url, {
              method: request.method,
              headers: request.headers,
              ...(request.method === "GET" ? {} : { body: await request.text() }),
            });
            return fn.fetch(local, functionEnv);
          },
        },
      ]),
    );
    worker = await bootInWorkerd("mcp", { OPERATOR_API_KEY: operatorKey }, services);
    client = new Client({ name: "workerd-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/mcp", await worker.url), { requestInit: { headers: { authorization: `Bearer ${operatorKey}` } } }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await worker?.dispose();
  });

  it("lists the tools and reads a framework resource", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["guardrail", "score-action", "advise-action", "reason", "reason-narrative", "score-decision", "usage"]);
    const read = await client.readResource({ uri: "stoic://virtues" });
    expect(read.contents).toHaveLength(1);
    expect(VirtuesResponse.parse(JSON.parse((read.contents[0] as { text: string }).text)).virtues).toHaveLength(4);
  });

  it("calls the guardrail through its service binding with the caller's credential", async () => {
    const result = (await client.callTool({ name: "guardrail", arguments: { action: "Archive old log files." } })) as CallToolResult;
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ advisory: true, verdict: expect.any(String) });
    expect(routed).toEqual(["guardrail: POST /api/guardrail true"]);
  });

  it("refuses a caller without a credential with 401 before any MCP message is read", async () => {
    const res = await worker.fetch("http://worker.test/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
  });
});

describe("per-function bundles", () => {
  const outRoot = mkdtempSync(join(tmpdir(), "svc-bundles-"));

  it.each(SERVICE_FUNCTIONS.map((fn) => fn.name))("%s bundles within its budget and carries only what it needs", async (name) => {
    const report = await buildFunctionBundle(name, outRoot);
    expect(report.gzipBytes).toBeGreaterThan(0);
    expect(bundleProblems(report), JSON.stringify(report)).toEqual([]);
  });

  it("discovery carries the reference page's renderer as a static asset, never in its script", async () => {
    const report = await buildFunctionBundle("discovery", outRoot);
    expect(report.packages).not.toContain("redoc");
    expect(report.gzipBytes).toBeLessThan(BUDGETS.records);
  });

  it("overview stays under 90 KiB gzip and has no database, queue or language-model SDK", async () => {
    const report = await buildFunctionBundle("overview", outRoot);
    expect(report.gzipBytes).toBeLessThan(90 * 1024);
    expect(report.packages).toContain("hono");
    for (const pkg of INFRASTRUCTURE_PACKAGES) expect(report.packages).not.toContain(pkg);
  });
});
