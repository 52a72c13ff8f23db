import { authorize, type Principal } from "@svc/core";
import { Hono, type Context } from "hono";
import type { AppEnv } from "./context";
import { parseEnv } from "./env";
import { HttpError, renderError } from "./errors";
import { writeLog, type LogLevel } from "./log";
import { isPlatform, PLATFORM_BINDING, type Platform } from "./platform";
import { meterRequest } from "./metering";
import { releaseSession } from "./session";
import { defineOperation, pathMatcher, readOperationInput, toHonoPath, type Operation, type RouteContract } from "./route";
import { z } from "zod";

/** One deployable function: a Hono app plus the contracts of the routes it serves. */
export interface ServiceFunction {
  readonly name: string;
  readonly app: Hono<AppEnv>;
  readonly routes: readonly RouteContract[];
  readonly fetch: (request: Request, env?: Record<string, unknown>, ctx?: unknown) => Response | Promise<Response>;
}

const REQUEST_ID_HEADER = "X-Request-Id";
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const PREFLIGHT_MAX_AGE = "86400";
const CORS_REQUEST_HEADERS = "Authorization, Content-Type, X-Request-Id, If-None-Match";
const CORS_EXPOSED_HEADERS = "X-Request-Id, ETag, Retry-After, RateLimit, RateLimit-Policy, X-Loop-Id";

export const HealthResponse = z.object({
  status: z.literal("ok"),
  function: z.string().describe("Name of the function that answered."),
});

/** Every function answers GET /healthz for its own liveness. */
function healthOperation(name: string) {
  return defineOperation(
    {
      operationId: "health",
      method: "get",
      path: "/healthz",
      summary: "Liveness of the function",
      tags: ["meta"],
      auth: "none",
      responses: { 200: { description: "The function is up.", schema: HealthResponse } },
    },
    (c) => c.json({ status: "ok" as const, function: name }),
  );
}

/**
 * The factory every function uses: request id, one JSON log line per request, the checked
 * environment, CORS, body caps and validation per route, JSON 404/405 and the error envelope.
 */
export interface ServiceFunctionOptions {
  /** The production parts this function uses when deployed; the local server overrides it. */
  readonly platform?: Platform;
  /**
   * Required when any route is protected (pass `authenticate` from `@svc/http/auth`). Public
   * functions leave it out, so their Workers carry no token or key code.
   */
  readonly authenticate?: (c: Context<AppEnv>) => Promise<Principal>;
}

export function createServiceFunction(
  name: string,
  operations: readonly Operation<any>[],
  options: ServiceFunctionOptions = {},
): ServiceFunction {
  const all: readonly Operation<any>[] = [...operations, healthOperation(name)];
  const authenticate = options.authenticate;
  const unguarded = all.filter((op) => op.route.auth !== "none").map((op) => op.route.operationId);
  if (unguarded.length > 0 && !authenticate) {
    throw new Error(`function ${name}: protected routes (${unguarded.join(", ")}) need the authenticate option`);
  }
  const routes = all.map((op) => op.route as RouteContract);
  const matchers = routes.map((route) => ({ route, regex: pathMatcher(route.path) }));
  const methodsFor = (path: string) => {
    const methods = new Set<string>();
    for (const { route, regex } of matchers) {
      if (!regex.test(path)) continue;
      methods.add(route.method.toUpperCase());
      if (route.method === "get") methods.add("HEAD");
    }
    return [...methods];
  };
  const isPublicPath = (path: string) => matchers.every(({ route, regex }) => !regex.test(path) || route.auth === "none");

  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const requestId = incoming && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : `req_${crypto.randomUUID()}`;
    c.set("requestId", requestId);
    await next();
    await releaseSession(c);
    c.header(REQUEST_ID_HEADER, requestId);
    const threshold: LogLevel = c.get("config")?.LOG_LEVEL ?? "info";
    writeLog(threshold, c.res.status >= 500 ? "error" : "info", "request", {
      function: name,
      request_id: requestId,
      method: c.req.method,
      path: c.req.path,
      route: c.get("routePath") ?? null,
      status: c.res.status,
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
    });
  });

  app.use("*", async (c, next) => {
    c.set("config", parseEnv(c.env));
    const bound = c.env?.[PLATFORM_BINDING];
    c.set("platform", isPlatform(bound) ? bound : options.platform);
    applyCors(c, isPublicPath(c.req.path));
    if (c.req.method === "OPTIONS") {
      const methods = methodsFor(c.req.path);
      if (methods.length === 0) throw notFound(c.req.path);
      c.header("Access-Control-Allow-Methods", [...methods, "OPTIONS"].join(", "));
      c.header("Access-Control-Allow-Headers", CORS_REQUEST_HEADERS);
      c.header("Access-Control-Max-Age", PREFLIGHT_MAX_AGE);
      c.header("Allow", [...methods, "OPTIONS"].join(", "));
      return c.body(null, 204);
    }
    await next();
  });

  for (const op of all) {
    app.on(op.route.method.toUpperCase(), toHonoPath(op.route.path), async (c) => {
      c.set("routePath", op.route.path);
      c.set("route", op.route);
      // The one request path: authenticate, authorize what the caller alone decides, validate,
      // then meter. A caller without the right learns nothing of the body's shape (403 before
      // 400), and a 400 costs nothing.
      const principal = op.route.auth === "none" ? undefined : await authenticate!(c);
      c.set("principal", principal);
      if (principal) {
        op.route.precheck?.(principal);
        authorize(principal, { ...op.route.requires, operator: op.route.auth === "operator" });
      }
      const input = await readOperationInput(c, op.route);
      if (!principal) return op.handle(c, input);
      const charge = await meterRequest(c, principal, op.route, input.body);
      try {
        return await op.handle(c, input);
      } catch (err) {
        // A call that failed after it was charged costs nothing; the caller is told why.
        await charge.refund();
        throw err;
      }
    });
  }

  app.notFound((c) => {
    const methods = methodsFor(c.req.path);
    if (methods.length > 0) {
      throw new HttpError(405, "method_not_allowed", `${c.req.method} is not allowed on ${c.req.path}; allowed: ${methods.join(", ")}.`, undefined, {
        Allow: methods.join(", "),
      });
    }
    throw notFound(c.req.path);
  });

  app.onError((err, c) => {
    const requestId = c.get("requestId") ?? `req_${crypto.randomUUID()}`;
    const rendered = renderError(err, requestId);
    if (rendered.status >= 500) {
      const threshold: LogLevel = c.get("config")?.LOG_LEVEL ?? "info";
      writeLog(threshold, "error", "unhandled_error", {
        function: name,
        request_id: requestId,
        error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
        stack: err instanceof Error ? err.stack : undefined,
      });
    }
    for (const [key, value] of Object.entries(rendered.headers)) c.header(key, value);
    return c.json(rendered.body, rendered.status as 400);
  });

  return { name, app, routes, fetch: (request, env, ctx) => app.fetch(request, env ?? {}, ctx as never) };
}

function notFound(path: string): HttpError {
  return new HttpError(404, "not_found", `No route matches ${path}. The discovery listing at /.well-known/discovery.json lists every route.`);
}

/**
 * Public routes are open to every origin (no credentials travel with them). Protected routes
 * answer only origins listed in CORS_ALLOWED_ORIGINS, echoing the one that matched: a header
 * never carries several origins.
 */
function applyCors(c: Context<AppEnv>, isPublic: boolean): void {
  c.header("Access-Control-Expose-Headers", CORS_EXPOSED_HEADERS);
  if (isPublic) {
    c.header("Access-Control-Allow-Origin", "*");
    return;
  }
  const origin = c.req.header("Origin");
  const allowed = (c.get("config").CORS_ALLOWED_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  c.header("Vary", "Origin", { append: true });
  if (origin && allowed.includes(origin)) c.header("Access-Control-Allow-Origin", origin);
}
