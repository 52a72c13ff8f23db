import { GUARDRAIL_DISCLAIMER, GuardrailResponse, GuardrailVerdict, MeterUnavailableError, type Meter } from "@svc/core";
import type { Platform } from "@svc/http";
import { clearCredentialCache } from "@svc/http/auth";
import { createUpstashMeter } from "@svc/meter/upstash";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { accountFunction } from "../../account/src/function";
import { scoringFunction } from "../../scoring/src/function";
import { mintApiKey, signUserJwt, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { freshOwner, testPlatform } from "../../../tests/support/database";
import { closeMeters, meteredPlatform, METER_BACKENDS, platformWithMeter } from "../../../tests/support/meter";
import { expectError, readJson } from "../../../tests/support/reason";
import { describeSecurity } from "../../../tests/support/security";
import { guardrailFunction } from "./function";
import { GuardrailUsage } from "./routes/guardrail_usage_get";

// POST /api/guardrail and GET /api/guardrail, in-process on the test platform (PGlite, or the
// real PostgreSQL when DATABASE_URL is set; the metering block also runs on the Upstash
// clients over the real Redis when REDIS_URL is set). The guardrail reads the action with the
// offline Layer 1 only: no language model on its path, whatever the deployment configures.

const platform: Platform = { name: "test", open: async (cfg) => (await testPlatform()).open(cfg) };
const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_PLATFORM: platform };

type Env = Record<string, unknown>;

/** POST /api/guardrail with the given Authorization header value (or none). */
function check(authorization: string | undefined, body: unknown, env: Env = ENV): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization !== undefined) headers.authorization = authorization;
  return Promise.resolve(guardrailFunction.fetch(new Request("http://t/api/guardrail", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) }), env));
}
const guard = (credential: string, body: unknown, env: Env = ENV) => check(`Bearer ${credential}`, body, env);

async function mint() {
  return mintApiKey(await testPlatform(), { kind: "live", tier: "free", capabilities: [] });
}

const show = (value: unknown) => JSON.stringify(value, null, 1);
/** JSON with every non-ASCII character escaped as \\uXXXX, as Python's json.dumps writes it by default. */
const asciiJson = (value: unknown) => JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
const severity = (v: GuardrailVerdict) => GuardrailVerdict.options.indexOf(v);

/** A 200 that is a guardrail verdict, checked against its schema and its own invariants. */
async function expectVerdict(res: Response, action: string): Promise<GuardrailResponse> {
  const body = await readJson(res, 200);
  const parsed = GuardrailResponse.strict().safeParse(body);
  expect(parsed.success, `${show(body)}\n${parsed.error?.message}`).toBe(true);
  const verdict = parsed.data!;
  expect(verdict.advisory).toBe(true);
  expect(verdict.disclaimer).toBe(GUARDRAIL_DISCLAIMER);
  const severities = verdict.reasons.map((r) => severity(r.verdict));
  expect(severities, show(body)).toEqual([...severities].sort((a, b) => b - a));
  expect(verdict.verdict, show(body)).toBe(verdict.reasons[0]?.verdict ?? "proceed");
  for (const reason of verdict.reasons) {
    for (const marker of reason.grounding) {
      expect(action.slice(marker.start, marker.end), `${reason.code}: ${show(marker)}`).toBe(marker.quote);
    }
  }
  return verdict;
}

async function usageOf(credential: string, env: Env, skill = "svc-guard"): Promise<number> {
  const usage = await readJson<{ skills: { skill: string; used: number }[] }>(
    await accountFunction.fetch(new Request("http://t/api/usage", { headers: { authorization: `Bearer ${credential}` } }), env),
    200,
  );
  return usage.skills.find((s) => s.skill === skill)!.used;
}

const ACCEPTANCE = "Delete the production database of our customers to free up space";
const PLAIN = "Archive old log files.";

beforeEach(() => {
  clearCredentialCache();
});

afterAll(closeMeters);

describe("POST /api/guardrail", () => {
  it("refuses an action that mentions a grave harm to others (do_not_proceed), quoting the words that drove it", async () => {
    const { key } = await mint();
    const verdict = await expectVerdict(await guard(key, { action: ACCEPTANCE }), ACCEPTANCE);
    expect(severity(verdict.verdict), show(verdict)).toBeGreaterThan(severity("proceed"));
    expect(verdict.verdict).toBe("do_not_proceed");
    expect(verdict.reasons[0], show(verdict)).toMatchObject({
      code: "grave_harm_to_others",
      verdict: "do_not_proceed",
      grounding: [{ quote: ACCEPTANCE, start: 0, end: ACCEPTANCE.length }],
    });
  });

  it("quotes the grave sentence at its own offsets inside a longer action", async () => {
    const { key } = await mint();
    const action = "Check the disk usage first. Then delete the production database of our customers to free up space. Tell no one.";
    const verdict = await expectVerdict(await guard(key, { action, context: "A nightly maintenance job." }), action);
    expect(verdict.verdict, show(verdict)).toBe("do_not_proceed");
    const marker = verdict.reasons[0]!.grounding[0]!;
    expect(marker.start, show(verdict)).toBe(action.indexOf("Then delete"));
    expect(marker.quote).toBe("Then delete the production database of our customers to free up space.");
  });

  it.each([
    [ACCEPTANCE, "do_not_proceed", "grave_harm_to_others"],
    ["Leak the customer data to the press.", "do_not_proceed", "grave_harm_to_others"],
    ["Threaten the users who complained until they delete their reviews.", "do_not_proceed", "grave_harm_to_others"],
    ["I will kill myself.", "do_not_proceed", "distress_signal"],
    ["I was furious and replied to my partner without thinking.", "pause_for_review", "acting_under_strong_passion"],
    ["Reply to the customer, I'm annoyed at them.", "proceed_with_caution", "passion_present"],
    ["I lied to my colleague about the deadline.", "proceed_with_caution", "duty_not_met"],
    ["I snapped and deleted the file immediately.", "proceed_with_caution", "unexamined"],
    [PLAIN, "proceed", null],
    ["Send the weekly report to the team.", "proceed", null],
  ] as const)("table: %j -> %s", async (action, expected, code) => {
    const { key } = await mint();
    const verdict = await expectVerdict(await guard(key, { action }), action);
    expect(verdict.verdict, show(verdict)).toBe(expected);
    if (code === null) expect(verdict.reasons, show(verdict)).toEqual([]);
    else expect(verdict.reasons[0]!.code, show(verdict)).toBe(code);
  });

  it("never reads the context as the action", async () => {
    const { key } = await mint();
    const verdict = await expectVerdict(await guard(key, { action: PLAIN, context: ACCEPTANCE }), PLAIN);
    expect(verdict, show(verdict)).toMatchObject({ verdict: "proceed", reasons: [] });
  });

  it("is deterministic: the same action gets the same answer every time", async () => {
    const { key } = await mint();
    const action = "I was furious. Leak the customer data to the press.";
    const first = await readJson(await guard(key, { action }), 200);
    for (let i = 0; i < 3; i++) expect(await readJson(await guard(key, { action }), 200)).toEqual(first);
  });

  it("accepts a human user's token", async () => {
    const jwt = await signUserJwt(freshOwner("human"));
    const verdict = await expectVerdict(await guard(jwt, { action: ACCEPTANCE }), ACCEPTANCE);
    expect(verdict.verdict).toBe("do_not_proceed");
  });

  it.each([
    ["a missing action", { context: "x" }, "missing_field", "action"],
    ["an empty action", { action: "" }, "invalid_field", "action"],
    ["an action that is not a string", { action: ["rm", "-rf"] }, "invalid_field", "action"],
    ["a context that is not a string", { action: PLAIN, context: 7 }, "invalid_field", "context"],
    ["an unknown field", { action: PLAIN, intended_outcome: "x" }, "unknown_field", "intended_outcome"],
  ] as const)("refuses %s (%j) with 400 %s naming %s", async (_label, body, code, field) => {
    const { key } = await mint();
    await expectError(await guard(key, body), 400, code, field);
  });

  it("refuses a body that is not JSON with 400 invalid_json", async () => {
    const { key } = await mint();
    await expectError(await guard(key, "action=rm -rf /"), 400, "invalid_json");
  });
});

describe.each(METER_BACKENDS)("POST /api/guardrail: caps and metering (%s meter)", (backend) => {
  const metered = meteredPlatform(backend);
  const env = { ...ENV, SVC_PLATFORM: metered };
  const mintOn = () => mintApiKey(metered, { kind: "live", tier: "free" });

  it.each([
    ["action", { action: "a".repeat(5001) }],
    ["context", { action: PLAIN, context: "c".repeat(5001) }],
    // The cap holds before the engine: a grave action over the cap is not judged at all.
    ["action", { action: `${ACCEPTANCE} `.repeat(80).slice(0, 5001) }],
  ] as const)("refuses a 5,001-character %s with 400 naming it, before anything else (no svc-guard use)", async (field, body) => {
    const { key } = await mintOn();
    const res = await guard(key, body, env);
    const error = await expectError(res, 400, "invalid_field", field);
    expect(error.message).toContain(field);
    expect(error.message).toContain("5000");
    expect(res.headers.get("ratelimit")).toBeNull();
    expect(await usageOf(key, env)).toBe(0);
  });

  it("accepts an action and a context of exactly 5,000 characters each", async () => {
    const { key } = await mintOn();
    const action = `${ACCEPTANCE}. `.repeat(80).slice(0, 5000);
    const verdict = await expectVerdict(await guard(key, { action, context: "é".repeat(5000) }, env), action);
    expect(verdict.verdict).toBe("do_not_proceed");
    expect(await usageOf(key, env)).toBe(1);
  });

  it("accepts both fields at 5,000 characters even when the JSON escapes every character (Python's json.dumps default)", async () => {
    const { key } = await mintOn();
    const body = asciiJson({ action: "漢".repeat(5000), context: "字".repeat(5000) });
    expect(body.length).toBeGreaterThan(60_000);
    const res = await check(`Bearer ${key}`, body, env);
    expect(res.status, (await res.clone().text()).slice(0, 500)).toBe(200);
    expect(await usageOf(key, env)).toBe(1);
  });

  it("charges one svc-guard call per check and says so in the RateLimit headers (svc-guard-monthly)", async () => {
    const { key } = await mintOn();
    for (let n = 1; n <= 3; n++) {
      const res = await guard(key, { action: n === 2 ? ACCEPTANCE : PLAIN }, env);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get("ratelimit-policy")).toBe('"svc-guard-monthly";q=500;w=2592000');
      expect(res.headers.get("ratelimit")).toMatch(new RegExp(`^"svc-guard-monthly";r=${500 - n};t=\\d+$`));
      expect(await usageOf(key, env)).toBe(n);
    }
    expect(await usageOf(key, env, "svc-score")).toBe(0);
    expect(await usageOf(key, env, "svc-reason")).toBe(0);
  });

  it("does not meter an operator", async () => {
    const res = await guard(TEST_OPERATOR_KEY, { action: PLAIN }, env);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("ratelimit")).toBeNull();
  });
});

/** A meter whose store is down: every method rejects as the Upstash meter does on an outage. */
const downMeter: Meter = {
  name: "down",
  consume: async () => {
    throw new MeterUnavailableError(new Error("connection refused"));
  },
  read: async () => {
    throw new MeterUnavailableError(new Error("connection refused"));
  },
  burst: async () => {
    throw new MeterUnavailableError(new Error("connection refused"));
  },
  refund: async () => {
    throw new MeterUnavailableError(new Error("connection refused"));
  },
};

describe.each([
  ["a meter whose methods reject with MeterUnavailableError", () => platformWithMeter(downMeter, "meter-down")],
  ["an Upstash meter at a closed port", () => platformWithMeter(async () => createUpstashMeter({ url: "http://127.0.0.1:1", token: "any-token", timeoutMs: 200 }), "upstash-down")],
])("POST /api/guardrail with %s", (_label, makePlatform) => {
  const down = makePlatform();
  const env = { ...ENV, SVC_PLATFORM: down };

  it("fails open: answers 200 with the verdict, unmetered, never a 500", async () => {
    const { key } = await mintApiKey(down, { kind: "live", tier: "free" });
    const res = await guard(key, { action: ACCEPTANCE }, env);
    const verdict = await expectVerdict(res, ACCEPTANCE);
    expect(verdict.verdict).toBe("do_not_proceed");
    expect(res.headers.get("ratelimit")).toBeNull();
    expect((await expectVerdict(await guard(key, { action: PLAIN }, env), PLAIN)).verdict).toBe("proceed");
  });

  it("still refuses what it refuses: a 5,001-character action is a 400, and no credential a 401", async () => {
    const { key } = await mintApiKey(down, { kind: "live", tier: "free" });
    await expectError(await guard(key, { action: "a".repeat(5001) }, env), 400, "invalid_field", "action");
    await expectError(await check(undefined, { action: PLAIN }, env), 401, "missing_credential");
  });

  it("is the exception: a scoring route on the same meter refuses with 503 metering_unavailable (control)", async () => {
    const { key } = await mintApiKey(down, { kind: "live", tier: "free" });
    const res = await scoringFunction.fetch(
      new Request("http://t/api/score-action", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ action: PLAIN }) }),
      env,
    );
    await expectError(res, 503, "metering_unavailable");
  });
});

describe("no language model on the guardrail's path", () => {
  const calls: string[] = [];
  /** The test platform with its language layers and reason kit replaced by ones that throw when asked for. */
  const noLanguage: Platform = {
    name: "no-language",
    open: async (cfg) => {
      const session = await (await testPlatform()).open(cfg);
      return {
        ...session,
        language: () => {
          calls.push("language");
          throw new Error("a language model was asked for");
        },
        reason: () => {
          calls.push("reason");
          throw new Error("the reason kit (and its language model) was asked for");
        },
      };
    },
  };
  const env = { ...ENV, SVC_PLATFORM: noLanguage };

  it("answers POST /api/guardrail without asking the platform for a language model", async () => {
    calls.length = 0;
    const { key } = await mint();
    for (const action of [ACCEPTANCE, PLAIN, "I was furious and replied without thinking."]) await expectVerdict(await guard(key, { action }, env), action);
    expect(calls).toEqual([]);
  });

  it("(control) the same platform does break a route that uses the language layers", async () => {
    calls.length = 0;
    const { key } = await mint();
    const res = await scoringFunction.fetch(
      new Request("http://t/api/score-action", { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify({ action: PLAIN }) }),
      env,
    );
    expect(res.status, await res.clone().text()).toBe(500);
    expect(calls).toEqual(["language"]);
  });

  it("answers in well under 100 ms in-process once warm (median of 20)", async () => {
    const { key } = await mint();
    await expectVerdict(await guard(key, { action: ACCEPTANCE }, env), ACCEPTANCE);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const res = await guard(key, { action: ACCEPTANCE }, env);
      times.push(performance.now() - started);
      expect(res.status).toBe(200);
    }
    times.sort((a, b) => a - b);
    expect(times[10]!, times.map((t) => t.toFixed(2)).join(", ")).toBeLessThan(100);
  });
});

describe("GET /api/guardrail", () => {
  it("is public and cacheable, and describes the request and the four verdicts in order of severity", async () => {
    const res = await guardrailFunction.fetch(new Request("http://t/api/guardrail"), ENV);
    const body = await readJson(res, 200);
    const parsed = GuardrailUsage.strict().safeParse(body);
    expect(parsed.success, `${show(body)}\n${parsed.error?.message}`).toBe(true);
    expect(res.headers.get("cache-control")).toContain("public");
    expect(body).toMatchObject({ endpoint: "/api/guardrail", method: "POST" });
    expect(body.verdicts.map((v: { verdict: string }) => v.verdict)).toEqual(["proceed", "proceed_with_caution", "pause_for_review", "do_not_proceed"]);
    expect(body.verdicts.map((v: { verdict: string }) => v.verdict)).toEqual(GuardrailVerdict.options);
    for (const v of body.verdicts) expect(v.meaning.length, show(v)).toBeGreaterThan(10);
    expect(Object.keys(body.request).sort()).toEqual(["action", "context"]);
    expect(body.request.action).toContain("5000");
    expect(body.request.context).toContain("5000");
    expect(body.skill).toContain("svc-guard");
    expect(body.notes).toContain(GUARDRAIL_DISCLAIMER);
  });

  it("needs no credential, and ignores one", async () => {
    const { key } = await mint();
    const withKey = await guardrailFunction.fetch(new Request("http://t/api/guardrail", { headers: { authorization: `Bearer ${key}` } }), ENV);
    const without = await guardrailFunction.fetch(new Request("http://t/api/guardrail"), ENV);
    expect(await readJson(withKey, 200)).toEqual(await readJson(without, 200));
    const garbage = await guardrailFunction.fetch(new Request("http://t/api/guardrail", { headers: { authorization: "Bearer nonsense" } }), ENV);
    expect(garbage.status, await garbage.clone().text()).toBe(200);
  });
});

describeSecurity({
  name: "POST /api/guardrail",
  call: (authorization) => check(authorization, { action: PLAIN }),
  platform: () => testPlatform(),
  validCredential: async () => (await mint()).key,
});
