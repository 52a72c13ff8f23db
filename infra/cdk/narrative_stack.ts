// The deferred-narrative pipeline on AWS: the SQS queue the producers (Cloudflare Workers) send
// to, its dead-letter queue, the consumer Lambda (functions/narrative-worker, bundled to
// dist/narrative-worker/index.mjs) with its SQS event source mapping, the IAM user whose access
// key the Workers hold as secrets, and an alarm on the dead-letter queue.
//
// No secret value ever enters the template: the consumer gets only the ARN of the Secrets
// Manager secret `svc/narrative-worker` (JSON with DATABASE_URL, DATA_KEYS, OPENAI_API_KEY) and
// reads it when it runs (functions/narrative-worker/src/secret_environment.ts). The producer's access key is created by the operator, not here.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as cwActions from "aws-cdk-lib/aws-cloudwatch-actions";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import { SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import * as logs from "aws-cdk-lib/aws-logs";
import * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import * as sns from "aws-cdk-lib/aws-sns";
import * as sqs from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";

/** The consumer's timeout; the queue's visibility timeout must be at least 6 times it. */
export const CONSUMER_TIMEOUT_SECONDS = 20;
/**
 * Default for how many consumer invocations the SQS event source runs at once (maxConcurrency).
 * Each invocation holds one database connection for its batch and narrates up to 10 jobs in
 * parallel, so 5 bounds the consumer to 5 connections and 50 language-model calls in flight
 * (each at most 15 s): a backlog drains at a known pace and spend instead of scaling Lambda
 * out. Unlike reserved concurrency it does not throttle: the event source simply polls less, so
 * no message burns a receive (and moves toward the dead-letter queue) on a throttled invoke.
 */
export const CONSUMER_DEFAULT_MAX_CONCURRENCY = 5;
/** The Secrets Manager secret (JSON: DATABASE_URL, DATA_KEYS, OPENAI_API_KEY) the consumer reads. */
export const CONSUMER_SECRET_NAME = "svc/narrative-worker";
/** Keys of that secret: they must never be passed as plain environment variables. */
export const CONSUMER_SECRET_KEYS = ["DATABASE_URL", "DATA_KEYS", "OPENAI_API_KEY"] as const;
/**
 * Default language-model limits for the consumer, overridable with consumerEnvironment: one
 * attempt of at most 15 s fits the 20 s function timeout (the application default, 20 s with
 * 2 retries, does not); a failed attempt is retried by the queue after the visibility timeout.
 */
export const CONSUMER_DEFAULT_ENVIRONMENT: Readonly<Record<string, string>> = {
  OPENAI_TIMEOUT_MS: "15000",
  OPENAI_MAX_RETRIES: "0",
};

export interface NarrativeStackProps extends StackProps {
  /** A directory holding the bundled consumer, index.mjs (exports `handler`). */
  readonly consumerCodePath: string;
  /** Receives before a job moves to the dead-letter queue. Default 5. */
  readonly maxReceiveCount?: number;
  /** Visibility timeout of the job queue, at least 6 x the consumer timeout (20 s). Default 120. */
  readonly visibilityTimeoutSeconds?: number;
  /** How long the dead-letter queue keeps a job, in days (1..14). Default 14. */
  readonly retentionDays?: number;
  /** Non-secret settings for the consumer (e.g. OPENAI_BASE_URL, OPENAI_MODEL, LOG_LEVEL), over CONSUMER_DEFAULT_ENVIRONMENT. */
  readonly consumerEnvironment?: Record<string, string>;
  /** Concurrent consumer invocations from the queue, 2..1000 (SQS event source maxConcurrency). Default 5. */
  readonly maxConcurrency?: number;
  /** An existing SNS topic to notify when the dead-letter alarm fires. Default: no action. */
  readonly alarmTopicArn?: string;
}

export class NarrativeStack extends Stack {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly consumer: lambda.Function;
  readonly producer: iam.User;
  readonly deadLetterAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: NarrativeStackProps) {
    super(scope, id, props);

    const maxReceiveCount = props.maxReceiveCount ?? 5;
    const visibilityTimeoutSeconds = props.visibilityTimeoutSeconds ?? 120;
    const retentionDays = props.retentionDays ?? 14;
    const maxConcurrency = props.maxConcurrency ?? CONSUMER_DEFAULT_MAX_CONCURRENCY;

    if (!Number.isInteger(maxReceiveCount) || maxReceiveCount < 1 || maxReceiveCount > 1000) {
      throw new Error(`maxReceiveCount must be an integer in 1..1000, got ${maxReceiveCount}`);
    }
    if (visibilityTimeoutSeconds < 6 * CONSUMER_TIMEOUT_SECONDS || visibilityTimeoutSeconds > 43_200) {
      throw new Error(
        `visibilityTimeoutSeconds must be at least 6 x the consumer timeout ` +
          `(${6 * CONSUMER_TIMEOUT_SECONDS} s) and at most 43200, got ${visibilityTimeoutSeconds}`,
      );
    }
    if (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > 14) {
      throw new Error(`retentionDays must be an integer in 1..14, got ${retentionDays}`);
    }
    if (!Number.isInteger(maxConcurrency) || maxConcurrency < 2 || maxConcurrency > 1000) {
      throw new Error(`maxConcurrency must be an integer in 2..1000 (the SQS event source's range), got ${maxConcurrency}`);
    }
    const codePath = resolve(props.consumerCodePath);
    if (!existsSync(join(codePath, "index.mjs"))) {
      throw new Error(`consumerCodePath ${codePath} has no index.mjs: run \`npm run build\` first (or set CONSUMER_CODE to the bundled consumer's directory)`);
    }
    for (const key of Object.keys(props.consumerEnvironment ?? {})) {
      if ((CONSUMER_SECRET_KEYS as readonly string[]).includes(key)) {
        throw new Error(`${key} must not be passed as an environment variable: it comes from ${CONSUMER_SECRET_NAME}`);
      }
      if (key === "SECRETS_ARN" || key === "MAX_RECEIVES") {
        throw new Error(`${key} must not be passed as an environment variable: the stack sets it`);
      }
    }

    // Queues. SSE with SQS-owned keys (no KMS key to manage, no kms:Decrypt grants needed).
    this.deadLetterQueue = new sqs.Queue(this, "DeadLetterQueue", {
      queueName: "narrative-jobs-dlq",
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(retentionDays),
    });
    this.queue = new sqs.Queue(this, "JobQueue", {
      queueName: "narrative-jobs",
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(visibilityTimeoutSeconds),
      // A message's retention is measured from its first enqueue, also after it moves to the
      // dead-letter queue: keep it on the job queue no longer than there.
      retentionPeriod: Duration.days(Math.min(4, retentionDays)),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount },
    });

    // The consumer.
    const secret = secretsmanager.Secret.fromSecretNameV2(this, "ConsumerSecret", CONSUMER_SECRET_NAME);
    const logGroup = new logs.LogGroup(this, "ConsumerLogs", {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.consumer = new lambda.Function(this, "Consumer", {
      description: "Stoic Reasoning Service: writes deferred narratives (Layer 3) from narrative-jobs",
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      handler: "index.handler",
      code: lambda.Code.fromAsset(codePath),
      memorySize: 512,
      timeout: Duration.seconds(CONSUMER_TIMEOUT_SECONDS),
      logGroup,
      environment: {
        ...CONSUMER_DEFAULT_ENVIRONMENT,
        ...props.consumerEnvironment,
        // The consumer marks a job failed on its last receive: the same count as the redrive.
        MAX_RECEIVES: String(maxReceiveCount),
        // Only the ARN: the consumer reads the secret with it (cached 5 minutes, failures never cached).
        SECRETS_ARN: secret.secretArn,
      },
    });
    secret.grantRead(this.consumer);
    this.consumer.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(2),
        reportBatchItemFailures: true,
        // Bounds database connections and language-model spend (CONSUMER_DEFAULT_MAX_CONCURRENCY).
        maxConcurrency,
      }),
    );

    // The producers' identity: send to the job queue, nothing else. Its access key is made by
    // the operator (aws iam create-access-key) and stored as Wrangler secrets.
    this.producer = new iam.User(this, "Producer", { userName: "svc-narrative-producer" });
    this.producer.addToPrincipalPolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.ALLOW,
        actions: ["sqs:SendMessage"], // also authorizes SendMessageBatch
        resources: [this.queue.queueArn],
      }),
    );

    // Any job in the dead-letter queue needs an operator.
    this.deadLetterAlarm = new cloudwatch.Alarm(this, "DeadLetterAlarm", {
      alarmName: "narrative-jobs-dlq-not-empty",
      alarmDescription: "Narrative jobs reached the dead-letter queue narrative-jobs-dlq",
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: cloudwatch.Stats.MAXIMUM,
      }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    if (props.alarmTopicArn) {
      this.deadLetterAlarm.addAlarmAction(new cwActions.SnsAction(sns.Topic.fromTopicArn(this, "AlarmTopic", props.alarmTopicArn)));
    }

    new CfnOutput(this, "QueueUrl", {
      value: this.queue.queueUrl,
      description: "SQS_QUEUE_URL for the producer Workers",
    });
    new CfnOutput(this, "DeadLetterQueueUrl", { value: this.deadLetterQueue.queueUrl });
    new CfnOutput(this, "ProducerUserName", {
      value: this.producer.userName,
      description: "create its access key: aws iam create-access-key --user-name <this>",
    });
  }
}
