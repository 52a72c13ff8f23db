import { ChangeMessageVisibilityBatchCommand, DeleteMessageBatchCommand, ReceiveMessageCommand, SQSClient, type Message } from "@aws-sdk/client-sqs";
import { Server } from "node:net";
import type { NarrativeQueue } from "@svc/core";
import { createSqsQueue } from "@svc/queue";
import { startFauxqs, type FauxqsServer } from "fauxqs";

/**
 * The embedded default's queue: fauxqs (an SQS emulator) in this process, reached through the
 * real SQS client, with a dead-letter queue behind the narrative queue; and a poller that does
 * what Lambda's SQS event source does in production: receive batches, call the consumer with
 * the Lambda event shape, delete what succeeded, and let what failed come back after a backoff
 * until the queue moves it to the dead-letter queue.
 */
export const NARRATIVE_QUEUE = "narrative-jobs";
export const NARRATIVE_DLQ = "narrative-jobs-dlq";
const REGION = "us-east-1";
const CREDENTIALS = { accessKeyId: "embedded", secretAccessKey: "embedded" };

export interface EmbeddedQueueOptions {
  readonly consume: (event: unknown) => Promise<{ batchItemFailures: Array<{ itemIdentifier: string }> }>;
  readonly maxReceives: number;
  readonly visibilityTimeoutSeconds?: number;
  /** Long-poll wait per receive. */
  readonly waitSeconds?: number;
  /** Seconds before a failed message is seen again, by how many times it was received. */
  readonly backoffSeconds?: (receives: number) => number;
  readonly onError?: (err: unknown) => void;
}

export interface EmbeddedQueue {
  readonly queue: NarrativeQueue;
  readonly queueUrl: string;
  readonly deadLetterQueueUrl: string;
  readonly endpoint: string;
  readonly client: SQSClient;
  readonly server: FauxqsServer;
  /** One receive-and-consume round; returns how many messages it handled. */
  pollOnce(): Promise<number>;
  /** Starts polling continuously (what `npm start` does). */
  start(): void;
  stop(): Promise<void>;
}

export async function startEmbeddedQueue(options: EmbeddedQueueOptions): Promise<EmbeddedQueue> {
  const server = await onLoopbackOnly(() => startFauxqs({ port: 0, logger: false }));
  const dlq = server.createQueue(NARRATIVE_DLQ);
  const main = server.createQueue(NARRATIVE_QUEUE, {
    attributes: {
      VisibilityTimeout: String(options.visibilityTimeoutSeconds ?? 30),
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.queueArn, maxReceiveCount: String(options.maxReceives) }),
    },
  });
  const client = new SQSClient({ region: REGION, endpoint: server.address, credentials: CREDENTIALS });
  const queue = createSqsQueue({ queueUrl: main.queueUrl, region: REGION, endpoint: server.address, credentials: CREDENTIALS });
  const backoff = options.backoffSeconds ?? ((receives: number) => Math.min(60, 2 ** receives));

  const pollOnce = async (waitSeconds = options.waitSeconds ?? 0): Promise<number> => {
    const received = await client.send(
      new ReceiveMessageCommand({
        QueueUrl: main.queueUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: waitSeconds,
        MessageSystemAttributeNames: ["ApproximateReceiveCount", "SentTimestamp"],
        MessageAttributeNames: ["All"],
      }),
    );
    const messages: Message[] = received.Messages ?? [];
    if (messages.length === 0) return 0;
    const event = {
      Records: messages.map((m) => ({
        messageId: m.MessageId!,
        receiptHandle: m.ReceiptHandle!,
        body: m.Body ?? "",
        attributes: { ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? "1", SentTimestamp: m.Attributes?.SentTimestamp ?? "0" },
        messageAttributes: m.MessageAttributes ?? {},
        md5OfBody: m.MD5OfBody ?? "",
        eventSource: "aws:sqs",
        eventSourceARN: main.queueArn,
        awsRegion: REGION,
      })),
    };
    let failed: Set<string>;
    try {
      failed = new Set((await options.consume(event)).batchItemFailures.map((f) => f.itemIdentifier));
    } catch (err) {
      // A consumer that throws fails the whole batch, as Lambda treats it.
      options.onError?.(err);
      failed = new Set(messages.map((m) => m.MessageId!));
    }
    const done = messages.filter((m) => !failed.has(m.MessageId!));
    const retry = messages.filter((m) => failed.has(m.MessageId!));
    if (done.length > 0) {
      await client.send(
        new DeleteMessageBatchCommand({ QueueUrl: main.queueUrl, Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })) }),
      );
    }
    if (retry.length > 0) {
      await client.send(
        new ChangeMessageVisibilityBatchCommand({
          QueueUrl: main.queueUrl,
          Entries: retry.map((m, i) => ({
            Id: String(i),
            ReceiptHandle: m.ReceiptHandle!,
            VisibilityTimeout: backoff(Number(m.Attributes?.ApproximateReceiveCount ?? "1")),
          })),
        }),
      );
    }
    return messages.length;
  };

  let running = false;
  let loop: Promise<void> | undefined;
  return {
    queue,
    queueUrl: main.queueUrl,
    deadLetterQueueUrl: dlq.queueUrl,
    endpoint: server.address,
    client,
    server,
    pollOnce: () => pollOnce(),
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          try {
            await pollOnce(1);
          } catch (err) {
            options.onError?.(err);
            await new Promise((resolve) => setTimeout(resolve, 1000));
          }
        }
      })();
    },
    async stop() {
      running = false;
      await loop;
      client.destroy();
      await server.stop();
    },
  };
}

/**
 * fauxqs (2.4.1, its latest) listens on 0.0.0.0 and has no option to change it: its `host`
 * only names the queue URLs. The emulator has no authentication, so it must answer this
 * machine only: while it starts, a listen on every interface becomes one on the loopback.
 * Any other listen in those few milliseconds is left alone unless it too asked for 0.0.0.0.
 */
async function onLoopbackOnly<T>(start: () => Promise<T>): Promise<T> {
  const listen = Server.prototype.listen;
  Server.prototype.listen = function (this: Server, ...args: unknown[]) {
    const [options] = args;
    if (options && typeof options === "object" && (options as { host?: unknown }).host === "0.0.0.0") {
      args[0] = { ...options, host: "127.0.0.1" };
    }
    return listen.apply(this, args as Parameters<typeof listen>);
  } as typeof listen;
  try {
    return await start();
  } finally {
    Server.prototype.listen = listen;
  }
}
