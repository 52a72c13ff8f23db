import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createMcpServer, type RouteCaller } from "@svc/fn-mcp/server";
import { isMain } from "./main";

/**
 * `npm run -s mcp`: the MCP server over stdio, for an MCP client on this machine. Its tools call
 * the service at SVC_URL (default http://127.0.0.1:8787, the local server) with the credential
 * in SVC_API_KEY, so each call is the HTTP route's call on that credential, validated and
 * metered by the service; its resources are the framework, read locally. stdout carries the
 * protocol only: messages go to stderr.
 */
export async function runMcpStdio(env: NodeJS.ProcessEnv): Promise<number> {
  const credential = env.SVC_API_KEY;
  if (!credential) {
    process.stderr.write("SVC_API_KEY is needed: the API key (or JWT) the tools call the service with.\n");
    return 2;
  }
  let base: URL;
  try {
    base = new URL(env.SVC_URL ?? "http://127.0.0.1:8787");
  } catch {
    process.stderr.write(`SVC_URL is not a URL: ${env.SVC_URL}\n`);
    return 2;
  }
  const callRoute: RouteCaller = (call) =>
    fetch(new URL(call.path, base), {
      method: call.method,
      headers: { Authorization: `Bearer ${credential}`, ...(call.body !== undefined ? { "Content-Type": "application/json" } : {}) },
      ...(call.body !== undefined ? { body: call.body } : {}),
    });
  const server = createMcpServer({ callRoute, requestId: () => `req_${crypto.randomUUID()}` });
  await server.connect(new StdioServerTransport());
  return 0;
}

if (isMain(import.meta.url)) {
  void runMcpStdio(process.env).then((code) => {
    if (code !== 0) process.exit(code);
  });
}
