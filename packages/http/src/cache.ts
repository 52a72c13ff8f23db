import { encodeBase64url } from "@svc/core";
import type { Context } from "hono";
import type { AppEnv } from "./route";

/** Public overviews change only with a deploy; an hour of freshness and a long revalidation window. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=3600, stale-while-revalidate=86400";

/** A page whose links change with a deploy: cached, but revalidated (ETag, 304) before every use. */
export const REVALIDATE_CACHE_CONTROL = "public, no-cache";

/** A file whose URL names its content (a hash in its name): never revalidated. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Answers a public, cacheable JSON (or text) body with a strong ETag over its bytes and a
 * 304 when the client already holds it.
 */
export async function publicBody(c: Context<AppEnv>, body: string, contentType = "application/json; charset=utf-8"): Promise<Response> {
  return respondPublic(c, { body, etag: `"${await digest(body)}"` }, contentType);
}

export function publicJson(c: Context<AppEnv>, value: unknown): Promise<Response> {
  return publicBody(c, JSON.stringify(value));
}

interface PreparedBody {
  readonly body: string;
  readonly etag: string;
}

/**
 * For content that never changes while the code runs (framework data, generated documents):
 * serialises and hashes it once, on first use, then answers every request from that.
 * `headers` adds to (or replaces, e.g. Cache-Control) the headers of the 200 and the 304.
 */
export function staticPublicBody(
  render: () => string,
  contentType = "application/json; charset=utf-8",
  headers: Readonly<Record<string, string>> = {},
): (c: Context<AppEnv>) => Promise<Response> {
  // Per isolate or process: the content is fixed at build time, so one copy serves all requests.
  let prepared: Promise<PreparedBody> | undefined;
  return async (c) => {
    prepared ??= (async () => {
      const body = render();
      return { body, etag: `"${await digest(body)}"` };
    })();
    return respondPublic(c, await prepared, contentType, headers);
  };
}

export function staticPublicJson(build: () => unknown): (c: Context<AppEnv>) => Promise<Response> {
  return staticPublicBody(() => JSON.stringify(build()));
}

function respondPublic(c: Context<AppEnv>, { body, etag }: PreparedBody, contentType: string, extra: Readonly<Record<string, string>> = {}): Response {
  const headers = {
    ETag: etag,
    "Cache-Control": PUBLIC_CACHE_CONTROL,
    "Content-Type": contentType,
    ...extra,
  };
  if (matchesEtag(c.req.header("If-None-Match"), etag)) {
    return c.body(null, 304, headers);
  }
  return c.body(body, 200, headers);
}

/** Whether an If-None-Match header names this ETag (weak comparison, `*` included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

async function digest(text: string): Promise<string> {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return encodeBase64url(new Uint8Array(hash).slice(0, 18));
}
