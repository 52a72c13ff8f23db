import {
  ADVISORY_NOTICE,
  AccreditationReadBack,
  Advice,
  AssessmentSchema,
  CallingApproved,
  ClarificationResponse,
  Extraction,
  ReasonResponse,
  SERVICE_TITLE,
  SERVICE_VERSION,
  SignedL2Assessment,
  StoaEntry,
  StoredApiKey,
  TrustRecord,
  UsageResponse,
} from "@svc/core";
import * as z from "zod";
import { HealthResponse } from "./app";
import { ErrorEnvelope, PaidTierRequired } from "./errors";
import type { RouteContract } from "./route";

/**
 * Builds the OpenAPI 3.1 document from the route contracts of every function. Used at build
 * time only (the discovery Worker serves the generated file), so Workers never carry it.
 */
export interface OpenApiSource {
  readonly name: string;
  readonly routes: readonly RouteContract[];
}

type JsonSchema = Record<string, unknown>;

/**
 * The shared schemas the document names once under components.schemas; every use of the very
 * same zod schema becomes a `$ref`, so a generated client gets one named type for each.
 */
export const COMPONENT_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  ErrorEnvelope,
  PaidTierRequired,
  ReasonResponse,
  ClarificationResponse,
  SignedAssessment: SignedL2Assessment,
  Assessment: AssessmentSchema,
  Extraction,
  TrustRecord,
  AccreditationReadBack,
  UsageResponse,
  ApiKey: StoredApiKey,
  Advice,
  CallingApproved,
  StoaEntry,
  Health: HealthResponse,
};

/** What each tag groups, for the document's top-level `tags`. */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  meta: "Liveness of each function.",
  discovery: "The discovery listing, llms.txt and this document.",
  overview: "The framework itself: virtues, indifferents, the Stoic brain.",
  reason: "The three-layer examination (POST /api/reason), its narratives, schema and signing keys.",
  scoring: "Scoring of actions, decisions, conversations and documents; a user's score history.",
  skills: "The svc-* skills and their directory.",
  guardrail: "The pre-action guardrail check.",
  assessments: "Foundational, full and baseline assessments.",
  accreditation: "Accreditation records, the public trust record and the agent page.",
  practice: "Reflect, calling and watching sessions.",
  stoa: "Declarations in the Stoa and their public listing.",
  account: "The caller's own credential and usage.",
  admin: "Operator routes: API keys, curator flags, contradictions.",
  mcp: "The MCP server: the service's tools and framework resources for agents (Streamable HTTP).",
};

/** Response headers, declared once under components.headers. */
export const COMPONENT_HEADERS: Readonly<Record<string, JsonSchema>> = {
  "X-Request-Id": {
    description: "The request id: the caller's sane X-Request-Id echoed, or a generated `req_` id. Equals error.request_id.",
    required: true,
    schema: { type: "string" },
  },
  RateLimit: {
    description:
      'Remaining quota per policy (draft-ietf-httpapi-ratelimit-headers), e.g. `"svc-reason-monthly";r=4;t=86400`. Sent by metered routes with a limited counter.',
    schema: { type: "string" },
  },
  "RateLimit-Policy": {
    description: 'The quota policies behind RateLimit, e.g. `"svc-reason-monthly";q=5;w=2592000` or `"burst";q=60;w=60`.',
    schema: { type: "string" },
  },
  "Retry-After": {
    description: "Seconds to wait before retrying; always sent with a 429.",
    required: true,
    schema: { type: "integer", minimum: 1 },
  },
  "X-Loop-Id": {
    description: "The loop of this examination; equals assessment.assessment.examination.ref. Absent on a clarification question.",
    schema: { type: "string" },
  },
  "WWW-Authenticate": {
    description: 'RFC 6750: `Bearer` without a credential, `Bearer error="invalid_token"` for a refused one.',
    required: true,
    schema: { type: "string" },
  },
};

const COMPONENT_PREFIX = "#/components/schemas/";
/** Route-level schemas that are not named: converted beside the named ones, then inlined. */
const INLINE_PREFIX = "~";

function headerRef(name: string): JsonSchema {
  return { $ref: `#/components/headers/${name}` };
}

interface SchemaUse {
  readonly key: string;
  readonly schema: z.ZodType;
  readonly io: "input" | "output";
}

/**
 * Converts every schema the routes use in one pass per direction (request bodies and
 * parameters as input, responses as output), so a named schema is a `$ref` wherever it
 * appears. A named schema whose input form differs from its output form (defaults, for
 * instance) becomes a second component, `<name>Input`.
 */
function convertSchemas(
  uses: readonly SchemaUse[],
  componentSchemas: Readonly<Record<string, z.ZodType>>,
): { byKey: Map<string, JsonSchema>; components: Record<string, JsonSchema> } {
  const byKey = new Map<string, JsonSchema>();
  const named: Record<"input" | "output", Record<string, JsonSchema>> = { input: {}, output: {} };
  for (const io of ["output", "input"] as const) {
    const registry = z.registry<{ id: string }>();
    for (const [name, schema] of Object.entries(componentSchemas)) registry.add(schema, { id: name });
    const idOf = new Map<string, string>();
    for (const use of uses.filter((u) => u.io === io)) {
      if (!registry.has(use.schema)) registry.add(use.schema, { id: `${INLINE_PREFIX}${use.key}` });
      idOf.set(use.key, registry.get(use.schema)!.id);
    }
    const marker = io === "input" ? "@input" : "";
    const { schemas } = z.toJSONSchema(registry, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      uri: (id) => `${COMPONENT_PREFIX}${id}${marker}`,
    }) as { schemas: Record<string, JsonSchema> };
    const unnamed: string[] = [];
    for (const [id, schema] of Object.entries(schemas)) {
      delete schema.$schema;
      delete schema.$id;
      if (id === "__shared") throw new Error("A recursive schema needs a name in COMPONENT_SCHEMAS.");
      const inner = refsIn(schema).filter((ref) => ref.startsWith(`${COMPONENT_PREFIX}${INLINE_PREFIX}`));
      unnamed.push(...inner.map((ref) => `${id} contains ${ref.slice(COMPONENT_PREFIX.length + 1)}`));
      if (!id.startsWith(INLINE_PREFIX)) named[io][id] = schema;
    }
    // A route's whole schema reused inside another schema cannot be inlined: it needs a name.
    if (unnamed.length > 0) throw new Error(`Schemas used whole by one route and inside another need a name in COMPONENT_SCHEMAS:\n- ${unnamed.join("\n- ")}`);
    for (const [key, id] of idOf) {
      byKey.set(key, id.startsWith(INLINE_PREFIX) ? schemas[id]! : { $ref: `${COMPONENT_PREFIX}${id}${marker}` });
    }
  }
  // An input form equal to the output form is the same component; one that differs, or refers
  // to a component whose input form differs, is `<name>Input`.
  const baseName = (ref: string) => ref.slice(COMPONENT_PREFIX.length).replace(/@input$/, "");
  const differs = new Set(
    Object.keys(named.input).filter((name) => JSON.stringify(rewriteInputRefs(named.input[name], (n) => n)) !== JSON.stringify(named.output[name])),
  );
  for (let grown = true; grown; ) {
    grown = false;
    for (const name of Object.keys(named.input)) {
      if (differs.has(name) || !refsIn(named.input[name]).some((ref) => differs.has(baseName(ref)))) continue;
      differs.add(name);
      grown = true;
    }
  }
  const rename = (name: string) => (differs.has(name) ? `${name}Input` : name);
  const components: Record<string, JsonSchema> = { ...named.output };
  for (const [name, schema] of Object.entries(named.input)) {
    if (rename(name) !== name) components[rename(name)] = rewriteInputRefs(schema, rename) as JsonSchema;
  }
  for (const [key, schema] of byKey) byKey.set(key, rewriteInputRefs(schema, rename) as JsonSchema);
  return { byKey, components };
}

/** Replaces the input-pass marker in `$ref`s with the component's final name. */
function rewriteInputRefs(value: unknown, rename: (name: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteInputRefs(item, rename));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (key === "$ref" && typeof item === "string" && item.endsWith("@input")) {
        return [key, `${COMPONENT_PREFIX}${rename(item.slice(COMPONENT_PREFIX.length, -"@input".length))}`];
      }
      return [key, rewriteInputRefs(item, rename)];
    }),
  );
}

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => (key === "$ref" && typeof item === "string" ? [item] : refsIn(item)));
}

/** The components a set of schemas reaches, following `$ref`s through components. */
function reachable(roots: unknown, components: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const seen = new Set<string>();
  const queue = refsIn(roots);
  while (queue.length > 0) {
    const ref = queue.pop()!;
    if (!ref.startsWith(COMPONENT_PREFIX)) continue;
    const name = ref.slice(COMPONENT_PREFIX.length);
    if (seen.has(name) || !components[name]) continue;
    seen.add(name);
    queue.push(...refsIn(components[name]));
  }
  return Object.fromEntries([...seen].sort().map((name) => [name, components[name]!]));
}

function parametersOf(json: JsonSchema | undefined, location: "path" | "query"): JsonSchema[] {
  if (!json) return [];
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === "path" || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

/**
 * The refusals the request path itself gives on every route of a kind, whether or not the
 * route's contract lists them: 400 for a malformed body or query, 413 for an oversized body,
 * 401 without a valid credential and 429 past the burst window on a protected route, 503
 * when the meter cannot be reached on a metered route that fails closed.
 */
function runtimeResponses(route: RouteContract): Record<string, string> {
  const protectedRoute = route.auth !== "none";
  const responses: Record<string, string> = {};
  if (route.request?.body || route.request?.query) responses[400] = "The body or query is malformed (the field is named).";
  if (route.request?.params) responses[404] = "A path parameter names no resource.";
  if (route.request?.body) responses[413] = "The body exceeds this route's size cap.";
  if (protectedRoute) responses[401] = "No valid credential.";
  if (protectedRoute) responses[429] = "This credential's burst window is exhausted.";
  if (route.charge && route.charge.onOutage !== "open") responses[503] = "Metering is unavailable (metering_unavailable), or a store is.";
  return responses;
}

/** The headers a response of this status on this route may carry. */
function headersFor(route: RouteContract, status: string, own: readonly string[] = []): Record<string, JsonSchema> {
  const headers: Record<string, JsonSchema> = { "X-Request-Id": headerRef("X-Request-Id") };
  const success = status.startsWith("2");
  if (route.auth !== "none" && (status === "429" || (success && route.charge))) {
    headers.RateLimit = headerRef("RateLimit");
    headers["RateLimit-Policy"] = headerRef("RateLimit-Policy");
  }
  if (status === "429") headers["Retry-After"] = headerRef("Retry-After");
  if (status === "503")
    headers["Retry-After"] = { description: "Seconds to wait before retrying, where the outage has a known horizon.", schema: { type: "integer", minimum: 1 } };
  if (status === "401" && route.auth !== "none") headers["WWW-Authenticate"] = headerRef("WWW-Authenticate");
  for (const name of own) {
    if (!COMPONENT_HEADERS[name]) throw new Error(`${route.operationId} ${status}: no header ${name} in COMPONENT_HEADERS`);
    headers[name] = headerRef(name);
  }
  return headers;
}

export function buildOpenApiDocument(
  functions: readonly OpenApiSource[],
  componentSchemas: Readonly<Record<string, z.ZodType>> = COMPONENT_SCHEMAS,
): JsonSchema {
  // Every function answers /healthz; the document lists it once, from the first function.
  const seen = new Set<string>();
  const entries: { fn: string; route: RouteContract }[] = [];
  for (const fn of functions) {
    for (const route of fn.routes) {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      entries.push({ fn: fn.name, route });
    }
  }

  const uses: SchemaUse[] = [];
  for (const { route } of entries) {
    const id = route.operationId;
    if (route.request?.params) uses.push({ key: `${id}.params`, schema: route.request.params, io: "input" });
    if (route.request?.query) uses.push({ key: `${id}.query`, schema: route.request.query, io: "input" });
    if (route.request?.body) uses.push({ key: `${id}.body`, schema: route.request.body, io: "input" });
    for (const [status, spec] of Object.entries(route.responses)) {
      if (spec.schema) uses.push({ key: `${id}.${status}`, schema: spec.schema, io: "output" });
    }
  }
  uses.push({ key: "default", schema: ErrorEnvelope, io: "output" });
  const { byKey, components } = convertSchemas(uses, { ErrorEnvelope, ...componentSchemas });
  const errorRef = byKey.get("default")!;

  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const { fn, route } of entries) {
    const id = route.operationId;
    const responses: Record<string, JsonSchema> = {};
    for (const [status, spec] of Object.entries(route.responses)) {
      const schema = byKey.get(`${id}.${status}`);
      responses[status] = {
        description: spec.description,
        headers: headersFor(route, status, spec.headers),
        ...(schema ? { content: { [spec.contentType ?? "application/json"]: { schema } } } : {}),
      };
    }
    for (const [status, description] of Object.entries(runtimeResponses(route))) {
      responses[status] ??= { description, headers: headersFor(route, status), content: { "application/json": { schema: errorRef } } };
    }
    responses.default = {
      description: "Error envelope (404, 405, 413, 500...).",
      headers: headersFor(route, "default"),
      content: { "application/json": { schema: errorRef } },
    };
    const sortedResponses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
    (paths[route.path] ??= {})[route.method] = {
      operationId: id,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [...route.tags],
      "x-function": fn,
      ...(route.auth === "none" ? { security: [] } : { security: [{ bearer: [] }] }),
      parameters: [...parametersOf(byKey.get(`${id}.params`), "path"), ...parametersOf(byKey.get(`${id}.query`), "query")],
      ...(route.request?.body ? { requestBody: { required: true, content: { "application/json": { schema: byKey.get(`${id}.body`) } } } } : {}),
      responses: sortedResponses,
    };
  }
  const sortedPaths = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  const usedTags = [...new Set(entries.flatMap(({ route }) => route.tags))].sort();
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: SERVICE_TITLE, version: SERVICE_VERSION, description: ADVISORY_NOTICE },
    servers: [{ url: "/" }],
    security: [{ bearer: [] }],
    tags: usedTags.map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}) })),
    paths: sortedPaths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "A JWT for human users, or an API key (svc_live_, svc_prac_, svc_inst_) for agents." },
      },
      headers: COMPONENT_HEADERS,
      schemas: reachable(sortedPaths, components),
    },
  };
}
