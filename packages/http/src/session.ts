import type { Caller, Principal } from "@svc/core";
import type { Context } from "hono";
import type { AppEnv } from "./route";
import { BadEnvironmentError, guardedSession, type RuntimeSession } from "@svc/runtime";

/** The request's runtime session, opened on first use (public routes never open one). */
export function sessionOf(c: Context<AppEnv>): Promise<RuntimeSession> {
  const existing = c.get("session");
  if (existing) return existing;
  const runtime = c.get("runtime");
  if (!runtime) {
    throw new BadEnvironmentError("The service is misconfigured: this function has no database runtime.", "DATABASE_URL");
  }
  const opened = runtime.open(c.get("config")).then(guardedSession);
  c.set("session", opened);
  return opened;
}

/**
 * Starts work that the response does not wait for (the send of a deferred narrative's job): a
 * Worker keeps it alive with waitUntil; on Node it runs on after the response. The request's
 * session is released only once it ends. A failure is the work's own to record (the outbox
 * keeps the job for the sweeper); it never reaches the response.
 */
export function afterResponse(c: Context<AppEnv>, work: () => Promise<unknown>): void {
  const running = Promise.resolve()
    .then(work)
    .catch(() => undefined);
  c.set("afterResponse", [...(c.get("afterResponse") ?? []), running]);
}

/** Releases the session once the response is ready and the work after it has ended; in a Worker, after the response is sent. */
export async function releaseSession(c: Context<AppEnv>): Promise<void> {
  const opened = c.get("session");
  const after = c.get("afterResponse") ?? [];
  if (!opened && after.length === 0) return;
  const release = Promise.all(after)
    .then(() => opened?.then((session) => session.release()))
    .catch(() => undefined);
  try {
    c.executionCtx.waitUntil(release);
  } catch {
    // Node has no execution context: release inline, unless work after the response is still
    // running; then the release follows it, and the response goes now.
    if (after.length === 0) await release;
  }
}

/** The authenticated caller of a protected route. */
export function principalOf(c: Context<AppEnv>): Principal {
  const principal = c.get("principal");
  if (!principal) throw new Error("principalOf called on a route without authentication");
  return principal;
}

/** A service context with the request's authenticated caller: what a service that acts for someone takes. */
export function withCaller<T extends object>(c: Context<AppEnv>, ctx: T): T & Caller {
  return { ...ctx, principal: principalOf(c) };
}
