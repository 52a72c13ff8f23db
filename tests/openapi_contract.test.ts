import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { BASELINE_SCENARIOS, FOUNDATIONAL_IDS, FULL_IDS } from "@svc/core";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startLocalServer, type LocalServer } from "../packages/local/src/server";
import { GENERATED_DIR } from "../packages/local/src/generate";
import { seedBody, type SignedElement } from "./support/accreditation";
import { REAL_DATABASE_URL, testRuntime } from "./support/database";
import { PURPOSEFUL_ANSWERS, REFLECT_ANSWERS } from "./support/practice";
import { bareCycle } from "./support/watching";

/**
 * The published OpenAPI document as a contract: it validates as OpenAPI 3.1, and real
 * responses of every operation, from the real local server over HTTP, match it (status,
 * headers, body) under a standard JSON Schema 2020-12 validator. An operation of the document
 * without a success case here fails the suite, so no route can be left out.
 */

// Every operation, each against the real server: generous bounds for a loaded machine, not timings.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

type Json = Record<string, any>;
const document = JSON.parse(readFileSync(join(GENERATED_DIR, "openapi.json"), "utf8")) as Json;
const HTTP_METHODS = ["get", "put", "post", "patch", "delete"] as const;
const OPERATOR_KEY = "contract-operator-key-0123456789";

const operations = Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
  HTTP_METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] as Json })),
);

// ajv-formats is CommonJS: its default export is the function under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
// The whole document under one id: response schemas are reached by JSON pointer, and their
// `#/components/...` references resolve against the document, as a client's generator does.
ajv.addSchema(document, "openapi.json");
const validators = new Map<string, ValidateFunction>();

function pointer(...parts: string[]): string {
  return parts.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");
}

function validatorFor(path: string, method: string, status: string, mediaType: string): ValidateFunction {
  const ref = `openapi.json#/${pointer("paths", path, method, "responses", status, "content", mediaType, "schema")}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

function resolve(value: Json): Json {
  if (typeof value.$ref !== "string") return value;
  return (value.$ref as string)
    .slice(2)
    .split("/")
    .reduce<Json>((node, key) => node[key.replace(/~1/g, "/").replace(/~0/g, "~")], document);
}

/** Operations with a real success response seen, and every status seen per operation. */
const covered = new Map<string, Set<number>>();

/**
 * Checks a response against the document: the status is declared for the operation, every
 * required header is present and every declared header present matches its schema, the media
 * type is the declared one and a JSON body validates against the declared schema.
 */
async function expectConforms(res: Response, method: string, path: string, status: number): Promise<any> {
  const text = await res.text();
  expect(res.status, `${method.toUpperCase()} ${path}: ${text.slice(0, 2000)}`).toBe(status);
  const operation = document.paths[path]?.[method] as Json | undefined;
  expect(operation, `${method} ${path} is not in the document`).toBeDefined();
  const declared = operation!.responses[String(status)] as Json | undefined;
  expect(declared, `${method.toUpperCase()} ${path} does not declare ${status}`).toBeDefined();
  const key = `${method} ${path}`;
  if (!covered.has(key)) covered.set(key, new Set());
  covered.get(key)!.add(status);

  for (const [name, headerRef] of Object.entries((declared!.headers ?? {}) as Json)) {
    const header = resolve(headerRef as Json);
    const value = res.headers.get(name);
    if (header.required) expect(value, `${key} ${status}: header ${name} is required`).not.toBeNull();
    if (value === null) continue;
    const schema = header.schema as Json;
    const typed = schema.type === "integer" ? Number(value) : value;
    const validate = ajv.compile(schema);
    expect(validate(typed), `${key} ${status}: header ${name}: ${value} ${ajv.errorsText(validate.errors)}`).toBe(true);
  }

  const content = declared!.content as Json | undefined;
  if (!content) {
    expect(text, `${key} ${status} declares no body`).toBe("");
    return undefined;
  }
  const [mediaType] = Object.keys(content);
  expect(res.headers.get("content-type") ?? "", `${key} ${status}`).toContain(mediaType!);
  if (mediaType !== "application/json") return text;
  const body = JSON.parse(text);
  const validate = validatorFor(path, method, String(status), mediaType);
  expect(validate(body), `${key} ${status}: ${ajv.errorsText(validate.errors, { separator: "\n" })}\n${text.slice(0, 3000)}`).toBe(true);
  return body;
}

let server: LocalServer;
let baseDir: string;

async function call(method: string, path: string, options: { key?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${server.url}${path}`, {
    method: method.toUpperCase(),
    headers,
    ...(options.body === undefined ? {} : { body: typeof options.body === "string" ? options.body : JSON.stringify(options.body) }),
  });
}

/** Calls one operation and checks the response against the document; returns the body. */
async function expectCall(
  method: string,
  template: string,
  status: number,
  options: { params?: Record<string, string>; query?: string; key?: string; body?: unknown } = {},
): Promise<any> {
  const path = template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(options.params?.[name] ?? "missing"));
  return expectConforms(await call(method, `${path}${options.query ? `?${options.query}` : ""}`, options), method, template, status);
}

interface Key {
  readonly key: string;
  readonly id: string;
  readonly owner: string;
  readonly agent: string | null;
}

async function newKey(options: Json = {}): Promise<Key> {
  const owner = (options.owner_id as string | undefined) ?? `contract-${crypto.randomUUID()}`;
  const created = await expectCall("post", "/api/admin/keys", 201, { key: OPERATOR_KEY, body: { kind: "live", owner_id: owner, ...options } });
  // The key's records belong to its qualified owner id (key:<name>), which routes naming an owner take.
  return { key: created.key, id: created.id, owner: created.owner_id, agent: created.agent_id };
}

const ACTION = "I kept my promise to my colleague and finished the report on time, because I had given my word to the team.";
const SITUATION = "My team asked me to ship a feature by Friday without tests; I must decide whether to push back.";
const OPTIONS = [
  { label: "Ship", description: "Ship it on Friday as asked, without tests." },
  { label: "Push back", description: "Explain the risk and ask for two more days to test." },
];
const TURNS = [
  { speaker: "manager", text: "We need this shipped by Friday." },
  { speaker: "engineer", text: "I will ship it, but I owe you the truth: it is not tested yet." },
];
const REFLECT_SUMMARY = {
  purpose_at_open: "fix the failing invoice export for the finance team",
  circle_at_open: "community",
  role_at_open: "a coding assistant",
  capacity_at_open: ["repository write access"],
  sage_reasoning_passes: 1,
};
const response = (id: string) => `${ACTION} (Answering ${id}: I weighed who would be affected before I acted.)`;

/** The body each text-taking skill accepts, by its required field. */
const SKILL_BODIES: Record<string, unknown> = {
  situation: { situation: SITUATION },
  text: { text: ACTION },
  action: { action: ACTION },
  input: { input: ACTION },
  entry: { entry: "I was patient today with my brother, though I was tired." },
  reaction: { reaction: "I was furious when the build broke again and snapped at my colleague." },
  content: { content: "A forum post calling a colleague lazy for missing a deadline." },
  proposal: { proposal: "Ship the feature on Friday without tests, then add them next week." },
  turns: { turns: TURNS },
  decision: { decision: "Whether to ship on Friday", options: OPTIONS },
  items: { items: OPTIONS },
};

function skillBody(path: string): unknown {
  const schema = resolve(document.paths[path].post.requestBody.content["application/json"].schema as Json);
  // A body that needs one of several fields (the guardrail: action, tool_call or messages) says so with anyOf.
  const required = (schema.required ?? (schema.anyOf as Json[] | undefined)?.[0]?.required ?? []) as string[];
  if (required.length === 0) return {};
  const body = SKILL_BODIES[required[0]!];
  if (!body) throw new Error(`no body for ${path} (requires ${required.join(", ")})`);
  return body;
}

beforeAll(async () => {
  // With DATABASE_URL the server runs on the real PostgreSQL (the production driver), migrated
  // here as every suite's does; without it, on its embedded PGlite.
  if (REAL_DATABASE_URL) await testRuntime("postgres");
  baseDir = mkdtempSync(join(tmpdir(), "svc-contract-"));
  server = await startLocalServer({
    PORT: "0",
    LOG_LEVEL: "silent",
    DATA_DIR: join(baseDir, "data"),
    OPERATOR_API_KEY: OPERATOR_KEY,
    BURST_LIMIT: "100000",
    ...(REAL_DATABASE_URL ? { DATABASE_URL: REAL_DATABASE_URL } : {}),
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (baseDir) rmSync(baseDir, { recursive: true, force: true });
});

describe("the published document", () => {
  it("validates as OpenAPI 3.1 with a standard validator", async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.valid, JSON.stringify(result.errors, null, 1)).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it("names its shared schemas once and refers to them: the error envelope, the signed assessment, the extraction", () => {
    for (const name of ["ErrorEnvelope", "SignedAssessment", "Assessment", "Extraction", "PaidTierRequired"]) {
      expect(document.components.schemas[name], name).toBeDefined();
    }
    const reason = document.paths["/api/reason"].post.responses["200"].content["application/json"].schema;
    expect(reason.anyOf).toContainEqual({ $ref: "#/components/schemas/ReasonResponse" });
    expect(document.components.schemas.ReasonResponse.properties.extraction).toEqual({ $ref: "#/components/schemas/Extraction" });
    expect(document.components.schemas.SignedAssessment.properties.assessment).toMatchObject({ $ref: "#/components/schemas/Assessment" });
    // The extraction is one closed object, not allOf of two closed objects no instance can satisfy.
    expect(document.components.schemas.Extraction.allOf).toBeUndefined();
    expect(document.components.schemas.Extraction.properties.orientation_observations).toBeDefined();
  });

  it("describes every tag it uses", () => {
    const used = new Set(operations.flatMap(({ operation }) => operation.tags as string[]));
    const described = new Map((document.tags as Json[]).map((tag) => [tag.name, tag.description]));
    for (const tag of used) expect(described.get(tag), tag).toBeTypeOf("string");
  });

  it("declares X-Request-Id on every response, RateLimit on metered successes and 429s, Retry-After on 429s", () => {
    for (const { method, path, operation } of operations) {
      for (const [status, declared] of Object.entries(operation.responses as Record<string, Json>)) {
        expect(declared.headers?.["X-Request-Id"], `${method} ${path} ${status}`).toBeDefined();
        if (status === "429") {
          expect(declared.headers?.["Retry-After"], `${method} ${path} ${status}`).toBeDefined();
          expect(declared.headers?.RateLimit, `${method} ${path} ${status}`).toBeDefined();
        }
      }
    }
    expect(document.paths["/api/reason"].post.responses["200"].headers["X-Loop-Id"]).toBeDefined();
    expect(document.paths["/api/score-action"].post.responses["200"].headers.RateLimit).toBeDefined();
  });
});

describe("real responses of every operation match the document", () => {
  let free: Key;
  let paid: Key;
  let agentKey: Key;
  let practitioner: Key;
  const signed: SignedElement[] = [];

  beforeAll(async () => {
    free = await newKey();
    paid = await newKey({ tier: "paid" });
    agentKey = await newKey({
      agent_id: `contract-agent-${crypto.randomUUID()}`,
      capabilities: ["reflect", "calling", "watching_write"],
    });
    // Accreditation records are written with a practitioner key bound to the agent.
    practitioner = await newKey({ kind: "prac", owner_id: agentKey.owner, agent_id: agentKey.agent, capabilities: ["accreditation_write"] });
  }, 60_000);

  describe("public reads", () => {
    it.each([
      ["/healthz"],
      ["/.well-known/discovery.json"],
      ["/llms.txt"],
      ["/.well-known/agent-card.json"],
      ["/openapi.json"],
      ["/docs"],
      ["/api/virtues"],
      ["/api/v1/virtues"],
      ["/api/indifferents"],
      ["/api/v1/indifferents"],
      ["/api/stoic-brain"],
      ["/api/stoic-brain/hub"],
      ["/api/skills"],
      ["/api/guardrail"],
      ["/api/assessment/framework"],
      ["/api/reason/schema"],
      ["/api/public-key"],
      ["/api/stoa/entries"],
    ])("GET %s is 200", async (path) => {
      await expectCall("get", path, 200);
    });

    it("GET /docs/assets/{name} is 200 for the script /docs links, and 404 for another name", async () => {
      const page = await expectCall("get", "/docs", 200);
      const name = /src="\/docs\/assets\/([^"]+)"/.exec(page)?.[1];
      expect(name, page).toBeDefined();
      await expectCall("get", "/docs/assets/{name}", 200, { params: { name: name! } });
      await expectCall("get", "/docs/assets/{name}", 404, { params: { name: "redoc.standalone.js" } });
    });

    it("GET /api/stoic-brain/{domain} is 200, and 404 for an unknown domain", async () => {
      await expectCall("get", "/api/stoic-brain/{domain}", 200, { params: { domain: "psychology" } });
      await expectCall("get", "/api/stoic-brain/{domain}", 404, { params: { domain: "alchemy" } });
    });

    it("POST /api/v1/rank-indifferents is 200, 400 for a bad body", async () => {
      await expectCall("post", "/api/v1/rank-indifferents", 200, { body: { indifferents: ["health", "wealth"] } });
      await expectCall("post", "/api/v1/rank-indifferents", 400, { body: { indifferents: [] } });
    });

    it("GET /api/stoa/entries is 400 for a bad limit", async () => {
      await expectCall("get", "/api/stoa/entries", 400, { query: "limit=0" });
    });
  });

  describe("account and admin", () => {
    it("GET /api/me and /api/usage are 200 with a key, 401 without", async () => {
      await expectCall("get", "/api/me", 200, { key: free.key });
      await expectCall("get", "/api/usage", 200, { key: free.key });
      await expectCall("get", "/api/me", 401);
      await expectCall("get", "/api/usage", 401, { key: "svc_live_not-a-real-key" });
    });

    it("no shared cache may keep an authenticated answer: a new API key, /api/me, /api/usage", async () => {
      const created = await call("post", "/api/admin/keys", { key: OPERATOR_KEY, body: { kind: "live", owner_id: `contract-${crypto.randomUUID()}` } });
      const me = await call("get", "/api/me", { key: free.key });
      const usage = await call("get", "/api/usage", { key: free.key });
      for (const [res, name] of [
        [created, "POST /api/admin/keys"],
        [me, "GET /api/me"],
        [usage, "GET /api/usage"],
      ] as const) {
        await res.arrayBuffer();
        expect(res.status, name).toBeLessThan(300);
        expect(res.headers.get("cache-control"), name).toBe("no-store");
        expect(res.headers.get("x-content-type-options"), name).toBe("nosniff");
      }
    });

    it("the key routes: list 200, create 400 and 403, revoke 200 and 404", async () => {
      await expectCall("get", "/api/admin/keys", 200, { key: OPERATOR_KEY, query: `owner_id=${free.owner}` });
      await expectCall("get", "/api/admin/keys", 403, { key: free.key });
      await expectCall("post", "/api/admin/keys", 400, { key: OPERATOR_KEY, body: { kind: "nope", owner_id: "x" } });
      await expectCall("post", "/api/admin/keys", 403, { key: free.key, body: { kind: "live", owner_id: "x" } });
      const doomed = await newKey();
      await expectCall("delete", "/api/admin/keys/{id}", 200, { key: OPERATOR_KEY, params: { id: doomed.id } });
      await expectCall("delete", "/api/admin/keys/{id}", 404, { key: OPERATOR_KEY, params: { id: crypto.randomUUID() } });
    });
  });

  describe("scoring, guardrail and skills", () => {
    it.each([
      ["/api/score", { action: ACTION }],
      ["/api/score-action", { action: ACTION }],
      ["/api/v1/score-action", { action: ACTION }],
      ["/api/v1/diagnose-passion", SKILL_BODIES.reaction],
      ["/api/score-decision", { decision: "Whether to ship on Friday", options: OPTIONS }],
      ["/api/score-conversation", { turns: TURNS }],
      ["/api/score-document", { text: `${ACTION} ${SITUATION}` }],
      ["/api/advise-action", { proposed_action: "Ship the feature on Friday without tests." }],
      ["/api/reflect", { entry: "I was patient today with my brother, though I was tired." }],
      ["/api/guardrail", { action: "Delete the production database backups to save space." }],
    ])("POST %s is 200, 400 for a bad body, 401 without a key", async (path, body) => {
      await expectCall("post", path, 200, { key: free.key, body });
      await expectCall("post", path, 400, { key: free.key, body: { unexpected: true } });
      await expectCall("post", path, 401, { body });
    });

    it("POST /api/guardrail answers messages-only and tool_call-only requests as the document says, and 400 for a turn without content", async () => {
      const messages = [
        { role: "user", content: "Free some disk space." },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "c1", type: "function", function: { name: "run_shell", arguments: '{"cmd": "rm -rf /var/backups"}' } }],
        },
      ];
      await expectCall("post", "/api/guardrail", 200, { key: free.key, body: { messages } });
      await expectCall("post", "/api/guardrail", 200, { key: free.key, body: { tool_call: { name: "run_shell", arguments: { cmd: "rm -rf /var/backups" } } } });
      await expectCall("post", "/api/guardrail", 400, { key: free.key, body: { messages: [{ role: "user" }, messages[1]] } });
    });

    it("every skill answers 200, and 400 for a bad body", async () => {
      const skills = operations.filter(({ path }) => path.startsWith("/api/skill/"));
      expect(skills.length).toBeGreaterThan(20);
      for (const { path } of skills) {
        if (path === "/api/skill/svc-iterate") continue;
        await expectCall("post", path, 200, { key: paid.key, body: skillBody(path) });
        await expectCall("post", path, 400, { key: paid.key, body: { unexpected: true } });
      }
      await expectCall("post", "/api/skill/svc-iterate", 200, { key: paid.key, body: skillBody("/api/skill/svc-iterate") });
    });

    it("a free key past its monthly allowance gets 429 with Retry-After and RateLimit", async () => {
      const spent = await newKey();
      let status = 200;
      for (let i = 0; i < 200 && status === 200; i += 1) {
        const res = await call("post", "/api/score-document", { key: spent.key, body: { text: ACTION } });
        status = res.status;
        if (status === 200) await expectConforms(res, "post", "/api/score-document", 200);
        else await expectConforms(res, "post", "/api/score-document", 429);
      }
      expect(status).toBe(429);
    });

    it("the user routes: profile, scores and score history", async () => {
      await expectCall("get", "/api/user/profile", 200, { key: free.key });
      await expectCall("get", "/api/user/scores", 200, { key: free.key });
      await expectCall("get", "/api/v1/score-history/{user_id}", 200, { key: free.key, params: { user_id: free.owner } });
      await expectCall("get", "/api/v1/score-history/{user_id}", 403, { key: free.key, params: { user_id: "key:someone-else" } });
    });

    it("GET /api/badge/{id} is 200 (SVG) for a scored document, 404 for another id", async () => {
      const scored = await expectCall("post", "/api/score-document", 200, { key: paid.key, body: { text: ACTION } });
      await expectCall("get", "/api/badge/{id}", 200, { params: { id: scored.id } });
      await expectCall("get", "/api/badge/{id}", 404, { params: { id: crypto.randomUUID() } });
      await expectCall("get", "/api/badge/{id}", 404, { params: { id: "not-a-uuid" } });
    });
  });

  describe("reason", () => {
    it("POST /api/reason: the signed assessment (200 with X-Loop-Id), 400, 401, 403", async () => {
      for (const input of [ACTION, "I told my colleague the truth about the missed deadline, because honesty was owed to everyone affected."]) {
        const res = await call("post", "/api/reason", { key: practitioner.key, body: { input } });
        const loopId = res.headers.get("x-loop-id");
        const body = await expectConforms(res, "post", "/api/reason", 200);
        expect(body.assessment, JSON.stringify(body)).toBeDefined();
        expect(loopId).toBe(body.assessment.assessment.examination.ref);
        signed.push(body.assessment);
      }
      await expectCall("post", "/api/reason", 400, { key: free.key, body: { input: "" } });
      await expectCall("post", "/api/reason", 401, { body: { input: ACTION } });
      await expectCall("post", "/api/reason", 403, { key: free.key, body: { input: ACTION, layer1_schema: {} } });
    });

    it("GET /api/reason/narratives/{correlation_id}: 200 for the caller's own, 404 for an unknown one", async () => {
      const consult = await expectCall("post", "/api/reason", 200, { key: free.key, body: { input: ACTION, response_format: "assessment_first" } });
      await expectCall("get", "/api/reason/narratives/{correlation_id}", 200, { key: free.key, params: { correlation_id: consult.narrative.correlation_id } });
      await expectCall("get", "/api/reason/narratives/{correlation_id}", 404, { key: free.key, params: { correlation_id: crypto.randomUUID() } });
    });
  });

  describe("assessments", () => {
    it("the indexes are 200 with a key", async () => {
      await expectCall("get", "/api/assessment/foundational", 200, { key: free.key });
      await expectCall("get", "/api/assessment/full", 200, { key: free.key });
      await expectCall("get", "/api/baseline/agent", 200, { key: free.key });
    });

    it("POST /api/assessment/foundational is 200, 400 for a wrong count", async () => {
      const responses = FOUNDATIONAL_IDS.map((id) => ({ assessment_id: id, response: response(id) }));
      await expectCall("post", "/api/assessment/foundational", 200, { key: free.key, body: { agent_id: "contract-agent", responses } });
      await expectCall("post", "/api/assessment/foundational", 400, { key: free.key, body: { agent_id: "contract-agent", responses: responses.slice(1) } });
    });

    it("POST /api/assessment/full is 200 for a paid key, 403 paid_tier_required (message, upgrade_url) for a free one", async () => {
      const responses = FULL_IDS.map((id) => ({ assessment_id: id, response: response(id) }));
      await expectCall("post", "/api/assessment/full", 200, { key: paid.key, body: { agent_id: "contract-agent", responses } });
      const refused = await expectCall("post", "/api/assessment/full", 403, { key: free.key, body: { agent_id: "contract-agent", responses } });
      expect(refused.error.code).toBe("paid_tier_required");
      expect(refused.upgrade_url).toBeTypeOf("string");
    });

    it("POST /api/baseline/agent is 200, then 429 for the same agent this month", async () => {
      const agent = `contract-baseline-${crypto.randomUUID()}`;
      const responses = BASELINE_SCENARIOS.map((s) => ({ scenario_id: s.id, response: response(s.id) }));
      await expectCall("post", "/api/baseline/agent", 200, { key: free.key, body: { agent_id: agent, responses } });
      await expectCall("post", "/api/baseline/agent", 429, { key: free.key, body: { agent_id: agent, responses } });
    });
  });

  describe("accreditation", () => {
    it("seeds a record (201), reads it back and its trust record (200), its page; 404 for an unknown agent", async () => {
      const agent = agentKey.agent!;
      await expectCall("post", "/api/accreditation/{agent_id}", 201, { key: practitioner.key, params: { agent_id: agent }, body: seedBody(agent, signed) });
      await expectCall("post", "/api/accreditation/{agent_id}", 409, { key: practitioner.key, params: { agent_id: agent }, body: seedBody(agent, signed) });
      await expectCall("post", "/api/accreditation/{agent_id}", 403, { key: free.key, params: { agent_id: agent }, body: seedBody(agent, signed) });
      await expectCall("post", "/api/accreditation/{agent_id}", 400, { key: practitioner.key, params: { agent_id: agent }, body: { kind: "seed" } });
      await expectCall("get", "/api/accreditation/{agent_id}", 200, { params: { agent_id: agent } });
      await expectCall("get", "/api/trust-record/{agent_id}", 200, { params: { agent_id: agent } });
      // Both public reads are open to every origin, like every public GET.
      for (const path of [`/api/accreditation/${agent}`, `/api/trust-record/${agent}`]) {
        const res = await call("get", path, { headers: { Origin: "https://anywhere.example" } });
        await res.arrayBuffer();
        expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
      }
      await expectCall("get", "/agents/{agent_id}", 200, { params: { agent_id: agent } });
      const unknown = `contract-unknown-${crypto.randomUUID()}`;
      await expectCall("get", "/api/accreditation/{agent_id}", 404, { params: { agent_id: unknown } });
      await expectCall("get", "/api/trust-record/{agent_id}", 404, { params: { agent_id: unknown } });
      await expectCall("get", "/agents/{agent_id}", 404, { params: { agent_id: unknown } });
    });

    it("curator flags: created (201), withdrawn (200), 403 for a non-operator, 404 for an unknown flag", async () => {
      const body = { agent_id: agentKey.agent!, basis: "oversight", domain: "andreia", level: "habitual", note: "A curator's correction." };
      const flag = await expectCall("post", "/api/admin/curator-flags", 201, { key: OPERATOR_KEY, body });
      await expectCall("post", "/api/admin/curator-flags", 403, { key: free.key, body });
      await expectCall("delete", "/api/admin/curator-flags/{id}", 200, { key: OPERATOR_KEY, params: { id: flag.id } });
      await expectCall("delete", "/api/admin/curator-flags/{id}", 404, { key: OPERATOR_KEY, params: { id: crypto.randomUUID() } });
    });
  });

  describe("practice", () => {
    it("POST /api/practice/reflect opens (200) and answers; 403 without the capability", async () => {
      const base = { session_id: `reflect-${crypto.randomUUID()}`, agent_id: agentKey.agent! };
      await expectCall("post", "/api/practice/reflect", 200, { key: agentKey.key, body: { ...base, session_summary: REFLECT_SUMMARY } });
      await expectCall("post", "/api/practice/reflect", 200, { key: agentKey.key, body: { ...base, response: REFLECT_ANSWERS[0] } });
      await expectCall("post", "/api/practice/reflect", 403, { key: free.key, body: { ...base, session_summary: REFLECT_SUMMARY } });
      await expectCall("post", "/api/practice/reflect", 400, { key: agentKey.key, body: { session_id: "s", agent_id: agentKey.agent! } });
    });

    it("POST /api/calling through to approval; GET /api/calling/pending; POST /api/calling/approve", async () => {
      const base = { session_id: `calling-${crypto.randomUUID()}`, agent_id: agentKey.agent! };
      let last = await expectCall("post", "/api/calling", 200, { key: agentKey.key, body: base });
      for (const answer of PURPOSEFUL_ANSWERS) {
        if (last.status !== "in_progress") break;
        last = await expectCall("post", "/api/calling", 200, { key: agentKey.key, body: { ...base, response: answer } });
      }
      expect(last.status, JSON.stringify(last)).toBe("awaiting_approval");
      await expectCall("get", "/api/calling/pending", 200, { key: OPERATOR_KEY, query: `owner_id=${agentKey.owner}` });
      await expectCall("get", "/api/calling/pending", 403, { key: free.key });
      await expectCall("post", "/api/calling/approve", 200, { key: OPERATOR_KEY, body: { ...base, owner_id: agentKey.owner } });
      await expectCall("post", "/api/calling/approve", 409, { key: OPERATOR_KEY, body: { ...base, owner_id: agentKey.owner } });
      await expectCall("post", "/api/calling/approve", 404, { key: OPERATOR_KEY, body: { ...base, session_id: "no-such-session", owner_id: agentKey.owner } });
      await expectCall("post", "/api/calling", 403, { key: free.key, body: base });
    });

    it("POST /api/practice/watching records a cycle (201); 403 without the capability", async () => {
      const cycle = bareCycle(agentKey.agent!);
      await expectCall("post", "/api/practice/watching", 201, { key: agentKey.key, body: cycle });
      await expectCall("post", "/api/practice/watching", 200, { key: agentKey.key, body: cycle });
      await expectCall("post", "/api/practice/watching", 403, { key: free.key, body: bareCycle(agentKey.agent!) });
    });
  });

  describe("stoa", () => {
    it("declares (201), reads (200), amends (200), a contradiction (201), withdraws (204), then 404", async () => {
      const agent = agentKey.agent!;
      const declaration = {
        display_name: "Contract agent",
        statement: "I examine my actions before I take them.",
        commitments: [{ domain: "dikaiosyne", text: "I tell the truth about missed deadlines.", claimed_level: "deliberate" }],
      };
      await expectCall("post", "/api/stoa/declare", 201, { key: practitioner.key, body: declaration });
      await expectCall("post", "/api/stoa/declare", 409, { key: practitioner.key, body: declaration });
      await expectCall("get", "/api/stoa/declare", 200, { key: practitioner.key });
      await expectCall("patch", "/api/stoa/declare", 200, { key: practitioner.key, body: { statement: "I examine my actions before and after I take them." } });
      await expectCall("post", "/api/admin/stoa-contradictions", 201, {
        key: OPERATOR_KEY,
        body: { agent_id: agent, commitment_index: 0, observed_level: "habitual", note: "Observed a missed deadline left unreported." },
      });
      await expectCall("post", "/api/admin/stoa-contradictions", 404, {
        key: OPERATOR_KEY,
        body: { agent_id: `contract-unknown-${crypto.randomUUID()}`, commitment_index: 0, observed_level: "habitual", note: "None." },
      });
      await expectCall("delete", "/api/stoa/declare", 204, { key: practitioner.key });
      await expectCall("get", "/api/stoa/declare", 404, { key: practitioner.key });
      await expectCall("delete", "/api/stoa/declare", 404, { key: practitioner.key });
      await expectCall("patch", "/api/stoa/declare", 404, { key: practitioner.key, body: { statement: "Again." } });
    });
  });

  describe("mcp", () => {
    const mcp = (status: number, body: unknown, options: { key?: string; accept?: string } = {}) =>
      call("post", "/mcp", {
        body,
        ...(options.key ? { key: options.key } : {}),
        headers: { accept: options.accept ?? "application/json, text/event-stream" },
      }).then((res) => expectConforms(res, "post", "/mcp", status));

    it("POST /mcp answers a request (200), takes a notification (202), and refuses 400, 401 and 406", async () => {
      const listed = await mcp(200, { jsonrpc: "2.0", id: 1, method: "tools/list" }, { key: free.key });
      expect(listed.result.tools.length).toBeGreaterThan(0);
      const called = await mcp(
        200,
        { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "guardrail", arguments: { action: ACTION } } },
        { key: free.key },
      );
      expect(called.result.isError, JSON.stringify(called)).toBeFalsy();
      await mcp(202, { jsonrpc: "2.0", method: "notifications/initialized" }, { key: free.key });
      await mcp(400, { jsonrpc: "1.0", id: 3, method: "tools/list" }, { key: free.key });
      await mcp(401, { jsonrpc: "2.0", id: 4, method: "tools/list" });
      await mcp(406, { jsonrpc: "2.0", id: 5, method: "tools/list" }, { key: free.key, accept: "application/json" });
    });
  });

  describe("a meter outage", () => {
    let outage: LocalServer;
    beforeAll(async () => {
      outage = await startLocalServer({
        PORT: "0",
        LOG_LEVEL: "silent",
        DATA_DIR: join(baseDir, "outage"),
        OPERATOR_API_KEY: OPERATOR_KEY,
        // A port in this suite's range where nothing listens: every meter call fails.
        UPSTASH_REDIS_REST_URL: "http://127.0.0.1:55899",
        UPSTASH_REDIS_REST_TOKEN: "contract-token",
        METER_TIMEOUT_MS: "500",
        ...(REAL_DATABASE_URL ? { DATABASE_URL: REAL_DATABASE_URL } : {}),
      });
    }, 120_000);
    afterAll(async () => {
      await outage?.close();
    });

    it("is a 503 metering_unavailable with Retry-After on a metered route that fails closed", async () => {
      const created = await fetch(`${outage.url}/api/admin/keys`, {
        method: "POST",
        headers: { authorization: `Bearer ${OPERATOR_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ kind: "live", owner_id: `contract-${crypto.randomUUID()}` }),
      });
      const { key } = (await expectConforms(created, "post", "/api/admin/keys", 201)) as { key: string };
      const res = await fetch(`${outage.url}/api/score-action`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ action: ACTION }),
      });
      const body = await expectConforms(res, "post", "/api/score-action", 503);
      expect(body.error.code).toBe("metering_unavailable");
    });
  });

  it("covers every operation of the document with a real success response", () => {
    const missing = operations
      .filter(({ method, path }) => ![...(covered.get(`${method} ${path}`) ?? [])].some((status) => status >= 200 && status < 300))
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing, `operations with no success case: ${missing.join(", ")}`).toEqual([]);
  });
});
