import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Resource,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import {
  ADVISORY_NOTICE,
  DomainFileId,
  listIndifferents,
  listVirtues,
  MAX_CLARIFICATIONS,
  SERVICE_TITLE,
  SERVICE_VERSION,
  stoicBrainDomain,
  stoicBrainHub,
  stoicBrainOverview,
} from "@svc/core";
import type { McpCatalogue, ToolDefinition } from "./catalogue";
import generated from "./generated/catalogue.json";

/**
 * The MCP server of the service, one per request (stateless): its tools are routes of the
 * service, each called with the caller's own credential so that the route authenticates,
 * validates and meters the call exactly as over HTTP; its resources are the framework documents,
 * read from the same core services as the public routes, byte for byte.
 */

export const MCP_CATALOGUE = generated as unknown as McpCatalogue;

/** One call of a route on the caller's behalf; the caller adds the credential. */
export interface RouteCall {
  readonly function: string;
  readonly method: string;
  /** Path and query. */
  readonly path: string;
  /** JSON text, for a route with a body. */
  readonly body?: string;
}

export type RouteCaller = (call: RouteCall) => Promise<Response>;

/** Where each answer's HTTP facts travel (the status, the request id, the RateLimit headers). */
export const HTTP_META_KEY = "stoic-reasoning-service/http";

const RESOURCE_NOT_FOUND = -32002;
const JSON_MIME = "application/json";

const INSTRUCTIONS =
  `${ADVISORY_NOTICE} ` +
  "Call guardrail before executing an action (a graduated verdict with its reasons); score-action and advise-action for an action taken or proposed; " +
  "reason for the signed three-layer examination (it may first ask a clarifying question); score-decision to compare options; usage for what your credential has used. " +
  "Each tool call is one call of the HTTP route of the same name, metered on your credential. The framework (virtues, indifferents, the Stoic brain) is in the resources.";

interface FrameworkResource {
  readonly uri: string;
  readonly route: string;
  readonly name: string;
  readonly read: () => unknown;
}

/** `/api/stoic-brain/hub` -> `stoic://stoic-brain/hub`. */
const resourceUri = (path: string) => `stoic://${path.replace(/^\/api\//, "")}`;

/** The core service behind each resource route, as the overview function calls it. */
const READERS: Readonly<Record<string, () => unknown>> = {
  "/api/virtues": listVirtues,
  "/api/indifferents": listIndifferents,
  "/api/stoic-brain": stoicBrainOverview,
  "/api/stoic-brain/hub": stoicBrainHub,
};

const FRAMEWORK_RESOURCES: readonly (FrameworkResource & { readonly title: string; readonly description: string })[] = MCP_CATALOGUE.resources.flatMap(
  (resource) => {
    const described = { title: resource.title, description: resource.description };
    if (resource.route === "/api/stoic-brain/{domain}") {
      return DomainFileId.options.map((domain) => {
        const path = `/api/stoic-brain/${domain}`;
        return {
          ...described,
          title: `${resource.title}: ${domain}`,
          uri: resourceUri(path),
          route: path,
          name: `stoic-brain-${domain}`,
          read: () => stoicBrainDomain(domain),
        };
      });
    }
    const read = READERS[resource.route];
    if (!read) throw new Error(`No reader for the resource route ${resource.route}`);
    return [{ ...described, uri: resourceUri(resource.route), route: resource.route, name: resource.route.replace(/^\/api\//, "").replace(/\//g, "-"), read }];
  },
);

// Per isolate or process: the SDK's schema validator (used only for what a client returns to an
// elicitation, which this server never asks for) is built once rather than on every request.
let validator: AjvJsonSchemaValidator | undefined;

export interface McpServerOptions {
  /** Calls a route of the service with the caller's credential. */
  readonly callRoute: RouteCaller;
  /** The request id a refusal of the MCP layer itself carries (a route's own errors carry the route's). */
  readonly requestId: () => string;
}

// The low-level Server rather than McpServer: McpServer validates tool arguments with its own zod
// pass and its own messages before the handler runs, while here the route is the one validator
// (its 400 names the field) and the input schemas are the route's, from the OpenAPI document.
export function createMcpServer(options: McpServerOptions): Server {
  validator ??= new AjvJsonSchemaValidator();
  const server = new Server(
    { name: "stoic-reasoning-service", title: SERVICE_TITLE, version: SERVICE_VERSION },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: MCP_CATALOGUE.tools.map(({ route: _route, ...tool }) => tool as Tool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = MCP_CATALOGUE.tools.find((t) => t.name === request.params.name);
    if (!tool) {
      throw new McpError(ErrorCode.InvalidParams, `No tool named ${request.params.name}; the tools are ${MCP_CATALOGUE.tools.map((t) => t.name).join(", ")}.`);
    }
    const call = routeCallOf(tool, request.params.arguments ?? {});
    if ("refusal" in call) return refusalResult(call.refusal, options.requestId());
    return toolResult(await options.callRoute(call));
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: FRAMEWORK_RESOURCES.map(({ uri, name, title, description }): Resource => ({ uri, name, title, description, mimeType: JSON_MIME })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const resource = FRAMEWORK_RESOURCES.find((r) => r.uri === request.params.uri);
    if (!resource)
      throw new McpError(RESOURCE_NOT_FOUND, `No resource ${request.params.uri}; the resources are ${FRAMEWORK_RESOURCES.map((r) => r.uri).join(", ")}.`);
    return { contents: [{ uri: resource.uri, mimeType: JSON_MIME, text: JSON.stringify(resource.read()) }] };
  });
  return server;
}

interface Refusal {
  readonly code: "missing_field" | "invalid_field" | "unknown_field";
  readonly message: string;
  readonly field: string;
}

/**
 * The route request a tool call makes. A body tool sends its arguments as the JSON body, as they
 * came, for the route to validate. A tool over path or query parameters refuses here only what
 * cannot travel at all (an unknown argument, a path parameter missing or not text); the route
 * validates the rest.
 */
function routeCallOf(tool: ToolDefinition, args: Record<string, unknown>): RouteCall | { refusal: Refusal } {
  const { route } = tool;
  if (route.arguments === "body") return { function: route.function, method: route.method, path: route.path, body: JSON.stringify(args) };
  const placement = route.arguments;
  const unknown = Object.keys(args).find((name) => !(name in placement));
  if (unknown !== undefined)
    return { refusal: { code: "unknown_field", field: unknown, message: `${unknown}: this argument is not accepted by ${tool.name}` } };
  let path = route.path;
  const query = new URLSearchParams();
  for (const [name, where] of Object.entries(placement)) {
    const value = args[name];
    if (where === "path") {
      if (value === undefined) return { refusal: { code: "missing_field", field: name, message: `${name}: required` } };
      if (typeof value !== "string" || value === "") return { refusal: { code: "invalid_field", field: name, message: `${name}: must be a non-empty string` } };
      path = path.replace(`{${name}}`, encodeURIComponent(value));
    } else if (value !== undefined) {
      query.set(name, typeof value === "string" ? value : JSON.stringify(value));
    }
  }
  const search = query.toString();
  return { function: route.function, method: route.method, path: search ? `${path}?${search}` : path };
}

function refusalResult(refusal: Refusal, requestId: string): CallToolResult {
  const envelope = { error: { code: refusal.code, message: refusal.message, field: refusal.field, request_id: requestId } };
  return {
    isError: true,
    content: [{ type: "text", text: errorLine(400, envelope.error) }],
    structuredContent: envelope,
    _meta: { [HTTP_META_KEY]: { status: 400, request_id: requestId } },
  };
}

function errorLine(status: number, error: { code?: unknown; message?: unknown; field?: unknown }): string {
  return `${status} ${String(error.code)}${typeof error.field === "string" ? ` (${error.field})` : ""}: ${String(error.message)}`;
}

/**
 * The route's answer as a tool result: its JSON body as structured content and as text; a refusal
 * (4xx, 5xx) is a tool error whose text leads with the status, the code and the field the route
 * named. The reason route's two continuations are said first in words, so an agent sees them.
 */
async function toolResult(response: Response): Promise<CallToolResult> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const meta = {
    status: response.status,
    request_id: response.headers.get("x-request-id"),
    ...(response.headers.get("ratelimit") ? { ratelimit: response.headers.get("ratelimit"), ratelimit_policy: response.headers.get("ratelimit-policy") } : {}),
  };
  const structured = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  if (!response.ok) {
    const error = (structured?.error ?? {}) as Record<string, unknown>;
    const line = structured?.error ? errorLine(response.status, error) : `${response.status}: ${text.slice(0, 500)}`;
    return {
      isError: true,
      content: [{ type: "text", text: line }],
      ...(structured ? { structuredContent: structured } : {}),
      _meta: { [HTTP_META_KEY]: meta },
    };
  }
  const lead = structured ? continuationOf(structured) : undefined;
  return {
    content: [{ type: "text", text: lead ? `${lead}\n\n${text}` : text }],
    ...(structured ? { structuredContent: structured } : {}),
    _meta: { [HTTP_META_KEY]: meta },
  };
}

/** What the agent does next when the reason route asks a question or defers its narrative. */
function continuationOf(body: Record<string, unknown>): string | undefined {
  if (body.clarification_required === true) {
    const question = (body.clarification as { question_text?: string } | undefined)?.question_text ?? "";
    return (
      `Clarification needed (question ${String(body.intake_tier)} of at most ${MAX_CLARIFICATIONS}): ${question} ` +
      "Answer by calling reason again with the byte-identical input, this continuation_token, and the answer as clarification_response."
    );
  }
  const narrative = body.narrative as { status?: string; correlation_id?: string } | undefined;
  if (narrative?.status === "deferred" && narrative.correlation_id) {
    return `The narrative is deferred: read it with reason-narrative {"correlation_id":"${narrative.correlation_id}"} (deferred until written, then ready with its text).`;
  }
  return undefined;
}
