import { authorize, charged, IDEMPOTENCY_KEY_HEADER, type Principal } from "@svc/core";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { AppEnv } from "./route";
import { HttpError, renderError } from "./errors";
import {
  BadEnvironmentError,
  isRuntime,
  parseEnv,
  RUNTIME_BINDING,
  writeLog,
  type EnvProblem,
  type LogLevel,
  type Runtime,
  type RuntimeUses,
} from "@svc/runtime";
import { idempotencyKeyOf, IDEMPOTENT_REPLAYED_HEADER, ORIGINAL_REQUEST_HEADER, runIdempotently } from "./idempotency";
import { meterRequest } from "./metering";
import { releaseSession } from "./session";
import { defineOperation, pathMatcher, toHonoPath, type Operation, type RouteContract } from "./route";
import { operationInput, sentJson, validationOf } from "./validation";
import * as z from "zod";

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
const CORS_REQUEST_HEADERS = `Authorization, Content-Type, X-Request-Id, If-None-Match, ${IDEMPOTENCY_KEY_HEADER}`;
const CORS_EXPOSED_HEADERS = `X-Request-Id, ETag, Retry-After, RateLimit, RateLimit-Policy, X-Loop-Id, ${IDEMPOTENT_REPLAYED_HEADER}, ${ORIGINAL_REQUEST_HEADER}`;

export const HealthResponse = z.object({
  status: z.enum(["ok", "degraded"]).describe("degraded only on the local server, when one of the functions it hosts fails."),
  function: z.string().describe("Name of the function that answered (`local` for the local server, which hosts every function)."),
  functions: z
    .array(z.object({ function: z.string(), status: z.enum(["ok", "failing"]) }))
    .optional()
    .describe("The local server only (`npm start`): the health of each function it hosts."),
});

export const NotReadyResponse = z.object({
  status: z.literal("not_ready"),
  function: z.string().describe("Name of the function that answered."),
  problems: z
    .array(z.object({ variable: z.string(), message: z.string() }))
    .describe("The environment variables missing or malformed; the routes that need them answer 500 bad_environment naming them."),
});

/**
 * Every function answers GET /healthz for its own liveness, and is not ready (503) while its
 * deployment lacks a variable it needs or has one malformed: a misconfiguration shows here,
 * never as a silent outage.
 */
function healthOperation(name: string, uses: RuntimeUses) {
  return defineOperation(
    {
      operationId: "health",
      method: "get",
      path: "/healthz",
      summary: "Liveness and readiness of the function",
      tags: ["meta"],
      auth: "none",
      listing: { spec: "-" },
      responses: {
        200: { description: "The function is up and configured.", schema: HealthResponse },
        503: {
          description:
            "The function is up, but its environment lacks or has malformed variables it needs (not_ready); on the local server, a function it hosts is failing (degraded).",
          schema: z.union([NotReadyResponse, HealthResponse]),
        },
      },
    },
    (c) => {
      const problems = c.get("runtime")?.problems?.(c.get("config"), uses) ?? [];
      if (problems.length > 0) return notReady(c, name, problems);
      return c.json({ status: "ok" as const, function: name });
    },
  );
}

function notReady(c: Context<AppEnv>, name: string, problems: readonly EnvProblem[]) {
  return c.json({ status: "not_ready" as const, function: name, problems: [...problems] }, 503);
}

const HEALTH_PATH = "/healthz";

/**
 * The factory every function uses: request id, one JSON log line per request, the checked
 * environment, CORS, body caps and validation per route, JSON 404/405 and the error envelope.
 */
export interface ServiceFunctionOptions {
  /** The production parts this function uses when deployed; the local server overrides it. */
  readonly runtime?: Runtime;
  /**
   * Required when any route is protected (pass `authenticate` from `@svc/http/auth`). Public
   * functions leave it out, so their Workers carry no token or key code.
   */
  readonly authenticate?: (c: Context<AppEnv>) => Promise<Principal>;
}

// biome-ignore lint/suspicious/noExplicitAny: operations of every body type share one list
type AnyOperation = Operation<any>;

export function createServiceFunction(name: string, operations: readonly AnyOperation[], options: ServiceFunctionOptions = {}): ServiceFunction {
  // Any route a key or a user can call is metered (at least its burst window).
  const uses: RuntimeUses = { meter: operations.some((op) => op.route.auth === "bearer") };
  const all: readonly AnyOperation[] = [...operations, healthOperation(name, uses)];
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
  /**
   * Whether a request goes to a public route, judged on its method and path: a public GET
   * shares its path with a protected POST (GET and POST /api/accreditation/{agent_id}). A
   * preflight is judged on the method it asks about; a request no route answers on its
   * method (404, 405) is public unless a protected route shares the path.
   */
  const isPublicRequest = (method: string, path: string, preflightMethod: string | undefined) => {
    const asked = (method === "OPTIONS" ? (preflightMethod ?? "") : method).toLowerCase();
    const onPath = matchers.filter(({ regex }) => regex.test(path)).map(({ route }) => route);
    const onMethod = onPath.filter((route) => route.method === asked || (asked === "head" && route.method === "get"));
    return (onMethod.length > 0 ? onMethod : onPath).every((route) => route.auth === "none");
  };

  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const requestId = incoming && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : `req_${crypto.randomUUID()}`;
    c.set("requestId", requestId);
    await next();
    await releaseSession(c);
    setFinalHeader(c, REQUEST_ID_HEADER, requestId);
    setFinalHeader(c, "X-Content-Type-Options", "nosniff");
    // Set here, once, after the handler: no shared cache may keep what a credential was
    // answered (a new API key, usage, a refusal), whatever the handler itself set.
    const route = c.get("route");
    if (route && route.auth !== "none") setFinalHeader(c, "Cache-Control", "no-store");
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
    try {
      c.set("config", parseEnv(c.env));
    } catch (err) {
      // Every other route answers the 500 bad_environment; the health route says not ready.
      if (!(err instanceof BadEnvironmentError) || c.req.path !== HEALTH_PATH) throw err;
      return notReady(c, name, [{ variable: err.variable, message: err.message }]);
    }
    const bound = c.env?.[RUNTIME_BINDING];
    c.set("runtime", isRuntime(bound) ? bound : options.runtime);
    applyCors(c, isPublicRequest(c.req.method, c.req.path, c.req.header("Access-Control-Request-Method")));
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
    // The one request path: authenticate, authorize what the caller alone decides, validate,
    // then meter. A caller without the right learns nothing of the body's shape (403 before
    // 400), and a 400 costs nothing.
    const access: MiddlewareHandler<AppEnv> = async (c, next) => {
      c.set("routePath", op.route.path);
      c.set("route", op.route);
      const principal = op.route.auth === "none" ? undefined : await authenticate!(c);
      c.set("principal", principal);
      if (principal) {
        op.route.precheck?.(principal);
        authorize(principal, { ...op.route.requires, operator: op.route.auth === "operator" });
      }
      await next();
    };
    app.on(op.route.method.toUpperCase(), toHonoPath(op.route.path), access, ...validationOf(op.route), async (c) => {
      const input = operationInput(c, op.route);
      const principal = c.get("principal");
      if (!principal) return op.handle(c, input);
      const idempotencyKey = idempotencyKeyOf(c, op.route);
      const execute = () =>
        charged(
          () => meterRequest(c, principal, op.route),
          async () => op.handle(c, input),
        );
      // With an Idempotency-Key the key is claimed before the meter: a retry is never charged twice.
      return idempotencyKey === undefined ? execute() : runIdempotently(c, { principal, key: idempotencyKey, body: sentJson(c) }, execute);
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
        // A store outage's driver error: the response never carries it, the log does.
        ...(err instanceof Error && err.cause !== undefined ? { cause: String(err.cause) } : {}),
        stack: err instanceof Error ? err.stack : undefined,
      });
    }
    for (const [key, value] of Object.entries(rendered.headers)) c.header(key, value);
    return c.json(rendered.body, rendered.status as 400);
  });

  return { name, app, routes, fetch: (request, env, ctx) => app.fetch(request, env ?? {}, ctx as never) };
}

/**
 * A header set on the response the handler gave, in place. Hono's `c.header` after the handler
 * builds a new response around the old one's body, which on Node turns a string body into a web
 * stream (and the write into a stream's); only a response whose headers cannot change (a fetched
 * one) goes that way.
 */
function setFinalHeader(c: Context<AppEnv>, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
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
