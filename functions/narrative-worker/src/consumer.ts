import { NarrativeJob, processNarrativeJob, type NarrativeStore, type Narrator, type Sealer } from "@svc/core";
import * as z from "zod";

/**
 * The consumer of the narrative queue, in the AWS Lambda SQS event shape. Each message is
 * validated with zod and handled on its own; the failed ones are reported as partial batch
 * failures, so one bad message never redelivers the whole batch. A job that keeps failing is
 * marked failed at its last receive (the caller then reads `failed`) and the queue moves it to
 * the dead-letter queue.
 */
export const SqsRecord = z.object({
  messageId: z.string(),
  receiptHandle: z.string(),
  body: z.string(),
  attributes: z.object({ ApproximateReceiveCount: z.string() }).loose(),
});
export const SqsEvent = z.object({ Records: z.array(SqsRecord) });
export type SqsEvent = z.infer<typeof SqsEvent>;
export interface SqsBatchResponse {
  batchItemFailures: Array<{ itemIdentifier: string }>;
}

export interface ConsumerSession {
  readonly store: NarrativeStore;
  readonly sealer: Sealer;
  readonly narrator: Narrator;
  release(): Promise<void>;
}

export interface ConsumerOptions {
  /** Opens what one batch needs (a database connection per batch). */
  readonly open: () => Promise<ConsumerSession>;
  /** The queue's maxReceiveCount: at this receive a failing job is marked failed. */
  readonly maxReceives: number;
  readonly log: (level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown>) => void;
  readonly now?: () => Date;
}

export function createNarrativeConsumer(options: ConsumerOptions): (event: unknown) => Promise<SqsBatchResponse> {
  const now = options.now ?? (() => new Date());
  return async (rawEvent) => {
    const event = SqsEvent.parse(rawEvent);
    const failures: Array<{ itemIdentifier: string }> = [];
    const session = await options.open();
    try {
      await Promise.all(
        event.Records.map(async (record) => {
          const receives = Number(record.attributes.ApproximateReceiveCount);
          let job: NarrativeJob;
          try {
            job = NarrativeJob.parse(JSON.parse(record.body));
          } catch (err) {
            // Never dropped: it fails until the queue moves it to the dead-letter queue for a person to look at.
            options.log("error", "narrative_job_invalid", { message_id: record.messageId, receives, error: describe(err) });
            failures.push({ itemIdentifier: record.messageId });
            return;
          }
          try {
            const outcome = await processNarrativeJob({ store: session.store, sealer: session.sealer, narrator: session.narrator, job, now: now() });
            options.log("info", "narrative_job_done", { message_id: record.messageId, correlation_id: job.correlation_id, outcome, receives });
          } catch (err) {
            const last = receives >= options.maxReceives;
            options.log(last ? "error" : "warn", "narrative_job_failed", {
              message_id: record.messageId,
              correlation_id: job.correlation_id,
              receives,
              last_attempt: last,
              error: describe(err),
            });
            if (last) await session.store.markFailed(job.correlation_id, "the narrative could not be written", now()).catch(() => undefined);
            failures.push({ itemIdentifier: record.messageId });
          }
        }),
      );
    } finally {
      await session.release();
    }
    return { batchItemFailures: failures };
  };
}

function describe(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}`.slice(0, 500) : String(err).slice(0, 500);
}
