import {
  createSealer,
  generateDataKey,
  generateDataKeyRing,
  type NarrativeJob,
  rotateDataKeyRing,
  SealError,
  serializeDataKeyRing,
  type DataKeyRing,
} from "@svc/core";
import { runScheduledJobs } from "@svc/fn-scheduler";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reasonFunction } from "../functions/reason/src/function";
import type { LocalRuntime } from "../packages/local/src/local_runtime";
import { mintApiKey } from "./support/credentials";
import { PRIMARY_BACKEND } from "./support/database";
import {
  consumerOf,
  getNarrative,
  isolatedRuntime,
  downQueue,
  narrativeStatus,
  outboxSendEnded,
  reasonEnv,
  TEST_CONFIG,
  withSession,
  type IsolatedRuntime,
} from "./support/narratives";
import { expectError, postReason, readJson } from "./support/reason";

// Spec 8: narratives and signed assessments are sealed at rest (AES-256-GCM under a key id) and
// deleted after 90 days by the scheduled function. The purge acts on the whole database, so this
// suite has a database of its own (see tests/support/narratives.ts). Jobs the producer sends are
// captured and handed to the real narrative-worker consumer in the Lambda event shape.

const DAY_MS = 86_400_000;
const INPUT = "I kept my promise to my colleague Musonius and finished the quarterly report on time.";

let isolated: IsolatedRuntime;
let runtime: LocalRuntime;
let ring: DataKeyRing;
const sentJobs: NarrativeJob[] = [];

beforeAll(async () => {
  ring = generateDataKeyRing(new Date());
  isolated = await isolatedRuntime({
    dataKeys: serializeDataKeyRing(ring),
    queue: { send: async (job) => void sentJobs.push(job) },
  });
  runtime = isolated.runtime;
});

afterAll(async () => {
  await isolated?.close();
});

/** An assessment_first consult whose narrative the consumer then writes. */
async function writtenNarrative(key: string, on = runtime as Parameters<typeof reasonEnv>[0]) {
  const res = await postReason(reasonFunction, reasonEnv(on), `Bearer ${key}`, { input: INPUT, response_format: "assessment_first" });
  const body = await readJson(res, 200);
  const correlationId = body.narrative.correlation_id as string;
  expect(correlationId, JSON.stringify(body)).toMatch(/^nar_/);
  await outboxSendEnded(runtime, correlationId);
  const job = sentJobs.find((j) => j.correlation_id === correlationId);
  expect(job, `the producer sent no job for ${correlationId}`).toBeDefined();
  const consumer = consumerOf(on, { maxReceives: 3 });
  const response = await consumer.consume({
    Records: [{ messageId: crypto.randomUUID(), receiptHandle: "rh", body: JSON.stringify(job), attributes: { ApproximateReceiveCount: "1" } }],
  });
  expect(response.batchItemFailures, JSON.stringify(consumer.logs)).toEqual([]);
  const read = await narrativeStatus(reasonFunction, on, key, correlationId);
  expect(read.status, JSON.stringify(read)).toBe("ready");
  return { body, correlationId, loopId: res.headers.get("x-loop-id")!, narrative: read.narrative as string };
}

async function rawRows(loopId: string, correlationId: string) {
  const db = await runtime.database();
  const consult = await db.selectFrom("consults").selectAll().where("loop_id", "=", loopId).executeTakeFirst();
  const narrative = await db.selectFrom("narratives").selectAll().where("correlation_id", "=", correlationId).executeTakeFirst();
  return { consult, narrative };
}

async function expectSealError(promise: Promise<unknown>, reason: SealError["reason"]) {
  const error = await promise.then(
    (value) => expect.fail(`opened without the key: ${String(value).slice(0, 80)}`),
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(SealError);
  expect((error as SealError).reason).toBe(reason);
}

describe(`retention and encryption at rest (${PRIMARY_BACKEND})`, () => {
  it("stores the signed assessment and the narrative sealed: no plaintext in the rows, unreadable without the key", async () => {
    const { key } = await mintApiKey(runtime);
    const { body, correlationId, loopId, narrative } = await writtenNarrative(key);
    const { consult, narrative: row } = await rawRows(loopId, correlationId);
    const raw = JSON.stringify({ consult, row });

    expect(consult?.signed_assessment, raw).toBeNull();
    expect(consult?.sealed_assessment, raw).toMatch(new RegExp(`^v1\\.${ring.active}\\.`));
    expect(row?.sealed_narrative, raw).toMatch(new RegExp(`^v1\\.${ring.active}\\.`));
    for (const secret of [narrative, narrative.slice(0, 24), INPUT, body.assessment.signature as string]) {
      expect(raw.includes(secret), `the raw rows hold "${secret.slice(0, 40)}"`).toBe(false);
    }

    // The runtime's key opens them, each only under its own row's id.
    const sealer = await runtime.sealer();
    expect(JSON.parse(await sealer.open(consult!.sealed_assessment!, loopId))).toEqual(body.assessment);
    expect(await sealer.open(row!.sealed_narrative!, correlationId)).toBe(narrative);
    await expectSealError(sealer.open(row!.sealed_narrative!, loopId), "authentication_failed");

    // A fresh ring, even one whose key id has the same name, opens neither.
    const fresh = createSealer(generateDataKeyRing(new Date()));
    expect(fresh.activeKeyId).toBe(ring.active);
    await expectSealError(fresh.open(consult!.sealed_assessment!, loopId), "authentication_failed");
    await expectSealError(fresh.open(row!.sealed_narrative!, correlationId), "authentication_failed");
    const other = generateDataKey("dk-other");
    const stranger = createSealer({ active: other.kid, keys: { [other.kid]: other.key } });
    await expectSealError(stranger.open(row!.sealed_narrative!, correlationId), "unknown_key_id");
  });

  it("keeps rows sealed before a key rotation readable with the rotated ring, which seals new rows under its new key", async () => {
    const { key } = await mintApiKey(runtime);
    const before = await writtenNarrative(key);
    const rotated = rotateDataKeyRing(ring, new Date());
    expect(rotated.active).not.toBe(ring.active);
    const rotatedSealer = createSealer(rotated);
    const afterRotation = withSession(runtime, { sealer: () => rotatedSealer });

    const { consult, narrative } = await rawRows(before.loopId, before.correlationId);
    expect(JSON.parse(await rotatedSealer.open(consult!.sealed_assessment!, before.loopId))).toEqual(before.body.assessment);
    expect(await rotatedSealer.open(narrative!.sealed_narrative!, before.correlationId)).toBe(before.narrative);
    const read = await narrativeStatus(reasonFunction, afterRotation, key, before.correlationId);
    expect(read, JSON.stringify(read)).toMatchObject({ status: "ready", narrative: before.narrative });

    const after = await writtenNarrative(key, afterRotation);
    const rows = await rawRows(after.loopId, after.correlationId);
    expect(rows.consult?.sealed_assessment).toMatch(new RegExp(`^v1\\.${rotated.active}\\.`));
    expect(rows.narrative?.sealed_narrative).toMatch(new RegExp(`^v1\\.${rotated.active}\\.`));
    await expectSealError(createSealer(ring).open(rows.narrative!.sealed_narrative!, after.correlationId), "unknown_key_id");
  });

  it("seals assessments recorded before sealing existed", async () => {
    const { key, owner } = await mintApiKey(runtime);
    const { body } = await writtenNarrative(key);
    const legacy = body.assessment as Record<string, unknown>;
    const loopId = `loop_${crypto.randomUUID()}`;
    const db = await runtime.database();
    await db
      .insertInto("consults")
      .values({
        loop_id: loopId,
        owner_id: owner,
        subject: `key:legacy`,
        credential_id: null,
        agent_id: null,
        depth_tier: "standard",
        katorthoma_proximity: body.assessment.assessment.katorthoma_proximity,
        layer1_source: "server",
        input_sha256: "0".repeat(64),
        prior_loop_id: null,
        elapsed_ms: 3,
        signed_assessment: JSON.stringify(legacy),
        sealed_assessment: null,
      })
      .execute();

    const run = await runScheduledJobs(await runtime.open(TEST_CONFIG), new Date());
    expect(run.sealed_legacy, JSON.stringify(run)).toBe(1);
    const row = await db.selectFrom("consults").select(["signed_assessment", "sealed_assessment"]).where("loop_id", "=", loopId).executeTakeFirstOrThrow();
    expect(row.signed_assessment, JSON.stringify(row)).toBeNull();
    expect(row.sealed_assessment).toMatch(new RegExp(`^v1\\.${ring.active}\\.`));
    expect(JSON.parse(await (await runtime.sealer()).open(row.sealed_assessment!, loopId))).toEqual(legacy);
    const again = await runScheduledJobs(await runtime.open(TEST_CONFIG), new Date());
    expect(again.sealed_legacy, "sealed once").toBe(0);
  });

  // Last: the purge at a clock 91 days ahead removes every row written above too.
  it("declares failed a narrative still deferred hours after its consult (its last delivery never reported back), and leaves a fresh one deferred", async () => {
    const { key } = await mintApiKey(runtime);
    const res = await reasonFunction.fetch(
      new Request("http://t/api/reason", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ input: "I kept my promise to my team and told them the truth.", response_format: "assessment_first" }),
      }),
      reasonEnv(withSession(runtime, { queue: downQueue })),
    );
    const correlationId = ((await res.json()) as { narrative: { correlation_id: string } }).narrative.correlation_id;
    const session = await runtime.open(TEST_CONFIG);
    const soon = await runScheduledJobs(await withSession(runtime, { queue: downQueue }).open(TEST_CONFIG), new Date(Date.now() + 60_000));
    expect(soon.failed_stale, JSON.stringify(soon)).toBe(0);
    expect((await narrativeStatus(reasonFunction, runtime, key, correlationId)).status).toBe("deferred");
    const later = await runScheduledJobs(await withSession(runtime, { queue: downQueue }).open(TEST_CONFIG), new Date(Date.now() + 7 * 3_600_000));
    expect(later.failed_stale, JSON.stringify(later)).toBeGreaterThanOrEqual(1);
    expect(await narrativeStatus(reasonFunction, runtime, key, correlationId)).toMatchObject({ status: "failed", reason: expect.any(String) });
    expect(session).toBeDefined();
  });

  it("keeps the record of a used continuation token while the token lives, and drops it once it has expired", async () => {
    const session = await runtime.open(TEST_CONFIG);
    const now = Date.now();
    const tokenId = crypto.randomUUID();
    const use = { token_id: tokenId, subject: "key:retention", expires_at: new Date(now + 30 * 60_000) };
    expect(await session.consults.useContinuation(use)).toBe(true);
    await runScheduledJobs(session, new Date(now + 29 * 60_000));
    expect(await session.consults.continuationUsed(tokenId), "still refused while the token lives").toBe(true);
    expect(await session.consults.useContinuation(use)).toBe(false);
    await runScheduledJobs(session, new Date(now + 31 * 60_000));
    expect(await session.consults.continuationUsed(tokenId), "dropped once the token has expired").toBe(false);
  });

  it("keeps a narrative 89 days old and deletes it, and drops the sealed assessment, at 91 days", async () => {
    const { key } = await mintApiKey(runtime);
    const { correlationId, loopId, narrative } = await writtenNarrative(key);
    const session = await runtime.open(TEST_CONFIG);
    const now = Date.now();

    const at89 = await runScheduledJobs(session, new Date(now + 89 * DAY_MS));
    expect(at89.purged, JSON.stringify(at89)).toEqual({ narratives: 0, assessments: 0 });
    expect(await narrativeStatus(reasonFunction, runtime, key, correlationId)).toMatchObject({ status: "ready", narrative });
    const kept = await rawRows(loopId, correlationId);
    expect(kept.consult?.sealed_assessment).toMatch(/^v1\./);

    const at91 = await runScheduledJobs(session, new Date(now + 91 * DAY_MS));
    expect(at91.purged.narratives, JSON.stringify(at91)).toBeGreaterThanOrEqual(1);
    expect(at91.purged.assessments, JSON.stringify(at91)).toBeGreaterThanOrEqual(1);
    const { consult, narrative: gone } = await rawRows(loopId, correlationId);
    expect(gone).toBeUndefined();
    // The consult's metadata stays (the trust record is built from it); its assessment does not.
    expect(consult, "the consult row itself is kept").toBeDefined();
    expect(consult).toMatchObject({ sealed_assessment: null, signed_assessment: null, assessment_purged_at: expect.anything() });
    const db = await runtime.database();
    expect(
      await db.selectFrom("outbox").select("id").where(sql<string>`payload->>'correlation_id'`, "=", correlationId).execute(),
      "its sent outbox row is gone too",
    ).toEqual([]);

    await expectError(await getNarrative(reasonFunction, runtime, key, correlationId), 404, "not_found");
    const later = await runScheduledJobs(session, new Date(now + 92 * DAY_MS));
    expect(later.purged, "nothing left to purge").toEqual({ narratives: 0, assessments: 0 });
  });
});
