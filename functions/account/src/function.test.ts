import type { Runtime } from "@svc/runtime";
import { clearCredentialCache } from "@svc/http/auth";
import { beforeEach, describe, expect, it } from "vitest";
import type * as z from "zod";
import { mintApiKey, signUserJwt, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { freshOwner, testRuntime } from "../../../tests/support/database";
import { describeSecurity } from "../../../tests/support/security";
import { accountFunction } from "./function";
import { MeResponse } from "./routes/me_get";

// GET /api/me on the test runtime (PGlite, or the real PostgreSQL through the Neon driver
// when DATABASE_URL is set).

const runtime: Runtime = { name: "test", open: async (cfg) => (await testRuntime()).open(cfg) };
const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };

function getMe(authorization: string | undefined): Promise<Response> {
  return Promise.resolve(accountFunction.fetch(new Request("http://t/api/me", { headers: authorization ? { authorization } : {} }), ENV));
}

async function expectMe(res: Response): Promise<z.infer<typeof MeResponse>> {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const parsed = MeResponse.strict().safeParse(JSON.parse(text));
  expect(parsed.success, text).toBe(true);
  return parsed.data!;
}

beforeEach(() => {
  clearCredentialCache();
});

describe("GET /api/me", () => {
  it("describes an API key: its owner, kind, agent, tier and capabilities", async () => {
    const minted = await mintApiKey(await testRuntime(), {
      kind: "inst",
      tier: "paid",
      agent: "agent-seven",
      capabilities: ["l1_supply", "watching_write"],
    });
    expect(await expectMe(await getMe(`Bearer ${minted.key}`))).toEqual({
      type: "api_key",
      owner_id: minted.owner,
      credential_id: minted.id,
      kind: "inst",
      agent_id: "agent-seven",
      tier: "paid",
      capabilities: ["l1_supply", "watching_write"],
    });
  });

  it("describes a key with no agent binding with agent_id null", async () => {
    const minted = await mintApiKey(await testRuntime(), { kind: "live" });
    const me = await expectMe(await getMe(`Bearer ${minted.key}`));
    expect(me).toMatchObject({ type: "api_key", kind: "live", agent_id: null, tier: "free", capabilities: [] });
  });

  it("describes a user token: type user, owner user:<sub>, no credential id", async () => {
    const sub = freshOwner("user");
    expect(await expectMe(await getMe(`Bearer ${await signUserJwt(sub)}`))).toEqual({
      type: "user",
      owner_id: `user:${sub}`,
      credential_id: null,
      kind: null,
      agent_id: null,
      tier: "free",
      capabilities: [],
    });
  });

  it("a token with sub operator is the human user user:operator, not the operator", async () => {
    const me = await expectMe(await getMe(`Bearer ${await signUserJwt("operator")}`));
    expect(me).toMatchObject({ type: "user", owner_id: "user:operator", capabilities: [] });
  });

  it("gives a user token the tier of its tier claim", async () => {
    const me = await expectMe(await getMe(`Bearer ${await signUserJwt(freshOwner("user"), { claims: { tier: "paid" } })}`));
    expect(me.tier).toBe("paid");
  });

  it("describes the operator key", async () => {
    expect(await expectMe(await getMe(`Bearer ${TEST_OPERATOR_KEY}`))).toEqual({
      type: "operator",
      owner_id: "operator",
      credential_id: null,
      kind: null,
      agent_id: null,
      tier: "paid",
      capabilities: ["operator"],
    });
  });

  it("refuses a request without a credential with 401 and WWW-Authenticate: Bearer", async () => {
    const res = await getMe(undefined);
    const text = await res.text();
    expect(res.status, text).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
    expect(JSON.parse(text).error.code).toBe("missing_credential");
  });
});

describeSecurity({
  name: "GET /api/me",
  runtime: () => testRuntime(),
  validCredential: async () => (await mintApiKey(await testRuntime())).key,
  call: getMe,
});
