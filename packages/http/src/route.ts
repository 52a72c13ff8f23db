import type { Context } from "hono";
import type { AccessRequirement, Principal } from "@svc/core";
import type * as z from "zod";
import type { Runtime, RuntimeSession, ServiceEnv } from "@svc/runtime";

/** Hono generics shared by every function: bindings come from the runtime, variables from middleware. */
export interface AppEnv {
  Bindings: Record<string, unknown>;
  Variables: {
    requestId: string;
    config: ServiceEnv;
    /** The matched route template, for logs. */
    routePath: string;
    runtime: Runtime | undefined;
    /** Opened on first use, released after the response. */
    session: Promise<RuntimeSession> | undefined;
    principal: Principal | undefined;
    /** The contract of the matched route. */
    route: RouteContract | undefined;
    /** The request body's JSON as sent, once the guards have read it (validation.ts). */
    sentJson: unknown;
    /** Work started for after the response (session.ts, afterResponse); the session outlives it. */
    afterResponse: Promise<unknown>[] | undefined;
  };
}

/**
 * A route's charge. `skill`: whose allowance a call draws on. `at`: `entry` (default) charges one
 * unit once validation and authorization pass, before the handler; `service` leaves it to the
 * core service, which charges through the request's Charger after its own checks that need the
 * caller or the store (so those refusals cost nothing too), as many units as its work takes.
 * Either way the charge is given back when the work fails. `onOutage`: when the meter's store
 * cannot be reached, `closed` (default) refuses with 503 metering_unavailable, `open` serves the
 * call unmetered (docs/decisions.md says which routes do).
 */
export interface RouteCharge {
  readonly skill: string;
  readonly at?: "entry" | "service";
  readonly onOutage?: "open" | "closed";
}

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** Who may call a route. Later steps add capability requirements next to `bearer`. */
export type RouteAuth = "none" | "bearer" | "operator";

export interface ResponseSpec {
  readonly description: string;
  readonly schema?: z.ZodType;
  /** Defaults to application/json. */
  readonly contentType?: string;
  /**
   * Headers this route's handler sets on this response beyond those every response of its
   * kind carries (X-Request-Id, RateLimit...), by their name in the OpenAPI document's
   * components.headers (`X-Loop-Id`).
   */
  readonly headers?: readonly string[];
}

/**
 * A route's contract: everything the OpenAPI document, the discovery listing, the local
 * dispatcher and the validation need to know, declared once beside its handler.
 */
export interface RouteContract {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** OpenAPI path template, e.g. `/api/stoic-brain/{domain}`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly auth: RouteAuth;
  /** Credential kind, capability or tier needed beyond authentication (checked before validation: 403 before 400). */
  readonly requires?: AccessRequirement;
  /**
   * A further check on the caller alone, run with `requires` before validation: for a refusal
   * the caller should learn before composing a large body (the full assessment's tier).
   */
  readonly precheck?: (principal: Principal) => void;
  /** What a call costs (absent: free; a protected route still counts against the burst window). */
  readonly charge?: RouteCharge;
  /**
   * `false`: the route refuses Idempotency-Key (400), because its response carries a secret that
   * is shown once and must never be stored (a new API key). Every other authenticated POST
   * accepts it (docs/decisions.md, "Retries and Idempotency-Key").
   */
  readonly idempotent?: false;
  /** Public GETs answer with ETag and Cache-Control and are open to every origin. */
  readonly cache?: "public";
  /** Raw body cap in bytes, checked before parsing; DEFAULT_MAX_BODY_BYTES when absent. */
  readonly maxBodyBytes?: number;
  readonly request?: {
    readonly params?: z.ZodType;
    readonly query?: z.ZodType;
    readonly body?: z.ZodType;
  };
  readonly responses: Readonly<Record<number, ResponseSpec>>;
  /** What the discovery listing says of the route beyond the rest of the contract (required of every served route: `npm run generate` refuses one without it). */
  readonly listing?: RouteListing;
}

/** The route's entry in the discovery listing, beside what the contract already says (method, path, auth, summary, charge, requires). */
export interface RouteListing {
  /** The section of the interface specification the route serves (`4.2, 2.5`), or `-` for a route of the service's own. */
  readonly spec: string;
  /** The spec's listing marks the route as planned and pending (the `/api/v1` twins). */
  readonly planned?: true;
  /** Who may call it, where `requires` cannot say (a rule on the body, or a precheck): added to its words. */
  readonly requires?: string;
}

/**
 * A raw body cap that never refuses a body within its character caps: JSON may escape every
 * character as \uXXXX (6 bytes), plus room for keys and structure.
 */
export function bodyCapForText(totalChars: number): number {
  return totalChars * 6 + 16 * 1024;
}

/** Enough for the routes with a few 5,000-character fields, however escaped. */
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

type RequestPart<R extends RouteContract, K extends "params" | "query" | "body"> = R extends {
  readonly request: { readonly [P in K]: infer S };
}
  ? S extends z.ZodType
    ? z.output<S>
    : undefined
  : undefined;

export interface OperationInput<R extends RouteContract> {
  readonly params: RequestPart<R, "params">;
  readonly query: RequestPart<R, "query">;
  readonly body: RequestPart<R, "body">;
}

export type OperationHandler<R extends RouteContract> = (c: Context<AppEnv>, input: OperationInput<R>) => Response | Promise<Response>;

export interface Operation<R extends RouteContract = RouteContract> {
  readonly route: R;
  readonly handle: OperationHandler<R>;
}

export function defineRoute<const R extends RouteContract>(route: R): R {
  return route;
}

/** A contract with a key RouteContract does not know (a typo, a field since renamed) fails to compile. */
type KnownKeysOnly<R> = R & Record<Exclude<keyof R, keyof RouteContract>, never>;

export function defineOperation<const R extends RouteContract>(route: KnownKeysOnly<R>, handle: OperationHandler<R>): Operation<R> {
  return { route, handle };
}

/** `/api/stoic-brain/{domain}` -> `/api/stoic-brain/:domain` (Hono's syntax). */
export function toHonoPath(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ":$1");
}

/** A matcher for the path template, used for 405 detection and by the local dispatcher. */
export function pathMatcher(path: string): RegExp {
  const pattern = path
    .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
    .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${pattern}$`);
}
