import { zValidator } from "@hono/zod-validator";
import { DomainError, fieldOfIssue, ValidationError } from "@svc/core";
import type { Context, MiddlewareHandler } from "hono";
import type * as z from "zod";
import { HttpError } from "./errors";
import { type AppEnv, DEFAULT_MAX_BODY_BYTES, type OperationInput, type RouteContract } from "./route";

/**
 * Validation of a route's input: the guards, then the contract's schemas through
 * `@hono/zod-validator`, as middleware in this order, each refusing before the next runs:
 *
 *   path      NUL and lone surrogates refused (400), then the params schema (a path that names no
 *             resource: 404 naming the segment);
 *   query     the same guard, then the query schema (400);
 *   body      the byte cap on the raw bytes (413), UTF-8, JSON (whatever the Content-Type: every
 *             body of this API is JSON), NUL, lone surrogates and depth (400), then the body schema
 *             (400 naming the field).
 *
 * zValidator parses with `reportInput`, so an absent field reads as missing rather than as a
 * wrong type, and its hook renders a failure as the service's error envelope (it throws the
 * ValidationError the error handler renders). The handler reads what passed from `c.req.valid`.
 */
export function validationOf(route: RouteContract): MiddlewareHandler<AppEnv>[] {
  const request = route.request ?? {};
  const chain: MiddlewareHandler<AppEnv>[] = [];
  if (request.params)
    chain.push(
      guard((c) => refuseUnstorableText(c.req.param(), "")),
      zValidator("param", request.params, refuseParams, PARSE),
    );
  if (request.query)
    chain.push(
      guard((c) => refuseUnstorableText(queryOf(c), "")),
      zValidator("query", request.query, refuse, PARSE),
    );
  if (request.body) chain.push(bodyGuard(route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES), zValidator("json", request.body, refuse, PARSE));
  return chain;
}

/** What validation passed, as the handler takes it. */
export function operationInput<R extends RouteContract>(c: Context<AppEnv>, route: R): OperationInput<R> {
  const request = route.request ?? {};
  // The validators were chosen at mount time from the contract, so their types are not Hono's to infer.
  const valid = (target: "param" | "query" | "json") => (c.req.valid as (target: string) => unknown)(target);
  return {
    params: request.params ? valid("param") : undefined,
    query: request.query ? valid("query") : undefined,
    body: request.body ? valid("json") : undefined,
  } as OperationInput<R>;
}

/** The body's JSON as sent (before the schema's defaults), which Idempotency-Key fingerprints; undefined for a route without a body. */
export function sentJson(c: Context<AppEnv>): unknown {
  return c.get("sentJson");
}

// zod leaves `input` off issues unless asked; without it a wrong type reads as a missing field.
const PARSE = { validationFunction: (schema: z.ZodType, value: unknown) => schema.safeParseAsync(value, { reportInput: true }) };

type Outcome = { success: true } | { success: false; error: z.core.$ZodError };

function refuse(result: Outcome): void {
  if (!result.success) throw validationErrorFrom(result.error);
}

/** A path that names no resource is a 404 (naming the segment), not a malformed request. */
function refuseParams(result: Outcome): void {
  if (result.success) return;
  const invalid = validationErrorFrom(result.error);
  throw new DomainError("not_found", "not_found", `No such resource: ${invalid.message}.`, { field: invalid.field });
}

/** The query, each key once: no query of this API takes a list, so a key given twice is refused, naming it. */
function queryOf(c: Context<AppEnv>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(c.req.queries()).map(([key, values]) => {
      if (values.length > 1) throw new ValidationError("invalid_field", `${key}: given ${values.length} times; give it once`, key);
      return [key, values[0]!];
    }),
  );
}

function guard(check: (c: Context<AppEnv>) => unknown): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    check(c);
    await next();
  };
}

/**
 * Reads the body once, within the cap, and hands its JSON to the json validator through Hono's
 * body cache. A body sent under another Content-Type (curl's `-d` default) is presented to the
 * validator as JSON too, which reads only JSON media types.
 */
function bodyGuard(maxBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const json = refuseUnstorableText(parseJson(await readBodyText(c.req.raw, maxBytes)), "");
    c.set("sentJson", json);
    if (!JSON_MEDIA_TYPE.test((c.req.header("Content-Type") ?? "").split(";")[0]!.trim())) {
      const headers = new Headers(c.req.raw.headers);
      headers.set("Content-Type", "application/json");
      c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers, signal: c.req.raw.signal });
    }
    // Hono's json() parses its cached text (given only the JSON, it serialised it into a new
    // Response and read that back as a stream): the text it would have read, JSON.stringify's.
    c.req.bodyCache.json = Promise.resolve(json);
    // (Hono types its cache by the values, but keeps and awaits their promises.)
    c.req.bodyCache.text = Promise.resolve(JSON.stringify(json)) as unknown as string;
    await next();
  };
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Reads the raw body while counting bytes, so an oversized body is refused before it is
 * buffered whole or parsed, whether or not it declared a Content-Length.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const tooLarge = () => new HttpError(413, "payload_too_large", `The request body exceeds the limit of ${maxBytes} bytes for this route.`);
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge();
  let bytes: Uint8Array;
  if (declared !== null) {
    // Declared within the cap: the HTTP framing stops the body there, so it is read whole (on
    // Node without a web stream: @hono/node-server reads the socket directly), and the count
    // checked after, for a request built in-process whose header says less than it carries.
    bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > maxBytes) throw tooLarge();
  } else {
    if (!request.body) return "";
    bytes = await readCapped(request.body, maxBytes, tooLarge);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ValidationError("invalid_json", "The request body is not valid UTF-8 text.");
  }
}

/** A body without a declared length, read while counting: refused once past the cap, before it is buffered whole. */
async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number, tooLarge: () => HttpError): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * How deep a body may nest. No field of this API goes past a dozen levels; without a bound a
 * body of nested brackets exhausts the stack of every recursive walk after JSON.parse (a 500).
 */
const MAX_JSON_DEPTH = 64;

/**
 * A UTF-16 surrogate without its pair: valid as a JSON escape (`"\ud800"`) but no Unicode text.
 * Postgres refuses it in jsonb (a 503 that retrying never cures) and stores it in text as U+FFFD
 * (so an id is no longer echoed as sent, and two ids become one).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * No input may carry a NUL character or a lone surrogate: Postgres cannot store either as sent,
 * and no field of this API has a use for them. Refused here, once, as a 400 naming the field.
 * The same walk refuses a body nested deeper than MAX_JSON_DEPTH.
 */
export function refuseUnstorableText<T>(value: T, path: string, depth = 0): T {
  if (typeof value === "string") {
    if (value.includes("\u0000")) throw new ValidationError("invalid_field", `${path || "body"}: must not contain a NUL character`, path || undefined);
    if (LONE_SURROGATE.test(value))
      throw new ValidationError("invalid_field", `${path || "body"}: must be well-formed Unicode text (it holds an unpaired surrogate)`, path || undefined);
    return value;
  }
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_JSON_DEPTH) throw new ValidationError("invalid_json", `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) refuseUnstorableText(item, `${path}[${i}]`, depth + 1);
  } else {
    for (const [key, item] of Object.entries(value)) {
      refuseUnstorableText(key, path ? `${path}.${key}` : key);
      refuseUnstorableText(item, path ? `${path}.${key}` : key, depth + 1);
    }
  }
  return value;
}

function parseJson(text: string): unknown {
  if (text.trim() === "") {
    throw new ValidationError("invalid_json", "The request body is empty; this route expects a JSON object.");
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    const detail = err instanceof SyntaxError ? ` (${err.message})` : "";
    throw new ValidationError("invalid_json", `The request body is not valid JSON${detail}.`);
  }
}

/** Turns a zod error into one ValidationError naming the first offending field. */
function validationErrorFrom(error: z.core.$ZodError): ValidationError {
  const described = error.issues.map((issue) => ({ field: fieldOfIssue(issue), issue }));
  const first = described[0]!;
  const missing = isMissing(first.issue);
  const code = first.issue.code === "unrecognized_keys" ? "unknown_field" : missing ? "missing_field" : "invalid_field";
  const message = described
    .map(({ field, issue }) => {
      if (issue.code === "unrecognized_keys") return `${field}: this field is not accepted here`;
      if (isMissing(issue)) return `${field}: required`;
      return `${field || "body"}: ${issue.message}`;
    })
    .join("; ");
  return new ValidationError(code, message, first.field || undefined);
}

/** An absent field: zod reports it as a wrong type, or for an enum or literal as a wrong value. */
function isMissing(issue: z.core.$ZodIssue): boolean {
  return (issue.code === "invalid_type" || issue.code === "invalid_value") && issue.input === undefined;
}
