import { accountFunction } from "@svc/fn-account";
import { adminFunction } from "@svc/fn-admin";
import { reasonFunction } from "@svc/fn-reason";
import { scoringFunction } from "@svc/fn-scoring";
import { skillsFunction } from "@svc/fn-skills";
import { RUNTIME_BINDING, type Runtime } from "@svc/runtime";
import { beforeAll, describe, expect, it } from "vitest";
import { mintApiKey, TEST_OPERATOR_KEY } from "./support/credentials";
import { testRuntime } from "./support/database";
import { expectError, readJson, type Fetcher } from "./support/reason";

// Inputs that once reached the database or the engine and failed there (a 500, yet charged):
// each is now a 400 naming the field, at no cost.

let env: Record<string, unknown>;
beforeAll(async () => {
  env = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, [RUNTIME_BINDING]: await testRuntime() };
});

const call = (fn: Fetcher, key: string, method: string, path: string, body?: unknown) =>
  fn.fetch(
    new Request(`http://t${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    env,
  );

async function used(key: string, skill: string): Promise<number> {
  const usage = await readJson<{ skills: Array<{ skill: string; used: number }> }>(await call(accountFunction, key, "GET", "/api/usage"), 200);
  return usage.skills.find((s) => s.skill === skill)!.used;
}

describe("a NUL character is refused wherever it comes in", () => {
  it.each([
    ["a body field", scoringFunction, "POST", "/api/score-action", { action: "a\u0000b" }, "action", "svc-score"],
    [
      "a nested body field",
      scoringFunction,
      "POST",
      "/api/score-decision",
      {
        decision: "d",
        options: [
          { label: "a", description: "x\u0000" },
          { label: "b", description: "y" },
        ],
      },
      "options[0].description",
      "svc-decide",
    ],
    ["a document", scoringFunction, "POST", "/api/score-document", { text: "doc\u0000" }, "text", "svc-audit"],
  ] as const)("%s: 400 naming it, nothing charged", async (_label, fn, method, path, body, field, skill) => {
    const { key } = await mintApiKey(await testRuntime());
    await expectError(await call(fn, key, method, path, body), 400, "invalid_field", field);
    expect(await used(key, skill)).toBe(0);
  });

  it("in a path parameter and a query parameter", async () => {
    await expectError(await call(scoringFunction, TEST_OPERATOR_KEY, "GET", "/api/v1/score-history/%00"), 400, "invalid_field", "user_id");
    await expectError(await call(adminFunction, TEST_OPERATOR_KEY, "GET", "/api/admin/keys?owner_id=%00"), 400, "invalid_field", "owner_id");
    await expectError(
      await call(adminFunction, TEST_OPERATOR_KEY, "POST", "/api/admin/keys", { kind: "live", owner_id: "x\u0000" }),
      400,
      "invalid_field",
      "owner_id",
    );
  });
});

describe("a lone surrogate (an unpaired \\uD800-\\uDFFF escape) is refused wherever it comes in", () => {
  it.each([
    ["a body field", scoringFunction, "POST", "/api/score-action", { action: "I kept \ud800 my promise." }, "action", "svc-score"],
    [
      "a nested body field",
      scoringFunction,
      "POST",
      "/api/score-decision",
      {
        decision: "d",
        options: [
          { label: "a", description: "x\udc00" },
          { label: "b", description: "y" },
        ],
      },
      "options[0].description",
      "svc-decide",
    ],
  ] as const)("%s: 400 naming it, nothing charged", async (_label, fn, method, path, body, field, skill) => {
    const { key } = await mintApiKey(await testRuntime());
    await expectError(await call(fn, key, method, path, body), 400, "invalid_field", field);
    expect(await used(key, skill)).toBe(0);
  });

  it("a well-formed pair (an emoji) is text like any other", async () => {
    const { key } = await mintApiKey(await testRuntime());
    await readJson(await call(scoringFunction, key, "POST", "/api/score-action", { action: "I kept my promise to my team \ud83d\ude00." }), 200);
  });
});

describe("blank text and out-of-range dates", () => {
  it("refuses a blank action, at no cost", async () => {
    const { key } = await mintApiKey(await testRuntime());
    await expectError(await call(scoringFunction, key, "POST", "/api/score-action", { action: "   " }), 400, "invalid_field", "action");
    expect(await used(key, "svc-score")).toBe(0);
  });

  it("accepts an empty optional context", async () => {
    const { key } = await mintApiKey(await testRuntime());
    await readJson(await call(scoringFunction, key, "POST", "/api/score-action", { action: "I kept my promise to my team.", context: "" }), 200);
  });

  it.each(["0000-01-01", "1899-12-31", "3000-01-01"])("refuses the journal date %s, at no cost", async (date) => {
    const { key } = await mintApiKey(await testRuntime());
    await expectError(
      await call(scoringFunction, key, "POST", "/api/reflect", { entry: "I was patient today with my brother.", date }),
      400,
      "invalid_field",
      "date",
    );
    expect(await used(key, "svc-reflect")).toBe(0);
  });
});

describe("svc_inst_ keys supply their own Layer 1", () => {
  it("cannot use the server's Layer 1 through the svc-reason skill", async () => {
    const { key } = await mintApiKey(await testRuntime(), { kind: "inst", capabilities: ["l1_supply"] });
    await expectError(
      await call(skillsFunction, key, "POST", "/api/skill/svc-reason", { input: "I shipped the feature without tests." }),
      403,
      "wrong_credential_kind",
    );
    expect(await used(key, "svc-reason")).toBe(0);
  });
});

describe("the operator's own records", () => {
  it("the operator reads the narrative of its own deferred consult", async () => {
    const consult = await readJson<{ narrative: { correlation_id: string } }>(
      await call(reasonFunction, TEST_OPERATOR_KEY, "POST", "/api/reason", { input: "I returned the wallet I found.", response_format: "assessment_first" }),
      200,
    );
    const read = await readJson<{ status: string }>(
      await call(reasonFunction, TEST_OPERATOR_KEY, "GET", `/api/reason/narratives/${consult.narrative.correlation_id}`),
      200,
    );
    expect(["deferred", "ready"]).toContain(read.status);
  });
});

describe("a call that fails after it was charged costs nothing", () => {
  it("gives back the charge when the handler fails", async () => {
    const base = await testRuntime();
    // A runtime whose language layers fail: the route is charged, then its engine call fails.
    const failing: Runtime = {
      name: "failing-language",
      open: async (config) => ({
        ...(await base.open(config)),
        language: () => ({
          extractor: { name: "broken", extract: () => Promise.reject(new Error("the extractor is down")) },
          narrator: { name: "broken", narrate: () => Promise.reject(new Error("down")) },
        }),
      }),
    };
    const { key } = await mintApiKey(base);
    const res = await scoringFunction.fetch(
      new Request("http://t/api/score-action", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ action: "I kept my promise." }),
      }),
      { LOG_LEVEL: "silent", [RUNTIME_BINDING]: failing },
    );
    expect(res.status, await res.clone().text()).toBe(500);
    expect(await used(key, "svc-score")).toBe(0);
  });
});
