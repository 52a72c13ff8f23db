import { DEFAULT_MAX_BODY_BYTES } from "@svc/http";

/**
 * What the MCP server offers, declared by route: each tool is one route of the service, each
 * resource one public framework document. Everything else about them (title, description, input
 * schema, the function that serves the route) is read from the OpenAPI document, itself generated
 * from the route contracts, by `npm run generate`, which writes `generated/catalogue.json`.
 * This module runs at build time only; the Worker reads the generated file.
 */

export interface ToolDeclaration {
  /** The MCP tool name. */
  readonly name: string;
  /** The route the tool calls, by its operationId in the OpenAPI document. */
  readonly operationId: string;
  /** Said to the agent after the route's own description: how the tool's answer continues. */
  readonly note?: string;
}

export const MCP_TOOLS: readonly ToolDeclaration[] = [
  { name: "guardrail", operationId: "checkGuardrail" },
  { name: "score-action", operationId: "scoreAction" },
  { name: "advise-action", operationId: "adviseAction" },
  {
    name: "reason",
    operationId: "consultReason",
    note:
      "When the answer has clarification_required, ask the question (clarification.question_text) and call reason again with the byte-identical input, " +
      "the continuation_token and the answer as clarification_response. With response_format assessment_first the narrative is deferred: read it with reason-narrative and its correlation_id.",
  },
  {
    name: "reason-narrative",
    operationId: "getNarrative",
    note: "The correlation_id is narrative.correlation_id of a reason answer given with response_format assessment_first.",
  },
  { name: "score-decision", operationId: "scoreDecision" },
  { name: "usage", operationId: "getUsage" },
];

/** The framework documents served as resources: the public routes whose bodies they are. */
export const MCP_RESOURCE_ROUTES: readonly string[] = [
  "/api/virtues",
  "/api/indifferents",
  "/api/stoic-brain",
  "/api/stoic-brain/hub",
  "/api/stoic-brain/{domain}",
];

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked as loose JSON
type Json = Record<string, any>;

/** Where a tool's arguments travel: the JSON body, or each one into the path or the query. */
export type ToolArguments = "body" | Readonly<Record<string, "path" | "query">>;

export interface ToolRoute {
  readonly function: string;
  readonly method: string;
  readonly path: string;
  readonly arguments: ToolArguments;
}

export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Json;
  readonly annotations: { readonly readOnlyHint: boolean; readonly openWorldHint: false };
  readonly route: ToolRoute;
}

export interface ResourceDescription {
  readonly route: string;
  readonly title: string;
  readonly description: string;
}

export interface McpCatalogue {
  readonly tools: readonly ToolDefinition[];
  readonly resources: readonly ResourceDescription[];
  /** The largest body cap among the tools' routes: POST /mcp takes a call at any route's cap. */
  readonly max_tool_body_bytes: number;
}

/** What the catalogue needs of a route contract beyond the document: its raw body cap. */
export interface RouteCap {
  readonly operationId: string;
  readonly maxBodyBytes?: number;
}

const COMPONENT_PREFIX = "#/components/schemas/";
const HTTP_METHODS = ["get", "post", "put", "patch", "delete"] as const;

function operationById(document: Json, operationId: string): { method: string; path: string; operation: Json } {
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of HTTP_METHODS) {
      if (item[method]?.operationId === operationId) return { method, path, operation: item[method] };
    }
  }
  throw new Error(`No operation ${operationId} in the OpenAPI document`);
}

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => (key === "$ref" && typeof item === "string" ? [item] : refsIn(item)));
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === "$ref" && typeof item === "string" ? item.replace(COMPONENT_PREFIX, "#/$defs/") : rewriteRefs(item),
    ]),
  );
}

/**
 * A schema of the document made standalone, as a tool's inputSchema must be: the components it
 * reaches move under `$defs`, and a root that is a reference is replaced by what it names (an
 * MCP input schema is an object schema at its root).
 */
export function standaloneSchema(schema: Json, components: Record<string, Json>): Json {
  const root = typeof schema.$ref === "string" ? { ...components[schema.$ref.slice(COMPONENT_PREFIX.length)]!, ...withoutRef(schema) } : schema;
  const seen = new Set<string>();
  const queue = refsIn(root);
  while (queue.length > 0) {
    const name = queue.pop()!.slice(COMPONENT_PREFIX.length);
    if (seen.has(name) || !components[name]) continue;
    seen.add(name);
    queue.push(...refsIn(components[name]));
  }
  const defs = Object.fromEntries([...seen].sort().map((name) => [name, rewriteRefs(components[name])]));
  return { ...(rewriteRefs(root) as Json), ...(seen.size > 0 ? { $defs: defs } : {}) };
}

function withoutRef(schema: Json): Json {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

function toolOf(declaration: ToolDeclaration, document: Json): ToolDefinition {
  const { method, path, operation } = operationById(document, declaration.operationId);
  const components = (document.components?.schemas ?? {}) as Record<string, Json>;
  const parameters = (operation.parameters ?? []) as Json[];
  const body = operation.requestBody?.content?.["application/json"]?.schema as Json | undefined;
  if (body && parameters.length > 0) throw new Error(`${declaration.operationId}: a tool takes a body or parameters, not both`);
  let inputSchema: Json;
  let args: ToolArguments;
  if (body) {
    inputSchema = standaloneSchema(body, components);
    args = "body";
  } else {
    const properties = Object.fromEntries(parameters.map((p) => [p.name, { ...p.schema, ...(p.description ? { description: p.description } : {}) }]));
    const required = parameters.filter((p) => p.required).map((p) => p.name as string);
    inputSchema = standaloneSchema({ type: "object", properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false }, components);
    args = Object.fromEntries(parameters.map((p) => [p.name, p.in as "path" | "query"]));
  }
  if (inputSchema.type !== "object") throw new Error(`${declaration.operationId}: a tool's input schema must be an object schema`);
  const description = [operation.description ?? operation.summary, declaration.note].filter(Boolean).join(" ");
  return {
    name: declaration.name,
    title: operation.summary,
    description,
    inputSchema,
    annotations: { readOnlyHint: method === "get", openWorldHint: false },
    route: { function: operation["x-function"], method: method.toUpperCase(), path, arguments: args },
  };
}

/** The tools and resources of the MCP server, from the OpenAPI document and the routes' body caps. */
export function composeMcpCatalogue(document: Json, routes: readonly RouteCap[]): McpCatalogue {
  const tools = MCP_TOOLS.map((declaration) => toolOf(declaration, document));
  const caps = MCP_TOOLS.map(({ operationId }) => {
    const route = routes.find((r) => r.operationId === operationId);
    if (!route) throw new Error(`No route contract ${operationId}`);
    return route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  });
  const resources = MCP_RESOURCE_ROUTES.map((route) => {
    const operation = document.paths[route]?.get as Json | undefined;
    if (!operation || (operation.security as unknown[] | undefined)?.length !== 0) throw new Error(`${route}: a resource must be a public GET of the document`);
    return { route, title: operation.summary as string, description: (operation.description ?? operation.summary) as string };
  });
  return { tools, resources, max_tool_body_bytes: Math.max(...caps) };
}
