import { describe, expect, it } from "vitest";
import * as z from "zod";
import { SERVICE_FUNCTIONS } from "../../local/src/functions";
import { buildOpenApiDocument } from "./openapi";
import { defineRoute } from "./route";

type Json = Record<string, any>;

const document = buildOpenApiDocument(SERVICE_FUNCTIONS) as Json;
const paths = document.paths as Record<string, Record<string, Json>>;

const servedRoutes = SERVICE_FUNCTIONS.flatMap((fn) => fn.routes.map((route) => ({ fn: fn.name, route })));
const servedKeys = new Set(servedRoutes.map(({ route }) => `${route.method} ${route.path}`));

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

function operationsOf(doc: Json): { method: string; path: string; operation: Json }[] {
  return Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

/** Every `$ref` anywhere in the value, with where it was found. */
function refsIn(value: unknown, at = "#"): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsIn(v, `${at}/${i}`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) => (key === "$ref" && typeof v === "string" ? [{ ref: v, at }] : refsIn(v, `${at}/${key}`)));
}

function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node !== null && typeof node === "object" ? (node as Json)[key] : undefined), doc);
}

describe("buildOpenApiDocument over SERVICE_FUNCTIONS", () => {
  it("is an OpenAPI 3.1.0 document with the service info and bearer scheme", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe("Stoic Reasoning Service");
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("survives a JSON round trip unchanged", () => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });

  it("lists every served route (method + path), and nothing else", () => {
    const documented = operationsOf(document).map(({ method, path }) => `${method} ${path}`);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...servedKeys].sort());
  });

  it("gives each operation a unique operationId", () => {
    const ids = operationsOf(document).map(({ operation }) => operation.operationId as string);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(
    servedRoutes.filter(({ route }) => route.path !== "/healthz").map(({ fn, route }) => [`${route.method.toUpperCase()} ${route.path}`, fn, route] as const),
  )("%s names its function %s", (_key, fn, route) => {
    expect(paths[route.path]?.[route.method]?.["x-function"]).toBe(fn);
  });

  it("marks public routes with security: [] and others with bearer", () => {
    for (const { route } of servedRoutes) {
      const operation = paths[route.path]![route.method]!;
      const key = `${route.method} ${route.path}`;
      if (route.auth === "none") expect(operation.security, key).toEqual([]);
      else expect(operation.security, key).toEqual([{ bearer: [] }]);
    }
  });

  it("declares each template segment as a required path parameter, and no other path parameter", () => {
    for (const { method, path, operation } of operationsOf(document)) {
      const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (operation.parameters as Json[]).filter((p) => p.in === "path");
      expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(inTemplate);
      for (const parameter of declared) expect(parameter.required, `${method} ${path} ${parameter.name}`).toBe(true);
    }
    expect(paths["/api/stoic-brain/{domain}"]?.get?.parameters).toContainEqual(
      expect.objectContaining({
        name: "domain",
        in: "path",
        required: true,
        schema: expect.objectContaining({ enum: expect.arrayContaining(["psychology", "scoring"]) }),
      }),
    );
  });

  it("gives POST /api/v1/rank-indifferents a strict JSON requestBody with indifferents", () => {
    const operation = paths["/api/v1/rank-indifferents"]?.post;
    expect(operation).toBeDefined();
    expect(operation!.requestBody.required).toBe(true);
    const schema = operation!.requestBody.content["application/json"].schema as Json;
    expect(schema.type).toBe("object");
    expect(schema.properties.indifferents).toMatchObject({ type: "array", minItems: 1 });
    expect(schema.required).toContain("indifferents");
    expect(schema.additionalProperties).toBe(false);
  });

  it("has a requestBody exactly on the routes whose contract has a body", () => {
    for (const { route } of servedRoutes) {
      const operation = paths[route.path]![route.method]!;
      expect(operation.requestBody !== undefined, `${route.method} ${route.path}`).toBe(route.request?.body !== undefined);
    }
  });

  it("describes every declared response, with the error envelope as default", () => {
    for (const { route } of servedRoutes) {
      const operation = paths[route.path]![route.method]!;
      for (const status of Object.keys(route.responses)) {
        expect(operation.responses[status]?.description, `${route.path} ${status}`).toBeTypeOf("string");
      }
      expect(operation.responses.default.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ErrorEnvelope" });
    }
  });

  it("resolves every $ref to a component", () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const { ref, at } of refs) {
      expect(ref, at).toMatch(/^#\/components\//);
      expect(resolvePointer(document, ref), `${ref} at ${at}`).toBeDefined();
    }
  });

  it("gives the ErrorEnvelope component code, message and request_id as required", () => {
    const envelope = document.components.schemas.ErrorEnvelope as Json;
    expect(envelope.properties.error.required).toEqual(expect.arrayContaining(["code", "message", "request_id"]));
    expect(envelope.properties.error.required).not.toContain("field");
  });
});

describe("named components, headers and tags", () => {
  it("refers to each named component by $ref wherever its schema is used", () => {
    const reason = paths["/api/reason"]!.post!;
    expect(reason.responses["200"].content["application/json"].schema.anyOf).toEqual([
      { $ref: "#/components/schemas/ReasonResponse" },
      { $ref: "#/components/schemas/ClarificationResponse" },
    ]);
    expect(reason.responses["401"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/ErrorEnvelope" });
    expect(document.components.schemas.ReasonResponse.properties.extraction).toEqual({ $ref: "#/components/schemas/Extraction" });
    expect(document.components.schemas.SignedAssessment.properties.assessment.$ref).toBe("#/components/schemas/Assessment");
  });

  it("types the signed assessment and gives the extraction one closed object with the orientation observations", () => {
    const assessment = document.components.schemas.Assessment as Json;
    expect(assessment.type).toBe("object");
    expect(assessment.required).toEqual(expect.arrayContaining(["schema", "engine_version", "examination"]));
    const extraction = document.components.schemas.Extraction as Json;
    expect(extraction.allOf).toBeUndefined();
    expect(extraction.additionalProperties).toBe(false);
    expect(extraction.required).toEqual(expect.arrayContaining(["schema_version", "situation", "orientation_observations"]));
  });

  it("documents the paid-tier 403 with message and upgrade_url", () => {
    const schema = paths["/api/assessment/full"]!.post!.responses["403"].content["application/json"].schema as Json;
    expect(schema.anyOf).toContainEqual({ $ref: "#/components/schemas/PaidTierRequired" });
    expect(document.components.schemas.PaidTierRequired.required).toEqual(expect.arrayContaining(["error", "message", "upgrade_url"]));
  });

  it("gives every protected route a 401 with WWW-Authenticate and a 429 with Retry-After and RateLimit", () => {
    for (const { route } of servedRoutes.filter(({ route }) => route.auth !== "none")) {
      const responses = paths[route.path]![route.method]!.responses as Json;
      const key = `${route.method} ${route.path}`;
      expect(responses["401"]?.headers?.["WWW-Authenticate"], key).toEqual({ $ref: "#/components/headers/WWW-Authenticate" });
      expect(responses["429"]?.headers?.["Retry-After"], key).toEqual({ $ref: "#/components/headers/Retry-After" });
      expect(responses["429"]?.headers?.RateLimit, key).toEqual({ $ref: "#/components/headers/RateLimit" });
    }
  });

  it("declares X-Request-Id on every response and X-Loop-Id on the consult's 200", () => {
    for (const { method, path, operation } of operationsOf(document)) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        expect(response.headers?.["X-Request-Id"], `${method} ${path} ${status}`).toEqual({ $ref: "#/components/headers/X-Request-Id" });
      }
    }
    expect(paths["/api/reason"]!.post!.responses["200"].headers["X-Loop-Id"]).toEqual({ $ref: "#/components/headers/X-Loop-Id" });
  });

  it("lists every tag its operations use, each with a description", () => {
    const used = new Set(operationsOf(document).flatMap(({ operation }) => operation.tags as string[]));
    expect((document.tags as Json[]).map((t) => t.name).sort()).toEqual([...used].sort());
    for (const tag of document.tags as Json[]) expect(tag.description, tag.name).toBeTypeOf("string");
  });
});

describe("buildOpenApiDocument on a synthetic function", () => {
  const route = defineRoute({
    operationId: "readRecord",
    method: "get",
    path: "/records/{record_id}/versions/{version}",
    summary: "A protected route",
    tags: ["test"],
    auth: "bearer",
    request: {
      params: z.object({ record_id: z.string(), version: z.string() }),
      query: z.object({ limit: z.string().optional(), cursor: z.string() }),
    },
    responses: { 200: { description: "The record." } },
  });
  const doc = buildOpenApiDocument([
    { name: "first", routes: [route] },
    { name: "second", routes: [{ ...route, operationId: "duplicate" }] },
  ]) as Json;
  const operation = doc.paths["/records/{record_id}/versions/{version}"].get as Json;

  it("requires bearer on a protected route", () => {
    expect(operation.security).toEqual([{ bearer: [] }]);
  });

  it("keeps the first function when two declare the same method and path", () => {
    expect(operation["x-function"]).toBe("first");
    expect(operation.operationId).toBe("readRecord");
  });

  it("lists path parameters as required and query parameters as their schema says", () => {
    const byName = Object.fromEntries((operation.parameters as Json[]).map((p) => [p.name, p]));
    expect(byName.record_id).toMatchObject({ in: "path", required: true });
    expect(byName.version).toMatchObject({ in: "path", required: true });
    expect(byName.cursor).toMatchObject({ in: "query", required: true });
    expect(byName.limit).toMatchObject({ in: "query", required: false });
  });
});

describe("buildOpenApiDocument with a route schema nested whole in another", () => {
  it("refuses to build, naming both, until the shared schema has a name", () => {
    const Item = z.object({ name: z.string() });
    const one = defineRoute({
      operationId: "readItem",
      method: "get",
      path: "/item",
      summary: "One",
      tags: ["test"],
      auth: "none",
      responses: { 200: { description: "An item.", schema: Item } },
    });
    const many = defineRoute({
      operationId: "listItems",
      method: "get",
      path: "/items",
      summary: "Many",
      tags: ["test"],
      auth: "none",
      responses: { 200: { description: "Items.", schema: z.object({ items: z.array(Item) }) } },
    });
    expect(() => buildOpenApiDocument([{ name: "items", routes: [one, many] }])).toThrow(/listItems\.200 contains readItem\.200/);
  });
});

describe("buildOpenApiDocument with named components", () => {
  // Strict objects: a plain z.object is open as input (unknown keys are stripped) and closed as output.
  const Note = z.strictObject({ text: z.string(), tags: z.array(z.string()).default([]) });
  const Author = z.strictObject({ name: z.string() });
  const Page = z.strictObject({ author: Author, notes: z.array(Note) });
  const write = defineRoute({
    operationId: "writePage",
    method: "post",
    path: "/pages",
    summary: "Write",
    tags: ["test"],
    auth: "none",
    request: { body: Page },
    responses: { 201: { description: "The page.", schema: Page } },
  });
  const doc = buildOpenApiDocument([{ name: "pages", routes: [write] }], { Note, Author, Page }) as Json;
  const operation = doc.paths["/pages"].post as Json;

  it("refers to a named schema by $ref in responses, and names its parts", () => {
    expect(operation.responses["201"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Page" });
    expect(doc.components.schemas.Page.properties.author).toEqual({ $ref: "#/components/schemas/Author" });
    expect(doc.components.schemas.Page.properties.notes.items).toEqual({ $ref: "#/components/schemas/Note" });
  });

  it("gives a schema whose input form differs (a default) an Input component, and one that refers to it too", () => {
    expect(operation.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/PageInput" });
    expect(doc.components.schemas.PageInput.properties.notes.items).toEqual({ $ref: "#/components/schemas/NoteInput" });
    expect(doc.components.schemas.NoteInput.required).toEqual(["text"]);
    expect(doc.components.schemas.Note.required).toEqual(["text", "tags"]);
    // Identical in both directions: one component.
    expect(doc.components.schemas.PageInput.properties.author).toEqual({ $ref: "#/components/schemas/Author" });
    expect(doc.components.schemas.AuthorInput).toBeUndefined();
  });
});
