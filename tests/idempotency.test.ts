import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bodyFingerprint, planSkillCall, type Meter } from "@svc/core";
import { idempotencyStore } from "@svc/db";
import { BadEnvironmentError, parseEnv, type Runtime, type RuntimeSession } from "@svc/runtime";
import { clearCredentialCache } from "@svc/http/auth";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountFunction } from "../functions/account/src/function";
import { adminFunction } from "../functions/admin/src/function";
import { stoaFunction } from "../functions/stoa/src/function";
import { runScheduledJobs } from "../functions/scheduler/src/jobs";
import { scoringFunction } from "../functions/scoring/src/function";
import { startLocalServer, type LocalServer } from "../packages/local/src/server";
import { mintApiKey, signUserJwt, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "./support/credentials";
import { BACKENDS, freshOwner, REAL_DATABASE_URL, testRuntime, type Backend } from "./support/database";
import { closeMeters, runtimeWithMeter, REAL_REDIS_URL, testMeter } from "./support/meter";
import { expectError, readJson } from "./support/reason";

// Idempotency-Key (Stripe's semantics) on the charged POSTs, in-process against each database
// backend (PGlite, and the real PostgreSQL through the Neon driver when DATABASE_URL is set),
// metered on the real Redis through the Upstash clients when REDIS_URL is set. The route is
// POST /api/score-action: one svc-score unit and one stored score per call that runs.

const SCORE_PATH = "/api/score-action";
const BODY = { action: "I returned the wallet I found to its owner.", context: "It held a month's rent." };

afterAll(() => closeMeters());
beforeEach(() => clearCredentialCache());

const show = (value: unknown) => JSON.stringify(value);

describe.each(BACKENDS)("Idempotency-Key on %s", (backend: Backend) => {
  let meter: Meter | undefined;
  const runtime = runtimeWithMeter(async () => (meter ??= await testMeter(REAL_REDIS_URL ? "upstash" : "memory")), `idempotency-${backend}`, backend);
  const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };

  const mint = async () => mintApiKey(await testRuntime(backend), { kind: "live", tier: "free" });

  // Opening (and migrating) the database is setup, not part of the first test's time.
  beforeAll(async () => {
    await runtime.database();
  });

  function postWithKey(
    key: string,
    idempotencyKey: string | undefined,
    body: unknown = BODY,
    path = SCORE_PATH,
    env: Record<string, unknown> = ENV,
  ): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
    const text = typeof body === "string" ? body : JSON.stringify(body);
    return Promise.resolve(scoringFunction.fetch(new Request(`http://t${path}`, { method: "POST", headers, body: text }), env));
  }

  async function usedScore(key: string): Promise<number> {
    const res = await accountFunction.fetch(new Request("http://t/api/usage", { headers: { authorization: `Bearer ${key}` } }), ENV);
    const usage = await readJson<{ skills: { skill: string; used: number }[] }>(res, 200);
    return usage.skills.find((s) => s.skill === "svc-score")!.used;
  }

  async function scoreCount(key: string): Promise<number> {
    const res = await scoringFunction.fetch(new Request("http://t/api/user/scores?limit=50", { headers: { authorization: `Bearer ${key}` } }), ENV);
    return (await readJson<{ scores: unknown[] }>(res, 200)).scores.length;
  }

  const idempotencyRows = async (credentialId: string) =>
    (await testRuntime(backend)).database().then((db) => db.selectFrom("idempotency_keys").selectAll().where("subject", "=", `key:${credentialId}`).execute());

  it("the same key and body twice: the stored response again, one charge, one stored score", async () => {
    const { key } = await mint();
    const idem = crypto.randomUUID();
    const first = await postWithKey(key, idem);
    const firstText = await first.text();
    expect(first.status, firstText).toBe(200);
    expect(first.headers.get("Idempotent-Replayed"), firstText).toBeNull();

    // The same JSON with other spacing and key order is the same request.
    const reordered = `{ "context": ${JSON.stringify(BODY.context)},\n  "action": ${JSON.stringify(BODY.action)} }`;
    const second = await postWithKey(key, idem, reordered);
    const secondText = await second.text();
    expect(second.status, secondText).toBe(200);
    expect(secondText).toBe(firstText);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect(second.headers.get("Content-Type")).toContain("application/json");
    expect(second.headers.get("Original-Request")).toBe(first.headers.get("X-Request-Id"));
    expect(second.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));

    expect(await usedScore(key)).toBe(1);
    expect(await scoreCount(key)).toBe(1);
  });

  it("the stored body is sealed at rest with the data keys, tied to its caller and key", async () => {
    const { key, id } = await mint();
    const idem = crypto.randomUUID();
    const first = await postWithKey(key, idem);
    const firstText = await first.text();
    expect(first.status, firstText).toBe(200);
    const [row] = await idempotencyRows(id);
    expect(row, "one record for the call").toMatchObject({ response_status: 200, response_sealed: true });
    expect(row!.response_body).toMatch(/^v1\./);
    expect(row!.response_body).not.toContain(BODY.action);
    expect(row!.response_body).not.toContain(JSON.parse(firstText).id);
    expect(await (await postWithKey(key, idem)).text()).toBe(firstText);
  });

  it("a deployment without DATA_KEYS keeps the body as sent, and still replays it", async () => {
    const unsealed: Runtime = {
      name: "no-data-keys",
      open: async (cfg): Promise<RuntimeSession> => ({
        ...(await runtime.open(cfg)),
        sealer: () => {
          throw new BadEnvironmentError("The service is misconfigured: DATA_KEYS is not set.", "DATA_KEYS");
        },
      }),
    };
    const env = { ...ENV, SVC_RUNTIME: unsealed };
    const { key, id } = await mint();
    const idem = crypto.randomUUID();
    const firstText = await (await postWithKey(key, idem, BODY, SCORE_PATH, env)).text();
    const [row] = await idempotencyRows(id);
    expect(row, firstText).toMatchObject({ response_status: 200, response_sealed: false, response_body: firstText });
    const again = await postWithKey(key, idem, BODY, SCORE_PATH, env);
    expect(await again.text()).toBe(firstText);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await usedScore(key)).toBe(1);
  });

  it("without a key, two identical calls run twice (the header is what deduplicates)", async () => {
    const { key } = await mint();
    await readJson(await postWithKey(key, undefined), 200);
    await readJson(await postWithKey(key, undefined), 200);
    expect(await usedScore(key)).toBe(2);
    expect(await scoreCount(key)).toBe(2);
  });

  it("the same key with another body or on another path: 422 idempotency_key_reused, nothing charged or written", async () => {
    const { key } = await mint();
    const idem = crypto.randomUUID();
    await readJson(await postWithKey(key, idem), 200);
    const error = await expectError(await postWithKey(key, idem, { ...BODY, action: "I kept the wallet." }), 422, "idempotency_key_reused", "Idempotency-Key");
    expect(error.message, show(error)).toContain("another body");
    await expectError(await postWithKey(key, idem, BODY, "/api/v1/score-action"), 422, "idempotency_key_reused", "Idempotency-Key");
    expect(await usedScore(key)).toBe(1);
    expect(await scoreCount(key)).toBe(1);
  });

  it("keys are per caller: another credential's same key runs its own call", async () => {
    const [a, b] = await Promise.all([mint(), mint()]);
    const idem = crypto.randomUUID();
    const first = await readJson<{ id: string }>(await postWithKey(a.key, idem), 200);
    const res = await postWithKey(b.key, idem);
    const second = await readJson<{ id: string }>(res, 200);
    expect(res.headers.get("Idempotent-Replayed")).toBeNull();
    expect(second.id).not.toBe(first.id);
    expect(await usedScore(a.key)).toBe(1);
    expect(await usedScore(b.key)).toBe(1);
  });

  it("concurrent requests with one key: exactly one runs and is charged; the others get 409 in_use or the replay", async () => {
    const { key } = await mint();
    const idem = crypto.randomUUID();
    const responses = await Promise.all(Array.from({ length: 6 }, () => postWithKey(key, idem)));
    const outcomes = await Promise.all(
      responses.map(async (res) => ({ status: res.status, replayed: res.headers.get("Idempotent-Replayed"), body: (await res.json()) as any })),
    );
    const ran = outcomes.filter((o) => o.status === 200 && o.replayed === null);
    expect(ran, show(outcomes)).toHaveLength(1);
    for (const other of outcomes.filter((o) => o !== ran[0])) {
      if (other.status === 409) {
        expect(other.body.error.code, show(other)).toBe("idempotency_key_in_use");
      } else {
        expect(other, show(outcomes)).toMatchObject({ status: 200, replayed: "true", body: { id: ran[0]!.body.id } });
      }
    }
    expect(await usedScore(key)).toBe(1);
    expect(await scoreCount(key)).toBe(1);
  });

  it("a 409 in_use names when to retry and costs nothing", async () => {
    const { key, id } = await mint();
    const idem = crypto.randomUUID();
    // A call still running holds the claim: its row without a response, its lease not over.
    const store = idempotencyStore(await (await testRuntime(backend)).database());
    const now = new Date();
    await store.claim(
      { subject: `key:${id}`, key: idem, method: "POST", path: SCORE_PATH, bodySha256: await bodyFingerprint(BODY) },
      { claimId: crypto.randomUUID(), now, lockedUntil: new Date(now.getTime() + 60_000), expiresAt: new Date(now.getTime() + 86_400_000) },
    );
    const res = await postWithKey(key, idem);
    await expectError(res, 409, "idempotency_key_in_use");
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await usedScore(key)).toBe(0);
    expect(await scoreCount(key)).toBe(0);
  });

  it("a claim whose call was abandoned (lease over, no response) is taken over by the retry", async () => {
    const { key, id } = await mint();
    const idem = crypto.randomUUID();
    const store = idempotencyStore(await (await testRuntime(backend)).database());
    const past = new Date(Date.now() - 60_000);
    await store.claim(
      { subject: `key:${id}`, key: idem, method: "POST", path: SCORE_PATH, bodySha256: await bodyFingerprint(BODY) },
      { claimId: crypto.randomUUID(), now: past, lockedUntil: past, expiresAt: new Date(Date.now() + 86_400_000) },
    );
    const res = await postWithKey(key, idem);
    await readJson(res, 200);
    expect(res.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await usedScore(key)).toBe(1);
  });

  it("after 24 hours the key is free again, and the purge deletes expired records", async () => {
    const { key, id } = await mint();
    const idem = crypto.randomUUID();
    const first = await readJson<{ id: string }>(await postWithKey(key, idem), 200);
    const db = await (await testRuntime(backend)).database();
    const [row] = await idempotencyRows(id);
    expect(row, "one record for the call").toBeDefined();
    const expiresIn = new Date(row!.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(23.9 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);

    await db.updateTable("idempotency_keys").set({ expires_at: sql<Date>`now() - interval '1 second'` }).where("subject", "=", `key:${id}`).execute();
    const res = await postWithKey(key, idem);
    const second = await readJson<{ id: string }>(res, 200);
    expect(res.headers.get("Idempotent-Replayed")).toBeNull();
    expect(second.id).not.toBe(first.id);
    expect(await usedScore(key)).toBe(2);
    expect(await scoreCount(key)).toBe(2);

    await db.updateTable("idempotency_keys").set({ expires_at: sql<Date>`now() - interval '1 second'` }).where("subject", "=", `key:${id}`).execute();
    expect(await idempotencyStore(db).purgeExpired(new Date())).toBeGreaterThanOrEqual(1);
    expect(await idempotencyRows(id)).toHaveLength(0);
  });

  it("a 4xx the call reached is stored and replayed as it was", async () => {
    const { key } = await mint();
    const idem = crypto.randomUUID();
    const path = "/api/skill/svc-iterate";
    const missingChain = { chain_id: `chain_${crypto.randomUUID()}`, proposal: "I will tell my manager the truth." };
    const skills = (await import("../functions/skills/src/function")).skillsFunction;
    const send = () =>
      Promise.resolve(
        skills.fetch(
          new Request(`http://t${path}`, {
            method: "POST",
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": idem },
            body: JSON.stringify(missingChain),
          }),
          ENV,
        ),
      );
    const first = await send();
    const firstText = await first.text();
    const second = await send();
    const secondText = await second.text();
    expect(second.status, secondText).toBe(first.status);
    expect(first.status, firstText).toBeGreaterThanOrEqual(400);
    expect(first.status, firstText).toBeLessThan(500);
    expect(secondText).toBe(firstText);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    const envelope = JSON.parse(secondText) as { error: { request_id: string } };
    expect(envelope.error.request_id).toBe(second.headers.get("Original-Request"));
  });

  it("a refused call (429 allowance exhausted) releases the key: the retry runs once the allowance allows", async () => {
    const { key, id } = await mint();
    const idem = crypto.randomUUID();
    meter ??= await testMeter(REAL_REDIS_URL ? "upstash" : "memory");
    const exhausted = {
      id: `test:${crypto.randomUUID()}`,
      ...planSkillCall({ subject: `key:${id}`, tier: "free", skill: "svc-score", units: 100, now: new Date(), paidDailyLimit: 500 }),
    };
    expect((await meter.consume(exhausted)).allowed).toBe(true);
    await expectError(await postWithKey(key, idem), 429, "allowance_exhausted");
    expect(await idempotencyRows(id)).toHaveLength(0);
    await meter.refund(exhausted);
    const res = await postWithKey(key, idem);
    await readJson(res, 200);
    expect(res.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await usedScore(key)).toBe(1);
    expect(await scoreCount(key)).toBe(1);
  });

  it("the store unreachable when claiming: 503 store_unavailable, the call never runs and costs nothing", async () => {
    const failing: Runtime = {
      name: "failing-idempotency-store",
      open: async (cfg): Promise<RuntimeSession> => {
        const session = await runtime.open(cfg);
        const down = () => Promise.reject(new Error("connection terminated unexpectedly"));
        return { ...session, idempotency: { claim: down, complete: down, release: down, purgeExpired: down } };
      },
    };
    const { key } = await mint();
    const res = await postWithKey(key, crypto.randomUUID(), BODY, SCORE_PATH, { ...ENV, SVC_RUNTIME: failing });
    const error = await expectError(res, 503, "store_unavailable");
    expect(error.message).not.toMatch(/terminated/);
    expect(res.headers.get("Retry-After")).toBe("30");
    expect(await usedScore(key)).toBe(0);
    expect(await scoreCount(key)).toBe(0);
  });

  it("an uncharged POST accepts it too: a retried Stoa declaration gets its 201 again, not 409 already_declared", async () => {
    const { key } = await mint();
    const agent = `idem-agent-${crypto.randomUUID()}`;
    const declaration = { agent_id: agent, display_name: "Careful Agent", statement: "I examine each consequential action before taking it." };
    const idem = crypto.randomUUID();
    const declare = (idempotencyKey?: string) =>
      Promise.resolve(
        stoaFunction.fetch(
          new Request("http://t/api/stoa/declare", {
            method: "POST",
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) },
            body: JSON.stringify(declaration),
          }),
          ENV,
        ),
      );
    const first = await readJson<{ agent_id: string }>(await declare(idem), 201);
    const again = await declare(idem);
    expect(await readJson(again, 201)).toEqual(first);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    await expectError(await declare(), 409, "already_declared");
  });

  it("the route that shows a new API key once refuses the header: its response is never stored", async () => {
    const res = await adminFunction.fetch(
      new Request("http://t/api/admin/keys", {
        method: "POST",
        headers: { authorization: `Bearer ${TEST_OPERATOR_KEY}`, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
        body: JSON.stringify({ kind: "live", owner_id: freshOwner("admin-idem"), tier: "free" }),
      }),
      ENV,
    );
    await expectError(res, 400, "idempotency_key_not_accepted", "Idempotency-Key");
  });

  describe.each([
    ["empty", ""],
    ["256 characters", "k".repeat(256)],
    ["a non-ASCII character", "clé-1"],
    ["a control character", "key\u0001one"],
  ])("a malformed Idempotency-Key (%s)", (_label, value) => {
    it("is a 400 naming the header, and costs nothing", async () => {
      const { key } = await mint();
      await expectError(await postWithKey(key, value), 400, "invalid_header", "Idempotency-Key");
      expect(await usedScore(key)).toBe(0);
      expect(await scoreCount(key)).toBe(0);
    });
  });

  it("accepts a key of 255 printable characters", async () => {
    const { key } = await mint();
    const idem = `~ ${"k".repeat(253)}`;
    await readJson(await postWithKey(key, idem), 200);
    const again = await postWithKey(key, idem);
    await readJson(again, 200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
  });
});

describe("the scheduled function", () => {
  it("purges Idempotency-Key records past their 24 hours, and only those", async () => {
    // The embedded database of this test worker: the jobs also sweep the outbox, which on the
    // shared PostgreSQL holds other suites' jobs.
    const local = await testRuntime("pglite");
    const store = idempotencyStore(await local.database());
    const now = new Date();
    const request = { subject: `key:${crypto.randomUUID()}`, method: "POST", path: SCORE_PATH, bodySha256: await bodyFingerprint(BODY) };
    const stale = { ...request, key: "stale" };
    const live = { ...request, key: "live" };
    const claimedAt = { now, lockedUntil: now, expiresAt: new Date(now.getTime() + 86_400_000) };
    await store.claim(stale, { ...claimedAt, claimId: crypto.randomUUID(), expiresAt: new Date(now.getTime() - 1000) });
    await store.claim(live, { ...claimedAt, claimId: crypto.randomUUID() });
    const run = await runScheduledJobs(await local.open(parseEnv({ LOG_LEVEL: "silent" })), now);
    expect(run.expired_idempotency_keys).toBeGreaterThanOrEqual(1);
    const left = await (await local.database()).selectFrom("idempotency_keys").select("key").where("subject", "=", request.subject).execute();
    expect(left.map((r) => r.key)).toEqual(["live"]);
  });
});

describe("CORS for Idempotency-Key", () => {
  it("allows the request header and exposes the replay headers", async () => {
    const res = await scoringFunction.fetch(
      new Request(`http://t${SCORE_PATH}`, { method: "OPTIONS", headers: { origin: "https://app.example", "access-control-request-method": "POST" } }),
      { LOG_LEVEL: "silent", CORS_ALLOWED_ORIGINS: "https://app.example" },
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Headers")).toContain("Idempotency-Key");
    expect(res.headers.get("Access-Control-Expose-Headers")).toContain("Idempotent-Replayed");
    expect(res.headers.get("Access-Control-Expose-Headers")).toContain("Original-Request");
  });
});

describe("a dropped connection, over the real local server", () => {
  let server: LocalServer | undefined;
  let baseDir: string | undefined;

  beforeAll(async () => {
    baseDir = mkdtempSync(join(tmpdir(), "svc-idempotency-"));
    // The real database when there is one (migrated by the test runtime), else the embedded one.
    if (REAL_DATABASE_URL) await testRuntime("postgres");
    server = await startLocalServer({
      PORT: "55911",
      LOG_LEVEL: "silent",
      DATA_DIR: join(baseDir, "data"),
      JWT_SECRET: TEST_JWT_SECRET,
      ...(REAL_DATABASE_URL ? { DATABASE_URL: REAL_DATABASE_URL } : {}),
      ...(REAL_REDIS_URL ? { REDIS_URL: REAL_REDIS_URL } : {}),
    });
  });

  afterAll(async () => {
    await server?.close();
    if (baseDir) rmSync(baseDir, { recursive: true, force: true });
  });

  it("the client sends, hangs up, retries with the same key: one charge, one score, the stored result", async () => {
    const url = server!.url;
    const jwt = await signUserJwt(freshOwner("dropped"));
    const idem = crypto.randomUUID();
    const body = JSON.stringify(BODY);

    // The whole request goes out, then the client closes the socket without reading a byte.
    await new Promise<void>((resolve, reject) => {
      const socket = connect(server!.port, "127.0.0.1", () => {
        const request =
          `POST ${SCORE_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${server!.port}\r\nAuthorization: Bearer ${jwt}\r\n` +
          `Content-Type: application/json\r\nIdempotency-Key: ${idem}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
        socket.write(request, (err) => {
          socket.destroy();
          if (err) reject(err);
          else resolve();
        });
      });
      socket.on("error", reject);
    });

    const auth = { authorization: `Bearer ${jwt}` };
    const usedScore = async () => {
      const usage = (await (await fetch(`${url}/api/usage`, { headers: auth })).json()) as { skills: { skill: string; used: number }[] };
      return usage.skills.find((s) => s.skill === "svc-score")!.used;
    };
    // The server ran the abandoned call: it was charged (bounded wait, not a timing assertion).
    for (let i = 0; i < 100 && (await usedScore()) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await usedScore()).toBe(1);

    // The retry: 409 while the first call still runs, then its stored result.
    let retry: Response | undefined;
    for (let i = 0; i < 100; i++) {
      retry = await fetch(`${url}${SCORE_PATH}`, { method: "POST", headers: { ...auth, "content-type": "application/json", "idempotency-key": idem }, body });
      if (retry.status !== 409) break;
      await retry.arrayBuffer();
      await new Promise((r) => setTimeout(r, 50));
    }
    const text = await retry!.text();
    expect(retry!.status, text).toBe(200);
    expect(retry!.headers.get("Idempotent-Replayed"), text).toBe("true");
    expect(await usedScore()).toBe(1);
    const scores = (await (await fetch(`${url}/api/user/scores`, { headers: auth })).json()) as { scores: { id: string }[] };
    expect(scores.scores.map((s) => s.id)).toEqual([(JSON.parse(text) as { id: string }).id]);
  });
});
