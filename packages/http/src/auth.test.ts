import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { CredentialStore } from "@svc/core";
import { credentialStore } from "@svc/db";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mintApiKey, signUserJwt, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { freshOwner, testRuntime } from "../../../tests/support/database";
import type { LocalRuntime } from "../../local/src/local_runtime";
import { createServiceFunction } from "./app";
import { authenticate, clearCredentialCache } from "./auth";
import type { Runtime } from "@svc/runtime";
import { defineOperation } from "./route";
import { principalOf } from "./session";

// A function with one bearer route that answers with the authenticated principal, run on the
// test runtime (PGlite, or the real PostgreSQL through the Neon driver when DATABASE_URL is set).
const whoami = defineOperation(
  {
    operationId: "whoami",
    method: "get",
    path: "/whoami",
    summary: "The authenticated principal",
    tags: ["test"],
    auth: "bearer",
    responses: { 200: { description: "The principal." } },
  },
  (c) => c.json(principalOf(c)),
);
const authFunction = createServiceFunction("auth-test", [whoami], { authenticate });

let runtime: LocalRuntime;
let store: CredentialStore;

beforeAll(async () => {
  runtime = await testRuntime();
  store = credentialStore(await runtime.database());
});

beforeEach(() => {
  clearCredentialCache();
});

// Environments are built while suites are collected, before beforeAll opens the runtime.
const deferredRuntime: Runtime = { name: "test", open: (cfg) => runtime.open(cfg) };

/** An environment object; parseEnv caches per object, so each configuration gets its own. */
function envWith(overrides: Record<string, unknown> = {}, base: Runtime = deferredRuntime): Record<string, unknown> {
  return { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: base, ...overrides };
}

async function call(env: Record<string, unknown>, authorization: string | undefined): Promise<Response> {
  return authFunction.fetch(new Request("http://t/whoami", { headers: authorization ? { authorization } : {} }), env);
}

async function expectPrincipal(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as Record<string, unknown>;
}

async function expectRefusal(res: Response, status: number, code: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = JSON.parse(text) as { error: Record<string, unknown> };
  expect(body.error.code, text).toBe(code);
  // RFC 6750 section 3.1: no error code without a credential; invalid_token for a refused one.
  if (status === 401) expect(res.headers.get("www-authenticate"), text).toBe(code === "missing_credential" ? "Bearer" : 'Bearer error="invalid_token"');
  return body.error;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function countingProxy(target: CredentialStore, calls: Map<string, number>): CredentialStore {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls.set(String(property), (calls.get(String(property)) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}

/** The test runtime with every credential store call counted. */
function countingRuntime(): { runtime: Runtime; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  return {
    calls,
    runtime: {
      name: "counting",
      open: async (cfg) => {
        const session = await runtime.open(cfg);
        return { ...session, credentials: countingProxy(session.credentials, calls) };
      },
    },
  };
}

describe("the operator key", () => {
  const env = envWith();

  it("is accepted as the operator principal", async () => {
    const principal = await expectPrincipal(await call(env, `Bearer ${TEST_OPERATOR_KEY}`));
    expect(principal).toEqual({ type: "operator", owner_id: "operator", tier: "paid", capabilities: ["operator"] });
  });

  it("is refused when one character differs", async () => {
    await expectRefusal(await call(env, `Bearer ${TEST_OPERATOR_KEY.slice(0, -1)}X`), 401, "invalid_credential");
  });

  it("means nothing when OPERATOR_API_KEY is unset", async () => {
    await expectRefusal(await call(envWith({ OPERATOR_API_KEY: undefined }), `Bearer ${TEST_OPERATOR_KEY}`), 401, "invalid_credential");
  });
});

describe("API keys", () => {
  const env = envWith();

  it("are accepted with owner, kind, agent, tier and capabilities", async () => {
    const minted = await mintApiKey(runtime, { kind: "prac", tier: "paid", agent: "agent-one", capabilities: ["accreditation_write", "reflect"] });
    const principal = await expectPrincipal(await call(env, `Bearer ${minted.key}`));
    expect(principal).toEqual({
      type: "api_key",
      credential_id: minted.id,
      kind: "prac",
      owner_id: minted.owner,
      agent_id: "agent-one",
      tier: "paid",
      capabilities: ["accreditation_write", "reflect"],
      daily_limit: null,
    });
  });

  it("record their last use", async () => {
    const minted = await mintApiKey(runtime);
    const before = Date.now();
    await expectPrincipal(await call(env, `Bearer ${minted.key}`));
    const listed = await store.list({ owner_id: minted.owner, include_revoked: true, limit: 1 });
    expect(listed[0]?.last_used_at, JSON.stringify(listed)).not.toBeNull();
    expect(Date.parse(listed[0]!.last_used_at!)).toBeGreaterThanOrEqual(before - 1_000);
  });

  it.each([
    ["lower-case scheme", (key: string) => `bearer ${key}`],
    ["extra spaces after the scheme", (key: string) => `Bearer   ${key}`],
  ])("accept the Bearer form with %s", async (_label, header) => {
    const minted = await mintApiKey(runtime);
    await expectPrincipal(await call(env, header(minted.key)));
  });

  it("are refused when revoked, expired or unknown, each with its own code", async () => {
    const revoked = await mintApiKey(runtime, { revoked: true });
    await expectRefusal(await call(env, `Bearer ${revoked.key}`), 401, "revoked_credential");
    const expired = await mintApiKey(runtime, { expiresAt: new Date(Date.now() - 1_000) });
    await expectRefusal(await call(env, `Bearer ${expired.key}`), 401, "expired_credential");
    const unknown = `svc_live_${"B".repeat(32)}`;
    await expectRefusal(await call(env, `Bearer ${unknown}`), 401, "invalid_credential");
  });

  it("need a database runtime: without one a key is a 500 bad_environment", async () => {
    const minted = await mintApiKey(runtime);
    const error = await expectRefusal(await call({ LOG_LEVEL: "silent" }, `Bearer ${minted.key}`), 500, "bad_environment");
    expect(error.field).toBe("DATABASE_URL");
  });
});

describe("the key cache", () => {
  it("reads a key from the database once in steady state", async () => {
    const counting = countingRuntime();
    const env = envWith({}, counting.runtime);
    const minted = await mintApiKey(runtime);
    await expectPrincipal(await call(env, `Bearer ${minted.key}`));
    for (let i = 0; i < 9; i += 1) await expectPrincipal(await call(env, `Bearer ${minted.key}`));
    await Promise.all(Array.from({ length: 10 }, async () => expectPrincipal(await call(env, `Bearer ${minted.key}`))));
    expect(Object.fromEntries(counting.calls)).toEqual({ useByHash: 1 });
  });

  it("reads again once the cache is cleared (the count is not vacuous)", async () => {
    const counting = countingRuntime();
    const env = envWith({}, counting.runtime);
    const minted = await mintApiKey(runtime);
    await expectPrincipal(await call(env, `Bearer ${minted.key}`));
    clearCredentialCache();
    await expectPrincipal(await call(env, `Bearer ${minted.key}`));
    expect(counting.calls.get("useByHash")).toBe(2);
  });

  it("honours a revocation made elsewhere within KEY_CACHE_TTL_SECONDS", async () => {
    const env = envWith({ KEY_CACHE_TTL_SECONDS: "1" });
    const minted = await mintApiKey(runtime);
    await expectPrincipal(await call(env, `Bearer ${minted.key}`));
    // Revoked straight in the database, as another isolate's admin call would.
    expect(await store.revoke(minted.id, new Date())).not.toBeNull();
    await expectPrincipal(await call(env, `Bearer ${minted.key}`));
    await sleep(1_200);
    await expectRefusal(await call(env, `Bearer ${minted.key}`), 401, "revoked_credential");
  });

  it("with KEY_CACHE_TTL_SECONDS 0 refuses a revoked key at once", async () => {
    const env = envWith({ KEY_CACHE_TTL_SECONDS: "0" });
    const minted = await mintApiKey(runtime);
    await expectPrincipal(await call(env, `Bearer ${minted.key}`));
    await store.revoke(minted.id, new Date());
    await expectRefusal(await call(env, `Bearer ${minted.key}`), 401, "revoked_credential");
  });

  it("never serves a key past its own expiry", async () => {
    const env = envWith({ KEY_CACHE_TTL_SECONDS: "300" });
    const minted = await mintApiKey(runtime, { expiresAt: new Date(Date.now() + 1_000) });
    await expectPrincipal(await call(env, `Bearer ${minted.key}`));
    await sleep(1_200);
    await expectRefusal(await call(env, `Bearer ${minted.key}`), 401, "expired_credential");
  });
});

describe("user JWTs with JWT_SECRET (HS256)", () => {
  const env = envWith();

  it("are accepted with owner_id user:<sub> and tier free by default", async () => {
    const sub = freshOwner("user");
    const principal = await expectPrincipal(await call(env, `Bearer ${await signUserJwt(sub)}`));
    expect(principal).toEqual({ type: "user", owner_id: `user:${sub}`, tier: "free", capabilities: [] });
  });

  it("never share an owner with a key or the operator, whatever the sub: user:<sub> is its own kind", async () => {
    const minted = await mintApiKey(runtime, { owner: freshOwner("shared") });
    const named = minted.owner.slice("key:".length);
    const keyPrincipal = await expectPrincipal(await call(env, `Bearer ${minted.key}`));
    expect(keyPrincipal.owner_id).toBe(`key:${named}`);
    for (const sub of [named, minted.owner, "operator", `user:${named}`]) {
      const principal = await expectPrincipal(await call(env, `Bearer ${await signUserJwt(sub)}`));
      expect(principal.owner_id, sub).toBe(`user:${sub}`);
      expect(principal.owner_id, sub).not.toBe(keyPrincipal.owner_id);
      expect(principal.owner_id, sub).not.toBe("operator");
    }
  });

  it("take the tier from a tier: paid claim", async () => {
    const principal = await expectPrincipal(await call(env, `Bearer ${await signUserJwt("user-paid", { claims: { tier: "paid" } })}`));
    expect(principal.tier).toBe("paid");
  });

  it("fall back to free on an unknown tier claim", async () => {
    const principal = await expectPrincipal(await call(env, `Bearer ${await signUserJwt("user-gold", { claims: { tier: "gold" } })}`));
    expect(principal.tier).toBe("free");
  });

  it("refuse a token signed with another secret", async () => {
    const token = await signUserJwt("user-x", { secret: "another-secret-that-is-also-long-enough-42" });
    await expectRefusal(await call(env, `Bearer ${token}`), 401, "invalid_credential");
  });

  it("refuse an unsigned (alg: none) token", async () => {
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
    const token = `${encode({ alg: "none", typ: "JWT" })}.${encode({ sub: "user-none", exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    await expectRefusal(await call(env, `Bearer ${token}`), 401, "invalid_credential");
  });

  it("refuse an expired token with expired_credential", async () => {
    const token = await signUserJwt("user-old", { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    await expectRefusal(await call(env, `Bearer ${token}`), 401, "expired_credential");
  });

  it("refuse a token without sub", async () => {
    const token = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setExpirationTime("5m").sign(new TextEncoder().encode(TEST_JWT_SECRET));
    await expectRefusal(await call(env, `Bearer ${token}`), 401, "invalid_credential");
  });

  it("are refused when neither JWT_SECRET nor JWT_JWKS_URL is set", async () => {
    const token = await signUserJwt("user-nowhere");
    await expectRefusal(await call(envWith({ JWT_SECRET: undefined }), `Bearer ${token}`), 401, "invalid_credential");
  });

  describe("with JWT_ISSUER and JWT_AUDIENCE set", () => {
    const strict = envWith({ JWT_ISSUER: "https://id.example", JWT_AUDIENCE: "svc" });

    it("accept the right issuer and audience", async () => {
      const token = await signUserJwt("user-iss", { issuer: "https://id.example", audience: "svc" });
      expect((await expectPrincipal(await call(strict, `Bearer ${token}`))).owner_id).toBe("user:user-iss");
    });

    it.each([
      ["a wrong issuer", { issuer: "https://evil.example", audience: "svc" }],
      ["a wrong audience", { issuer: "https://id.example", audience: "other" }],
      ["no issuer", { audience: "svc" }],
      ["no audience", { issuer: "https://id.example" }],
    ])("refuse %s", async (_label, claims) => {
      const token = await signUserJwt("user-iss", claims);
      await expectRefusal(await call(strict, `Bearer ${token}`), 401, "invalid_credential");
    });
  });
});

describe("user JWTs from a JWKS (JWT_JWKS_URL)", () => {
  const kid = "test-key-1";
  let server: Server;
  let privateKey: CryptoKey;
  let otherKey: CryptoKey;
  let env: Record<string, unknown>;
  let jwksRequests = 0;

  beforeAll(async () => {
    const pair = await generateKeyPair("ES256");
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair("ES256")).privateKey;
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid, alg: "ES256", use: "sig" }] });
    server = createServer((req, res) => {
      jwksRequests += 1;
      if (req.url !== "/.well-known/jwks.json") {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(jwks);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    env = envWith({ JWT_SECRET: undefined, JWT_JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json` });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  const sign = (key: CryptoKey, sub: string, headerKid = kid) =>
    new SignJWT({ tier: "paid" }).setProtectedHeader({ alg: "ES256", kid: headerKid }).setSubject(sub).setExpirationTime("5m").sign(key);

  it("accept a token signed by the published key", async () => {
    const principal = await expectPrincipal(await call(env, `Bearer ${await sign(privateKey, "user-jwks")}`));
    expect(principal).toEqual({ type: "user", owner_id: "user:user-jwks", tier: "paid", capabilities: [] });
    expect(jwksRequests).toBeGreaterThan(0);
  });

  it("refuse a token signed by another key pair under the same kid", async () => {
    await expectRefusal(await call(env, `Bearer ${await sign(otherKey, "user-forged")}`), 401, "invalid_credential");
  });

  it("refuse a token naming a kid the JWKS does not have", async () => {
    await expectRefusal(await call(env, `Bearer ${await sign(otherKey, "user-forged", "unknown-kid")}`), 401, "invalid_credential");
  });

  it("refuse an HS256 token (the JWKS is the only trust root)", async () => {
    await expectRefusal(await call(env, `Bearer ${await signUserJwt("user-hs")}`), 401, "invalid_credential");
  });
});

describe("a bad environment", () => {
  // With no valid environment there is no LOG_LEVEL either: the 500 is logged at the default level.
  let logged: string[];
  beforeEach(() => {
    logged = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void logged.push(line));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ["JWT_SECRET", "too-short"],
    ["KEY_CACHE_TTL_SECONDS", "-1"],
    ["KEY_CACHE_TTL_SECONDS", "3600"],
    ["JWT_JWKS_URL", "not a url"],
    ["OPERATOR_API_KEY", "short"],
  ])("%s=%s is a 500 bad_environment naming the variable", async (variable, value) => {
    const res = await call(envWith({ [variable]: value }), `Bearer ${TEST_OPERATOR_KEY}`);
    const error = await expectRefusal(res, 500, "bad_environment");
    expect(error.field).toBe(variable);
    expect(String(error.message)).toContain(variable);
    expect(String(error.message)).not.toContain(value);
    expect(
      logged.some((line) => line.includes('"unhandled_error"') && line.includes(variable)),
      logged.join("\n"),
    ).toBe(true);
  });
});
