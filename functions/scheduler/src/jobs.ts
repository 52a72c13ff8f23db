import { failStaleNarratives, purgeExpired, sweepOutbox } from "@svc/core";
import type { RuntimeSession } from "@svc/runtime";

export interface ScheduledRun {
  readonly outbox: { sent: number; failed: number };
  readonly sealed_legacy: number;
  readonly failed_stale: number;
  readonly purged: { narratives: number; assessments: number };
  /** Idempotency-Key records past their 24 hours, deleted. */
  readonly expired_idempotency_keys: number;
}

/**
 * What the scheduled function does each minute: deliver the outbox jobs the queue did not take
 * when their consult was recorded (no job is lost to a queue outage), seal any assessment
 * recorded before sealing existed, declare failed the narratives still deferred after
 * STALE_DEFERRED_HOURS (their last delivery never reported back), delete narratives and
 * signed assessments older than 90 days, and Idempotency-Key records past their 24 hours.
 */
export async function runScheduledJobs(session: RuntimeSession, now: Date): Promise<ScheduledRun> {
  const outbox = await sweepOutbox({ queue: session.queue, outbox: session.outbox, now });
  const sealed_legacy = await session.retention.sealLegacy(session.sealer(), 100);
  const failed_stale = await failStaleNarratives({ store: session.retention, now });
  const purged = await purgeExpired({ store: session.retention, now });
  const expired_idempotency_keys = await session.idempotency.purgeExpired(now);
  return { outbox, sealed_legacy, failed_stale, purged, expired_idempotency_keys };
}
