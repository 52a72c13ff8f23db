import { NarrativeResponse, processNarrativeJob, NARRATIVE_JOB_SCHEMA } from "@svc/core";
import { parseEnv, type Runtime } from "@svc/runtime";
import { describe, expect, it } from "vitest";
import { mintApiKey, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { testRuntime } from "../../../tests/support/database";
import { expectError, postReason, readJson } from "../../../tests/support/reason";
import { describeSecurity } from "../../../tests/support/security";
import { reasonFunction } from "./function";

// GET /api/reason/narratives/{correlation_id}, in-process on the test runtime (PGlite, or the
// real PostgreSQL when DATABASE_URL is set). The test runtime has no queue, so jobs wait in
// the outbox; the narrative is written here with the consumer's core step, or marked failed.

const runtime: Runtime = { name: "test", open: async (cfg) => (await testRuntime()).open(cfg) };
const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime };
const CONFIG = parseEnv({ LOG_LEVEL: "silent" });
const INPUT = "I kept my promise to my colleague and finished the report.";
const DAY_MS = 86_400_000;

const getNarrative = (authorization: string | undefined, correlationId: string) =>
  Promise.resolve(
    reasonFunction.fetch(
      new Request(`http://t/api/reason/narratives/${correlationId}`, { headers: authorization === undefined ? {} : { authorization } }),
      ENV,
    ),
  );

async function mint() {
  return mintApiKey(await testRuntime(), { kind: "live", tier: "free" });
}

/** A consult whose narrative is deferred: its correlation id and loop id. */
async function deferredConsult(key: string) {
  const res = await postReason(reasonFunction, ENV, `Bearer ${key}`, { input: INPUT, response_format: "assessment_first" });
  const body = await readJson(res, 200);
  expect(body.narrative, JSON.stringify(body)).toEqual({ status: "deferred", correlation_id: expect.stringMatching(/^nar_/) });
  return { correlationId: body.narrative.correlation_id as string, loopId: res.headers.get("x-loop-id")! };
}

/** A 200 narrative, checked against its schema and its cache header. */
async function expectNarrative(res: Response): Promise<NarrativeResponse> {
  const body = await readJson(res, 200);
  const parsed = NarrativeResponse.strict().safeParse(body);
  expect(parsed.success, `${JSON.stringify(body)}\n${parsed.error?.message}`).toBe(true);
  expect(res.headers.get("cache-control"), JSON.stringify(body)).toBe("no-store");
  return parsed.data!;
}

describe("GET /api/reason/narratives/{correlation_id}", () => {
  it("shows the owner a deferred narrative: its loop, no text yet, kept 90 days", async () => {
    const { key } = await mint();
    const { correlationId, loopId } = await deferredConsult(key);
    const body = await expectNarrative(await getNarrative(`Bearer ${key}`, correlationId));
    expect(body).toMatchObject({ correlation_id: correlationId, status: "deferred", loop_id: loopId, ready_at: null });
    expect(body.narrative).toBeUndefined();
    expect(body.reason).toBeUndefined();
    expect(Date.parse(body.expires_at) - Date.parse(body.created_at)).toBe(90 * DAY_MS);
    expect(Math.abs(Date.parse(body.created_at) - Date.now())).toBeLessThan(60_000);
  });

  it("shows the owner the text once the consumer has written it", async () => {
    const { key } = await mint();
    const { correlationId, loopId } = await deferredConsult(key);
    const session = await runtime.open(CONFIG);
    const outcome = await processNarrativeJob({
      store: session.narratives,
      sealer: session.sealer(),
      narrator: session.reason().narrator,
      job: { schema: NARRATIVE_JOB_SCHEMA, correlation_id: correlationId, loop_id: loopId, enqueued_at: new Date().toISOString() },
      now: new Date(),
    });
    expect(outcome).toBe("written");
    const body = await expectNarrative(await getNarrative(`Bearer ${key}`, correlationId));
    expect(body).toMatchObject({ status: "ready", loop_id: loopId, narrator: session.reason().narrator.name });
    expect(body.narrative?.length, JSON.stringify(body)).toBeGreaterThan(20);
    expect(Date.parse(body.ready_at!)).toBeGreaterThanOrEqual(Date.parse(body.created_at));
  });

  it("shows the owner that it failed, with a reason and no text", async () => {
    const { key } = await mint();
    const { correlationId } = await deferredConsult(key);
    const session = await runtime.open(CONFIG);
    expect(await session.narratives.markFailed(correlationId, "the narrative could not be written", new Date())).toBe(true);
    const body = await expectNarrative(await getNarrative(`Bearer ${key}`, correlationId));
    expect(body).toMatchObject({ status: "failed", reason: "the narrative could not be written", ready_at: expect.any(String) });
    expect(body.narrative).toBeUndefined();
  });

  it("answers another owner exactly as it answers an unknown id: 404, nothing to tell them apart", async () => {
    const owner = await mint();
    const stranger = await mint();
    const { correlationId } = await deferredConsult(owner.key);
    const theirs = await expectError(await getNarrative(`Bearer ${stranger.key}`, correlationId), 404, "not_found");
    const unknown = await expectError(await getNarrative(`Bearer ${stranger.key}`, `nar_${crypto.randomUUID()}`), 404, "not_found");
    const strip = ({ request_id: _id, ...rest }: Record<string, any>) => rest;
    expect(strip(theirs)).toEqual(strip(unknown));
    expect(JSON.stringify(theirs)).not.toContain(correlationId);
    // The owner still reads it: the 404 was about the caller, not the record.
    expect((await expectNarrative(await getNarrative(`Bearer ${owner.key}`, correlationId))).status).toBe("deferred");
  });

  // docs/decisions.md: the narrative belongs to the owner of the consult, so any of the
  // owner's credentials reads it.
  it("refuses another credential, even of the same owner, with the same 404 (only the credential that made the consult reads it)", async () => {
    const first = await mint();
    const second = await mintApiKey(await testRuntime(), { owner: first.owner });
    const { correlationId } = await deferredConsult(first.key);
    await expectError(await getNarrative(`Bearer ${second.key}`, correlationId), 404, "not_found");
    expect((await expectNarrative(await getNarrative(`Bearer ${first.key}`, correlationId))).correlation_id).toBe(correlationId);
  });

  describe.each([
    ["a loop id", `loop_${crypto.randomUUID()}`],
    ["no prefix", crypto.randomUUID()],
    ["a short id", "nar_123"],
    ["upper-case hex", `nar_${crypto.randomUUID().toUpperCase()}`],
    ["an encoded quote", `nar_${crypto.randomUUID()}%27`],
    ["a long id", `nar_${"a".repeat(300)}`],
  ])("a malformed id (%s)", (_label, correlationId) => {
    it("is a 404 not_found, as an unknown id is", async () => {
      const { key } = await mint();
      await expectError(await getNarrative(`Bearer ${key}`, correlationId), 404, "not_found");
    });
  });
});

describeSecurity({
  name: "GET /api/reason/narratives/{correlation_id}",
  runtime: () => testRuntime(),
  call: (authorization) => getNarrative(authorization, `nar_${crypto.randomUUID()}`),
  validCredential: async () => (await mint()).key,
});
