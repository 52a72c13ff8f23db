import * as nodeCrypto from "node:crypto";
import {
  canonicalize,
  ClarificationResponse,
  type ClarificationTriggerCode,
  EXTRACTION_SCHEMA_VERSION,
  issueContinuationToken,
  Layer1Extraction,
  PublicKeySet,
  ReasonResponse,
  sha256Hex,
  verifyAssessment,
  type Capability,
  type CredentialKind,
  type SignedAssessment,
  type Tier,
} from "@svc/core";
import { EnvSchema, type Runtime } from "@svc/runtime";
import { clearCredentialCache } from "@svc/http/auth";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { accountFunction } from "../../account/src/function";
import { mintApiKey, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { freshOwner, testRuntime } from "../../../tests/support/database";
import { closeMeters, meteredRuntime, METER_BACKENDS } from "../../../tests/support/meter";
import { expectError, postReason, readJson, SUPPLIED_INPUT, suppliedExtraction } from "../../../tests/support/reason";
import { describeSecurity } from "../../../tests/support/security";
import { reasonFunction } from "./function";

// POST /api/reason, GET /api/reason/schema and GET /api/public-key, in-process on the test
// runtime (PGlite, or the real PostgreSQL when DATABASE_URL is set; the metering block also
// runs on the Upstash clients over the real Redis when REDIS_URL is set). Layer 1 is the
// offline extractor: no OPENAI_API_KEY here.

const runtime: Runtime = { name: "test", open: async (cfg) => (await testRuntime()).open(cfg) };
const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };

type Env = Record<string, unknown>;
type Body = Record<string, unknown>;

const consult = (key: string, body: Body, env: Env = ENV) => postReason(reasonFunction, env, `Bearer ${key}`, body);

async function mint(options: { kind?: CredentialKind; tier?: Tier; capabilities?: Capability[]; owner?: string; agent?: string | null } = {}) {
  return mintApiKey(await testRuntime(), { kind: "live", tier: "free", capabilities: [], ...options });
}

/** A 200 that is the signed assessment (not the clarification shape), checked against its schema. */
async function expectAssessment(res: Response): Promise<ReasonResponse> {
  const body = await readJson(res, 200);
  const parsed = ReasonResponse.strict().safeParse(body);
  expect(parsed.success, `${JSON.stringify(body)}\n${parsed.error?.message}`).toBe(true);
  expect(res.headers.get("x-loop-id"), JSON.stringify(body)).toBe(body.assessment.assessment.examination.ref);
  return parsed.data!;
}

async function expectClarification(res: Response): Promise<ClarificationResponse> {
  const body = await readJson(res, 200);
  const parsed = ClarificationResponse.strict().safeParse(body);
  expect(parsed.success, `${JSON.stringify(body)}\n${parsed.error?.message}`).toBe(true);
  expect(res.headers.get("x-loop-id"), "a clarification opens no loop yet").toBeNull();
  return parsed.data!;
}

/** A 400 from request validation naming the field (missing, invalid or unknown). */
async function expectFieldError(res: Response, field: string): Promise<void> {
  const body = await readJson<{ error: Record<string, unknown> }>(res, 400);
  expect(body.error.field, JSON.stringify(body)).toBe(field);
  expect(["missing_field", "invalid_field", "unknown_field"], JSON.stringify(body)).toContain(body.error.code);
}

async function publicKeys(env: Env = ENV): Promise<PublicKeySet> {
  return readJson(await reasonFunction.fetch(new Request("http://t/api/public-key"), env), 200);
}

const assessmentOf = (r: ReasonResponse) => r.assessment.assessment as Record<string, any>;

function nodeVerify(signed: SignedAssessment, jwks: PublicKeySet): boolean {
  const jwk = jwks.keys.find((k) => k.kid === signed.key_id);
  if (!jwk) return false;
  return nodeCrypto.verify(
    null,
    Buffer.from(canonicalize(signed.assessment)),
    nodeCrypto.createPublicKey({ key: jwk as nodeCrypto.JsonWebKey, format: "jwk" }),
    Buffer.from(signed.signature, "base64"),
  );
}

/** Every leaf (and every empty array or object) of a JSON value, as a path. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length === 0 ? [path] : value.flatMap((v, i) => leafPaths(v, [...path, i]));
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    return keys.length === 0 ? [path] : keys.flatMap((k) => leafPaths((value as Record<string, unknown>)[k], [...path, k]));
  }
  return [path];
}

/** A deep copy with the one value at `path` changed (a different value of any JSON type). */
function changedAt<T>(value: T, path: (string | number)[]): T {
  const copy = structuredClone(value) as any;
  const change = (v: unknown): unknown => {
    if (typeof v === "string") return `${v}x`;
    if (typeof v === "number") return v + 1;
    if (typeof v === "boolean") return !v;
    if (v === null) return "x";
    if (Array.isArray(v)) return ["x"];
    return { x: 1 };
  };
  if (path.length === 0) return change(copy) as T;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step];
  const last = path.at(-1)!;
  parent[last] = change(parent[last]);
  return copy as T;
}

async function usageOf(key: string, env: Env): Promise<number> {
  const usage = await readJson<{ skills: { skill: string; used: number }[] }>(
    await accountFunction.fetch(new Request("http://t/api/usage", { headers: { authorization: `Bearer ${key}` } }), env),
    200,
  );
  return usage.skills.find((s) => s.skill === "svc-reason")!.used;
}

const CLEAR_INPUT = "I kept my promise to my colleague and finished the report.";
const AMBIGUOUS_INPUT = "Should I tell her? Should I quit?";

beforeEach(() => {
  clearCredentialCache();
});

afterAll(closeMeters);

describe("POST /api/reason: a consult with the offline extractor", () => {
  it("returns translation-sandwich-v1 with a signed assessment, the X-Loop-Id header and server Layer 1 meta", async () => {
    const { key, owner } = await mint();
    const res = await consult(key, { input: CLEAR_INPUT });
    const body = await expectAssessment(res);
    const a = assessmentOf(body);
    expect(body.version).toBe("translation-sandwich-v1");
    expect(res.headers.get("x-loop-id")).toMatch(/^loop_[0-9a-f-]{36}$/);
    expect(a.examination).toEqual({ ref: res.headers.get("x-loop-id"), depth_tier: "standard", prior_feedback_ref: null });
    expect(a.katorthoma_proximity).toBe(a.proximity_floors.aggregate);
    expect(a.input_sha256).toBe(await sha256Hex(CLEAR_INPUT));
    expect(body.meta).toMatchObject({
      layer1_source: "server",
      layer1_extractor: "offline-lexical/v1",
      narrative_status: "ready",
      depth: "standard",
      engine_version: a.engine_version,
    });
    expect(body.meta.layer1_latency_ms).toBeGreaterThanOrEqual(0);
    expect(body.narrative).toMatchObject({ status: "ready", text: expect.any(String) });
    expect(body.examination_open).toBe(a.practice.suggestion !== undefined);
    expect(body.distress).toBeUndefined();
    // The server's extraction, with its own orientation observation added.
    const { orientation_observations, ...layer1 } = body.extraction;
    expect(Layer1Extraction.parse(layer1)).toEqual(layer1);
    expect(orientation_observations).toHaveLength(1);
    // Recorded for this owner.
    const db = await (await testRuntime()).database();
    expect((await db.selectFrom("consults").select("owner_id").where("loop_id", "=", a.examination.ref).executeTakeFirst())?.owner_id).toBe(owner);
  });

  it("signs assessment.assessment so that verifyAssessment and node:crypto both accept it against GET /api/public-key", async () => {
    const { key } = await mint();
    const body = await expectAssessment(await consult(key, { input: CLEAR_INPUT }));
    const jwks = await publicKeys();
    expect(jwks.keys.map((k) => k.kid)).toContain(body.assessment.key_id);
    expect(body.assessment.signature).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect(await verifyAssessment(body.assessment, jwks)).toEqual({ valid: true, key_id: body.assessment.key_id });
    expect(nodeVerify(body.assessment, jwks)).toBe(true);
    // Key order does not matter (JCS), a JSON round trip neither.
    const reordered = { ...body.assessment, assessment: Object.fromEntries(Object.entries(body.assessment.assessment).reverse()) };
    expect(nodeVerify(reordered, jwks)).toBe(true);
    expect(await verifyAssessment(JSON.parse(JSON.stringify(body.assessment)), jwks)).toMatchObject({ valid: true });
  });

  it("fails verification when any one field of the signed assessment is changed", async () => {
    const { key } = await mint();
    const body = await expectAssessment(await consult(key, { input: "I lied to my colleague about the deadline because I was afraid." }));
    const jwks = await publicKeys();
    const paths = leafPaths(body.assessment.assessment);
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      const tampered = { ...body.assessment, assessment: changedAt(body.assessment.assessment, path) };
      expect(canonicalize(tampered.assessment), path.join(".")).not.toBe(canonicalize(body.assessment.assessment));
      expect((await verifyAssessment(tampered, jwks)).valid, path.join(".")).toBe(false);
      expect(nodeVerify(tampered, jwks), path.join(".")).toBe(false);
    }
    // A removed field, an added one, another signature, an unknown key id: all refused.
    const { practice: _practice, ...withoutPractice } = body.assessment.assessment;
    expect((await verifyAssessment({ ...body.assessment, assessment: withoutPractice }, jwks)).valid).toBe(false);
    expect((await verifyAssessment({ ...body.assessment, assessment: { ...body.assessment.assessment, extra: true } }, jwks)).valid).toBe(false);
    const other = await expectAssessment(await consult(key, { input: CLEAR_INPUT }));
    expect((await verifyAssessment({ ...body.assessment, signature: other.assessment.signature }, jwks)).valid).toBe(false);
    expect(await verifyAssessment({ ...body.assessment, key_id: "l2-1999Q1" }, jwks)).toEqual({ valid: false, reason: "unknown key id l2-1999Q1" });
  });

  it("places the requested depth in the signed examination block; an unknown depth is 400 naming depth", async () => {
    const { key } = await mint();
    for (const depth of ["quick", "standard", "deep"] as const) {
      const body = await expectAssessment(await consult(key, { input: CLEAR_INPUT, depth }));
      expect(assessmentOf(body).examination.depth_tier).toBe(depth);
      expect(body.meta.depth).toBe(depth);
    }
    await expectError(await consult(key, { input: CLEAR_INPUT, depth: "abyssal" }), 400, "invalid_field", "depth");
  });

  it("records the consult: loop, owner, credential, depth, proximity and the signed assessment as returned, sealed at rest", async () => {
    const { key, id, owner } = await mint({ agent: "agent-recorded" });
    const res = await consult(key, { input: CLEAR_INPUT, depth: "deep" });
    const body = await expectAssessment(res);
    const loopId = res.headers.get("x-loop-id")!;
    const db = await (await testRuntime()).database();
    const row = await db.selectFrom("consults").selectAll().where("loop_id", "=", loopId).executeTakeFirst();
    expect(row, "no consults row for the loop").toBeDefined();
    expect(row!.signed_assessment, "no plaintext copy is kept").toBeNull();
    expect(row!.sealed_assessment).toMatch(/^v1\./);
    expect(row!.sealed_assessment).not.toContain(assessmentOf(body).input_sha256);
    const signed = JSON.parse(await (await (await testRuntime()).sealer()).open(row!.sealed_assessment!, loopId));
    expect(row).toMatchObject({
      loop_id: loopId,
      owner_id: owner,
      subject: `key:${id}`,
      credential_id: id,
      agent_id: "agent-recorded",
      depth_tier: "deep",
      katorthoma_proximity: assessmentOf(body).katorthoma_proximity,
      layer1_source: "server",
      input_sha256: await sha256Hex(CLEAR_INPUT),
      prior_loop_id: null,
    });
    expect(row!.elapsed_ms).toBeGreaterThanOrEqual(0);
    expect(signed).toEqual(body.assessment);
    expect(await verifyAssessment(signed, await publicKeys())).toMatchObject({ valid: true });
  });

  it("gives a credential-bearing consult a trajectory delta: none before the first, the first before the second", async () => {
    const { key } = await mint();
    const first = await consult(key, { input: CLEAR_INPUT });
    const firstBody = await expectAssessment(first);
    expect(firstBody.meta.trajectory.delta).toMatchObject({
      schema: "agent-trajectory-delta-v1",
      measure_only: true,
      examinations_before: 0,
      previous_loop_id: null,
      previous_proximity: null,
      rank_change: null,
      mean_rank_before: null,
      direction: null,
      current_proximity: assessmentOf(firstBody).katorthoma_proximity,
    });
    const second = await expectAssessment(await consult(key, { input: "I was furious and yelled at my partner without thinking." }));
    expect(second.meta.trajectory.delta).toMatchObject({
      examinations_before: 1,
      previous_loop_id: first.headers.get("x-loop-id"),
      previous_proximity: assessmentOf(firstBody).katorthoma_proximity,
      current_proximity: "reflexive",
      direction: expect.stringMatching(/^(improving|stable|declining)$/),
    });
    expect(second.meta.trajectory.delta.rank_change).toBeLessThanOrEqual(0);
  });

  it("defers the narrative for response_format assessment_first: the assessment now, the narrative by correlation id", async () => {
    const { key } = await mint();
    const body = await expectAssessment(await consult(key, { input: CLEAR_INPUT, response_format: "assessment_first" }));
    expect(body.narrative).toEqual({ status: "deferred", correlation_id: expect.stringMatching(/^nar_[0-9a-f-]{36}$/) });
    expect(body.meta.narrative_status).toBe("deferred");
    expect(body.meta.layer3_narrator).toBeNull();
  });
});

describe("POST /api/reason: the distress check", () => {
  it("answers a person in distress with the synchronous full shape and the redirect, whatever response_format asked", async () => {
    const { key } = await mint();
    const body = await expectAssessment(await consult(key, { input: "I want to end my life, nothing matters", response_format: "assessment_first" }));
    expect(body.distress).toEqual({ severity: "acute", redirect: true, suggested_user_message: expect.any(String) });
    expect(body.distress!.suggested_user_message.length).toBeGreaterThan(20);
    expect(body.narrative).toMatchObject({ status: "ready", text: expect.any(String) });
    expect(body).not.toHaveProperty("clarification_required");
    expect(body).not.toHaveProperty("clarification");
  });

  it("does not ask a person in distress to clarify, even when the account is ambiguous", async () => {
    const { key } = await mint();
    const input = "Should I end my life? Should I just give up?";
    const body = await expectAssessment(await consult(key, { input }));
    expect(body.distress?.severity).toBe("acute");
    expect(body.extraction.ambiguity.trigger_code).toBe("ELEMENT_FUSION");
    expect(body).not.toHaveProperty("continuation_token");
  });

  it("runs when a schema is supplied (on the input text, not on the supplied extraction)", async () => {
    const { key } = await mint({ capabilities: ["l1_supply"] });
    const distressed = await expectAssessment(await consult(key, { input: "I want to kill myself", layer1_schema: suppliedExtraction() }));
    expect(distressed.meta.layer1_source).toBe("supplied");
    expect(distressed.distress).toMatchObject({ severity: "acute", redirect: true });
    const calm = await expectAssessment(await consult(key, { input: SUPPLIED_INPUT, layer1_schema: suppliedExtraction() }));
    expect(calm.distress).toBeUndefined();
  });

  it("reads the clarification answer on the second turn", async () => {
    const { key } = await mint();
    const question = await expectClarification(await consult(key, { input: AMBIGUOUS_INPUT }));
    const body = await expectAssessment(
      await consult(key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: "I want to kill myself." }),
    );
    expect(body.distress).toMatchObject({ severity: "acute", redirect: true });
  });
});

describe("POST /api/reason: supplied Layer 1 (layer1_schema)", () => {
  it("skips Layer 1 with capability l1_supply: source supplied, latency 0, the extraction echoed with the server's orientation", async () => {
    const { key } = await mint({ capabilities: ["l1_supply"] });
    const supplied = suppliedExtraction();
    const res = await consult(key, { input: SUPPLIED_INPUT, layer1_schema: supplied });
    const body = await expectAssessment(res);
    expect(body.meta).toMatchObject({ layer1_source: "supplied", layer1_latency_ms: 0, layer1_extractor: null });
    expect(body.extraction).toEqual({
      ...supplied,
      orientation_observations: [expect.objectContaining({ direction: expect.any(String), basis: expect.any(String) })],
    });
    const a = assessmentOf(body);
    // Layer 2 read the supplied extraction: principled deliberation, justice principled, courage deliberate, a mild passion.
    expect(a.proximity_floors).toMatchObject({
      base: "deliberate",
      dikaiosyne: "principled",
      andreia: "deliberate",
      sophrosyne: null,
      aggregate: "deliberate",
    });
    expect(a.corroboration.claims).toEqual([
      expect.objectContaining({
        id: "obligation:community",
        finding: "corroborated",
        markers: [{ quote: "I told my colleague the truth", start: 0, end: 29 }],
      }),
    ]);
    expect(await verifyAssessment(body.assessment, await publicKeys())).toMatchObject({ valid: true });
    const db = await (await testRuntime()).database();
    const row = await db.selectFrom("consults").select("layer1_source").where("loop_id", "=", res.headers.get("x-loop-id")!).executeTakeFirstOrThrow();
    expect(row.layer1_source).toBe("supplied");
  });

  it("fills the schema's defaults and gives the same assessment for the same extraction and input", async () => {
    const { key } = await mint({ capabilities: ["l1_supply"] });
    const { domains, deliberation, ...rest } = suppliedExtraction();
    const sparse = {
      ...rest,
      deliberation: { level: deliberation.level, examined_before_acting: deliberation.examined_before_acting },
      domains: Object.fromEntries(Object.entries(domains).map(([d, r]) => [d, { engaged: r.engaged, reading: r.reading }])),
    };
    const a = await expectAssessment(await consult(key, { input: SUPPLIED_INPUT, layer1_schema: sparse }));
    expect(a.extraction.deliberation.evidence).toEqual([]);
    const b = await expectAssessment(await consult(key, { input: SUPPLIED_INPUT, layer1_schema: sparse }));
    const strip = (x: ReasonResponse) => ({ ...assessmentOf(x), examination: null });
    expect(canonicalize(strip(a))).toBe(canonicalize(strip(b)));
  });

  it("refuses a svc_live_ key without l1_supply with 403 missing_capability", async () => {
    const { key } = await mint({ kind: "live", tier: "paid" });
    const error = await expectError(await consult(key, { input: SUPPLIED_INPUT, layer1_schema: suppliedExtraction() }), 403, "missing_capability");
    expect(error.required).toBe("l1_supply");
  });

  it("requires layer1_schema from a svc_inst_ key, and accepts it with one", async () => {
    const { key } = await mint({ kind: "inst", capabilities: ["l1_supply"] });
    await expectError(await consult(key, { input: SUPPLIED_INPUT }), 400, "layer1_schema_required", "layer1_schema");
    const body = await expectAssessment(await consult(key, { input: SUPPLIED_INPUT, layer1_schema: suppliedExtraction() }));
    expect(body.meta.layer1_source).toBe("supplied");
  });

  it("refuses orientation_observations in the schema: the server makes them", async () => {
    const { key } = await mint({ capabilities: ["l1_supply"] });
    const layer1_schema = { ...suppliedExtraction(), orientation_observations: [{ direction: "toward", basis: "trust me" }] };
    await expectError(
      await consult(key, { input: SUPPLIED_INPUT, layer1_schema }),
      400,
      "orientation_observations_not_suppliable",
      "layer1_schema.orientation_observations",
    );
  });

  const valid = suppliedExtraction();
  describe.each<[string, unknown, string]>([
    [
      "a reading that is not a proximity",
      { ...valid, domains: { ...valid.domains, andreia: { engaged: true, reading: "heroic", evidence: [] } } },
      "layer1_schema.domains.andreia.reading",
    ],
    [
      "an engaged domain without a reading",
      { ...valid, domains: { ...valid.domains, andreia: { engaged: true, reading: null, evidence: [] } } },
      "layer1_schema.domains.andreia.reading",
    ],
    [
      "a reading on a domain not engaged",
      { ...valid, domains: { ...valid.domains, sophrosyne: { engaged: false, reading: "habitual", evidence: [] } } },
      "layer1_schema.domains.sophrosyne.reading",
    ],
    ["no situation", (({ situation: _s, ...r }) => r)(valid), "layer1_schema.situation"],
    ["another schema version", { ...valid, schema_version: "l1-extraction/v0" }, "layer1_schema.schema_version"],
    ["an unknown top-level field", { ...valid, verdict: "sage_like" }, "layer1_schema.verdict"],
    ["an unknown passion intensity", { ...valid, passions: [{ ...valid.passions[0]!, intensity: "overwhelming" }] }, "layer1_schema.passions[0].intensity"],
    ["an unknown circle", { ...valid, circles: [{ circle: "galaxy", obligation_claim: "met", quote: null }] }, "layer1_schema.circles[0].circle"],
    ["an empty quote", { ...valid, grave_act: { present: true, harmed_circle: null, quote: "" } }, "layer1_schema.grave_act.quote"],
    ["an unknown trigger code", { ...valid, ambiguity: { trigger_code: "VIBES", slot_fills: [] } }, "layer1_schema.ambiguity.trigger_code"],
  ])("a malformed schema: %s", (_label, layer1_schema, field) => {
    it(`is 400 invalid_layer1_schema naming ${field}`, async () => {
      const { key } = await mint({ capabilities: ["l1_supply"] });
      const error = await expectError(await consult(key, { input: SUPPLIED_INPUT, layer1_schema }), 400, "invalid_layer1_schema", field);
      expect(error.message).toContain(field);
    });
  });

  it("refuses a layer1_schema that is not an object with 400 naming layer1_schema", async () => {
    const { key } = await mint({ capabilities: ["l1_supply"] });
    await expectError(await consult(key, { input: SUPPLIED_INPUT, layer1_schema: ["not", "an", "object"] }), 400, "invalid_field", "layer1_schema");
  });
});

describe("POST /api/reason: the clarification turn (spec 3.1)", () => {
  async function firstTurn(key: string) {
    return expectClarification(await consult(key, { input: AMBIGUOUS_INPUT }));
  }

  it("asks one question for a fused account, then assesses the byte-identical input with the answer", async () => {
    const { key } = await mint();
    const question = await firstTurn(key);
    expect(question).toMatchObject({
      version: "translation-sandwich-v1",
      clarification_required: true,
      intake_tier: 1,
      trigger_code: "ELEMENT_FUSION",
      clarification: { stem_id: expect.any(String), slot_fills: ["Should I tell her?", "Should I quit?"] },
      evaluation_partial: null,
    });
    expect(question.clarification.question_text).toMatch(/\?$/);
    expect(question.continuation_token.split(".")).toHaveLength(3);

    const answer = "The resignation matters more: I am deciding whether to leave my job at the bakery.";
    const res = await consult(key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: answer });
    const body = await expectAssessment(res);
    expect(await verifyAssessment(body.assessment, await publicKeys())).toMatchObject({ valid: true });
    // The answered trigger does not fire again; the answer is never folded into the input.
    expect(body.extraction.ambiguity.trigger_code).toBeNull();
    expect(body.extraction.situation.summary).toBe(AMBIGUOUS_INPUT);
    expect(body.extraction.situation.summary).not.toContain("bakery");
    expect(JSON.stringify(body.assessment)).not.toContain("bakery");
    expect(assessmentOf(body).input_sha256).toBe(await sha256Hex(AMBIGUOUS_INPUT));
  });

  it("refuses a changed input on the second turn with 400 continuation_token_input_mismatch", async () => {
    const { key } = await mint();
    const question = await firstTurn(key);
    for (const input of [`${AMBIGUOUS_INPUT} `, "Should I tell her? Should I quit!", "Should I tell her? Should I quit? Also, I already told her."]) {
      await expectError(
        await consult(key, { input, continuation_token: question.continuation_token, clarification_response: "The first." }),
        400,
        "continuation_token_input_mismatch",
        "input",
      );
    }
  });

  it.each<[string, (token: string) => Body, string, string]>([
    [
      "a token without an answer",
      (token) => ({ input: AMBIGUOUS_INPUT, continuation_token: token }),
      "clarification_response_required",
      "clarification_response",
    ],
    [
      "an answer without a token",
      () => ({ input: AMBIGUOUS_INPUT, clarification_response: "The first." }),
      "clarification_response_without_token",
      "continuation_token",
    ],
    [
      "a token that is not one",
      () => ({ input: AMBIGUOUS_INPUT, continuation_token: "not.a.token", clarification_response: "The first." }),
      "continuation_token_invalid",
      "continuation_token",
    ],
  ])("refuses %s with 400 %s", async (_label, bodyOf, code, field) => {
    const { key } = await mint();
    const question = await firstTurn(key);
    await expectError(await consult(key, bodyOf(question.continuation_token)), 400, code, field);
  });

  it("refuses an answer next to a supplied schema with 400 clarification_response_with_supplied_layer1_schema", async () => {
    const { key } = await mint({ capabilities: ["l1_supply"] });
    const question = await firstTurn(key);
    await expectError(
      await consult(key, {
        input: AMBIGUOUS_INPUT,
        layer1_schema: suppliedExtraction(),
        continuation_token: question.continuation_token,
        clarification_response: "The first.",
      }),
      400,
      "clarification_response_with_supplied_layer1_schema",
      "clarification_response",
    );
    await expectError(
      await consult(key, { input: AMBIGUOUS_INPUT, layer1_schema: suppliedExtraction(), clarification_response: "The first." }),
      400,
      "clarification_response_with_supplied_layer1_schema",
    );
  });

  it("refuses a token issued to another owner", async () => {
    const alice = await mint();
    const bob = await mint();
    const question = await firstTurn(alice.key);
    await expectError(
      await consult(bob.key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: "The first." }),
      400,
      "continuation_token_invalid",
      "continuation_token",
    );
  });

  it("refuses a token older than 30 minutes with 400 continuation_token_expired", async () => {
    const { key, id } = await mint();
    const { continuationSecret } = (await (await testRuntime()).open(EnvSchema.parse({}))).reason();
    const claims = { inputSha256: await sha256Hex(AMBIGUOUS_INPUT), trigger: "ELEMENT_FUSION" as const, answered: [], subject: `key:${id}` };
    const expired = await issueContinuationToken(claims, continuationSecret, new Date(Date.now() - 31 * 60_000));
    await expectError(
      await consult(key, { input: AMBIGUOUS_INPUT, continuation_token: expired, clarification_response: "The first." }),
      400,
      "continuation_token_expired",
      "continuation_token",
    );
    // Control: the same claims issued 29 minutes ago are still good.
    const fresh = await issueContinuationToken(claims, continuationSecret, new Date(Date.now() - 29 * 60_000));
    await expectAssessment(await consult(key, { input: AMBIGUOUS_INPUT, continuation_token: fresh, clarification_response: "The first." }));
  });

  it("refuses a token signed with another secret", async () => {
    const { key, id } = await mint();
    const forged = await issueContinuationToken(
      { inputSha256: await sha256Hex(AMBIGUOUS_INPUT), trigger: "ELEMENT_FUSION", answered: [], subject: `key:${id}` },
      "another-secret-that-is-long-enough-0123456789",
      new Date(),
    );
    await expectError(
      await consult(key, { input: AMBIGUOUS_INPUT, continuation_token: forged, clarification_response: "The first." }),
      400,
      "continuation_token_invalid",
    );
  });

  it.each([
    ["TEMPORAL_AMBIGUITY", "I already did it and I will do it again?"],
    ["SCOPE_AMBIGUITY", "I did it anyway."],
  ])("asks about %s too, and assesses once answered", async (trigger, input) => {
    const { key } = await mint();
    const question = await expectClarification(await consult(key, { input }));
    expect(question.trigger_code).toBe(trigger);
    const body = await expectAssessment(
      await consult(key, { input, continuation_token: question.continuation_token, clarification_response: "It was about my neighbour." }),
    );
    expect(body.extraction.ambiguity.trigger_code).toBeNull();
  });
});

describe("POST /api/reason: a continuation token is used once", () => {
  /** The owner's recorded consults (the ledger an accreditation write attests against). */
  async function consultRows(owner: string) {
    return (await (await testRuntime()).database()).selectFrom("consults").select(["loop_id", "input_sha256"]).where("owner_id", "=", owner).execute();
  }

  it("refuses a second answer with the same token with 400 continuation_token_used, at no cost and writing nothing", async () => {
    const { key, owner } = await mint();
    const question = await expectClarification(await consult(key, { input: AMBIGUOUS_INPUT }));
    const answered = await expectAssessment(
      await consult(key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: "The first." }),
    );
    expect(await usageOf(key, ENV)).toBe(1);
    for (const answer of ["The first.", "The second, after all."]) {
      const replay = await consult(key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: answer });
      expect(replay.headers.get("x-loop-id")).toBeNull();
      await expectError(replay, 400, "continuation_token_used", "continuation_token");
    }
    expect(await usageOf(key, ENV)).toBe(1);
    const rows = await consultRows(owner);
    expect(
      rows.map((r) => r.loop_id),
      JSON.stringify(rows),
    ).toEqual([assessmentOf(answered).examination.ref]);
  });

  it("lets exactly one of parallel answers with the same token through; the others get 400 and no loop", async () => {
    const { key, owner } = await mint();
    const question = await expectClarification(await consult(key, { input: AMBIGUOUS_INPUT }));
    const turns = await Promise.all(
      ["The first.", "The second.", "The first one.", "Both."].map((answer) =>
        consult(key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: answer }),
      ),
    );
    const statuses = turns.map((t) => t.status).sort();
    expect(statuses, JSON.stringify(statuses)).toEqual([200, 400, 400, 400]);
    for (const refused of turns.filter((t) => t.status === 400)) await expectError(refused, 400, "continuation_token_used", "continuation_token");
    const winner = await expectAssessment(turns.find((t) => t.status === 200)!);
    const rows = await consultRows(owner);
    expect(
      rows.map((r) => r.loop_id),
      JSON.stringify(rows),
    ).toEqual([assessmentOf(winner).examination.ref]);
    expect(await usageOf(key, ENV)).toBe(1);
  });

  it("refuses a token issued to another key of the same owner", async () => {
    const first = await mint();
    const sibling = await mint({ owner: first.owner });
    const question = await expectClarification(await consult(first.key, { input: AMBIGUOUS_INPUT }));
    await expectError(
      await consult(sibling.key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: "The first." }),
      400,
      "continuation_token_invalid",
      "continuation_token",
    );
    expect(await consultRows(first.owner)).toHaveLength(0);
    // The token is not spent by the refusal: its own key still answers it.
    await expectAssessment(
      await consult(first.key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: "The first." }),
    );
  });

  it("does not spend the token when the second turn fails: the retry is answered", async () => {
    const base = await testRuntime();
    let failNext = false;
    const flaky: Runtime = {
      name: "test-flaky-layer1",
      open: async (cfg) => {
        const session = await base.open(cfg);
        const kit = session.reason();
        const extract: typeof kit.extractor.extract = async (request) => {
          if (failNext) {
            failNext = false;
            throw new Error("Layer 1 is down");
          }
          return kit.extractor.extract(request);
        };
        return { ...session, reason: () => ({ ...kit, extractor: { name: kit.extractor.name, extract } }) };
      },
    };
    const env = { ...ENV, SVC_RUNTIME: flaky };
    const { key } = await mint();
    const question = await expectClarification(await consult(key, { input: AMBIGUOUS_INPUT }, env));
    failNext = true;
    const failed = await consult(key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: "The first." }, env);
    expect(failed.status, await failed.clone().text()).toBeGreaterThanOrEqual(500);
    await expectAssessment(
      await consult(key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: "The first." }, env),
    );
  });
});

describe("POST /api/reason: a chain of clarifications (every answered trigger barred, at most three)", () => {
  /** The test runtime with a Layer 1 that raises, on each turn, the first of `order` not answered just now. */
  function stubbornRuntime(order: readonly ClarificationTriggerCode[], barsOnly: "last" | "all"): Runtime {
    return {
      name: `test-stubborn-layer1-${order.join("-")}`,
      open: async (cfg) => {
        const session = await (await testRuntime()).open(cfg);
        const kit = session.reason();
        const extract: typeof kit.extractor.extract = async (request) => {
          const extraction = await kit.extractor.extract({ ...request, answered_triggers: [] });
          const barred = barsOnly === "last" ? request.answered_triggers.slice(-1) : request.answered_triggers;
          const trigger = order.find((t) => !barred.includes(t)) ?? null;
          return { ...extraction, ambiguity: { trigger_code: trigger, slot_fills: [] } };
        };
        return { ...session, reason: () => ({ ...kit, extractor: { name: "stubborn", extract } }) };
      },
    };
  }

  async function runChain(env: Env, key: string, limit = 6): Promise<{ questions: ClarificationResponse[]; assessment: ReasonResponse | null }> {
    const questions: ClarificationResponse[] = [];
    let token: string | undefined;
    for (let turn = 0; turn < limit; turn++) {
      const res = await consult(
        key,
        token ? { input: CLEAR_INPUT, continuation_token: token, clarification_response: `Answer ${turn}.` } : { input: CLEAR_INPUT },
        env,
      );
      const body = await readJson(res.clone(), 200);
      if (!body.clarification_required) return { questions, assessment: await expectAssessment(res) };
      const question = await expectClarification(res);
      questions.push(question);
      token = question.continuation_token;
    }
    return { questions, assessment: null };
  }

  it("never asks again about a trigger answered earlier: a model alternating two triggers gets two questions, then the assessment", async () => {
    const env = { ...ENV, SVC_RUNTIME: stubbornRuntime(["ELEMENT_FUSION", "TEMPORAL_AMBIGUITY"], "last") };
    const { key } = await mint();
    const { questions, assessment } = await runChain(env, key);
    expect(questions.map((q) => [q.trigger_code, q.intake_tier])).toEqual([
      ["ELEMENT_FUSION", 1],
      ["TEMPORAL_AMBIGUITY", 2],
    ]);
    expect(assessment, "the chain ends with an assessment").not.toBeNull();
    expect(await usageOf(key, env)).toBe(1);
  });

  it("ends with an assessment after at most three questions", async () => {
    const env = { ...ENV, SVC_RUNTIME: stubbornRuntime(["ELEMENT_FUSION", "TEMPORAL_AMBIGUITY", "SCOPE_AMBIGUITY"], "all") };
    const { key } = await mint();
    const { questions, assessment } = await runChain(env, key);
    expect(questions.map((q) => [q.trigger_code, q.intake_tier])).toEqual([
      ["ELEMENT_FUSION", 1],
      ["TEMPORAL_AMBIGUITY", 2],
      ["SCOPE_AMBIGUITY", 3],
    ]);
    expect(assessment, "the chain ends with an assessment").not.toBeNull();
    expect(await usageOf(key, env)).toBe(1);
  });

  it("uses each token of a chain once: an earlier token is refused once it has been answered", async () => {
    const env = { ...ENV, SVC_RUNTIME: stubbornRuntime(["ELEMENT_FUSION", "TEMPORAL_AMBIGUITY"], "last") };
    const { key } = await mint();
    const first = await expectClarification(await consult(key, { input: CLEAR_INPUT }, env));
    const second = await expectClarification(
      await consult(key, { input: CLEAR_INPUT, continuation_token: first.continuation_token, clarification_response: "The first." }, env),
    );
    expect(second.intake_tier).toBe(2);
    await expectError(
      await consult(key, { input: CLEAR_INPUT, continuation_token: first.continuation_token, clarification_response: "The first." }, env),
      400,
      "continuation_token_used",
      "continuation_token",
    );
    await expectAssessment(await consult(key, { input: CLEAR_INPUT, continuation_token: second.continuation_token, clarification_response: "Done." }, env));
  });
});

describe("POST /api/reason: prior_feedback", () => {
  it("links a follow-up to the caller's earlier loop at the same depth", async () => {
    const { key } = await mint();
    const first = await consult(key, { input: "I was furious and yelled at my partner without thinking.", depth: "quick" });
    await expectAssessment(first);
    const priorLoopId = first.headers.get("x-loop-id")!;
    const res = await consult(key, {
      input: "I apologised to my partner and we talked it through calmly.",
      depth: "quick",
      prior_feedback: { prior_loop_id: priorLoopId, prior_depth_tier: "quick", adopted_correction: "I paused before answering." },
    });
    const body = await expectAssessment(res);
    expect(assessmentOf(body).examination).toEqual({ ref: res.headers.get("x-loop-id"), depth_tier: "quick", prior_feedback_ref: priorLoopId });
    expect(typeof body.examination_open).toBe("boolean");
    const db = await (await testRuntime()).database();
    const row = await db.selectFrom("consults").select("prior_loop_id").where("loop_id", "=", res.headers.get("x-loop-id")!).executeTakeFirstOrThrow();
    expect(row.prior_loop_id).toBe(priorLoopId);
  });

  it("accepts a loop of another key of the same owner", async () => {
    const first = await mint();
    const sibling = await mint({ owner: first.owner });
    const res = await consult(first.key, { input: CLEAR_INPUT });
    await expectAssessment(res);
    const loopId = res.headers.get("x-loop-id")!;
    const body = await expectAssessment(
      await consult(sibling.key, { input: CLEAR_INPUT, prior_feedback: { prior_loop_id: loopId, prior_depth_tier: "standard" } }),
    );
    expect(assessmentOf(body).examination.prior_feedback_ref).toBe(loopId);
  });

  it("refuses an unknown loop and another owner's loop alike: 400 naming prior_feedback.prior_loop_id", async () => {
    const alice = await mint();
    const bob = await mint();
    const res = await consult(alice.key, { input: CLEAR_INPUT });
    await expectAssessment(res);
    const alicesLoop = res.headers.get("x-loop-id")!;
    const unknown = await expectError(
      await consult(bob.key, { input: CLEAR_INPUT, prior_feedback: { prior_loop_id: `loop_${crypto.randomUUID()}`, prior_depth_tier: "standard" } }),
      400,
      "prior_loop_not_found",
      "prior_feedback.prior_loop_id",
    );
    const others = await expectError(
      await consult(bob.key, { input: CLEAR_INPUT, prior_feedback: { prior_loop_id: alicesLoop, prior_depth_tier: "standard" } }),
      400,
      "prior_loop_not_found",
      "prior_feedback.prior_loop_id",
    );
    // Nothing tells Bob that Alice's loop exists.
    expect({ ...others, request_id: null }).toEqual({ ...unknown, request_id: null });
    expect(JSON.stringify(others)).not.toContain(alicesLoop);
  });

  it("refuses a depth other than the earlier consult's: 400 naming prior_feedback.prior_depth_tier", async () => {
    const { key } = await mint();
    const res = await consult(key, { input: CLEAR_INPUT, depth: "deep" });
    await expectAssessment(res);
    await expectError(
      await consult(key, { input: CLEAR_INPUT, depth: "deep", prior_feedback: { prior_loop_id: res.headers.get("x-loop-id"), prior_depth_tier: "standard" } }),
      400,
      "prior_depth_mismatch",
      "prior_feedback.prior_depth_tier",
    );
  });

  it.each<[string, unknown, string]>([
    ["no prior_loop_id", { prior_depth_tier: "standard" }, "prior_feedback.prior_loop_id"],
    ["an unknown depth", { prior_loop_id: "loop_x", prior_depth_tier: "bottomless" }, "prior_feedback.prior_depth_tier"],
    ["an unknown field", { prior_loop_id: "loop_x", prior_depth_tier: "standard", verdict: "sage_like" }, "prior_feedback.verdict"],
    ["not an object", "loop_x", "prior_feedback"],
  ])("refuses a malformed prior_feedback (%s) with 400 naming the field", async (_label, prior_feedback, field) => {
    const { key } = await mint();
    await expectFieldError(await consult(key, { input: CLEAR_INPUT, prior_feedback }), field);
  });
});

describe("POST /api/reason: request validation", () => {
  it.each<[string, Body, string]>([
    ["no input", { context: "x" }, "input"],
    ["an empty input", { input: "" }, "input"],
    ["an input that is not a string", { input: 42 }, "input"],
    ["an unknown field", { input: CLEAR_INPUT, verdict: "sage_like" }, "verdict"],
    ["an unknown response_format", { input: CLEAR_INPUT, response_format: "haiku" }, "response_format"],
  ])("refuses %s with 400 naming the field", async (_label, body, field) => {
    const { key } = await mint();
    await expectFieldError(await consult(key, body), field);
  });
});

describe.each(METER_BACKENDS)("POST /api/reason: caps and metering per loop (%s meter)", (backend) => {
  const metered = meteredRuntime(backend);
  const env = { ...ENV, SVC_RUNTIME: metered };
  const mintOn = (options: { capabilities?: Capability[] } = {}) => mintApiKey(metered, { kind: "live", tier: "free", ...options });

  it.each(["input", "context", "domain_context", "clarification_response"])("refuses a 5,001-character %s with 400 naming it, at no cost", async (field) => {
    const { key } = await mintOn();
    const body: Body = { input: CLEAR_INPUT, [field]: "a".repeat(5001) };
    const error = await expectError(await consult(key, body, env), 400, "invalid_field", field);
    expect(error.message).toContain(field);
    expect(await usageOf(key, env)).toBe(0);
    // Nothing was recorded either: the owner has no consult yet.
    expect((await expectAssessment(await consult(key, { input: CLEAR_INPUT }, env))).meta.trajectory.delta.examinations_before).toBe(0);
    expect(await usageOf(key, env)).toBe(1);
  });

  it("accepts each capped field at exactly 5,000 characters", async () => {
    const { key } = await mintOn();
    const long = "I kept my promise to my colleague. ".repeat(150).slice(0, 5000);
    expect(long).toHaveLength(5000);
    await expectAssessment(await consult(key, { input: long }, env));
    await expectAssessment(await consult(key, { input: CLEAR_INPUT, context: "c".repeat(5000), domain_context: "d".repeat(5000) }, env));
    const question = await expectClarification(await consult(key, { input: AMBIGUOUS_INPUT }, env));
    await expectAssessment(
      await consult(key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: "r".repeat(5000) }, env),
    );
    expect(await usageOf(key, env)).toBe(3);
  });

  it("charges one loop per consult; the clarification turn belongs to the loop already charged", async () => {
    const { key } = await mintOn();
    expect(await usageOf(key, env)).toBe(0);
    await expectAssessment(await consult(key, { input: CLEAR_INPUT }, env));
    expect(await usageOf(key, env)).toBe(1);
    const question = await expectClarification(await consult(key, { input: AMBIGUOUS_INPUT }, env));
    expect(await usageOf(key, env)).toBe(2);
    await expectAssessment(
      await consult(key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: "The first." }, env),
    );
    expect(await usageOf(key, env)).toBe(2);
  });

  it("charges nothing for refusals of section 4.4", async () => {
    const { key } = await mintOn({ capabilities: ["l1_supply"] });
    const question = await expectClarification(await consult(key, { input: AMBIGUOUS_INPUT }, env));
    expect(await usageOf(key, env)).toBe(1);
    const token = question.continuation_token;
    const refusals: Body[] = [
      { input: "changed", continuation_token: token, clarification_response: "x" },
      { input: AMBIGUOUS_INPUT, continuation_token: token },
      { input: AMBIGUOUS_INPUT, clarification_response: "x" },
      { input: AMBIGUOUS_INPUT, layer1_schema: { schema_version: EXTRACTION_SCHEMA_VERSION } },
      { input: AMBIGUOUS_INPUT, layer1_schema: { ...suppliedExtraction(), orientation_observations: [] } },
      { input: AMBIGUOUS_INPUT, prior_feedback: { prior_loop_id: "loop_nope", prior_depth_tier: "standard" } },
    ];
    for (const body of refusals) expect((await consult(key, body, env)).status, JSON.stringify(body)).toBe(400);
    expect(await usageOf(key, env)).toBe(1);
  });

  it("refuses a free key's 31st loop in the month with 429 allowance_exhausted; an open clarification can still be answered", async () => {
    const { key } = await mintOn();
    const question = await expectClarification(await consult(key, { input: AMBIGUOUS_INPUT }, env));
    for (let i = 2; i <= 30; i++) {
      const res = await consult(key, { input: `I kept my promise number ${i}.` }, env);
      expect(res.status, `loop ${i}: ${await res.clone().text()}`).toBe(200);
    }
    expect(await usageOf(key, env)).toBe(30);
    const refused = await expectError(await consult(key, { input: CLEAR_INPUT }, env), 429, "allowance_exhausted");
    expect(refused).toMatchObject({ skill: "svc-reason", limit: 30 });
    expect(await usageOf(key, env)).toBe(30);
    // The second turn of a loop already paid for is not a new loop.
    await expectAssessment(
      await consult(key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: "The first." }, env),
    );
    expect(await usageOf(key, env)).toBe(30);
    // And it is the only one that token pays for: a replay yields no further loop.
    await expectError(
      await consult(key, { input: AMBIGUOUS_INPUT, continuation_token: question.continuation_token, clarification_response: "The first." }, env),
      400,
      "continuation_token_used",
    );
    expect(await usageOf(key, env)).toBe(30);
  });
});

describe("GET /api/reason/schema", () => {
  async function schema(): Promise<{ version: string; schema: Record<string, any> }> {
    return readJson(await reasonFunction.fetch(new Request("http://t/api/reason/schema"), { LOG_LEVEL: "silent" }), 200);
  }

  /** A minimal instance of a JSON Schema: required properties only, null where allowed, the first enum value. */
  function minimalInstance(node: Record<string, any>, root: Record<string, any>): unknown {
    if (node.$ref)
      return minimalInstance(
        node.$ref
          .replace(/^#\//, "")
          .split("/")
          .reduce((n: any, k: string) => n[k], root),
        root,
      );
    if ("const" in node) return node.const;
    if (node.enum) return node.enum[0];
    if (node.anyOf) return minimalInstance(node.anyOf.find((b: any) => b.type === "null") ?? node.anyOf[0], root);
    const type = Array.isArray(node.type) ? (node.type.includes("null") ? "null" : node.type[0]) : node.type;
    switch (type) {
      case "null":
        return null;
      case "object":
        return Object.fromEntries((node.required ?? []).map((k: string) => [k, minimalInstance(node.properties[k], root)]));
      case "array":
        return [];
      case "string":
        return "x".repeat(node.minLength ?? 1);
      case "boolean":
        return false;
      case "integer":
      case "number":
        return node.minimum ?? 0;
      default:
        throw new Error(`unexpected schema node ${JSON.stringify(node)}`);
    }
  }

  it("is public and publishes the versioned Layer 1 JSON Schema, without orientation_observations", async () => {
    const body = await schema();
    expect(body.version).toBe(EXTRACTION_SCHEMA_VERSION);
    expect(body.schema.$schema).toContain("2020-12");
    expect(body.schema.type).toBe("object");
    expect(body.schema.additionalProperties).toBe(false);
    const properties = Object.keys(body.schema.properties);
    expect(properties).toEqual(
      expect.arrayContaining(["schema_version", "situation", "deliberation", "grave_act", "domains", "passions", "circles", "ambiguity"]),
    );
    expect(properties).not.toContain("orientation_observations");
    expect(JSON.stringify(body.schema)).not.toContain("orientation_observations");
    expect(body.schema.properties.schema_version.const).toBe(EXTRACTION_SCHEMA_VERSION);
  });

  it("describes what the server accepts: an instance built from it is accepted as layer1_schema", async () => {
    const { schema: published } = await schema();
    const instance = minimalInstance(published, published) as Record<string, unknown>;
    expect(Layer1Extraction.safeParse(instance).success, JSON.stringify(instance)).toBe(true);
    const { key } = await mint({ capabilities: ["l1_supply"] });
    const body = await expectAssessment(await consult(key, { input: CLEAR_INPUT, layer1_schema: instance }));
    expect(body.meta.layer1_source).toBe("supplied");
    expect(body.extraction.schema_version).toBe(EXTRACTION_SCHEMA_VERSION);
  });
});

describe("GET /api/public-key", () => {
  it("is public and serves a JWKS of Ed25519 keys named for layer and quarter, without private parts", async () => {
    const res = await reasonFunction.fetch(new Request("http://t/api/public-key"), ENV);
    const body = await readJson<PublicKeySet>(res, 200);
    expect(PublicKeySet.safeParse(body).success, JSON.stringify(body)).toBe(true);
    expect(body.keys.length).toBeGreaterThan(0);
    for (const key of body.keys) {
      expect(key).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA" });
      expect(key.kid).toMatch(/^l2-\d{4}Q[1-4]$/);
      expect(key).not.toHaveProperty("d");
      expect(key.x).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    expect(JSON.stringify(body)).not.toContain('"d"');
    expect(res.headers.get("cache-control")).toContain("public");
  });

  it("needs no credential, and ignores one", async () => {
    const { key } = await mint();
    const withKey = await reasonFunction.fetch(new Request("http://t/api/public-key", { headers: { authorization: `Bearer ${key}` } }), ENV);
    const without = await reasonFunction.fetch(new Request("http://t/api/public-key"), ENV);
    expect(await readJson(withKey, 200)).toEqual(await readJson(without, 200));
  });
});

describeSecurity({
  name: "POST /api/reason",
  call: (authorization) => postReason(reasonFunction, ENV, authorization, { input: CLEAR_INPUT }),
  runtime: () => testRuntime(),
  validCredential: async () => (await mint({ owner: freshOwner("security") })).key,
});
