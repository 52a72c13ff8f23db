import { pathMatcher, serviceBindingName, type ServiceFetcher, type ServiceFunction } from "@svc/http";

export type Dispatch = (request: Request) => Promise<Response>;

/**
 * Routes each request to the function that owns its path, as the Workers routes do in
 * production; a path nobody owns goes to the first function, which answers the JSON 404.
 * GET /healthz reports every function. Each function also gets a binding to every other, as
 * service bindings give a Worker in production (the MCP function calls its tools' routes so).
 */
export function createDispatcher(functions: readonly ServiceFunction[], functionEnv: Record<string, unknown>): Dispatch {
  const env: Record<string, unknown> = { ...functionEnv };
  Object.assign(env, serviceBindingsFor(functions, env));
  const owners = functions.flatMap((fn) => fn.routes.filter((route) => route.path !== "/healthz").map((route) => ({ fn, regex: pathMatcher(route.path) })));
  const fallback = functions[0]!;
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/healthz" && (request.method === "GET" || request.method === "HEAD")) {
      return healthOfAll(functions, request, env);
    }
    const owner = owners.find(({ regex }) => regex.test(path))?.fn ?? fallback;
    return owner.fetch(request, env);
  };
}

async function healthOfAll(functions: readonly ServiceFunction[], request: Request, env: Record<string, unknown>): Promise<Response> {
  const responses = await Promise.all(functions.map((fn) => fn.fetch(new Request(request.url, { headers: request.headers }), env)));
  const results = responses.map((res, i) => ({ function: functions[i]!.name, status: res.ok ? "ok" : "failing" }));
  const healthy = results.every((r) => r.status === "ok");
  // The headers every function sends; the request id is the one the functions agreed on
  // (the caller's sane X-Request-Id, or the first function's own).
  const headers = { "X-Request-Id": responses[0]!.headers.get("X-Request-Id") ?? `req_${crypto.randomUUID()}`, "X-Content-Type-Options": "nosniff" };
  return Response.json({ status: healthy ? "ok" : "degraded", function: "local", functions: results }, { status: healthy ? 200 : 503, headers });
}

/** Each function's own fetch with `env` (the environment these bindings join), under its binding name. */
function serviceBindingsFor(functions: readonly ServiceFunction[], env: Record<string, unknown>): Record<string, ServiceFetcher> {
  return Object.fromEntries(functions.map((fn) => [serviceBindingName(fn.name), { fetch: async (request: Request) => fn.fetch(request, env) }]));
}
