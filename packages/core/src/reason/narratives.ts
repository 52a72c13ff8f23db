import * as z from "zod";
import { NotFoundError } from "../errors";
import { AssessmentSchema, type Assessment } from "./engine";
import type { Sealer } from "../sealing";
import type { Narrator } from "./ports";

/**
 * Deferred narratives (spec 3.2): an `assessment_first` consult answers at once and its Layer 3
 * prose is written later by a queue consumer. The job goes through a transactional outbox, so
 * no job is lost when the queue is down: it is written with the consult, sent at once when the
 * queue answers, and swept again by the scheduled function when it did not.
 */
export const NARRATIVE_JOB_SCHEMA = "narrative-job/v1";
export const NARRATIVE_RETENTION_DAYS = 90;

export const NarrativeJob = z.strictObject({
  schema: z.literal(NARRATIVE_JOB_SCHEMA),
  correlation_id: z.string().regex(/^nar_[0-9a-f-]{36}$/),
  loop_id: z.string().min(1).max(100),
  enqueued_at: z.iso.datetime(),
});
export type NarrativeJob = z.infer<typeof NarrativeJob>;

export interface NarrativeRow {
  readonly correlation_id: string;
  readonly loop_id: string;
  readonly owner_id: string;
  /** The credential that made the consult (`key:<id>`, `user:<sub>`): the only one that may read it. */
  readonly subject: string;
  readonly status: "deferred" | "ready" | "failed";
  readonly sealed_narrative: string | null;
  readonly narrator: string | null;
  readonly failure_reason: string | null;
  readonly created_at: string;
  readonly ready_at: string | null;
}

/** The store port for narratives; implemented over Postgres in @svc/db. */
export interface NarrativeStore {
  find(correlationId: string): Promise<NarrativeRow | null>;
  /** The sealed signed assessment of a consult, or null when purged or unknown. */
  sealedAssessment(loopId: string): Promise<string | null>;
  /** Deferred -> ready; false when it was not deferred any more (a duplicate delivery). */
  markReady(correlationId: string, sealedNarrative: string, narrator: string, at: Date): Promise<boolean>;
  /** Deferred -> failed; false when it was not deferred any more. */
  markFailed(correlationId: string, reason: string, at: Date): Promise<boolean>;
}

export interface OutboxEntry {
  readonly id: string;
  readonly job: NarrativeJob;
  readonly attempts: number;
}

/** The outbox port: jobs written in the consult's transaction, until the queue has them. */
export interface Outbox {
  /** Unsent entries whose next attempt is due, oldest first. */
  due(limit: number, now: Date): Promise<OutboxEntry[]>;
  markSent(id: string, at: Date): Promise<void>;
  /** Records a failed send and when to try again. */
  markAttempt(id: string, error: string, nextAttemptAt: Date): Promise<void>;
}

/** The queue port: SQS in production, fauxqs (an SQS emulator) for the embedded default. */
export interface NarrativeQueue {
  send(job: NarrativeJob): Promise<void>;
}

/** Backoff between outbox attempts: 5 s, 10 s, 20 s … capped at 10 minutes. */
export function nextOutboxAttempt(attempts: number, now: Date): Date {
  const seconds = Math.min(600, 5 * 2 ** Math.max(0, attempts));
  return new Date(now.getTime() + seconds * 1000);
}

/** Sends one outbox entry; a failure leaves it for the sweeper, never loses it. */
export async function deliverOutboxEntry(input: { queue: NarrativeQueue; outbox: Outbox; entry: OutboxEntry; now: Date }): Promise<boolean> {
  const { queue, outbox, entry, now } = input;
  try {
    await queue.send(entry.job);
    await outbox.markSent(entry.id, now);
    return true;
  } catch (err) {
    await outbox.markAttempt(entry.id, err instanceof Error ? err.message.slice(0, 500) : String(err), nextOutboxAttempt(entry.attempts + 1, now));
    return false;
  }
}

/** The scheduled sweep: sends every due outbox entry. */
export async function sweepOutbox(input: { queue: NarrativeQueue; outbox: Outbox; now: Date; limit?: number }): Promise<{ sent: number; failed: number }> {
  const due = await input.outbox.due(input.limit ?? 100, input.now);
  let sent = 0;
  for (const entry of due) {
    if (await deliverOutboxEntry({ queue: input.queue, outbox: input.outbox, entry, now: input.now })) sent += 1;
  }
  return { sent, failed: due.length - sent };
}

export type NarrativeJobOutcome = "written" | "already_done" | "no_assessment";

/**
 * The consumer's work for one job: idempotent (a job delivered twice writes one narrative).
 * Throws when Layer 3 fails, so the queue redelivers it.
 */
export async function processNarrativeJob(input: {
  store: NarrativeStore;
  sealer: Sealer;
  narrator: Narrator;
  job: NarrativeJob;
  now: Date;
}): Promise<NarrativeJobOutcome> {
  const { store, sealer, narrator, job } = input;
  const row = await store.find(job.correlation_id);
  if (row?.status !== "deferred") return "already_done";
  const sealed = await store.sealedAssessment(job.loop_id);
  if (!sealed) {
    await store.markFailed(job.correlation_id, "the signed assessment is no longer held", input.now);
    return "no_assessment";
  }
  const signed = JSON.parse(await sealer.open(sealed, job.loop_id)) as { assessment: unknown };
  const assessment: Assessment = AssessmentSchema.parse(signed.assessment);
  const text = await narrator.narrate(assessment);
  const written = await store.markReady(job.correlation_id, await sealer.seal(text, job.correlation_id), narrator.name, input.now);
  return written ? "written" : "already_done";
}

export const NarrativeResponse = z.object({
  correlation_id: z.string(),
  status: z.enum(["deferred", "ready", "failed"]),
  loop_id: z.string(),
  narrative: z.string().optional().describe("Present when ready."),
  narrator: z.string().optional(),
  reason: z.string().optional().describe("Present when failed."),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  expires_at: z.string().describe("Narratives are kept 90 days."),
});
export type NarrativeResponse = z.infer<typeof NarrativeResponse>;

/** A deferred narrative for the credential that made its consult; anyone else gets 404. */
export async function readNarrative(input: { store: NarrativeStore; sealer: Sealer; correlationId: string; subject: string }): Promise<NarrativeResponse> {
  const row = /^nar_[0-9a-f-]{36}$/.test(input.correlationId) ? await input.store.find(input.correlationId) : null;
  if (!row || row.subject !== input.subject) throw new NotFoundError("No narrative of yours has this correlation id.");
  const expires = new Date(Date.parse(row.created_at) + NARRATIVE_RETENTION_DAYS * 86_400_000).toISOString();
  const base = {
    correlation_id: row.correlation_id,
    status: row.status,
    loop_id: row.loop_id,
    created_at: row.created_at,
    ready_at: row.ready_at,
    expires_at: expires,
  };
  if (row.status === "ready" && row.sealed_narrative) {
    return { ...base, narrative: await input.sealer.open(row.sealed_narrative, row.correlation_id), narrator: row.narrator ?? "unknown" };
  }
  if (row.status === "failed") return { ...base, reason: row.failure_reason ?? "the narrative could not be written" };
  return base;
}

/** Retention: what the scheduled purge removes. */
export interface RetentionStore {
  /** Deletes narratives created before the cutoff and drops the sealed assessments of consults before it. */
  purgeBefore(cutoff: Date, now: Date): Promise<{ narratives: number; assessments: number }>;
  /**
   * Marks narratives still deferred since before the cutoff as failed: their job's last
   * delivery never reported back (a consumer that crashed or timed out on it).
   */
  failStale(cutoff: Date, now: Date): Promise<number>;
  /** Seals assessments recorded before sealing existed; returns how many it sealed. */
  sealLegacy(sealer: Sealer, limit: number): Promise<number>;
}

export async function purgeExpired(input: { store: RetentionStore; now: Date; retentionDays?: number }): Promise<{ narratives: number; assessments: number }> {
  const days = input.retentionDays ?? NARRATIVE_RETENTION_DAYS;
  return input.store.purgeBefore(new Date(input.now.getTime() - days * 86_400_000), input.now);
}

/** How long a narrative may stay deferred before it is declared failed (far past every retry). */
export const STALE_DEFERRED_HOURS = 6;

export async function failStaleNarratives(input: { store: RetentionStore; now: Date }): Promise<number> {
  return input.store.failStale(new Date(input.now.getTime() - STALE_DEFERRED_HOURS * 3_600_000), input.now);
}
