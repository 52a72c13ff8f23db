import { SendMessageCommand, SQSClient } from "@aws-sdk/client-sqs";
import type { NarrativeJob, NarrativeQueue } from "@svc/core";

export interface SqsQueueOptions {
  readonly queueUrl: string;
  readonly region: string;
  /** Set for an emulator (fauxqs); unset for AWS itself. */
  readonly endpoint?: string;
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** Past it the send counts as failed and the outbox keeps the job. */
  readonly timeoutMs?: number;
}

/** The producer: one SendMessage per job; the job's correlation id travels as an attribute. */
export function createSqsQueue(options: SqsQueueOptions): NarrativeQueue {
  const client = new SQSClient({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // The outbox retries; the request itself should fail fast.
    maxAttempts: 2,
  });
  const timeoutMs = options.timeoutMs ?? 2000;
  return {
    async send(job: NarrativeJob) {
      await client.send(
        new SendMessageCommand({
          QueueUrl: options.queueUrl,
          MessageBody: JSON.stringify(job),
          MessageAttributes: { correlation_id: { DataType: "String", StringValue: job.correlation_id } },
        }),
        { abortSignal: AbortSignal.timeout(timeoutMs) },
      );
    },
  };
}

/** A queue that is not configured: every send fails, so jobs wait in the outbox. */
export function unconfiguredQueue(reason: string): NarrativeQueue {
  return { send: () => Promise.reject(new Error(reason)) };
}

export interface SqsSettings {
  readonly SQS_QUEUE_URL?: string | undefined;
  readonly SQS_ENDPOINT?: string | undefined;
  readonly AWS_REGION: string;
  readonly AWS_ACCESS_KEY_ID?: string | undefined;
  readonly AWS_SECRET_ACCESS_KEY?: string | undefined;
}

/** The producer for a deployment's settings; without SQS_QUEUE_URL, jobs wait in the outbox. */
export function sqsQueueFromSettings(settings: SqsSettings): NarrativeQueue {
  if (!settings.SQS_QUEUE_URL) return unconfiguredQueue("SQS_QUEUE_URL is not set; jobs wait in the outbox");
  return createSqsQueue({
    queueUrl: settings.SQS_QUEUE_URL,
    region: settings.AWS_REGION,
    ...(settings.SQS_ENDPOINT ? { endpoint: settings.SQS_ENDPOINT } : {}),
    ...(settings.AWS_ACCESS_KEY_ID && settings.AWS_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: settings.AWS_ACCESS_KEY_ID, secretAccessKey: settings.AWS_SECRET_ACCESS_KEY } }
      : {}),
  });
}
