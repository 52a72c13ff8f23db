import { apiKeyKind, CreatedApiKey, hashApiKey, StoredApiKey, type CredentialKind } from "@svc/core";
import type { Runtime } from "@svc/runtime";
import { clearCredentialCache } from "@svc/http/auth";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { accountFunction } from "../../account/src/function";
import { mintApiKey, signUserJwt, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { freshOwner, testRuntime } from "../../../tests/support/database";
import { describeSecurity } from "../../../tests/support/security";
import { adminFunction } from "./function";

// The admin routes on the test runtime (PGlite, or the real PostgreSQL through the Neon
// driver when DATABASE_URL is set). Every test works on fresh owners.

const runtime: Runtime = { name: "test", open: async (cfg) => (await testRuntime()).open(cfg) };
const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };

interface CallOptions {
  readonly credential?: string | null;
  readonly body?: unknown;
}

function adminCall(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const credential = options.credential === undefined ? TEST_OPERATOR_KEY : options.credential;
  const headers: Record<string, string> = {};
  if (credential !== null) headers.authorization = `Bearer ${credential}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  return Promise.resolve(adminFunction.fetch(new Request(`http://t${path}`, { method, headers, ...(body === undefined ? {} : { body }) }), ENV));
}

function me(key: string): Promise<Response> {
  return Promise.resolve(accountFunction.fetch(new Request("http://t/api/me", { headers: { authorization: `Bearer ${key}` } }), ENV));
}

async function json<T = Record<string, unknown>>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function expectError(res: Response, status: number, code: string): Promise<Record<string, unknown>> {
  const body = await json<{ error: Record<string, unknown> }>(res, status);
  expect(body.error.code, JSON.stringify(body)).toBe(code);
  expect(body.error.request_id, JSON.stringify(body)).toBe(res.headers.get("x-request-id"));
  return body.error;
}

async function createKey(body: Record<string, unknown>, credential?: string): Promise<CreatedApiKey> {
  const created = await json(await adminCall("POST", "/api/admin/keys", { body, ...(credential ? { credential } : {}) }), 201);
  return CreatedApiKey.parse(created);
}

async function listKeys(query: string): Promise<{ keys: StoredApiKey[]; next_cursor: string | null }> {
  return json(await adminCall("GET", `/api/admin/keys?${query}`), 200);
}

/** Every property name and string value in a JSON value, however deep. */
function walk(value: unknown, names: string[] = [], strings: string[] = []): { names: string[]; strings: string[] } {
  if (typeof value === "string") strings.push(value);
  else if (Array.isArray(value)) for (const item of value) walk(item, names, strings);
  else if (value && typeof value === "object") {
    for (const [name, inner] of Object.entries(value)) {
      names.push(name);
      walk(inner, names, strings);
    }
  }
  return { names, strings };
}

beforeEach(() => {
  clearCredentialCache();
});

describe("POST /api/admin/keys", () => {
  it.each(["live", "prac", "inst"] as CredentialKind[])("creates a %s key and returns it once, with its id", async (kind) => {
    const owner = freshOwner();
    const created = await createKey({ kind, owner_id: owner, tier: "paid", capabilities: ["reflect", "calling"], agent_id: "agent-one", label: "ci" });
    expect(created.key.startsWith(`svc_${kind}_`), created.key).toBe(true);
    expect(apiKeyKind(created.key)).toBe(kind);
    expect(created).toMatchObject({
      kind,
      owner_id: `key:${owner}`,
      tier: "paid",
      capabilities: ["reflect", "calling"],
      agent_id: "agent-one",
      label: "ci",
      revoked_at: null,
      last_used_at: null,
      expires_at: null,
      key_prefix: created.key.slice(0, 13),
    });
    expect(Object.keys(created)).not.toContain("key_hash");
    expect(JSON.stringify(created)).not.toContain(await hashApiKey(created.key));
  });

  it("defaults tier to free and capabilities to none", async () => {
    const created = await createKey({ kind: "live", owner_id: freshOwner() });
    expect(created.tier).toBe("free");
    expect(created.capabilities).toEqual([]);
    expect(created.agent_id).toBeNull();
  });

  it("stores a harness marker (how the agent runs examinations), null by default", async () => {
    const marked = await createKey({ kind: "prac", owner_id: freshOwner(), harness_marker: "pre_decision_harness" });
    expect(marked.harness_marker).toBe("pre_decision_harness");
    expect((await createKey({ kind: "prac", owner_id: freshOwner() })).harness_marker).toBeNull();
  });

  it("stores an expiry given with an offset", async () => {
    const created = await createKey({ kind: "live", owner_id: freshOwner(), expires_at: "2030-01-02T03:04:05+02:00" });
    expect(created.expires_at).toBe("2030-01-02T01:04:05.000Z");
  });

  it("gives a key that authenticates on GET /api/me as its owner and agent", async () => {
    const owner = freshOwner();
    const created = await createKey({ kind: "prac", owner_id: owner, agent_id: "agent-two", capabilities: ["accreditation_write"] });
    const body = await json(await me(created.key), 200);
    expect(body).toMatchObject({ type: "api_key", credential_id: created.id, owner_id: `key:${owner}`, agent_id: "agent-two", kind: "prac" });
  });

  it("never shows the key or its hash again: GET /api/admin/keys has neither", async () => {
    const owner = freshOwner();
    const created = await createKey({ kind: "inst", owner_id: owner, capabilities: ["l1_supply"] });
    const hash = await hashApiKey(created.key);
    const res = await adminCall("GET", `/api/admin/keys?owner_id=${owner}&include_revoked=true`);
    const text = await res.clone().text();
    const listed = await json<{ keys: unknown[] }>(res, 200);
    expect(listed.keys, text).toHaveLength(1);
    const { names, strings } = walk(listed);
    expect(names, text).not.toContain("key");
    expect(names, text).not.toContain("key_hash");
    expect(strings, text).not.toContain(created.key);
    expect(strings, text).not.toContain(hash);
    expect(text).not.toContain(created.key.slice(13));
    expect(text).toContain(created.key.slice(0, 13));
  });

  it("stores the owner as key:<name>; a key:<name> id given back names the same owner", async () => {
    const owner = freshOwner();
    const created = await createKey({ kind: "live", owner_id: `key:${owner}` });
    expect(created.owner_id).toBe(`key:${owner}`);
    expect((await createKey({ kind: "live", owner_id: owner })).owner_id).toBe(created.owner_id);
  });

  it("issues a distinct key each time", async () => {
    const owner = freshOwner();
    const a = await createKey({ kind: "live", owner_id: owner });
    const b = await createKey({ kind: "live", owner_id: owner });
    expect(a.key).not.toBe(b.key);
    expect(a.id).not.toBe(b.id);
  });

  describe.each([
    ["missing owner_id", (_o: string) => ({ kind: "live" }), "missing_field", "owner_id"],
    ["missing kind", (o: string) => ({ owner_id: o }), "missing_field", "kind"],
    ["kind bogus", (o: string) => ({ kind: "bogus", owner_id: o }), "invalid_field", "kind"],
    ["an unknown capability", (o: string) => ({ kind: "live", owner_id: o, capabilities: ["fly"] }), "invalid_field", "capabilities[0]"],
    [
      "an unknown capability after a known one",
      (o: string) => ({ kind: "live", owner_id: o, capabilities: ["reflect", "fly"] }),
      "invalid_field",
      "capabilities[1]",
    ],
    ["a capability listed twice", (o: string) => ({ kind: "live", owner_id: o, capabilities: ["reflect", "reflect"] }), "invalid_field", "capabilities"],
    ["capabilities not a list", (o: string) => ({ kind: "live", owner_id: o, capabilities: "reflect" }), "invalid_field", "capabilities"],
    ["agent_id too short", (o: string) => ({ kind: "live", owner_id: o, agent_id: "a" }), "invalid_field", "agent_id"],
    ["an unknown field secret", (o: string) => ({ kind: "live", owner_id: o, secret: "x" }), "unknown_field", "secret"],
    ["expires_at not a date", (o: string) => ({ kind: "live", owner_id: o, expires_at: "tomorrow" }), "invalid_field", "expires_at"],
    ["tier gold", (o: string) => ({ kind: "live", owner_id: o, tier: "gold" }), "invalid_field", "tier"],
    ["an unknown harness marker", (o: string) => ({ kind: "prac", owner_id: o, harness_marker: "sometimes" }), "invalid_field", "harness_marker"],
    ["owner_id with a space", (_o: string) => ({ kind: "live", owner_id: "two words" }), "invalid_field", "owner_id"],
    ["owner_id a number", (_o: string) => ({ kind: "live", owner_id: 42 }), "invalid_field", "owner_id"],
    ["owner_id naming a human user", (o: string) => ({ kind: "live", owner_id: `user:${o}` }), "invalid_field", "owner_id"],
  ])("a body with %s", (_label, makeBody, code, field) => {
    it(`is a 400 ${code} naming ${field}, and writes nothing`, async () => {
      const owner = freshOwner();
      const label = `bad-body-${crypto.randomUUID()}`;
      const body = { ...makeBody(owner), label };
      const error = await expectError(await adminCall("POST", "/api/admin/keys", { body }), 400, code);
      expect(error.field, JSON.stringify(error)).toBe(field);
      expect((await listKeys(`owner_id=${owner}&include_revoked=true`)).keys).toEqual([]);
      const db = await (await testRuntime()).database();
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from api_keys where label = ${label} or owner_id in (${owner}, ${`key:${owner}`}, ${`key:user:${owner}`})`.execute(db);
      expect(rows[0]?.n).toBe(0);
    });
  });

  it.each([
    ["not JSON", "{kind:", "invalid_json"],
    ["empty", "", "invalid_json"],
    ["a JSON array", "[]", "invalid_field"],
  ])("refuses a body that is %s with 400 %s", async (_label, body, code) => {
    const error = await expectError(await adminCall("POST", "/api/admin/keys", { body }), 400, code);
    expect(error.message).toBeTruthy();
  });
});

describe("GET /api/admin/keys", () => {
  it("filters by owner_id, newest first", async () => {
    const owner = freshOwner();
    const other = freshOwner();
    const first = await createKey({ kind: "live", owner_id: owner });
    await createKey({ kind: "live", owner_id: other });
    const second = await createKey({ kind: "prac", owner_id: owner });
    const listed = await listKeys(`owner_id=${owner}`);
    expect(new Set(listed.keys.map((k) => k.id))).toEqual(new Set([first.id, second.id]));
    expect(listed.keys.every((k) => k.owner_id === `key:${owner}`)).toBe(true);
    // The qualified id names the same owner.
    expect((await listKeys(`owner_id=key:${owner}`)).keys.map((k) => k.id)).toEqual(listed.keys.map((k) => k.id));
    const created = listed.keys.map((k) => Date.parse(k.created_at));
    expect(created[0]).toBeGreaterThanOrEqual(created[1]!);
    expect(listed.next_cursor).toBeNull();
  });

  it("leaves revoked keys out unless include_revoked=true", async () => {
    const owner = freshOwner();
    const kept = await createKey({ kind: "live", owner_id: owner });
    const revoked = await createKey({ kind: "live", owner_id: owner });
    await json(await adminCall("DELETE", `/api/admin/keys/${revoked.id}`), 200);
    expect((await listKeys(`owner_id=${owner}`)).keys.map((k) => k.id)).toEqual([kept.id]);
    expect((await listKeys(`owner_id=${owner}&include_revoked=false`)).keys.map((k) => k.id)).toEqual([kept.id]);
    const all = await listKeys(`owner_id=${owner}&include_revoked=true`);
    expect(new Set(all.keys.map((k) => k.id))).toEqual(new Set([kept.id, revoked.id]));
    expect(all.keys.find((k) => k.id === revoked.id)?.revoked_at).not.toBeNull();
  });

  it("pages with limit and before into disjoint pages covering every key", async () => {
    const owner = freshOwner();
    const ids = new Set<string>();
    for (let i = 0; i < 5; i += 1) ids.add((await createKey({ kind: "live", owner_id: owner, label: `page ${i}` })).id);
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page = await listKeys(`owner_id=${owner}&limit=2${cursor ? `&before=${cursor}` : ""}`);
      pages.push(page.keys.map((k) => k.id));
      cursor = page.next_cursor;
      if (cursor) expect(cursor).toBe(page.keys.at(-1)!.id);
    } while (cursor && pages.length < 10);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    const flat = pages.flat();
    expect(new Set(flat).size).toBe(flat.length);
    expect(new Set(flat)).toEqual(ids);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=501", "limit"],
    ["limit=two", "limit"],
    ["include_revoked=yes", "include_revoked"],
    ["before=not-a-uuid", "before"],
    ["owner=x", "owner"],
  ])("refuses the query %s with 400 naming %s", async (query, field) => {
    const error = await expectError(await adminCall("GET", `/api/admin/keys?${query}`), 400, field === "owner" ? "unknown_field" : "invalid_field");
    expect(error.field).toBe(field);
  });
});

describe("DELETE /api/admin/keys/{id}", () => {
  it("revokes the key: 200 with revoked_at", async () => {
    const created = await createKey({ kind: "live", owner_id: freshOwner() });
    const before = Date.now();
    const revoked = StoredApiKey.parse(await json(await adminCall("DELETE", `/api/admin/keys/${created.id}`), 200));
    expect(revoked.id).toBe(created.id);
    expect(revoked.revoked_at).not.toBeNull();
    expect(Date.parse(revoked.revoked_at!)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Object.keys(revoked)).not.toContain("key");
  });

  it("keeps the first revocation time when repeated", async () => {
    const created = await createKey({ kind: "live", owner_id: freshOwner() });
    const first = await json<StoredApiKey>(await adminCall("DELETE", `/api/admin/keys/${created.id}`), 200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await json<StoredApiKey>(await adminCall("DELETE", `/api/admin/keys/${created.id}`), 200);
    expect(second.revoked_at).toBe(first.revoked_at);
  });

  it("answers 404 for an unknown id", async () => {
    await expectError(await adminCall("DELETE", `/api/admin/keys/${crypto.randomUUID()}`), 404, "not_found");
  });

  it("answers 404 for an id that is not a uuid", async () => {
    await expectError(await adminCall("DELETE", "/api/admin/keys/not-a-uuid"), 404, "not_found");
  });

  it("takes effect at once in this process: the key gets 401 on GET /api/me", async () => {
    const created = await createKey({ kind: "live", owner_id: freshOwner() });
    // A first call puts the key in the credential cache.
    await json(await me(created.key), 200);
    await json(await me(created.key), 200);
    await json(await adminCall("DELETE", `/api/admin/keys/${created.id}`), 200);
    await expectError(await me(created.key), 401, "revoked_credential");
  });
});

describe("operator credentials", () => {
  it("a key with capability operator can use every admin route", async () => {
    const operatorKey = await mintApiKey(await testRuntime(), { capabilities: ["operator"] });
    const owner = freshOwner();
    const created = await createKey({ kind: "live", owner_id: owner }, operatorKey.key);
    const listed = await json<{ keys: StoredApiKey[] }>(await adminCall("GET", `/api/admin/keys?owner_id=${owner}`, { credential: operatorKey.key }), 200);
    expect(listed.keys.map((k) => k.id)).toEqual([created.id]);
    await json(await adminCall("DELETE", `/api/admin/keys/${created.id}`, { credential: operatorKey.key }), 200);
  });

  it("a user token is not an operator", async () => {
    const error = await expectError(await adminCall("GET", "/api/admin/keys", { credential: await signUserJwt(freshOwner("user")) }), 403, "operator_only");
    expect(error.required).toBe("operator");
  });
});

const validCreateBody = () => ({ kind: "live", owner_id: freshOwner() });

const postKeys = (authorization: string | undefined, body: unknown) =>
  Promise.resolve(
    adminFunction.fetch(
      new Request("http://t/api/admin/keys", {
        method: "POST",
        headers: { ...(authorization ? { authorization } : {}), "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      ENV,
    ),
  );

describeSecurity({
  name: "POST /api/admin/keys",
  runtime: () => testRuntime(),
  requires: { operator: true },
  validCredential: async () => TEST_OPERATOR_KEY,
  call: (authorization) => postKeys(authorization, validCreateBody()),
  callIncomplete: (authorization) => postKeys(authorization, { kind: "live" }),
});

describeSecurity({
  name: "GET /api/admin/keys",
  runtime: () => testRuntime(),
  requires: { operator: true },
  validCredential: async () => TEST_OPERATOR_KEY,
  call: (authorization) =>
    Promise.resolve(
      adminFunction.fetch(new Request(`http://t/api/admin/keys?owner_id=${freshOwner()}`, { headers: authorization ? { authorization } : {} }), ENV),
    ),
});

describeSecurity({
  name: "DELETE /api/admin/keys/{id}",
  runtime: () => testRuntime(),
  requires: { operator: true },
  validCredential: async () => TEST_OPERATOR_KEY,
  call: async (authorization) => {
    const target = await mintApiKey(await testRuntime());
    return adminFunction.fetch(new Request(`http://t/api/admin/keys/${target.id}`, { method: "DELETE", headers: authorization ? { authorization } : {} }), ENV);
  },
});
