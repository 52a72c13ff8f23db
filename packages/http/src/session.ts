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

/** Releases the session once the response is ready; in a Worker, after it is sent. */
export async function releaseSession(c: Context<AppEnv>): Promise<void> {
  const opened = c.get("session");
  if (!opened) return;
  const release = opened.then((session) => session.release()).catch(() => undefined);
  try {
    c.executionCtx.waitUntil(release);
  } catch {
    // Node has no execution context: release inline.
    await release;
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
