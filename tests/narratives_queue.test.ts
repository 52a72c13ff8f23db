import { ReceiveMessageCommand, SendMessageCommand } from "@aws-sdk/client-sqs";
import { NarrativeJob, type NarrativeQueue } from "@svc/core";
import { runScheduledJobs } from "@svc/fn-scheduler";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { reasonFunction } from "../functions/reason/src/function";
import { NARRATIVE_QUEUE, startEmbeddedQueue, type EmbeddedQueue } from "../packages/local/src/embedded_queue";
import type { LocalRuntime } from "../packages/local/src/local_runtime";
import { mintApiKey } from "./support/credentials";
import { PRIMARY_BACKEND } from "./support/database";
import {
  consumerOf,
  downQueue,
  failingNarrator,
  isolatedRuntime,
  narrativeStatus,
  outboxSendEnded,
  pollUntil,
  reasonEnv,
  TEST_CONFIG,
  withSession,
  type IsolatedRuntime,
} from "./support/narratives";
import { postReason, readJson } from "./support/reason";

// Deferred narratives end to end through the real @aws-sdk/client-sqs against fauxqs (an SQS
// emulator, in this process): the reason function publishes, the narrative-worker consumer
// (wired to the runtime as `npm start` wires it) consumes through the embedded Lambda-like
// poller, driven one round at a time with pollOnce(). Short visibility timeouts and backoffs
// keep the redelivery and dead-letter paths to about a second per receive.

const MAX_RECEIVES = 3;
const CLEAR_INPUT = "I kept my promise to my colleague and finished the report.";
const DISTRESS_INPUT = "I want to end my life, nothing matters";

let isolated: IsolatedRuntime;
let runtime: LocalRuntime;
// The queue of the test that is running; the runtime's producer sends to it.
let current: EmbeddedQueue | undefined;
// While set, every send waits for it first (a queue slow to answer).
let slowQueue: Promise<void> | undefined;
const forwardingQueue: NarrativeQueue = {
  send: async (job) => {
    await slowQueue;
    return current ? current.queue.send(job) : Promise.reject(new Error("no queue is running in this test"));
  },
};

beforeAll(async () => {
  isolated = await isolatedRuntime({ queue: forwardingQueue });
  runtime = isolated.runtime;
});

afterAll(async () => {
  await isolated?.close();
});

type Consumer = ReturnType<typeof consumerOf>;

/** A fresh emulator for this test, polled by whichever consumer is in use. */
async function startQueue(consumer: Consumer = consumerOf(runtime, { maxReceives: MAX_RECEIVES })) {
  let active = consumer;
  const errors: unknown[] = [];
  const embedded = await startEmbeddedQueue({
    consume: (event) => active.consume(event),
    maxReceives: MAX_RECEIVES,
    visibilityTimeoutSeconds: 1,
    backoffSeconds: () => 1,
    onError: (err) => errors.push(err),
  });
  current = embedded;
  onTestFinished(async () => {
    current = undefined;
    await embedded.stop();
  });
  return {
    embedded,
    errors,
    use(next: Consumer) {
      active = next;
    },
    messages: () => embedded.server.inspectQueue(NARRATIVE_QUEUE)!.messages,
  };
}

async function consultDeferred(key: string, input = CLEAR_INPUT) {
  const res = await postReason(reasonFunction, reasonEnv(runtime), `Bearer ${key}`, { input, response_format: "assessment_first" });
  const body = await readJson(res, 200);
  const text = JSON.stringify(body);
  expect(body.narrative, text).toEqual({ status: "deferred", correlation_id: expect.stringMatching(/^nar_[0-9a-f-]{36}$/) });
  expect(body.meta.narrative_status, text).toBe("deferred");
  const correlationId = body.narrative.correlation_id as string;
  await outboxSendEnded(runtime, correlationId);
  return { body, correlationId, loopId: res.headers.get("x-loop-id")! };
}

const statusOf = (key: string, correlationId: string) => narrativeStatus(reasonFunction, runtime, key, correlationId);

async function outboxRow(correlationId: string) {
  const db = await runtime.database();
  const row = await db.selectFrom("outbox").selectAll().where(sql<string>`payload->>'correlation_id'`, "=", correlationId).executeTakeFirst();
  expect(row, `no outbox row for ${correlationId}`).toBeDefined();
  return row!;
}

async function narrativeRow(correlationId: string) {
  const db = await runtime.database();
  return db.selectFrom("narratives").selectAll().where("correlation_id", "=", correlationId).executeTakeFirst();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`deferred narratives through SQS (fauxqs, the real client; ${PRIMARY_BACKEND})`, () => {
  it("answers before the queue does: the consult returns while the send waits, and the job is sent after", async () => {
    const queue = await startQueue();
    const { key } = await mintApiKey(runtime);
    let answerQueue!: () => void;
    slowQueue = new Promise((resolve) => {
      answerQueue = resolve;
    });
    onTestFinished(() => {
      slowQueue = undefined;
    });
    const res = await postReason(reasonFunction, reasonEnv(runtime), `Bearer ${key}`, { input: CLEAR_INPUT, response_format: "assessment_first" });
    const body = await readJson(res, 200);
    const correlationId = body.narrative.correlation_id as string;
    expect((await outboxRow(correlationId)).sent_at, "answered while the send is still waiting").toBeNull();
    expect(queue.messages().ready).toHaveLength(0);
    answerQueue();
    await outboxSendEnded(runtime, correlationId);
    expect((await outboxRow(correlationId)).sent_at).not.toBeNull();
    expect(queue.messages().ready).toHaveLength(1);
  });

  it("publishes the job with the consult and the consumer writes the narrative: deferred before, ready after", async () => {
    const queue = await startQueue();
    const { key } = await mintApiKey(runtime);
    const { correlationId, loopId } = await consultDeferred(key);

    const onQueue = queue.messages().ready;
    expect(onQueue, JSON.stringify(onQueue)).toHaveLength(1);
    expect(NarrativeJob.parse(JSON.parse(onQueue[0]!.body))).toMatchObject({ correlation_id: correlationId, loop_id: loopId });
    expect(onQueue[0]!.messageAttributes.correlation_id?.StringValue).toBe(correlationId);
    const sent = await outboxRow(correlationId);
    expect(sent.sent_at, JSON.stringify(sent)).not.toBeNull();
    expect(sent.attempts).toBe(0);

    const before = await statusOf(key, correlationId);
    expect(before, JSON.stringify(before)).toMatchObject({ status: "deferred", correlation_id: correlationId, loop_id: loopId, ready_at: null });
    expect(before).not.toHaveProperty("narrative");

    expect(await queue.embedded.pollOnce()).toBe(1);
    const after = await statusOf(key, correlationId);
    expect(after, JSON.stringify(after)).toMatchObject({
      status: "ready",
      narrative: expect.any(String),
      narrator: expect.any(String),
      ready_at: expect.any(String),
    });
    expect((after.narrative as string).length, JSON.stringify(after)).toBeGreaterThan(20);
    expect(queue.messages(), "the message is deleted once written").toMatchObject({ ready: [], inflight: [], delayed: [] });
    expect(queue.errors).toEqual([]);
  });

  it("redelivers after the visibility timeout when Layer 3 fails mid-job, and a healthy consumer then writes it", async () => {
    const failing = consumerOf(runtime, { maxReceives: MAX_RECEIVES, narrator: failingNarrator });
    const queue = await startQueue(failing);
    const { key } = await mintApiKey(runtime);
    const { correlationId } = await consultDeferred(key);

    expect(await queue.embedded.pollOnce()).toBe(1);
    expect(failing.responses).toHaveLength(1);
    expect(failing.responses[0]!.batchItemFailures).toHaveLength(1);
    expect(queue.messages().inflight, "not deleted: in flight until its timeout").toHaveLength(1);
    expect(await queue.embedded.pollOnce(), "invisible before the timeout").toBe(0);
    expect((await statusOf(key, correlationId)).status).toBe("deferred");

    const healthy = consumerOf(runtime, { maxReceives: MAX_RECEIVES });
    queue.use(healthy);
    await pollUntil(
      () => queue.embedded.pollOnce(),
      (handled) => handled > 0,
    );
    const logged = healthy.logs.find((entry) => entry.msg === "narrative_job_done");
    expect(logged?.fields, JSON.stringify(healthy.logs)).toMatchObject({ correlation_id: correlationId, outcome: "written", receives: 2 });
    expect(await statusOf(key, correlationId)).toMatchObject({ status: "ready", narrative: expect.any(String) });
    expect(queue.messages()).toMatchObject({ ready: [], inflight: [] });
  });

  it("redelivers a job whose consumer died after receiving it (never acknowledged)", async () => {
    const queue = await startQueue();
    const { key } = await mintApiKey(runtime);
    const { correlationId } = await consultDeferred(key);

    // A consumer that receives the message and then dies: it neither deletes it nor changes its visibility.
    const taken = await queue.embedded.client.send(new ReceiveMessageCommand({ QueueUrl: queue.embedded.queueUrl, MaxNumberOfMessages: 10 }));
    const receivedAt = Date.now();
    expect(taken.Messages, JSON.stringify(taken)).toHaveLength(1);
    expect(await queue.embedded.pollOnce(), "hidden while the dead consumer's visibility timeout runs").toBe(0);
    expect((await statusOf(key, correlationId)).status).toBe("deferred");

    await pollUntil(
      () => queue.embedded.pollOnce(),
      (handled) => handled > 0,
    );
    expect(Date.now() - receivedAt, "back only once the 1 s visibility timeout ran out").toBeGreaterThanOrEqual(900);
    expect(await statusOf(key, correlationId)).toMatchObject({ status: "ready", narrative: expect.any(String) });
  });

  it("fails the whole batch when the consumer itself throws, and loses nothing", async () => {
    const queue = await startQueue();
    const { key } = await mintApiKey(runtime);
    const { correlationId } = await consultDeferred(key);
    const healthy = consumerOf(runtime, { maxReceives: MAX_RECEIVES });
    // The database is unreachable for this batch: the consumer cannot open its session.
    queue.use(consumerOf({ name: "unreachable", open: async () => Promise.reject(new Error("database unreachable")) }, { maxReceives: MAX_RECEIVES }));

    expect(await queue.embedded.pollOnce()).toBe(1);
    expect(queue.errors.map(String)).toEqual(["Error: database unreachable"]);
    expect(queue.messages().inflight).toHaveLength(1);
    queue.use(healthy);
    await pollUntil(
      () => queue.embedded.pollOnce(),
      (handled) => handled > 0,
    );
    expect(await statusOf(key, correlationId)).toMatchObject({ status: "ready" });
  });

  it(`moves a job that fails ${MAX_RECEIVES} times to the dead-letter queue, marking the narrative failed at the last receive`, async () => {
    const failing = consumerOf(runtime, { maxReceives: MAX_RECEIVES, narrator: failingNarrator });
    const queue = await startQueue(failing);
    const { key } = await mintApiKey(runtime);
    const { correlationId } = await consultDeferred(key);

    for (let receive = 1; receive <= MAX_RECEIVES; receive++) {
      await pollUntil(
        () => queue.embedded.pollOnce(),
        (handled) => handled > 0,
      );
      const status = await statusOf(key, correlationId);
      expect(status.status, `after receive ${receive}: ${JSON.stringify(status)}`).toBe(receive < MAX_RECEIVES ? "deferred" : "failed");
    }
    const failures = failing.logs.filter((entry) => entry.msg === "narrative_job_failed").map((entry) => entry.fields);
    expect(
      failures.map((f) => [f.receives, f.last_attempt]),
      JSON.stringify(failures),
    ).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);

    // The next receive past maxReceiveCount is where SQS moves it.
    await sleep(1100);
    expect(await queue.embedded.pollOnce()).toBe(0);
    const dead = await queue.embedded.client.send(
      new ReceiveMessageCommand({ QueueUrl: queue.embedded.deadLetterQueueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
    );
    expect(dead.Messages, JSON.stringify(dead)).toHaveLength(1);
    expect(NarrativeJob.parse(JSON.parse(dead.Messages![0]!.Body!)).correlation_id).toBe(correlationId);
    expect(queue.messages()).toMatchObject({ ready: [], inflight: [], delayed: [] });

    const failed = await statusOf(key, correlationId);
    expect(failed, JSON.stringify(failed)).toMatchObject({ status: "failed", reason: expect.any(String), ready_at: expect.any(String) });
    expect(failed).not.toHaveProperty("narrative");
  });

  it("reports malformed messages as batch item failures and still writes the good message of the same batch", async () => {
    const consumer = consumerOf(runtime, { maxReceives: MAX_RECEIVES });
    const queue = await startQueue(consumer);
    const { key } = await mintApiKey(runtime);
    const { correlationId } = await consultDeferred(key);
    const sendRaw = async (body: string) =>
      (await queue.embedded.client.send(new SendMessageCommand({ QueueUrl: queue.embedded.queueUrl, MessageBody: body }))).MessageId!;
    const garbage = await sendRaw("}{ not json at all");
    const wrongShape = await sendRaw(JSON.stringify({ schema: "narrative-job/v1", correlation_id: "nar_nope", loop_id: "x" }));

    expect(await queue.embedded.pollOnce()).toBe(3);
    expect(queue.errors, "the batch itself did not fail").toEqual([]);
    expect(consumer.responses).toHaveLength(1);
    expect(consumer.responses[0]!.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual([garbage, wrongShape].sort());
    expect(
      consumer.logs
        .filter((entry) => entry.msg === "narrative_job_invalid")
        .map((entry) => entry.fields.message_id)
        .sort(),
    ).toEqual([garbage, wrongShape].sort());
    expect(await statusOf(key, correlationId)).toMatchObject({ status: "ready", narrative: expect.any(String) });
    // The bad ones are kept for a person to look at, not dropped; the good one is deleted.
    expect(
      queue
        .messages()
        .inflight.map((entry) => entry.message.messageId)
        .sort(),
    ).toEqual([garbage, wrongShape].sort());
  });

  it("writes one narrative when the same job is delivered twice: the second delivery is acknowledged as already done", async () => {
    const consumer = consumerOf(runtime, { maxReceives: MAX_RECEIVES });
    const queue = await startQueue(consumer);
    const { key } = await mintApiKey(runtime);
    const { correlationId } = await consultDeferred(key);
    const job = (await outboxRow(correlationId)).payload;

    expect(await queue.embedded.pollOnce()).toBe(1);
    const first = await narrativeRow(correlationId);
    expect(first?.status).toBe("ready");
    const firstRead = await statusOf(key, correlationId);

    await queue.embedded.client.send(
      new SendMessageCommand({ QueueUrl: queue.embedded.queueUrl, MessageBody: typeof job === "string" ? job : JSON.stringify(job) }),
    );
    expect(await queue.embedded.pollOnce()).toBe(1);
    expect(
      consumer.responses.map((r) => r.batchItemFailures),
      "both deliveries acknowledged",
    ).toEqual([[], []]);
    expect(consumer.logs.filter((entry) => entry.msg === "narrative_job_done").map((entry) => entry.fields.outcome)).toEqual(["written", "already_done"]);
    expect(queue.messages()).toMatchObject({ ready: [], inflight: [] });

    const second = await narrativeRow(correlationId);
    expect(second?.sealed_narrative).toBe(first?.sealed_narrative);
    expect(new Date(second!.ready_at!).toISOString()).toBe(new Date(first!.ready_at!).toISOString());
    expect(await statusOf(key, correlationId)).toEqual(firstRead);
  });

  it("writes one narrative when both copies of a job arrive in the same batch", async () => {
    const consumer = consumerOf(runtime, { maxReceives: MAX_RECEIVES });
    const queue = await startQueue(consumer);
    const { key } = await mintApiKey(runtime);
    const { correlationId } = await consultDeferred(key);
    const job = (await outboxRow(correlationId)).payload;
    await queue.embedded.client.send(
      new SendMessageCommand({ QueueUrl: queue.embedded.queueUrl, MessageBody: typeof job === "string" ? job : JSON.stringify(job) }),
    );

    expect(await queue.embedded.pollOnce()).toBe(2);
    expect(consumer.responses[0]!.batchItemFailures).toEqual([]);
    const outcomes = consumer.logs.filter((entry) => entry.msg === "narrative_job_done").map((entry) => entry.fields.outcome);
    expect(outcomes.sort(), JSON.stringify(consumer.logs)).toEqual(["already_done", "written"]);
    const read = await statusOf(key, correlationId);
    expect(read).toMatchObject({ status: "ready" });
    // The stored narrative is the one whose conditional update won, and it opens.
    const row = await narrativeRow(correlationId);
    expect(await (await runtime.sealer()).open(row!.sealed_narrative!, correlationId)).toBe(read.narrative);
  });

  it("keeps the job in the outbox while the queue is down, and the scheduled sweep delivers it later: nothing is lost", async () => {
    const queue = await startQueue();
    const down = withSession(runtime, { queue: downQueue });
    const { key } = await mintApiKey(runtime);
    const res = await postReason(reasonFunction, reasonEnv(down), `Bearer ${key}`, { input: CLEAR_INPUT, response_format: "assessment_first" });
    const body = await readJson(res, 200);
    const correlationId = body.narrative.correlation_id as string;
    expect(body.narrative, JSON.stringify(body)).toEqual({ status: "deferred", correlation_id: expect.stringMatching(/^nar_/) });
    await outboxSendEnded(runtime, correlationId);

    const waiting = await outboxRow(correlationId);
    expect(waiting, JSON.stringify(waiting)).toMatchObject({ sent_at: null, attempts: 1, last_error: "down" });
    const nextAttempt = new Date(waiting.next_attempt_at);
    expect(nextAttempt.getTime()).toBeGreaterThan(Date.now());
    expect(queue.messages().ready).toEqual([]);
    expect(await queue.embedded.pollOnce()).toBe(0);

    // The queue is back. Before the backoff has passed the sweep leaves it; after, it sends it.
    const session = await runtime.open(TEST_CONFIG);
    const early = await runScheduledJobs(session, new Date(nextAttempt.getTime() - 1000));
    expect(early.outbox).toEqual({ sent: 0, failed: 0 });
    const run = await runScheduledJobs(session, new Date(nextAttempt.getTime() + 1000));
    expect(run.outbox, JSON.stringify(run)).toEqual({ sent: 1, failed: 0 });
    expect((await outboxRow(correlationId)).sent_at).not.toBeNull();
    const again = await runScheduledJobs(session, new Date(nextAttempt.getTime() + 60_000));
    expect(again.outbox, "a sent job is not sent again").toEqual({ sent: 0, failed: 0 });

    expect(await queue.embedded.pollOnce()).toBe(1);
    expect(await statusOf(key, correlationId)).toMatchObject({ status: "ready", narrative: expect.any(String) });
  });

  it("answers consults while the emulator itself is stopped (the real client fails), and delivers once it is back", async () => {
    const stopped = await startQueue();
    const { key } = await mintApiKey(runtime);
    await stopped.embedded.server.stop();
    const started = Date.now();
    const { correlationId } = await consultDeferred(key);
    expect(Date.now() - started, "the send fails fast").toBeLessThan(5000);
    const waiting = await outboxRow(correlationId);
    expect(waiting, JSON.stringify(waiting)).toMatchObject({ sent_at: null, attempts: 1 });
    expect(waiting.last_error).toBeTruthy();

    const back = await startQueue();
    const run = await runScheduledJobs(await runtime.open(TEST_CONFIG), new Date(new Date(waiting.next_attempt_at).getTime() + 1000));
    expect(run.outbox).toEqual({ sent: 1, failed: 0 });
    expect(await back.embedded.pollOnce()).toBe(1);
    expect(await statusOf(key, correlationId)).toMatchObject({ status: "ready" });
  });

  it("answers a distress consult with the synchronous full shape and puts nothing on the queue", async () => {
    const queue = await startQueue();
    const { key } = await mintApiKey(runtime);
    const res = await postReason(reasonFunction, reasonEnv(runtime), `Bearer ${key}`, { input: DISTRESS_INPUT, response_format: "assessment_first" });
    const body = await readJson(res, 200);
    const text = JSON.stringify(body);
    expect(body.distress, text).toMatchObject({ redirect: true });
    expect(body.narrative, text).toEqual({ status: "ready", text: expect.any(String) });
    expect(body.meta.narrative_status, text).toBe("ready");
    expect(body.meta.layer3_narrator, text).toEqual(expect.any(String));

    expect(queue.messages()).toMatchObject({ ready: [], inflight: [], delayed: [] });
    expect(await queue.embedded.pollOnce()).toBe(0);
    const db = await runtime.database();
    const loopId = res.headers.get("x-loop-id")!;
    expect(await db.selectFrom("narratives").select("correlation_id").where("loop_id", "=", loopId).execute()).toEqual([]);
    expect(await db.selectFrom("outbox").select("id").where(sql<string>`payload->>'loop_id'`, "=", loopId).execute()).toEqual([]);
  });
});
