import {
  assess,
  NARRATIVE_JOB_SCHEMA,
  type Assessment,
  type NarrativeJob,
  type NarrativeRow,
  type NarrativeStore,
  type Narrator,
  type Sealer,
} from "@svc/core";
import { describe, expect, it } from "vitest";
import { suppliedExtraction, SUPPLIED_INPUT } from "../../../tests/support/reason";
import { createNarrativeConsumer, type ConsumerSession } from "./consumer";

// The narrative consumer on its own: in-memory fakes of the store, the sealer and the
// narrator, and hand-made events in the AWS Lambda SQS shape. No queue, no database.

const MAX_RECEIVES = 3;

/** A store with the real one's conditional updates (only `deferred` rows change), recording calls. */
function fakeStore() {
  const rows = new Map<string, NarrativeRow>();
  const assessments = new Map<string, string>();
  const calls = { find: [] as string[], markReady: [] as string[], markFailed: [] as Array<{ id: string; reason: string }> };
  let failFind: Error | null = null;
  let failMarkFailed: Error | null = null;
  const store: NarrativeStore = {
    async find(id) {
      calls.find.push(id);
      if (failFind) throw failFind;
      return rows.get(id) ?? null;
    },
    async sealedAssessment(loopId) {
      return assessments.get(loopId) ?? null;
    },
    async markReady(id, sealedNarrative, narrator, at) {
      calls.markReady.push(id);
      const row = rows.get(id);
      if (row?.status !== "deferred") return false;
      rows.set(id, { ...row, status: "ready", sealed_narrative: sealedNarrative, narrator, ready_at: at.toISOString() });
      return true;
    },
    async markFailed(id, reason, at) {
      calls.markFailed.push({ id, reason });
      if (failMarkFailed) throw failMarkFailed;
      const row = rows.get(id);
      if (row?.status !== "deferred") return false;
      rows.set(id, { ...row, status: "failed", failure_reason: reason, ready_at: at.toISOString() });
      return true;
    },
  };
  return {
    store,
    rows,
    assessments,
    calls,
    failFindWith: (err: Error) => void (failFind = err),
    failMarkFailedWith: (err: Error) => void (failMarkFailed = err),
  };
}

/** A reversible stand-in for AES-GCM that, like it, refuses the wrong associated data. */
const fakeSealer: Sealer = {
  activeKeyId: "fake",
  async seal(plaintext, associatedData) {
    return `fake.${associatedData ?? ""}.${Buffer.from(plaintext).toString("base64url")}`;
  },
  async open(sealed, associatedData) {
    const [tag, ad, body] = sealed.split(".");
    if (tag !== "fake" || ad !== (associatedData ?? "") || body === undefined) throw new Error("cannot open");
    return Buffer.from(body, "base64url").toString();
  },
};

function fakeNarrator(behaviour: (assessment: Assessment) => Promise<string> = async (a) => `A narrative of a ${a.katorthoma_proximity} act.`) {
  const narrated: Assessment[] = [];
  const narrator: Narrator = {
    name: "fake-narrator/v1",
    narrate: async (assessment) => {
      narrated.push(assessment);
      return behaviour(assessment);
    },
  };
  return { narrator, narrated };
}

const ASSESSMENT_LOOP = "loop_11111111-1111-4111-8111-111111111111";
const ASSESSMENT = assess({
  extraction: suppliedExtraction(),
  text: SUPPLIED_INPUT,
  examination: { ref: ASSESSMENT_LOOP, depth_tier: "standard", prior_feedback_ref: null, input_sha256: "0".repeat(64) },
});

/** A deferred narrative with its sealed signed assessment in the store; returns its job. */
async function deferred(fake: ReturnType<typeof fakeStore>, owner = "owner-1"): Promise<NarrativeJob> {
  const correlationId = `nar_${crypto.randomUUID()}`;
  const loopId = `loop_${crypto.randomUUID()}`;
  fake.rows.set(correlationId, {
    correlation_id: correlationId,
    loop_id: loopId,
    owner_id: owner,
    subject: `key:${owner}`,
    status: "deferred",
    sealed_narrative: null,
    narrator: null,
    failure_reason: null,
    created_at: new Date().toISOString(),
    ready_at: null,
  });
  fake.assessments.set(loopId, await fakeSealer.seal(JSON.stringify({ assessment: ASSESSMENT, signature: "sig", key_id: "k" }), loopId));
  return { schema: NARRATIVE_JOB_SCHEMA, correlation_id: correlationId, loop_id: loopId, enqueued_at: new Date().toISOString() };
}

let messageCounter = 0;
function record(body: string, receives = 1, messageId = `msg-${++messageCounter}`) {
  return {
    messageId,
    receiptHandle: `rh-${messageId}`,
    body,
    attributes: { ApproximateReceiveCount: String(receives), SentTimestamp: "0" },
    messageAttributes: {},
    md5OfBody: "",
    eventSource: "aws:sqs",
    eventSourceARN: "arn:aws:sqs:us-east-1:000000000000:narrative-jobs",
    awsRegion: "us-east-1",
  };
}
const eventOf = (...records: Array<ReturnType<typeof record>>) => ({ Records: records });

function consumer(fake: ReturnType<typeof fakeStore>, narrator: Narrator = fakeNarrator().narrator) {
  const logs: Array<{ level: string; msg: string; fields: Record<string, unknown> }> = [];
  const sessions = { opened: 0, released: 0 };
  const consume = createNarrativeConsumer({
    maxReceives: MAX_RECEIVES,
    open: async (): Promise<ConsumerSession> => {
      sessions.opened += 1;
      return { store: fake.store, sealer: fakeSealer, narrator, release: async () => void (sessions.released += 1) };
    },
    log: (level, msg, fields) => logs.push({ level, msg, fields }),
    now: () => new Date("2026-11-21T12:00:00.000Z"),
  });
  return { consume, logs, sessions };
}

const failedIds = (response: { batchItemFailures: Array<{ itemIdentifier: string }> }) => response.batchItemFailures.map((f) => f.itemIdentifier).sort();

describe("createNarrativeConsumer: the event", () => {
  it.each([
    ["null", null],
    ["an empty object", {}],
    ["Records that is not an array", { Records: "x" }],
    ["a record without a messageId", { Records: [{ receiptHandle: "r", body: "{}", attributes: { ApproximateReceiveCount: "1" } }] }],
    ["a record whose body is not a string", { Records: [{ messageId: "m", receiptHandle: "r", body: {}, attributes: { ApproximateReceiveCount: "1" } }] }],
    ["a record without the receive count", { Records: [{ messageId: "m", receiptHandle: "r", body: "{}", attributes: {} }] }],
  ])("refuses %s before opening anything (Lambda retries the whole invocation)", async (_label, event) => {
    const fake = fakeStore();
    const c = consumer(fake);
    await expect(c.consume(event)).rejects.toMatchObject({ name: "ZodError" });
    expect(c.sessions.opened).toBe(0);
    expect(fake.calls.find).toEqual([]);
  });

  it("accepts an empty batch and reports no failures", async () => {
    const c = consumer(fakeStore());
    expect(await c.consume({ Records: [] })).toEqual({ batchItemFailures: [] });
  });
});

describe("createNarrativeConsumer: each message body", () => {
  const good = { schema: NARRATIVE_JOB_SCHEMA, correlation_id: `nar_${crypto.randomUUID()}`, loop_id: "loop_x", enqueued_at: "2026-11-21T12:00:00.000Z" };
  it.each([
    ["not JSON", "}{"],
    ["empty", ""],
    ["JSON null", "null"],
    ["an array", JSON.stringify([good])],
    ["another schema version", JSON.stringify({ ...good, schema: "narrative-job/v2" })],
    ["a correlation id that is not nar_<uuid>", JSON.stringify({ ...good, correlation_id: "loop_123" })],
    ["a missing loop id", JSON.stringify({ ...good, loop_id: undefined })],
    ["an empty loop id", JSON.stringify({ ...good, loop_id: "" })],
    ["an over-long loop id", JSON.stringify({ ...good, loop_id: "l".repeat(101) })],
    ["a bad enqueued_at", JSON.stringify({ ...good, enqueued_at: "yesterday" })],
    ["an unknown key", JSON.stringify({ ...good, priority: "high" })],
  ])("reports a body that is %s as a batch item failure, never touching the store", async (_label, body) => {
    const fake = fakeStore();
    const c = consumer(fake);
    const bad = record(body);
    const response = await c.consume(eventOf(bad));
    expect(response, JSON.stringify(c.logs)).toEqual({ batchItemFailures: [{ itemIdentifier: bad.messageId }] });
    expect(fake.calls.find).toEqual([]);
    expect(c.logs.map((l) => [l.level, l.msg, l.fields.message_id])).toEqual([["error", "narrative_job_invalid", bad.messageId]]);
  });

  it("accepts a well-formed job (control for the table above)", async () => {
    const fake = fakeStore();
    const job = await deferred(fake);
    const response = await consumer(fake).consume(eventOf(record(JSON.stringify(job))));
    expect(response).toEqual({ batchItemFailures: [] });
  });
});

describe("createNarrativeConsumer: writing Layer 3", () => {
  it("writes the narrative sealed under its correlation id, names the narrator, and acknowledges the message", async () => {
    const fake = fakeStore();
    const { narrator, narrated } = fakeNarrator();
    const c = consumer(fake, narrator);
    const job = await deferred(fake);
    const response = await c.consume(eventOf(record(JSON.stringify(job))));
    expect(response, JSON.stringify(c.logs)).toEqual({ batchItemFailures: [] });
    expect(narrated).toEqual([ASSESSMENT]);
    const row = fake.rows.get(job.correlation_id)!;
    expect(row).toMatchObject({ status: "ready", narrator: "fake-narrator/v1", ready_at: "2026-11-21T12:00:00.000Z" });
    expect(await fakeSealer.open(row.sealed_narrative!, job.correlation_id)).toBe(`A narrative of a ${ASSESSMENT.katorthoma_proximity} act.`);
    expect(c.logs.find((l) => l.msg === "narrative_job_done")?.fields).toMatchObject({ correlation_id: job.correlation_id, outcome: "written", receives: 1 });
  });

  it("lists exactly the failed messages of a mixed batch, and handles the rest", async () => {
    const fake = fakeStore();
    const failingFor = new Set<string>();
    const { narrator } = fakeNarrator(async (a) => {
      if (failingFor.has(a.examination.ref)) throw new Error("model timeout");
      return "fine";
    });
    const written = await deferred(fake);
    const layer3Fails = await deferred(fake);
    // The narrator sees the assessment of the sealed row, whose ref is the assessment's own loop.
    fake.assessments.set(
      layer3Fails.loop_id,
      await fakeSealer.seal(
        JSON.stringify({ assessment: { ...ASSESSMENT, examination: { ...ASSESSMENT.examination, ref: "loop_fails" } } }),
        layer3Fails.loop_id,
      ),
    );
    failingFor.add("loop_fails");
    const done = await deferred(fake);
    fake.rows.set(done.correlation_id, { ...fake.rows.get(done.correlation_id)!, status: "ready", sealed_narrative: "fake..eA" });
    const records = [record(JSON.stringify(written)), record("garbage"), record(JSON.stringify(layer3Fails)), record(JSON.stringify(done))];

    const c = consumer(fake, narrator);
    const response = await c.consume(eventOf(...records));
    expect(failedIds(response), JSON.stringify(c.logs)).toEqual([records[1]!.messageId, records[2]!.messageId].sort());
    expect(fake.rows.get(written.correlation_id)!.status).toBe("ready");
    expect(fake.rows.get(layer3Fails.correlation_id)!.status).toBe("deferred");
    expect(c.sessions).toEqual({ opened: 1, released: 1 });
  });

  it("treats a Layer 3 failure as a failure to retry, never as a silent success", async () => {
    const fake = fakeStore();
    const { narrator, narrated } = fakeNarrator(async () => {
      throw new Error("Layer 3 is down");
    });
    const c = consumer(fake, narrator);
    const job = await deferred(fake);
    const message = record(JSON.stringify(job));
    const response = await c.consume(eventOf(message));
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: message.messageId }] });
    expect(narrated).toHaveLength(1);
    expect(fake.calls.markReady).toEqual([]);
    expect(fake.rows.get(job.correlation_id)).toMatchObject({ status: "deferred", sealed_narrative: null });
    expect(c.logs.find((l) => l.msg === "narrative_job_failed")).toMatchObject({
      level: "warn",
      fields: { correlation_id: job.correlation_id, receives: 1, last_attempt: false, error: "Error: Layer 3 is down" },
    });
  });

  it("fails a job whose sealed assessment does not open (a lost key), and one whose store read fails", async () => {
    const fake = fakeStore();
    const sealedWrong = await deferred(fake);
    fake.assessments.set(sealedWrong.loop_id, await fakeSealer.seal("{}", "another-row"));
    const c = consumer(fake);
    const message = record(JSON.stringify(sealedWrong));
    expect(failedIds(await c.consume(eventOf(message)))).toEqual([message.messageId]);
    expect(fake.rows.get(sealedWrong.correlation_id)!.status).toBe("deferred");

    const failing = fakeStore();
    failing.failFindWith(new Error("connection reset"));
    const other = record(JSON.stringify(await deferred(failing)));
    expect(failedIds(await consumer(failing).consume(eventOf(other)))).toEqual([other.messageId]);
  });

  it("releases the session once per batch, also when every message fails", async () => {
    const fake = fakeStore();
    fake.failFindWith(new Error("connection reset"));
    const c = consumer(fake);
    await c.consume(eventOf(record(JSON.stringify(await deferred(fake))), record(JSON.stringify(await deferred(fake)))));
    expect(c.sessions).toEqual({ opened: 1, released: 1 });
  });
});

describe("createNarrativeConsumer: the last receive", () => {
  it.each([1, 2, 3, 4])(
    `at receive %i (maxReceives ${MAX_RECEIVES}) marks the narrative failed only from the last one on, and always reports the failure`,
    async (receives) => {
      const fake = fakeStore();
      const { narrator } = fakeNarrator(async () => {
        throw new Error("Layer 3 is down");
      });
      const job = await deferred(fake);
      const message = record(JSON.stringify(job), receives);
      const c = consumer(fake, narrator);
      expect(failedIds(await c.consume(eventOf(message)))).toEqual([message.messageId]);
      const last = receives >= MAX_RECEIVES;
      expect(fake.calls.markFailed.map((call) => call.id)).toEqual(last ? [job.correlation_id] : []);
      expect(fake.rows.get(job.correlation_id)!.status).toBe(last ? "failed" : "deferred");
      expect(c.logs.find((l) => l.msg === "narrative_job_failed")).toMatchObject({ level: last ? "error" : "warn", fields: { last_attempt: last } });
    },
  );

  it("still reports the failure when marking it failed fails too", async () => {
    const fake = fakeStore();
    fake.failMarkFailedWith(new Error("database down"));
    const { narrator } = fakeNarrator(async () => {
      throw new Error("Layer 3 is down");
    });
    const job = await deferred(fake);
    const message = record(JSON.stringify(job), MAX_RECEIVES);
    const earlier = record(JSON.stringify(await deferred(fake)), 1);
    const c = consumer(fake, narrator);
    const response = await c.consume(eventOf(message, earlier));
    expect(failedIds(response)).toEqual([message.messageId, earlier.messageId].sort());
    expect(fake.calls.markFailed.map((call) => call.id)).toEqual([job.correlation_id]);
    expect(c.sessions).toEqual({ opened: 1, released: 1 });
  });

  it("does not mark a malformed message failed (there is no narrative to mark), even at its last receive", async () => {
    const fake = fakeStore();
    const message = record("garbage", MAX_RECEIVES + 1);
    expect(failedIds(await consumer(fake).consume(eventOf(message)))).toEqual([message.messageId]);
    expect(fake.calls.markFailed).toEqual([]);
  });
});

describe("createNarrativeConsumer: idempotency", () => {
  it("acknowledges a job whose narrative is already written, without narrating or writing again", async () => {
    const fake = fakeStore();
    const { narrator, narrated } = fakeNarrator();
    const job = await deferred(fake);
    const c = consumer(fake, narrator);
    await c.consume(eventOf(record(JSON.stringify(job))));
    const first = fake.rows.get(job.correlation_id)!;

    const again = record(JSON.stringify(job), 1);
    expect(await c.consume(eventOf(again))).toEqual({ batchItemFailures: [] });
    expect(narrated).toHaveLength(1);
    expect(fake.rows.get(job.correlation_id)).toEqual(first);
    expect(c.logs.filter((l) => l.msg === "narrative_job_done").map((l) => l.fields.outcome)).toEqual(["written", "already_done"]);
  });

  it("writes one narrative when both copies arrive in the same batch", async () => {
    const fake = fakeStore();
    let n = 0;
    const { narrator } = fakeNarrator(async () => `narrative ${++n}`);
    const job = await deferred(fake);
    const c = consumer(fake, narrator);
    expect(await c.consume(eventOf(record(JSON.stringify(job)), record(JSON.stringify(job))))).toEqual({ batchItemFailures: [] });
    expect(
      c.logs
        .filter((l) => l.msg === "narrative_job_done")
        .map((l) => l.fields.outcome)
        .sort(),
    ).toEqual(["already_done", "written"]);
    expect(fake.rows.get(job.correlation_id)!.status).toBe("ready");
  });

  it("acknowledges a job whose narrative is gone (purged) or already failed", async () => {
    const fake = fakeStore();
    const { narrator, narrated } = fakeNarrator();
    const gone = { schema: NARRATIVE_JOB_SCHEMA, correlation_id: `nar_${crypto.randomUUID()}`, loop_id: "loop_gone", enqueued_at: new Date().toISOString() };
    const failed = await deferred(fake);
    fake.rows.set(failed.correlation_id, { ...fake.rows.get(failed.correlation_id)!, status: "failed" });
    const c = consumer(fake, narrator);
    expect(await c.consume(eventOf(record(JSON.stringify(gone)), record(JSON.stringify(failed))))).toEqual({ batchItemFailures: [] });
    expect(narrated).toEqual([]);
    expect(fake.rows.get(failed.correlation_id)!.status).toBe("failed");
  });

  it("marks a narrative failed, and acknowledges it, when its signed assessment is no longer held", async () => {
    const fake = fakeStore();
    const job = await deferred(fake);
    fake.assessments.delete(job.loop_id);
    const c = consumer(fake);
    expect(await c.consume(eventOf(record(JSON.stringify(job))))).toEqual({ batchItemFailures: [] });
    expect(fake.rows.get(job.correlation_id)).toMatchObject({ status: "failed", failure_reason: "the signed assessment is no longer held" });
    expect(c.logs.find((l) => l.msg === "narrative_job_done")?.fields.outcome).toBe("no_assessment");
  });
});
