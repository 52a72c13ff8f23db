import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ClarificationResponse, DomainFileId, NarrativeResponse, ReasonResponse, UsageResponse } from "@svc/core";
import { ErrorEnvelope } from "@svc/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { HTTP_META_KEY, MCP_CATALOGUE } from "../functions/mcp/src/mcp_server";
import { serviceBindingName } from "@svc/http";
import { standaloneSchema } from "../functions/mcp/src/catalogue";
import { REPO_ROOT } from "../packages/local/src/main";
import { GENERATED_DIR } from "../packages/local/src/generate";
import { startLocalServer, type LocalServer } from "../packages/local/src/server";
import { guardrailRequestAtCaps } from "./support/guardrail_caps";

// The MCP server as an agent meets it: the SDK's own Client, over Streamable HTTP against the
// real local server (`npm start`) on an ephemeral port, and over stdio (`npm run mcp`) in front of
// the same server. Keys are minted through the admin API, as an operator would.
const OPERATOR_KEY = "mcp-operator-key-0123456789";
/** Small, so a paid key reaches its daily limit in a few calls. */
const PAID_DAILY_LIMIT = 2;

let server: LocalServer;
let baseDir: string;
const clients: Client[] = [];

beforeAll(async () => {
  baseDir = mkdtempSync(join(tmpdir(), "svc-mcp-"));
  server = await startLocalServer({
    PORT: "0",
    LOG_LEVEL: "silent",
    DATA_DIR: join(baseDir, "data"),
    OPERATOR_API_KEY: OPERATOR_KEY,
    PAID_DAILY_LIMIT: String(PAID_DAILY_LIMIT),
  });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await server?.close();
  if (baseDir) rmSync(baseDir, { recursive: true, force: true });
});

async function mintKey(body: Record<string, unknown> = {}): Promise<string> {
  const res = await fetch(`${server.url}/api/admin/keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${OPERATOR_KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ kind: "live", owner_id: `mcp-${crypto.randomUUID()}`, ...body }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return (JSON.parse(text) as { key: string }).key;
}

async function connect(authorization?: string): Promise<Client> {
  const client = new Client({ name: "svc-mcp-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: authorization === undefined ? {} : { authorization } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const show = (value: unknown) => JSON.stringify(value, null, 1).slice(0, 3000);
const textOf = (result: CallToolResult) => result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");

async function httpUsage(key: string, skill: string): Promise<number> {
  const res = await fetch(`${server.url}/api/usage`, { headers: { authorization: `Bearer ${key}` } });
  const usage = UsageResponse.parse(await res.json());
  return usage.skills.find((s) => s.skill === skill)!.used;
}

describe("MCP over Streamable HTTP (POST /mcp on the local server)", () => {
  it("initializes with the service's name and instructions, and lists the seven tools with their routes' input schemas", async () => {
    const client = await connect(`Bearer ${await mintKey()}`);
    expect(client.getServerVersion()).toMatchObject({ name: "stoic-reasoning-service", version: expect.any(String) });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    expect(client.getInstructions()).toContain("advisory");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["guardrail", "score-action", "advise-action", "reason", "reason-narrative", "score-decision", "usage"]);
    const guardrail = tools.find((t) => t.name === "guardrail")!;
    expect(guardrail.title).toBe("Gate an action before executing it");
    expect(Object.keys(guardrail.inputSchema.properties ?? {}).sort()).toEqual(["action", "context", "messages", "tool_call"]);
    expect(tools.find((t) => t.name === "reason")!.description).toContain("continuation_token");
    expect(tools.find((t) => t.name === "usage")!.annotations).toMatchObject({ readOnlyHint: true });
  });

  it("takes each tool's input schema from the OpenAPI document the discovery function serves: one source", async () => {
    const document = JSON.parse(readFileSync(join(GENERATED_DIR, "openapi.json"), "utf8"));
    const client = await connect(`Bearer ${await mintKey()}`);
    const { tools } = await client.listTools();
    for (const tool of MCP_CATALOGUE.tools) {
      const operation = document.paths[tool.route.path][tool.route.method.toLowerCase()];
      const listed = tools.find((t) => t.name === tool.name)!;
      expect(listed.title, tool.name).toBe(operation.summary);
      if (tool.route.arguments === "body") {
        expect(listed.inputSchema, tool.name).toEqual(standaloneSchema(operation.requestBody.content["application/json"].schema, document.components.schemas));
      } else {
        const names = (operation.parameters as { name: string }[]).map((p) => p.name);
        expect(Object.keys(listed.inputSchema.properties ?? {}), tool.name).toEqual(names);
      }
    }
  });

  it("refuses a connection without a credential, or with an unknown one, with the HTTP API's 401", async () => {
    // The SDK's client reports the HTTP status as the error's code, and the route's envelope as its message.
    await expect(connect()).rejects.toMatchObject({ code: 401, message: expect.stringContaining("missing_credential") });
    await expect(connect("Bearer svc_live_not-a-real-key-000000000000000000")).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining("invalid_credential"),
    });
    const res = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
    expect(ErrorEnvelope.parse(await res.json()).error.code).toBe("missing_credential");
  });

  it("calls the guardrail with a real key: the route's verdict, metered once as svc-guard, which the usage tool shows", async () => {
    const key = await mintKey();
    const client = await connect(`Bearer ${key}`);
    const result = (await client.callTool({
      name: "guardrail",
      arguments: { action: "Delete the production database of our customers to free up space." },
    })) as CallToolResult;
    expect(result.isError, show(result)).toBeFalsy();
    const verdict = result.structuredContent as { verdict: string; advisory: boolean; reasons: { code: string }[] };
    expect(["pause_for_review", "do_not_proceed"], show(verdict)).toContain(verdict.verdict);
    expect(verdict.advisory).toBe(true);
    expect(JSON.parse(textOf(result))).toEqual(verdict);
    expect(result._meta?.[HTTP_META_KEY]).toMatchObject({
      status: 200,
      request_id: expect.stringMatching(/^req_/),
      ratelimit: expect.stringContaining("svc-guard-monthly"),
    });

    expect(await httpUsage(key, "svc-guard")).toBe(1);
    const usage = (await client.callTool({ name: "usage", arguments: {} })) as CallToolResult;
    expect(usage.isError, show(usage)).toBeFalsy();
    expect(UsageResponse.parse(usage.structuredContent).skills.find((s) => s.skill === "svc-guard")!.used).toBe(1);
  });

  it("gives a bad argument back as a tool error naming the field, from the route's own validation, and charges nothing", async () => {
    const key = await mintKey();
    const client = await connect(`Bearer ${key}`);
    const empty = (await client.callTool({ name: "guardrail", arguments: { action: "" } })) as CallToolResult;
    expect(empty.isError, show(empty)).toBe(true);
    expect(textOf(empty)).toBe("400 invalid_field (action): action: action must not be empty");
    expect(ErrorEnvelope.parse(empty.structuredContent).error).toMatchObject({ code: "invalid_field", field: "action" });

    const unknown = (await client.callTool({ name: "score-action", arguments: { action: "I kept my word.", urgency: "high" } })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^400 unknown_field \(urgency\): /);

    const wrongType = (await client.callTool({ name: "score-decision", arguments: { decision: "Which job?", options: "two" } })) as CallToolResult;
    expect(wrongType.isError).toBe(true);
    expect(ErrorEnvelope.parse(wrongType.structuredContent).error.field).toBe("options");

    const missingParam = (await client.callTool({ name: "reason-narrative", arguments: {} })) as CallToolResult;
    expect(missingParam.isError).toBe(true);
    expect(textOf(missingParam)).toBe("400 missing_field (correlation_id): correlation_id: required");

    expect(await httpUsage(key, "svc-guard")).toBe(0);
    expect(await httpUsage(key, "svc-score")).toBe(0);
    expect(await httpUsage(key, "svc-decide")).toBe(0);
  });

  it("answers an unknown tool with a JSON-RPC error naming the tools", async () => {
    const client = await connect(`Bearer ${await mintKey()}`);
    await expect(client.callTool({ name: "delete-everything", arguments: {} })).rejects.toThrow(/No tool named delete-everything; the tools are guardrail, /);
  });

  it("passes a route's limit refusal through: a paid key past its daily limit gets the route's 429 as a tool error", async () => {
    const key = await mintKey({ tier: "paid" });
    const client = await connect(`Bearer ${key}`);
    for (let call = 1; call <= PAID_DAILY_LIMIT; call++) {
      const ok = (await client.callTool({ name: "guardrail", arguments: { action: "Archive old log files." } })) as CallToolResult;
      expect(ok.isError, show(ok)).toBeFalsy();
    }
    const refused = (await client.callTool({ name: "guardrail", arguments: { action: "Archive old log files." } })) as CallToolResult;
    expect(refused.isError, show(refused)).toBe(true);
    expect(textOf(refused)).toMatch(/^429 allowance_exhausted: /);
    expect(refused._meta?.[HTTP_META_KEY]).toMatchObject({ status: 429 });
  });

  it("scores and advises through the tools, each one call of svc-score", async () => {
    const key = await mintKey();
    const client = await connect(`Bearer ${key}`);
    const scored = (await client.callTool({
      name: "score-action",
      arguments: { action: "I told my manager the truth about the missed deadline." },
    })) as CallToolResult;
    expect(scored.isError, show(scored)).toBeFalsy();
    const advised = (await client.callTool({
      name: "advise-action",
      arguments: { proposed_action: "Tell the client the launch will slip by a week." },
    })) as CallToolResult;
    expect(advised.isError, show(advised)).toBeFalsy();
    const decided = (await client.callTool({
      name: "score-decision",
      arguments: {
        decision: "Which offer?",
        options: [
          { label: "a", description: "Stay and finish the project I promised." },
          { label: "b", description: "Leave now for more pay." },
        ],
      },
    })) as CallToolResult;
    expect(decided.isError, show(decided)).toBeFalsy();
    expect(await httpUsage(key, "svc-score")).toBe(2);
    expect(await httpUsage(key, "svc-decide")).toBe(1);
  });

  it("carries the reason route's clarification turn: the question and token, then the signed assessment, one loop in all", async () => {
    const key = await mintKey();
    const client = await connect(`Bearer ${key}`);
    const input = "Should I tell her? Should I quit?";
    const first = (await client.callTool({ name: "reason", arguments: { input } })) as CallToolResult;
    expect(first.isError, show(first)).toBeFalsy();
    const question = ClarificationResponse.parse(first.structuredContent);
    expect(textOf(first)).toMatch(/^Clarification needed \(question 1 of at most 3\): .+\? Answer by calling reason again/);
    const second = (await client.callTool({
      name: "reason",
      arguments: { input, continuation_token: question.continuation_token, clarification_response: "The resignation: I am deciding whether to leave my job." },
    })) as CallToolResult;
    expect(second.isError, show(second)).toBeFalsy();
    expect(ReasonResponse.parse(second.structuredContent).assessment.assessment.examination.ref).toMatch(/^loop_/);
    expect(await httpUsage(key, "svc-reason")).toBe(1);
    // The token was spent by the second turn: a replay is the route's 400.
    const replay = (await client.callTool({
      name: "reason",
      arguments: { input, continuation_token: question.continuation_token, clarification_response: "Again." },
    })) as CallToolResult;
    expect(replay.isError).toBe(true);
    expect(textOf(replay)).toMatch(/^400 continuation_token_used/);
  });

  it("defers the narrative with assessment_first and reads it back with reason-narrative once the queue consumer wrote it", async () => {
    const key = await mintKey();
    const client = await connect(`Bearer ${key}`);
    const consult = (await client.callTool({
      name: "reason",
      arguments: { input: "I kept my promise to my colleague because I had given my word to the team.", response_format: "assessment_first" },
    })) as CallToolResult;
    expect(consult.isError, show(consult)).toBeFalsy();
    const body = ReasonResponse.parse(consult.structuredContent);
    expect(body.narrative.status).toBe("deferred");
    const correlationId = body.narrative.correlation_id!;
    expect(textOf(consult)).toContain(`reason-narrative {"correlation_id":"${correlationId}"}`);
    let narrative: Pick<NarrativeResponse, "status" | "narrative"> = { status: "deferred" };
    for (let attempt = 0; attempt < 100 && narrative.status === "deferred"; attempt++) {
      const read = (await client.callTool({ name: "reason-narrative", arguments: { correlation_id: correlationId } })) as CallToolResult;
      expect(read.isError, show(read)).toBeFalsy();
      narrative = NarrativeResponse.parse(read.structuredContent);
      if (narrative.status === "deferred") await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(narrative.status).toBe("ready");
    expect(narrative.narrative!.length).toBeGreaterThan(20);
    // Another credential does not see it: the route's 404.
    const other = await connect(`Bearer ${await mintKey()}`);
    const foreign = (await other.callTool({ name: "reason-narrative", arguments: { correlation_id: correlationId } })) as CallToolResult;
    expect(foreign.isError).toBe(true);
    expect(textOf(foreign)).toMatch(/^404 /);
  });

  it("lists the framework resources and reads each, byte for byte the body of its public route", async () => {
    const client = await connect(`Bearer ${await mintKey()}`);
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toEqual([
      "stoic://virtues",
      "stoic://indifferents",
      "stoic://stoic-brain",
      "stoic://stoic-brain/hub",
      ...DomainFileId.options.map((d) => `stoic://stoic-brain/${d}`),
    ]);
    for (const resource of resources) {
      expect(resource.mimeType).toBe("application/json");
      const read = await client.readResource({ uri: resource.uri });
      const route = await fetch(`${server.url}/api/${resource.uri.slice("stoic://".length)}`);
      expect(route.status).toBe(200);
      expect(read.contents).toEqual([{ uri: resource.uri, mimeType: "application/json", text: await route.text() }]);
    }
    await expect(client.readResource({ uri: "stoic://nothing" })).rejects.toThrow(/No resource stoic:\/\/nothing/);
  });

  it("keeps the HTTP API's framing: GET is 405, a body that is not one JSON-RPC message is 400 naming the field", async () => {
    const key = await mintKey();
    const get = await fetch(`${server.url}/mcp`, { headers: { authorization: `Bearer ${key}`, accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream" };
    const wrong = await fetch(`${server.url}/mcp`, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "1.0", id: 1, method: "tools/list" }) });
    expect(wrong.status).toBe(400);
    expect(ErrorEnvelope.parse(await wrong.json()).error).toMatchObject({ code: "invalid_field", field: "jsonrpc" });
    const traced = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { ...headers, "x-request-id": "mcp-trace-7" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "guardrail", arguments: { action: "Archive old log files." } } }),
    });
    expect(traced.status).toBe(200);
    expect(traced.headers.get("cache-control")).toBe("no-store");
    expect(traced.headers.get("x-content-type-options")).toBe("nosniff");
    // The route the tool called answered under the same request id, so one id traces both logs.
    expect(traced.headers.get("x-request-id")).toBe("mcp-trace-7");
    const answer = (await traced.json()) as { result: CallToolResult };
    expect(answer.result._meta?.[HTTP_META_KEY]).toMatchObject({ status: 200, request_id: "mcp-trace-7" });
    const notAcceptable = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { ...headers, accept: "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(notAcceptable.status).toBe(406);
  });
});

describe("POST /mcp takes whatever a tool's route takes", () => {
  it("passes a guardrail call with every field at its cap, each character JSON-escaped, and charges one call", async () => {
    const key = await mintKey();
    const args = guardrailRequestAtCaps();
    // As Python's json.dumps writes it by default: every non-ASCII character as \uXXXX.
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "guardrail", arguments: args } }).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    expect(body.length).toBeGreaterThan(200_000);
    const res = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body,
    });
    const text = await res.text();
    expect(res.status, text.slice(0, 500)).toBe(200);
    const answer = JSON.parse(text) as { result: CallToolResult };
    expect(answer.result.isError, text.slice(0, 500)).toBeFalsy();
    expect(await httpUsage(key, "svc-guard")).toBe(1);
  });
});

describe("MCP over stdio (npm run mcp) in front of the local server", () => {
  it("lists the tools, calls the guardrail with the key from SVC_API_KEY (metered on it) and reads a resource", async () => {
    const key = await mintKey();
    const transport = new StdioClientTransport({
      command: join(REPO_ROOT, "node_modules/.bin/tsx"),
      args: [join(REPO_ROOT, "packages/local/src/mcp_stdio.ts")],
      env: { PATH: process.env.PATH ?? "", SVC_URL: server.url, SVC_API_KEY: key },
      stderr: "pipe",
    });
    const client = new Client({ name: "svc-mcp-stdio-test", version: "1.0.0" });
    await client.connect(transport);
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("guardrail");
    const result = (await client.callTool({ name: "guardrail", arguments: { action: "Archive old log files." } })) as CallToolResult;
    expect(result.isError, show(result)).toBeFalsy();
    expect((result.structuredContent as { verdict: string }).verdict).toBeDefined();
    expect(await httpUsage(key, "svc-guard")).toBe(1);
    const read = await client.readResource({ uri: "stoic://virtues" });
    expect(read.contents).toEqual([{ uri: "stoic://virtues", mimeType: "application/json", text: await (await fetch(`${server.url}/api/virtues`)).text() }]);
  });
});

describe("the mcp Worker's service bindings in wrangler.toml", () => {
  it("bind every function a tool's route belongs to, each to that function's Worker", () => {
    const config = unstable_readConfig({ config: join(REPO_ROOT, "wrangler.toml"), env: "mcp" });
    const bound = Object.fromEntries((config.services ?? []).map((s: { binding: string; service: string }) => [s.binding, s.service]));
    const needed = [...new Set(MCP_CATALOGUE.tools.map((t) => t.route.function))];
    expect(Object.keys(bound).sort()).toEqual(needed.map(serviceBindingName).sort());
    for (const fn of needed) expect(bound[serviceBindingName(fn)]).toBe(unstable_readConfig({ config: join(REPO_ROOT, "wrangler.toml"), env: fn }).name);
  });
});
