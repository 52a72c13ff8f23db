import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { defineOperation, ErrorEnvelope, serviceBinding, type AppEnv, type ServiceFetcher } from "@svc/http";
import type { Context } from "hono";
import { z } from "zod";
import { createMcpServer, MCP_CATALOGUE, type RouteCaller } from "../mcp_server";

const JsonRpcId = z.union([z.string(), z.number().int()]);

export const McpMessage = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: JsonRpcId.optional().describe("Present on a request (and on a client's response); absent on a notification."),
    method: z.string().min(1).max(200).optional().describe("initialize, tools/list, tools/call, resources/list, resources/read, ping, or a notification."),
    params: z.record(z.string(), z.unknown()).optional(),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .describe("One JSON-RPC 2.0 message of the Model Context Protocol (no batches: MCP dropped them in 2025-06-18).");

export const McpAnswer = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: JsonRpcId.nullable(),
    result: z.record(z.string(), z.unknown()).optional(),
    error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .describe("The JSON-RPC response: a result, or an error (e.g. -32602 for an unknown tool, -32002 for an unknown resource).");

/**
 * What the MCP transport refuses itself, as JSON-RPC rather than the error envelope. A fresh
 * schema per response: the OpenAPI document inlines each, where one schema shared by several
 * responses would need a component name.
 */
const transportRefusal = () =>
  z
    .object({ jsonrpc: z.literal("2.0"), id: z.null(), error: z.object({ code: z.number().int(), message: z.string() }) })
    .describe("A JSON-RPC error without an id, from the transport.");

/** JSON-RPC's own framing around a tool call's arguments. */
const ENVELOPE_BYTES = 16 * 1024;

export const mcpPost = defineOperation(
  {
    operationId: "mcp",
    method: "post",
    path: "/mcp",
    summary: "MCP server (Streamable HTTP)",
    description:
      "The Model Context Protocol over Streamable HTTP, stateless (no Mcp-Session-Id; every request stands alone) and answered as JSON: send Accept: application/json, text/event-stream. " +
      "Tools: guardrail, score-action, advise-action, reason, reason-narrative, score-decision, usage; each call is one call of its HTTP route with the same credential, validated and metered there (a tool's refusal is a tool result with isError, naming the status, code and field). " +
      "Resources: the framework (stoic://virtues, stoic://indifferents, stoic://stoic-brain, its hub and domain files). GET and DELETE are 405: there is no server-sent stream and no session.",
    tags: ["mcp"],
    auth: "bearer",
    listing: { spec: "-" },
    maxBodyBytes: MCP_CATALOGUE.max_tool_body_bytes + ENVELOPE_BYTES,
    request: { body: McpMessage },
    responses: {
      200: { description: "The answer to a request.", schema: McpAnswer },
      202: { description: "A notification (or a client's response) accepted; no body." },
      400: { description: "Not one JSON-RPC message (the field is named).", schema: z.union([ErrorEnvelope, transportRefusal()]) },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      406: { description: "Accept does not list both application/json and text/event-stream.", schema: transportRefusal() },
      415: { description: "Content-Type is not application/json.", schema: transportRefusal() },
    },
  },
  async (c, { body }) => {
    const server = createMcpServer({ callRoute: routeCaller(c), requestId: () => c.get("requestId") });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw, { parsedBody: body });
    } finally {
      await server.close();
    }
  },
);

/**
 * Calls a route through the binding to the function that serves it, with the caller's own
 * Authorization, so the route authenticates, validates and meters the call as over HTTP. Every
 * binding the tools need is resolved first: a deployment that lacks one answers 500
 * bad_environment naming it, before any tool runs.
 */
function routeCaller(c: Context<AppEnv>): RouteCaller {
  const bindings = new Map<string, ServiceFetcher>();
  for (const tool of MCP_CATALOGUE.tools) {
    if (!bindings.has(tool.route.function)) bindings.set(tool.route.function, serviceBinding(c.env, tool.route.function));
  }
  const authorization = c.req.header("Authorization")!;
  const origin = new URL(c.req.url).origin;
  return (call) => {
    const headers: Record<string, string> = { Authorization: authorization, "X-Request-Id": c.get("requestId") };
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    const request = new Request(new URL(call.path, origin), { method: call.method, headers, ...(call.body !== undefined ? { body: call.body } : {}) });
    return bindings.get(call.function)!.fetch(request);
  };
}
