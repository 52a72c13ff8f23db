import { GUARDRAIL_DISCLAIMER, GuardrailResponse, GuardrailVerdict, MeterUnavailableError, type Meter } from "@svc/core";
import { READER_ENGINE } from "@svc/judgment";
import type { Runtime } from "@svc/runtime";
import { clearCredentialCache } from "@svc/http/auth";
import { createUpstashMeter } from "@svc/meter/upstash";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { accountFunction } from "../../account/src/function";
import { scoringFunction } from "../../scoring/src/function";
import { mintApiKey, signUserJwt, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { freshOwner, testRuntime } from "../../../tests/support/database";
import { closeMeters, meteredRuntime, METER_BACKENDS, runtimeWithMeter } from "../../../tests/support/meter";
import { expectError, readJson } from "../../../tests/support/reason";
import { describeSecurity } from "../../../tests/support/security";
import { guardrailFunction } from "./function";
import { GuardrailUsage } from "./routes/guardrail_usage_get";
import { guardrailRequestAtCaps } from "../../../tests/support/guardrail_caps";
import { ENGINE_CODES } from "../../../tests/support/guardrail_codes";

// POST /api/guardrail and GET /api/guardrail, in-process on the test runtime (PGlite, or the
// real PostgreSQL when DATABASE_URL is set; the metering block also runs on the Upstash
// clients over the real Redis when REDIS_URL is set). The guardrail reads the action with the
// offline Layer 1 only: no language model on its path, whatever the deployment configures.
// The offline reader's weights are trained apart (npm run judgment:train): these tests assert
// what the reason engine reads (fixed) and the answer's structure and consistency, never a
// verdict only the reader's weights decide.

const runtime: Runtime = { name: "test", open: async (cfg) => (await testRuntime()).open(cfg) };
const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };

type Env = Record<string, unknown>;

/** POST /api/guardrail with the given Authorization header value (or none). */
function check(authorization: string | undefined, body: unknown, env: Env = ENV): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization !== undefined) headers.authorization = authorization;
  return Promise.resolve(
    guardrailFunction.fetch(
      new Request("http://t/api/guardrail", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) }),
      env,
    ),
  );
}
const guard = (credential: string, body: unknown, env: Env = ENV) => check(`Bearer ${credential}`, body, env);

async function mint() {
  return mintApiKey(await testRuntime(), { kind: "live", tier: "free", capabilities: [] });
}

const show = (value: unknown) => JSON.stringify(value, null, 1);
/** JSON with every non-ASCII character escaped as \\uXXXX, as Python's json.dumps writes it by default. */
const asciiJson = (value: unknown) => JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
const severity = (v: GuardrailVerdict) => GuardrailVerdict.options.indexOf(v);

const engineReasons = (verdict: GuardrailResponse) => verdict.reasons.filter((r) => ENGINE_CODES.has(r.code));

type Body = {
  action?: string;
  context?: string;
  tool_call?: { name: string; arguments?: unknown };
  messages?: { role: string; content?: string | null; tool_calls?: { function: { name: string; arguments?: unknown } }[] }[];
};

/** A tool call as the documentation says spans count in it: `name(` + compact JSON of the arguments (a JSON string parsed first) + `)`. */
function rendered(call: { name: string; arguments?: unknown }): string {
  let args = call.arguments ?? {};
  if (typeof args === "string") {
    try {
      args = JSON.parse(args) ?? {};
    } catch {
      return `${call.name}(${args})`;
    }
  }
  return `${call.name}(${JSON.stringify(args)})`;
}

/** The text of the request field a span names. */
function fieldText(body: Body, field: string | undefined): string | undefined {
  if (field === "action" || field === "context") return body[field];
  if (field === "tool_call") return body.tool_call && rendered(body.tool_call);
  const m = /^messages\[(\d+)\](?:\.tool_calls\[(\d+)\])?$/.exec(field ?? "");
  const turn = m ? body.messages?.[Number(m[1])] : undefined;
  if (!m || !turn) return undefined;
  if (m[2] === undefined) return turn.content ?? undefined;
  const call = turn.tool_calls?.[Number(m[2])];
  return call && rendered(call.function);
}

/**
 * A 200 that is a guardrail verdict, checked against its schema and its own invariants: reasons
 * most severe first, the verdict at least as severe as each, every span (of a reason or a
 * mitigation) naming a field of the request and quoting that field's text at its offsets.
 */
async function expectVerdict(res: Response, request: string | Body): Promise<GuardrailResponse> {
  const sent: Body = typeof request === "string" ? { action: request } : request;
  const body = await readJson(res, 200);
  const parsed = GuardrailResponse.strict().safeParse(body);
  expect(parsed.success, `${show(body)}\n${parsed.error?.message}`).toBe(true);
  const verdict = parsed.data!;
  expect(verdict.advisory).toBe(true);
  expect(verdict.disclaimer).toBe(GUARDRAIL_DISCLAIMER);
  expect(verdict.engine_version.endsWith(`+${READER_ENGINE}`), verdict.engine_version).toBe(true);
  const severities = verdict.reasons.map((r) => severity(r.verdict));
  expect(severities, show(body)).toEqual([...severities].sort((a, b) => b - a));
  for (const reason of verdict.reasons) expect(severity(verdict.verdict), show(body)).toBeGreaterThanOrEqual(severity(reason.verdict));
  const spans = [...verdict.reasons.flatMap((r) => r.grounding), ...verdict.mitigations.flatMap((m) => m.grounding)];
  for (const marker of spans) {
    const text = fieldText(sent, marker.field);
    expect(text, `${show(marker)} names no field of the request`).toBeDefined();
    expect(text!.slice(marker.start, marker.end), show(marker)).toBe(marker.quote);
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
  it("stops an action that destroys a production database for review: the reader's destruction code, quoting the words that drove it", async () => {
    const { key } = await mint();
    const verdict = await expectVerdict(await guard(key, { action: ACCEPTANCE }), ACCEPTANCE);
    expect(severity(verdict.verdict), show(verdict)).toBeGreaterThanOrEqual(severity("pause_for_review"));
    const destruction = verdict.reasons.find((r) => r.code === "destruction");
    expect(severity(destruction!.verdict), show(verdict)).toBeGreaterThanOrEqual(severity("pause_for_review"));
    expect(
      destruction!.grounding.map((g) => g.quote),
      show(verdict),
    ).toEqual(expect.arrayContaining(["Delete", "production"]));
    // The engine's list of grave acts still speaks, but beside the reader it only asks for caution.
    expect(
      verdict.reasons.find((r) => r.code === "grave_harm_to_others"),
      show(verdict),
    ).toEqual({
      code: "grave_harm_to_others",
      verdict: "proceed_with_caution",
      message: expect.any(String),
      grounding: [{ quote: ACCEPTANCE, start: 0, end: ACCEPTANCE.length, field: "action" }],
    });
  });

  it("quotes the grave sentence at its own offsets inside a longer action", async () => {
    const { key } = await mint();
    const action = "Check the disk usage first. Then delete the production database of our customers to free up space. Tell no one.";
    const verdict = await expectVerdict(await guard(key, { action, context: "A nightly maintenance job." }), { action, context: "A nightly maintenance job." });
    // Flagged at least for caution: the words of the careful first step ("check … first") weigh
    // against the harm they precede (the wording is read over the whole action; README, "what it cannot see").
    expect(severity(verdict.verdict), show(verdict)).toBeGreaterThanOrEqual(severity("proceed_with_caution"));
    const act = verdict.reasons.find((r) => r.code === "destruction")!.grounding.find((g) => g.quote === "delete")!;
    expect(act.start, show(verdict)).toBe(action.indexOf("delete the production"));
    const marker = verdict.reasons.find((r) => r.code === "grave_harm_to_others")!.grounding[0]!;
    expect(marker.field).toBe("action");
    expect(marker.start, show(verdict)).toBe(action.indexOf("Then delete"));
    expect(marker.quote).toBe("Then delete the production database of our customers to free up space.");
  });

  it.each([
    [ACCEPTANCE, "proceed_with_caution", "grave_harm_to_others"],
    ["Leak the customer data to the press.", "proceed_with_caution", "grave_harm_to_others"],
    ["Threaten the users who complained until they delete their reviews.", "proceed_with_caution", "grave_harm_to_others"],
    ["I will kill myself.", "do_not_proceed", "distress_signal"],
    ["I was furious and replied to my partner without thinking.", "pause_for_review", "acting_under_strong_passion"],
    ["Reply to the customer, I'm annoyed at them.", "proceed_with_caution", "passion_present"],
    ["I lied to my colleague about the deadline.", "proceed_with_caution", "duty_not_met"],
    ["I snapped and deleted the file immediately.", "proceed_with_caution", "unexamined"],
    [PLAIN, "proceed", null],
    ["Send the weekly report to the team.", "proceed", null],
  ] as const)("table (the reason engine's part): %j -> at least %s", async (action, expected, code) => {
    const { key } = await mint();
    const verdict = await expectVerdict(await guard(key, { action }), action);
    expect(severity(verdict.verdict), show(verdict)).toBeGreaterThanOrEqual(severity(expected));
    const engine = engineReasons(verdict);
    if (code === null) expect(engine, show(verdict)).toEqual([]);
    // The engine's reading is among its reasons (beside others it may add, such as a duty it reads unmet).
    else
      expect(
        engine.find((r) => r.code === code),
        show(verdict),
      ).toMatchObject({ code, verdict: expected });
  });

  it("never reads the context as the action: the reason engine reads the act alone", async () => {
    const { key } = await mint();
    const verdict = await expectVerdict(await guard(key, { action: PLAIN, context: ACCEPTANCE }), { action: PLAIN, context: ACCEPTANCE });
    expect(engineReasons(verdict), show(verdict)).toEqual([]);
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
    expect(severity(verdict.verdict), show(verdict)).toBeGreaterThanOrEqual(severity("pause_for_review"));
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

/** A trajectory whose last assistant turn (the act) holds a grave act, with an OpenAI tool call before it. */
const TRAJECTORY: Body = {
  messages: [
    { role: "system", content: "You are an operations agent with shell access." },
    { role: "user", content: "The disk is full, please help." },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "call_1", type: "function", function: { name: "disk_usage", arguments: '{"path": "/var"}' } }],
    } as never,
    { role: "tool", tool_call_id: "call_1", name: "disk_usage", content: "/var 100% used" } as never,
    { role: "assistant", content: `Understood. ${ACCEPTANCE}.` },
  ],
};

describe("POST /api/guardrail: messages and tool_call", () => {
  it("gates the last assistant turn of a messages-only request, grounding on that turn at its own offsets", async () => {
    const { key } = await mint();
    const verdict = await expectVerdict(await guard(key, TRAJECTORY), TRAJECTORY);
    expect(severity(verdict.verdict), show(verdict)).toBeGreaterThanOrEqual(severity("pause_for_review"));
    expect(
      verdict.reasons.find((r) => r.code === "destruction")?.grounding.every((g) => g.field === "messages[4]"),
      show(verdict),
    ).toBe(true);
    expect(verdict.reasons.find((r) => r.code === "grave_harm_to_others")?.grounding, show(verdict)).toEqual([
      { quote: `${ACCEPTANCE}.`, start: "Understood. ".length, end: `Understood. ${ACCEPTANCE}.`.length, field: "messages[4]" },
    ]);
  });

  it.each([
    ["arguments as an object", { name: "run_task", arguments: { note: ACCEPTANCE, retries: 2 } }],
    ["arguments as a JSON string, spaced as sent", { name: "run_task", arguments: `{ "note" : "${ACCEPTANCE}", "retries": 2 }` }],
  ])("answers a tool_call-only request (%s), grounding in the rendering name({compact json})", async (_label, call) => {
    const { key } = await mint();
    const body: Body = { tool_call: call };
    const verdict = await expectVerdict(await guard(key, body), body);
    const grave = verdict.reasons.find((r) => r.code === "grave_harm_to_others");
    expect(grave, show(verdict)).toBeDefined();
    const marker = grave!.grounding[0]!;
    expect(marker.field).toBe("tool_call");
    expect(`run_task({"note":"${ACCEPTANCE}","retries":2})`.slice(marker.start, marker.end)).toBe(marker.quote);
  });

  it("takes an assistant turn's OpenAI tool_calls (content null or absent) as the act, grounding in messages[i].tool_calls[j]", async () => {
    const { key } = await mint();
    for (const turn of [
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c9", type: "function", function: { name: "noop", arguments: "{}" } },
          { id: "c10", type: "function", function: { name: "run_task", arguments: JSON.stringify({ note: ACCEPTANCE }) } },
        ],
      },
      { role: "assistant", tool_calls: [{ function: { name: "noop" } }, { function: { name: "run_task", arguments: { note: ACCEPTANCE } } }] },
    ]) {
      const body = { messages: [{ role: "user", content: "Free some space." }, turn] } as Body;
      const verdict = await expectVerdict(await guard(key, body), body);
      const fields = verdict.reasons.flatMap((r) => r.grounding.map((m) => m.field));
      expect(fields, show(verdict)).toContain("messages[1].tool_calls[1]");
    }
  });

  it("reads earlier turns, tool outputs and the context as context: the reason engine reads only the act", async () => {
    const { key } = await mint();
    const body: Body = {
      context: ACCEPTANCE,
      messages: [
        { role: "user", content: ACCEPTANCE },
        { role: "tool", content: ACCEPTANCE },
        { role: "assistant", content: PLAIN },
      ],
    };
    const verdict = await expectVerdict(await guard(key, body), body);
    expect(engineReasons(verdict), show(verdict)).toEqual([]);
  });

  it("reads action and tool_call together as the act when both are given", async () => {
    const { key } = await mint();
    const body: Body = {
      action: PLAIN,
      tool_call: { name: "archive", arguments: { path: "/var/log", older_than_days: 30 } },
      messages: [{ role: "user", content: "Tidy the logs." }],
    };
    await expectVerdict(await guard(key, body), body);
  });

  it("is deterministic: the same request gets the same bytes, with nothing random in them", async () => {
    const { key } = await mint();
    for (const body of [TRAJECTORY, { tool_call: { name: "run_task", arguments: { note: ACCEPTANCE } } }, { action: ACCEPTANCE, context: PLAIN }]) {
      const first = await (await guard(key, body)).text();
      const second = await (await guard(key, body)).text();
      expect(second).toBe(first);
      expect(first).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    }
  });

  const assistant = { role: "assistant", content: "Archive old log files." };
  it.each([
    ["no act at all", {}, "missing_field", "action"],
    ["messages without an assistant turn", { messages: [{ role: "user", content: "hi" }] }, "invalid_field", "messages"],
    ["messages that are not a list", { messages: "hi" }, "invalid_field", "messages"],
    ["a turn without content", { messages: [{ role: "user" }, assistant] }, "missing_field", "messages[0].content"],
    ["null content on a user turn", { messages: [{ role: "user", content: null }, assistant] }, "invalid_field", "messages[0].content"],
    ["an assistant turn with null content and no tool calls", { messages: [{ role: "assistant", content: null }] }, "invalid_field", "messages[0].content"],
    [
      "a blank last assistant turn (the act)",
      {
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: "  " },
        ],
      },
      "invalid_field",
      "messages[1].content",
    ],
    ["an unknown role", { messages: [assistant, { role: "bot", content: "x" }] }, "invalid_field", "messages[1].role"],
    ["an unknown field on a turn", { messages: [{ ...assistant, mood: "calm" }] }, "unknown_field", "messages[0].mood"],
    ["tool_calls on a user turn", { messages: [{ role: "user", content: "x", tool_calls: [] }, assistant] }, "invalid_field", "messages[0].tool_calls"],
    ["tool_call_id on a user turn", { messages: [{ role: "user", content: "x", tool_call_id: "c1" }, assistant] }, "invalid_field", "messages[0].tool_call_id"],
    [
      "a tool call of another type",
      { messages: [{ role: "assistant", content: null, tool_calls: [{ type: "retrieval", function: { name: "f" } }] }] },
      "invalid_field",
      "messages[0].tool_calls[0].type",
    ],
    [
      "an unknown field on a tool call",
      { messages: [{ role: "assistant", content: null, tool_calls: [{ function: { name: "f" }, extra: 1 }] }] },
      "unknown_field",
      "messages[0].tool_calls[0].extra",
    ],
    [
      "a tool call without its function",
      { messages: [{ role: "assistant", content: null, tool_calls: [{ id: "c1" }] }] },
      "missing_field",
      "messages[0].tool_calls[0].function",
    ],
    [
      "an empty tool name in a turn",
      { messages: [{ role: "assistant", content: null, tool_calls: [{ function: { name: "" } }] }] },
      "invalid_field",
      "messages[0].tool_calls[0].function.name",
    ],
    ["a tool_call without a name", { tool_call: { arguments: {} } }, "missing_field", "tool_call.name"],
    ["a blank tool name", { tool_call: { name: "  " } }, "invalid_field", "tool_call.name"],
    ["tool_call arguments that are a number", { tool_call: { name: "f", arguments: 7 } }, "invalid_field", "tool_call.arguments"],
    ["tool_call arguments that are a list", { tool_call: { name: "f", arguments: [1, 2] } }, "invalid_field", "tool_call.arguments"],
    ["an unknown field on tool_call", { tool_call: { name: "f", arguments: {}, id: "c1" } }, "unknown_field", "tool_call.id"],
    [
      "tool_call in the OpenAI shape (send its function)",
      { tool_call: { type: "function", function: { name: "f", arguments: "{}" } } },
      "missing_field",
      "tool_call.name",
    ],
    ["a null tool_call", { tool_call: null }, "invalid_field", "tool_call"],
  ] as const)("refuses %s with 400 %s naming %s", async (_label, body, code, field) => {
    const { key } = await mint();
    await expectError(await guard(key, body), 400, code, field);
  });

  it("says an empty field is empty, once (not also blank)", async () => {
    const { key } = await mint();
    const name = await expectError(await guard(key, { tool_call: { name: "" } }), 400, "invalid_field", "tool_call.name");
    expect(name.message).toBe("tool_call.name: name must not be empty");
    const action = await expectError(await guard(key, { action: "" }), 400, "invalid_field", "action");
    expect(action.message).toBe("action: action must not be empty");
  });

  it("names the alternatives when no act is given", async () => {
    const { key } = await mint();
    const error = await expectError(await guard(key, { context: "x" }), 400, "missing_field", "action");
    for (const name of ["action", "tool_call", "messages"]) expect(error.message).toContain(name);
  });
});

describe.each(METER_BACKENDS)("POST /api/guardrail: caps and metering (%s meter)", (backend) => {
  const metered = meteredRuntime(backend);
  const env = { ...ENV, SVC_RUNTIME: metered };
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

  const turns = (n: number, content = "x") => Array.from({ length: n }, (_, i) => ({ role: i === n - 1 ? "assistant" : "user", content }));
  it.each([
    ["messages", "51 turns", { messages: turns(51) }, "50"],
    ["messages[3].content", "a 5,001-character turn", { messages: [...turns(3), { role: "assistant", content: "c".repeat(5001) }] }, "5000"],
    ["messages", "20,005 characters of messages in all", { messages: turns(5, "m".repeat(4001)) }, "20000"],
    [
      "messages[1].tool_calls",
      "11 tool calls on a turn",
      {
        messages: [
          { role: "user", content: "go" },
          { role: "assistant", content: null, tool_calls: Array.from({ length: 11 }, () => ({ function: { name: "f" } })) },
        ],
      },
      "10",
    ],
    [
      "messages[1].tool_calls[0].function.arguments",
      "5,001 characters of arguments in a turn's tool call",
      {
        messages: [
          { role: "user", content: "go" },
          { role: "assistant", content: null, tool_calls: [{ function: { name: "f", arguments: "a".repeat(5001) } }] },
        ],
      },
      "5000",
    ],
    ["tool_call.arguments", "a 5,001-character arguments string", { tool_call: { name: "f", arguments: "a".repeat(5001) } }, "5000"],
    [
      "tool_call.arguments",
      "arguments of 5,001 characters serialised",
      { tool_call: { name: "f", arguments: { k: "a".repeat(5001 - '{"k":""}'.length) } } },
      "5000",
    ],
    ["tool_call.name", "a 201-character tool name", { tool_call: { name: "n".repeat(201) } }, "200"],
  ] as const)("refuses %s over its cap (%s) with 400 naming it, before anything else (no svc-guard use)", async (field, _label, body, cap) => {
    const { key } = await mintOn();
    const res = await guard(key, body, env);
    const error = await expectError(res, 400, "invalid_field", field);
    expect(error.message).toContain(field);
    expect(error.message).toContain(cap);
    expect(res.headers.get("ratelimit")).toBeNull();
    expect(await usageOf(key, env)).toBe(0);
  });

  it("refuses a request without an act before anything else (no svc-guard use)", async () => {
    const { key } = await mintOn();
    const res = await guard(key, { context: ACCEPTANCE, messages: [{ role: "user", content: ACCEPTANCE }] }, env);
    await expectError(res, 400, "invalid_field", "messages");
    expect(res.headers.get("ratelimit")).toBeNull();
    expect(await usageOf(key, env)).toBe(0);
  });

  it("accepts every field at its cap at once even when the JSON escapes every character, and charges one call", async () => {
    const { key } = await mintOn();
    const request = guardrailRequestAtCaps();
    const body = asciiJson(request);
    expect(body.length).toBeGreaterThan(200_000);
    const res = await check(`Bearer ${key}`, body, env);
    expect(res.status, (await res.clone().text()).slice(0, 500)).toBe(200);
    await expectVerdict(res, request as Body);
    expect(await usageOf(key, env)).toBe(1);
  });

  it("accepts an action and a context of exactly 5,000 characters each", async () => {
    const { key } = await mintOn();
    const action = `${ACCEPTANCE}. `.repeat(80).slice(0, 5000);
    const verdict = await expectVerdict(await guard(key, { action, context: "é".repeat(5000) }, env), { action, context: "é".repeat(5000) });
    expect(severity(verdict.verdict), show(verdict)).toBeGreaterThanOrEqual(severity("pause_for_review"));
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
  admit: async () => {
    throw new MeterUnavailableError(new Error("connection refused"));
  },
  refund: async () => {
    throw new MeterUnavailableError(new Error("connection refused"));
  },
};

describe.each([
  ["a meter whose methods reject with MeterUnavailableError", () => runtimeWithMeter(downMeter, "meter-down")],
  [
    "an Upstash meter at a closed port",
    () => runtimeWithMeter(async () => createUpstashMeter({ url: "http://127.0.0.1:1", token: "any-token", timeoutMs: 200 }), "upstash-down"),
  ],
])("POST /api/guardrail with %s", (_label, makeRuntime) => {
  const down = makeRuntime();
  const env = { ...ENV, SVC_RUNTIME: down };

  it("fails open: answers 200 with the verdict, unmetered, never a 500", async () => {
    const { key } = await mintApiKey(down, { kind: "live", tier: "free" });
    const res = await guard(key, { action: ACCEPTANCE }, env);
    const verdict = await expectVerdict(res, ACCEPTANCE);
    expect(severity(verdict.verdict), show(verdict)).toBeGreaterThanOrEqual(severity("pause_for_review"));
    expect(res.headers.get("ratelimit")).toBeNull();
    expect(engineReasons(await expectVerdict(await guard(key, { action: PLAIN }, env), PLAIN))).toEqual([]);
  });

  it("still refuses what it refuses: a 5,001-character action is a 400, and no credential a 401", async () => {
    const { key } = await mintApiKey(down, { kind: "live", tier: "free" });
    await expectError(await guard(key, { action: "a".repeat(5001) }, env), 400, "invalid_field", "action");
    await expectError(await check(undefined, { action: PLAIN }, env), 401, "missing_credential");
  });

  it("is the exception: a scoring route on the same meter refuses with 503 metering_unavailable (control)", async () => {
    const { key } = await mintApiKey(down, { kind: "live", tier: "free" });
    const res = await scoringFunction.fetch(
      new Request("http://t/api/score-action", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ action: PLAIN }),
      }),
      env,
    );
    await expectError(res, 503, "metering_unavailable");
  });
});

describe("no language model on the guardrail's path", () => {
  const calls: string[] = [];
  /** The test runtime with its language layers and reason kit replaced by ones that throw when asked for. */
  const noLanguage: Runtime = {
    name: "no-language",
    open: async (cfg) => {
      const session = await (await testRuntime()).open(cfg);
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
  const env = { ...ENV, SVC_RUNTIME: noLanguage };

  it("answers POST /api/guardrail without asking the runtime for a language model", async () => {
    calls.length = 0;
    const { key } = await mint();
    for (const action of [ACCEPTANCE, PLAIN, "I was furious and replied without thinking."]) await expectVerdict(await guard(key, { action }, env), action);
    expect(calls).toEqual([]);
  });

  it("(control) the same runtime does break a route that uses the language layers", async () => {
    calls.length = 0;
    const { key } = await mint();
    const res = await scoringFunction.fetch(
      new Request("http://t/api/score-action", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ action: PLAIN }),
      }),
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
    expect(Object.keys(body.request).sort()).toEqual(["action", "context", "messages", "tool_call"]);
    expect(body.request.action).toContain("5000");
    expect(body.request.context).toContain("5000");
    expect(body.request.tool_call).toContain("5000");
    expect(body.request.messages).toContain("20000");
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
  runtime: () => testRuntime(),
  validCredential: async () => (await mint()).key,
});
