import { ConflictError, ForbiddenError, UnavailableError, ValidationError } from "@svc/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { createServiceFunction } from "./app";
import { ErrorEnvelope } from "./errors";
import { defineOperation } from "./route";

/**
 * A small function built with the same factory every real function uses, so the behaviour of
 * the factory (request id, envelope, caps, validation, CORS, logs) is tested on its own.
 */
const ORDER_CAP_BYTES = 1024;
const INTERNAL_SECRET = "connection refused by db-primary.internal:5432";

const thingGet = defineOperation(
  {
    operationId: "getThing",
    method: "get",
    path: "/things/{kind}",
    summary: "A public thing",
    tags: ["test"],
    auth: "none",
    request: { params: z.object({ kind: z.enum(["stone", "river"]) }) },
    responses: { 200: { description: "The thing." } },
  },
  (c, { params }) => c.json({ kind: params.kind }),
);

const OrderBody = z.strictObject({
  name: z.string().min(1),
  quantity: z.number().int(),
  items: z.array(z.strictObject({ name: z.string() })).optional(),
});

const orderCreate = defineOperation(
  {
    operationId: "createOrder",
    method: "post",
    path: "/orders",
    summary: "A strict JSON body",
    tags: ["test"],
    auth: "none",
    maxBodyBytes: ORDER_CAP_BYTES,
    request: { body: OrderBody },
    responses: { 201: { description: "Echo of the order." } },
  },
  (c, { body }) => c.json({ received: body }, 201),
);

const searchGet = defineOperation(
  {
    operationId: "search",
    method: "get",
    path: "/search",
    summary: "A query",
    tags: ["test"],
    auth: "none",
    request: { query: z.strictObject({ q: z.string().min(1), limit: z.coerce.number().int().max(50).default(10) }) },
    responses: { 200: { description: "Echo of the query." } },
  },
  (c, { query }) => c.json(query),
);

const boomGet = defineOperation(
  {
    operationId: "boom",
    method: "get",
    path: "/boom",
    summary: "Throws a plain Error",
    tags: ["test"],
    auth: "none",
    responses: { 200: { description: "Never." } },
  },
  () => {
    throw new Error(INTERNAL_SECRET);
  },
);

const REFUSALS = {
  validation: () => new ValidationError("bad_thing", "name: not a thing", "name"),
  forbidden: () => new ForbiddenError("This credential lacks the capability."),
  conflict: () => new ConflictError("The record already exists."),
  unavailable: () => new UnavailableError("The store is unavailable."),
};

const refusalGet = defineOperation(
  {
    operationId: "refuse",
    method: "get",
    path: "/refusals/{kind}",
    summary: "Throws a core error",
    tags: ["test"],
    auth: "none",
    request: { params: z.object({ kind: z.enum(["validation", "forbidden", "conflict", "unavailable"]) }) },
    responses: { 200: { description: "Never." } },
  },
  (_c, { params }) => {
    throw REFUSALS[params.kind]();
  },
);

const privateGet = defineOperation(
  {
    operationId: "getPrivate",
    method: "get",
    path: "/private",
    summary: "A bearer route",
    tags: ["test"],
    auth: "bearer",
    responses: { 200: { description: "Private." } },
  },
  (c) => c.json({ private: true }),
);

// A public read sharing its path with a protected write, as GET and POST /api/accreditation/{agent_id} do.
const noteGet = defineOperation(
  {
    operationId: "getNote",
    method: "get",
    path: "/notes/{id}",
    summary: "A public read",
    tags: ["test"],
    auth: "none",
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: { description: "The note." } },
  },
  (c, { params }) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ id: params.id });
  },
);

const notePost = defineOperation(
  {
    operationId: "writeNote",
    method: "post",
    path: "/notes/{id}",
    summary: "A protected write on the same path; its handler asks for public caching, which must not win",
    tags: ["test"],
    auth: "bearer",
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: { description: "Written." } },
  },
  (c, { params }) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ id: params.id, written: true });
  },
);

const privateRefusal = defineOperation(
  {
    operationId: "refusePrivate",
    method: "get",
    path: "/private/refusal",
    summary: "A bearer route that refuses",
    tags: ["test"],
    auth: "bearer",
    responses: { 200: { description: "Never." } },
  },
  () => {
    throw new ForbiddenError("This credential lacks the capability.");
  },
);

// Authentication has its own suite (auth.test.ts); here every bearer call is let through.
const letEveryoneIn = async () => ({ type: "operator" as const, owner_id: "operator" as const, tier: "paid" as const, capabilities: ["operator" as const] });
const testFunction = createServiceFunction("test-fn", [thingGet, orderCreate, searchGet, boomGet, refusalGet, privateGet, noteGet, notePost, privateRefusal], {
  authenticate: letEveryoneIn,
});

describe("function construction", () => {
  it("refuses protected routes without an authenticator", () => {
    expect(() => createServiceFunction("unguarded", [privateGet])).toThrow(/getPrivate.*authenticate/);
  });
});

const SILENT = { LOG_LEVEL: "silent" };

function call(path: string, init: RequestInit = {}, env: Record<string, unknown> = SILENT): Promise<Response> {
  return Promise.resolve(testFunction.fetch(new Request(`http://svc.test${path}`, init), env));
}

function postOrder(body: RequestInit["body"], headers: Record<string, string> = {}): Promise<Response> {
  return call("/orders", { method: "POST", body, headers: { "Content-Type": "application/json", ...headers } });
}

/** Checks status, envelope shape, code, field and the request id echo; returns the error. */
async function expectError(res: Response, status: number, code: string, field?: string) {
  const text = await res.clone().text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("Content-Type"), text).toMatch(/^application\/json/);
  const parsed = ErrorEnvelope.safeParse(JSON.parse(text));
  expect(parsed.success, text).toBe(true);
  const error = parsed.data!.error;
  expect(error.code, text).toBe(code);
  expect(error.field, text).toBe(field);
  expect(error.request_id, text).toBe(res.headers.get("X-Request-Id"));
  return error;
}

function streamOf(text: string, chunkBytes = 256): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkBytes));
      offset += chunkBytes;
    },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("request id", () => {
  it("keeps a sane incoming X-Request-Id and echoes it", async () => {
    const res = await call("/things/stone", { headers: { "X-Request-Id": "trace-01.a:b_c" } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("X-Request-Id")).toBe("trace-01.a:b_c");
  });

  it("generates a req_ id when none is sent", async () => {
    const res = await call("/things/stone");
    expect(res.headers.get("X-Request-Id")).toMatch(/^req_[0-9a-f-]{36}$/);
  });

  it("generates a fresh id per request", async () => {
    const [a, b] = await Promise.all([call("/things/stone"), call("/things/stone")]);
    expect(a.headers.get("X-Request-Id")).not.toBe(b.headers.get("X-Request-Id"));
  });

  describe.each([
    ["a space", "a b"],
    ["300 characters", "x".repeat(300)],
    ["a quote", 'abc"def'],
    ["a slash", "abc/def"],
  ])("replaces an incoming id with %s", (_label, incoming) => {
    it("by a generated req_ id, also in the envelope", async () => {
      const res = await call("/nowhere", { headers: { "X-Request-Id": incoming } });
      const header = res.headers.get("X-Request-Id");
      expect(header).not.toBe(incoming);
      expect(header).toMatch(/^req_[0-9a-f-]{36}$/);
      await expectError(res, 404, "not_found");
    });
  });
});

describe("error envelope", () => {
  it("carries only error.{code,message,field?,request_id}, request_id equal to the header", async () => {
    const res = await call("/nowhere", { headers: { "X-Request-Id": "envelope-check" } });
    const text = await res.clone().text();
    const body = JSON.parse(text) as { error: Record<string, unknown> };
    expect(Object.keys(body), text).toEqual(["error"]);
    expect(Object.keys(body.error).sort(), text).toEqual(["code", "message", "request_id"]);
    expect(body.error.request_id, text).toBe("envelope-check");
    expect(typeof body.error.message, text).toBe("string");
  });
});

describe("routing", () => {
  it("answers a known GET route", async () => {
    const res = await call("/things/river");
    const text = await res.clone().text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text)).toEqual({ kind: "river" });
  });

  it("answers /healthz with the function name", async () => {
    const res = await call("/healthz");
    const text = await res.clone().text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text)).toEqual({ status: "ok", function: "test-fn" });
  });

  it("gives a JSON 404 not_found on an unknown path", async () => {
    const error = await expectError(await call("/no/such/path"), 404, "not_found");
    expect(error.message).toContain("/no/such/path");
  });

  describe.each([
    ["POST", "/things/stone", "GET, HEAD"],
    ["DELETE", "/things/river", "GET, HEAD"],
    ["GET", "/orders", "POST"],
    ["PUT", "/orders", "POST"],
  ])("%s %s", (method, path, allow) => {
    it(`is a 405 method_not_allowed with Allow: ${allow}`, async () => {
      const res = await call(path, { method });
      await expectError(res, 405, "method_not_allowed");
      expect(res.headers.get("Allow")).toBe(allow);
    });
  });

  it("answers HEAD on a GET route with the headers and no body", async () => {
    const res = await call("/things/stone", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Request-Id")).toMatch(/^req_/);
    expect(await res.text()).toBe("");
  });

  it("turns a path param outside its enum into a 404 naming the field", async () => {
    const error = await expectError(await call("/things/fire"), 404, "not_found", "kind");
    expect(error.message).toContain("kind");
  });
});

describe("CORS preflight", () => {
  it("answers OPTIONS on a known path with 204 and the allowed methods", async () => {
    const res = await call("/things/stone", {
      method: "OPTIONS",
      headers: { Origin: "https://somewhere.example", "Access-Control-Request-Method": "GET" },
    });
    expect(res.status, await res.clone().text()).toBe(204);
    const methods = (res.headers.get("Access-Control-Allow-Methods") ?? "").split(", ");
    expect(methods.sort()).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Allow-Headers")).toContain("Content-Type");
    expect(await res.text()).toBe("");
  });

  it("lists POST for the POST route", async () => {
    const res = await call("/orders", { method: "OPTIONS", headers: { "Access-Control-Request-Method": "POST" } });
    expect(res.status, await res.clone().text()).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Methods")).toBe("POST, OPTIONS");
  });

  it("is a 404 on an unknown path", async () => {
    await expectError(await call("/nowhere", { method: "OPTIONS" }), 404, "not_found");
  });
});

describe("request body", () => {
  it("accepts a valid body", async () => {
    const res = await postOrder(JSON.stringify({ name: "lamp", quantity: 2 }));
    const text = await res.clone().text();
    expect(res.status, text).toBe(201);
    expect(JSON.parse(text)).toEqual({ received: { name: "lamp", quantity: 2 } });
  });

  describe.each([
    ["malformed JSON", '{"name": "lamp",'],
    ["an empty body", ""],
    ["whitespace only", "   \n"],
    ["no body at all", null],
    ["invalid UTF-8 bytes", new Uint8Array([0x7b, 0x22, 0x6e, 0xff, 0xfe, 0x22, 0x7d])],
    ["a body nested deeper than 64 levels", `{"name":${"[".repeat(64)}${"]".repeat(64)},"quantity":1}`],
  ] as const)("%s", (_label, body) => {
    it("is a 400 invalid_json", async () => {
      await expectError(await postOrder(body as RequestInit["body"]), 400, "invalid_json");
    });
  });

  it("takes a body of exactly the cap", async () => {
    const base = JSON.stringify({ name: "lamp", quantity: 1 });
    const body = base + " ".repeat(ORDER_CAP_BYTES - base.length);
    expect(new TextEncoder().encode(body).length).toBe(ORDER_CAP_BYTES);
    const res = await postOrder(body);
    expect(res.status, await res.clone().text()).toBe(201);
  });

  it("refuses a body over the cap with a Content-Length: 413 payload_too_large", async () => {
    const body = JSON.stringify({ name: "x".repeat(ORDER_CAP_BYTES), quantity: 1 });
    const error = await expectError(await postOrder(body, { "Content-Length": String(body.length) }), 413, "payload_too_large");
    expect(error.message).toContain(String(ORDER_CAP_BYTES));
  });

  it("refuses on the declared Content-Length alone, before reading the body", async () => {
    // A stream that fails when read: reading it would turn the answer into a 500.
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          controller.error(new Error("the body was read"));
        },
      },
      { highWaterMark: 0 },
    );
    const res = await call("/orders", {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/json", "Content-Length": String(ORDER_CAP_BYTES + 1) },
      duplex: "half",
    } as RequestInit);
    await expectError(res, 413, "payload_too_large");
  });

  it("refuses a streamed body over the cap without Content-Length: 413 payload_too_large", async () => {
    const body = JSON.stringify({ name: "x".repeat(ORDER_CAP_BYTES * 4), quantity: 1 });
    const request = new Request("http://svc.test/orders", {
      method: "POST",
      body: streamOf(body),
      headers: { "Content-Type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(request.headers.get("Content-Length")).toBeNull();
    const res = await testFunction.fetch(request, SILENT);
    await expectError(res, 413, "payload_too_large");
  });

  it("takes a streamed body under the cap", async () => {
    const request = new Request("http://svc.test/orders", {
      method: "POST",
      body: streamOf(JSON.stringify({ name: "lamp", quantity: 3 }), 4),
      headers: { "Content-Type": "application/json" },
      duplex: "half",
    } as RequestInit);
    const res = await testFunction.fetch(request, SILENT);
    expect(res.status, await res.clone().text()).toBe(201);
  });
});

describe("body validation", () => {
  describe.each([
    ["a missing field", { quantity: 1 }, "missing_field", "name"],
    ["a string of the wrong type", { name: 3, quantity: 1 }, "invalid_field", "name"],
    ["a number of the wrong type", { name: "lamp", quantity: "two" }, "invalid_field", "quantity"],
    ["a null field", { name: null, quantity: 1 }, "invalid_field", "name"],
    ["a value failing a refinement", { name: "", quantity: 1 }, "invalid_field", "name"],
    ["a non-integer", { name: "lamp", quantity: 1.5 }, "invalid_field", "quantity"],
    ["an unknown key", { name: "lamp", quantity: 1, colour: "red" }, "unknown_field", "colour"],
    [
      "a nested array element of the wrong type",
      { name: "lamp", quantity: 1, items: [{ name: "a" }, { name: "b" }, { name: 4 }] },
      "invalid_field",
      "items[2].name",
    ],
    ["a nested missing field", { name: "lamp", quantity: 1, items: [{ name: "a" }, {}] }, "missing_field", "items[1].name"],
    ["a nested unknown key", { name: "lamp", quantity: 1, items: [{ name: "a", extra: 1 }] }, "unknown_field", "items[0].extra"],
    ["an array instead of an object", [], "invalid_field", undefined],
    ["a bare string", "lamp", "invalid_field", undefined],
  ])("%s", (_label, body, code, field) => {
    it(`is a 400 ${code}${field ? ` naming ${field}` : ""}`, async () => {
      const error = await expectError(await postOrder(JSON.stringify(body)), 400, code, field);
      if (field) expect(error.message).toContain(field);
    });
  });
});

describe("what the validators read", () => {
  it.each([
    ["text/plain (curl's -d default)", { "Content-Type": "text/plain;charset=UTF-8" }],
    ["application/x-www-form-urlencoded", { "Content-Type": "application/x-www-form-urlencoded" }],
    ["no Content-Type", {}],
    ["a JSON media type with parameters", { "Content-Type": "application/json; charset=utf-8" }],
  ])("reads a body sent as %s as JSON", async (_label, headers) => {
    const body = JSON.stringify({ name: "lamp", quantity: 2 });
    const res = await call("/orders", { method: "POST", body: new TextEncoder().encode(body), headers });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toEqual({ received: { name: "lamp", quantity: 2 } });
  });

  it("refuses a body over the cap whatever its Content-Type, before reading it as JSON", async () => {
    const res = await call("/orders", { method: "POST", body: `"${"x".repeat(ORDER_CAP_BYTES)}"`, headers: { "Content-Type": "text/plain" } });
    await expectError(res, 413, "payload_too_large");
  });

  it("validates the query with the schema's defaults and coercions", async () => {
    const res = await call("/search?q=stone");
    expect(await res.json()).toEqual({ q: "stone", limit: 10 });
    expect(await (await call("/search?q=stone&limit=3")).json()).toEqual({ q: "stone", limit: 3 });
  });

  it.each([
    ["a missing query field", "/search", "missing_field", "q"],
    ["a query value out of range", "/search?q=a&limit=500", "invalid_field", "limit"],
    ["an unknown query key", "/search?q=a&sort=up", "unknown_field", "sort"],
    ["a query key given twice", "/search?q=a&q=b", "invalid_field", "q", /^q: given 2 times; give it once$/],
    ["a NUL in a query value", "/search?q=a%00b", "invalid_field", "q"],
  ])("refuses %s with a 400 naming it", async (_label, path, code, field, message?: RegExp) => {
    const error = await expectError(await call(path), 400, code, field);
    if (message) expect(error.message).toMatch(message);
  });

  it("answers a path that names no resource with 404 naming the segment", async () => {
    const error = await expectError(await call("/things/cloud"), 404, "not_found", "kind");
    expect(error.message).toMatch(/^No such resource: kind/);
  });
});

describe("thrown errors", () => {
  it("maps a plain Error to 500 internal_error without the internal text", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const res = await call("/boom");
    const error = await expectError(res, 500, "internal_error");
    const text = await res.text();
    expect(text).not.toContain("db-primary");
    expect(text).not.toContain(INTERNAL_SECRET);
    expect(error.message).not.toContain("Error");
  });

  describe.each([
    ["validation", 400, "bad_thing", "name"],
    ["forbidden", 403, "forbidden", undefined],
    ["conflict", 409, "conflict", undefined],
    ["unavailable", 503, "unavailable", undefined],
  ] as const)("a core %s error", (kind, status, code, field) => {
    it(`is a ${status} ${code} with the domain message`, async () => {
      const error = await expectError(await call(`/refusals/${kind}`), status, code, field);
      expect(error.message).toBe(REFUSALS[kind]().message);
    });
  });
});

describe("environment", () => {
  describe.each([
    ["LOG_LEVEL", "loud"],
    ["PORT", "-1"],
    ["PORT", "not-a-port"],
    ["PUBLIC_BASE_URL", "not a url"],
  ])("%s=%s", (variable, value) => {
    it(`is a 500 bad_environment naming ${variable}`, async () => {
      vi.spyOn(console, "log").mockImplementation(() => {});
      const res = await call("/things/stone", {}, { LOG_LEVEL: "silent", [variable]: value });
      const error = await expectError(res, 500, "bad_environment", variable);
      expect(error.message).toContain(variable);
    });
  });

  // The meter's pair is set together or not at all, everywhere (unset locally: the embedded meter).
  describe.each([
    ["the Upstash URL without its token", { UPSTASH_REDIS_REST_URL: "https://eu1-meter.upstash.io" }, "UPSTASH_REDIS_REST_TOKEN"],
    ["the Upstash token without its URL", { UPSTASH_REDIS_REST_TOKEN: "token" }, "UPSTASH_REDIS_REST_URL"],
    [
      "an Upstash URL that is not http(s)",
      { UPSTASH_REDIS_REST_URL: "redis://eu1-meter.upstash.io:6379", UPSTASH_REDIS_REST_TOKEN: "token" },
      "UPSTASH_REDIS_REST_URL",
    ],
    [
      "an Upstash token with a line break",
      { UPSTASH_REDIS_REST_URL: "https://eu1-meter.upstash.io", UPSTASH_REDIS_REST_TOKEN: "tok\nen" },
      "UPSTASH_REDIS_REST_TOKEN",
    ],
  ])("%s", (_label, vars, variable) => {
    it(`is a 500 bad_environment naming ${variable} on a route`, async () => {
      vi.spyOn(console, "log").mockImplementation(() => {});
      const error = await expectError(await call("/things/stone", {}, { LOG_LEVEL: "silent", ...vars }), 500, "bad_environment", variable);
      expect(error.message).toContain(variable);
    });

    it("leaves /healthz not ready (503), naming the variable", async () => {
      const res = await call("/healthz", {}, { LOG_LEVEL: "silent", ...vars });
      const text = await res.text();
      expect(res.status, text).toBe(503);
      const body = JSON.parse(text) as { status: string; function: string; problems: Array<{ variable: string; message: string }> };
      expect(body).toMatchObject({ status: "not_ready", function: "test-fn" });
      expect(body.problems.map((p) => p.variable)).toEqual([variable]);
      expect(body.problems[0]!.message).toContain(variable);
    });
  });

  it("takes the pair set together", async () => {
    const res = await call("/healthz", {}, { LOG_LEVEL: "silent", UPSTASH_REDIS_REST_URL: "https://eu1-meter.upstash.io", UPSTASH_REDIS_REST_TOKEN: "token" });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it("ignores non-string bindings (Workers service objects)", async () => {
    const res = await call("/things/stone", {}, { LOG_LEVEL: "silent", SOME_BINDING: { fetch: () => null } });
    expect(res.status, await res.clone().text()).toBe(200);
  });
});

describe("CORS", () => {
  const ALLOWED = "https://app.example";
  const env = { LOG_LEVEL: "silent", CORS_ALLOWED_ORIGINS: `https://admin.example, ${ALLOWED}` };

  it("opens a public route to every origin", async () => {
    const res = await call("/things/stone", { headers: { Origin: "https://anywhere.example" } });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Access-Control-Expose-Headers")).toContain("X-Request-Id");
  });

  it("opens an error on a public route too, so browsers can read the envelope", async () => {
    const res = await call("/things/fire", { headers: { Origin: "https://anywhere.example" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("echoes exactly the one listed origin on a bearer route", async () => {
    const res = await call("/private", { headers: { Origin: ALLOWED } }, env);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(res.headers.get("Vary")).toContain("Origin");
  });

  it("gives no Access-Control-Allow-Origin to an unlisted origin on a bearer route", async () => {
    const res = await call("/private", { headers: { Origin: "https://evil.example" } }, env);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("gives none on a bearer route when no origins are configured", async () => {
    const res = await call("/private", { headers: { Origin: ALLOWED } });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("does not match an origin by prefix", async () => {
    const res = await call("/private", { headers: { Origin: `${ALLOWED}.evil.example` } }, env);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("echoes the listed origin on a bearer preflight", async () => {
    const res = await call("/private", { method: "OPTIONS", headers: { Origin: ALLOWED } }, env);
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
  });
});

describe("CORS on a path shared by a public read and a protected write", () => {
  const ALLOWED = "https://app.example";
  const env = { LOG_LEVEL: "silent", CORS_ALLOWED_ORIGINS: ALLOWED };

  it("opens the public GET to every origin", async () => {
    const res = await call("/notes/n1", { headers: { Origin: "https://anywhere.example" } }, env);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("opens the preflight for the GET to every origin", async () => {
    const res = await call("/notes/n1", { method: "OPTIONS", headers: { Origin: "https://anywhere.example", "Access-Control-Request-Method": "GET" } }, env);
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("keeps the protected POST and its preflight to the listed origins", async () => {
    const post = await call("/notes/n1", { method: "POST", headers: { Origin: "https://anywhere.example" } }, env);
    expect(post.status, await post.clone().text()).toBe(200);
    expect(post.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const preflight = await call(
      "/notes/n1",
      { method: "OPTIONS", headers: { Origin: "https://anywhere.example", "Access-Control-Request-Method": "POST" } },
      env,
    );
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const listed = await call("/notes/n1", { method: "OPTIONS", headers: { Origin: ALLOWED, "Access-Control-Request-Method": "POST" } }, env);
    expect(listed.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
  });
});

describe("response headers every function sets", () => {
  it.each([
    ["a public 200", "/things/stone", {}],
    ["a 404", "/nothing", {}],
    ["a 500", "/boom", {}],
    ["a protected 200", "/private", {}],
    ["a preflight", "/things/stone", { method: "OPTIONS" }],
  ] as const)("sends X-Content-Type-Options: nosniff on %s", async (_name, path, init) => {
    const res = await call(path, init);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("sends Cache-Control: no-store on a protected 200, even when its handler asked for public caching", async () => {
    const res = await call("/notes/n1", { method: "POST" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect((await call("/private")).headers.get("Cache-Control")).toBe("no-store");
  });

  it("sends Cache-Control: no-store on a protected route's refusal", async () => {
    const res = await call("/private/refusal");
    expect(res.status).toBe(403);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("leaves a public route's own caching alone", async () => {
    const res = await call("/notes/n1");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
  });
});

describe("request log", () => {
  function logLines(spy: { mock: { calls: unknown[][] } }): Record<string, unknown>[] {
    return spy.mock.calls.map((args) => {
      expect(args).toHaveLength(1);
      return JSON.parse(String(args[0])) as Record<string, unknown>;
    });
  }

  it("writes exactly one JSON line per request with the wide-event fields", async () => {
    const spy = vi.spyOn(console, "log").mockImplementation(() => {});
    const res = await call("/things/river", { headers: { "X-Request-Id": "log-check-1" } }, { LOG_LEVEL: "info" });
    expect(res.status).toBe(200);
    const lines = logLines(spy);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "info",
      msg: "request",
      function: "test-fn",
      request_id: "log-check-1",
      method: "GET",
      path: "/things/river",
      route: "/things/{kind}",
      status: 200,
    });
    expect(typeof lines[0]!.duration_ms).toBe("number");
    expect(lines[0]!.duration_ms as number).toBeGreaterThanOrEqual(0);
  });

  it("logs a 404 once, with a null route", async () => {
    const spy = vi.spyOn(console, "log").mockImplementation(() => {});
    const res = await call("/nowhere", {}, { LOG_LEVEL: "info" });
    const lines = logLines(spy);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "request", status: 404, route: null, request_id: res.headers.get("X-Request-Id") });
  });

  it("logs a 500 as one request line at error level plus the internal error, which stays in the log", async () => {
    const spy = vi.spyOn(console, "log").mockImplementation(() => {});
    await call("/boom", {}, { LOG_LEVEL: "info" });
    const lines = logLines(spy);
    const requests = lines.filter((l) => l.msg === "request");
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ level: "error", status: 500, route: "/boom" });
    const unhandled = lines.filter((l) => l.msg === "unhandled_error");
    expect(unhandled).toHaveLength(1);
    expect(String(unhandled[0]!.error)).toContain(INTERNAL_SECRET);
  });

  it("writes nothing when LOG_LEVEL is silent", async () => {
    const spy = vi.spyOn(console, "log").mockImplementation(() => {});
    await call("/things/stone");
    await call("/boom");
    expect(spy).not.toHaveBeenCalled();
  });

  it("writes no info line when LOG_LEVEL is warn", async () => {
    const spy = vi.spyOn(console, "log").mockImplementation(() => {});
    await call("/things/stone", {}, { LOG_LEVEL: "warn" });
    expect(spy).not.toHaveBeenCalled();
  });
});
