import {
  bodyFingerprint,
  callerSubject,
  claimIdempotencyKey,
  idempotencySealContext,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_TTL_SECONDS,
  keepsIdempotentResponse,
  parseIdempotencyKey,
  type IdempotentRequest,
  type Principal,
  type Sealer,
  type StoredResponse,
  ValidationError,
} from "@svc/core";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./route";
import { BadEnvironmentError, type RuntimeSession, writeLog } from "@svc/runtime";
import { renderError } from "./errors";
import type { RouteContract } from "./route";
import { sessionOf } from "./session";

export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** On a replay, the request id of the call that ran (an error envelope's request_id is that one's). */
export const ORIGINAL_REQUEST_HEADER = "Original-Request";

/** The response headers a replay repeats: what describes the result, not this delivery. */
const REPLAYED_HEADERS = ["Content-Type", "Cache-Control", "Location", "X-Loop-Id", "ETag", "RateLimit", "RateLimit-Policy", "Retry-After"];

/**
 * The caller's Idempotency-Key on an authenticated POST (every POST that writes or charges is
 * one); other methods and public routes ignore the header. A malformed value is a 400, and so is
 * any value on a route whose response must never be stored.
 */
export function idempotencyKeyOf(c: Context<AppEnv>, route: RouteContract): string | undefined {
  if (c.req.method !== "POST") return undefined;
  const key = parseIdempotencyKey(c.req.header(IDEMPOTENCY_KEY_HEADER));
  if (key !== undefined && route.idempotent === false) {
    throw new ValidationError(
      "idempotency_key_not_accepted",
      `${IDEMPOTENCY_KEY_HEADER} is not accepted on ${route.path}: its response carries a secret that is shown once and never stored, so it cannot be replayed.`,
      IDEMPOTENCY_KEY_HEADER,
    );
  }
  return key;
}

/**
 * Runs `execute` at most once per caller and key: the key is claimed before anything runs or is
 * charged (503 store_unavailable when the store cannot be reached: the call never runs
 * un-deduplicated), the result is stored for replay or the claim released (see
 * keepsIdempotentResponse), and a retry gets the stored response with `Idempotent-Replayed: true`.
 */
export async function runIdempotently(
  c: Context<AppEnv>,
  input: { principal: Principal; key: string; body: unknown },
  execute: () => Promise<Response>,
): Promise<Response> {
  const session = await sessionOf(c);
  const { idempotency } = session;
  const sealer = sealerFor(c, session);
  const url = new URL(c.req.url);
  const request: IdempotentRequest = {
    subject: callerSubject(input.principal),
    key: input.key,
    method: c.req.method,
    path: url.pathname + url.search,
    bodySha256: await bodyFingerprint(input.body),
  };
  // The session's stores are behind the one guard: an unreachable store is 503 store_unavailable here too.
  const claim = await claimIdempotencyKey({ store: idempotency, request, now: new Date() });
  const sealContext = idempotencySealContext(request.subject, request.key);
  if (claim.kind === "replay") {
    const stored = claim.response;
    // A sealed body needs the data keys; without them session.sealer() names the missing variable.
    const body = stored.sealed ? await (sealer ?? session.sealer()).open(stored.body, sealContext) : stored.body;
    return replay(c, { ...stored, body });
  }

  const finish = async (response: Omit<StoredResponse, "sealed">) => {
    const stored = keepsIdempotentResponse(response.status);
    try {
      if (stored) {
        const kept = sealer ? { ...response, body: await sealer.seal(response.body, sealContext), sealed: true } : { ...response, sealed: false };
        await idempotency.complete(request.subject, request.key, claim.claimId, kept, new Date(Date.now() + IDEMPOTENCY_TTL_SECONDS * 1000));
      } else {
        await idempotency.release(request.subject, request.key, claim.claimId);
      }
    } catch (err) {
      // The call's own outcome stands; its claim lapses with the lease (a retry meanwhile is a 409).
      writeLog(c.get("config").LOG_LEVEL, "warn", "idempotency_store_failed", {
        request_id: c.get("requestId"),
        route: c.get("routePath"),
        what: stored ? "complete" : "release",
        error: err instanceof Error ? err.message : String(err),
      });
    }
  };

  const run = (async () => {
    try {
      const response = await execute();
      await finish({ status: response.status, headers: replayedHeaders(response.headers, c), body: await response.clone().text() });
      return response;
    } catch (err) {
      // The error is rendered by the app's error handler exactly as here, so a replay repeats it.
      const rendered = renderError(err, c.get("requestId"));
      await finish({
        status: rendered.status,
        headers: { ...rendered.headers, "Content-Type": "application/json", [ORIGINAL_REQUEST_HEADER]: c.get("requestId") },
        body: JSON.stringify(rendered.body),
      });
      throw err;
    }
  })();
  // In a Worker, a client that disconnects would cancel the call midway; waitUntil lets it
  // finish and store its result, so the client's retry gets it rather than a second run.
  try {
    c.executionCtx.waitUntil(run.catch(() => undefined));
  } catch {
    // Node has no execution context, and finishes the call anyway.
  }
  return run;
}

/**
 * The deployment's sealer where it has data keys (the embedded default always does): stored
 * bodies are sealed then, so a response whose records are sealed at rest (an assessment, a
 * journal entry) never sits beside them in plaintext. A deployment without DATA_KEYS stores
 * bodies as sent; data keys that are set but invalid still fail as bad_environment.
 */
function sealerFor(c: Context<AppEnv>, session: RuntimeSession): Sealer | null {
  try {
    return session.sealer();
  } catch (err) {
    if (err instanceof BadEnvironmentError && !c.get("config").DATA_KEYS) return null;
    throw err;
  }
}

function replayedHeaders(headers: Headers, c: Context<AppEnv>): Record<string, string> {
  const kept: Record<string, string> = { [ORIGINAL_REQUEST_HEADER]: c.get("requestId") };
  for (const name of REPLAYED_HEADERS) {
    const value = headers.get(name);
    if (value !== null) kept[name] = value;
  }
  return kept;
}

/** Statuses whose response carries no body at all. */
const BODILESS = new Set([204, 205, 304]);

function replay(c: Context<AppEnv>, stored: StoredResponse): Response {
  const headers = { ...stored.headers, [IDEMPOTENT_REPLAYED_HEADER]: "true" };
  return BODILESS.has(stored.status) ? c.body(null, stored.status as 204, headers) : c.body(stored.body, stored.status as ContentfulStatusCode, headers);
}
