import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { App } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSUMER_DEFAULT_MAX_CONCURRENCY, NarrativeStack, type NarrativeStackProps } from "../infra/cdk/narrative_stack";

// The deferred-narrative infrastructure (infra/cdk), synthesized offline: no AWS account, no
// docker, no build. The consumer code is a tiny index.mjs in a temporary directory. Every
// synthesis here uses the context of infra/cdk/cdk.json (the feature flags), as `npx cdk` does,
// so what is asserted is what deploys.
type Json = Record<string, any>;

const CDK_DIR = resolve(import.meta.dirname, "../infra/cdk");
const cdkJson: Json = JSON.parse(readFileSync(join(CDK_DIR, "cdk.json"), "utf8"));

const CONSUMER_SOURCE = "export const handler = async () => ({ batchItemFailures: [] }); // infra-test-marker\n";

let baseDir: string;
let consumerDir: string;
let template: Template;
let json: Json;
let outdir: string;
let synthMs = 0;

function synth(props: Partial<NarrativeStackProps> = {}, dir = mkdtempSync(join(baseDir, "out-"))) {
  const app = new App({ outdir: dir, context: cdkJson.context });
  const stack = new NarrativeStack(app, "SvcNarratives", { consumerCodePath: consumerDir, ...props });
  return { template: Template.fromStack(stack), outdir: dir };
}

function only(type: string): [string, Json] {
  const found = Object.entries(template.findResources(type));
  expect(found, `one ${type}`).toHaveLength(1);
  return found[0] as [string, Json];
}

function queueByName(name: string): [string, Json] {
  const found = Object.entries(template.findResources("AWS::SQS::Queue", { Properties: { QueueName: name } }));
  expect(found, `queue ${name}`).toHaveLength(1);
  return found[0] as [string, Json];
}

/** Anything in a synthesized template that looks like a secret value rather than a reference. */
function plaintextSecretFindings(text: string): string[] {
  const patterns: [string, RegExp][] = [
    ["NAME=value assignment", /\b(DATABASE_URL|DATA_KEYS|OPENAI_API_KEY|SIGNING_KEYS|CONTINUATION_SECRET)\s*[=:]/],
    ["secret name as a key or value", /"(DATABASE_URL|DATA_KEYS|OPENAI_API_KEY)"/],
    ["OpenAI-style key", /sk-/],
    ["connection string", /postgres(ql)?:\/\//i],
    ["secretsmanager dynamic reference (resolved into plain env)", /resolve:secretsmanager/],
    ["SecretString", /SecretString/],
  ];
  return patterns.filter(([, re]) => re.test(text)).map(([label]) => label);
}

beforeAll(() => {
  baseDir = mkdtempSync(join(tmpdir(), "svc-infra-"));
  consumerDir = join(baseDir, "consumer");
  mkdirSync(consumerDir);
  writeFileSync(join(consumerDir, "index.mjs"), CONSUMER_SOURCE);
  const started = performance.now();
  ({ template, outdir } = synth());
  synthMs = performance.now() - started;
  json = template.toJSON();
});

afterAll(() => {
  if (baseDir) rmSync(baseDir, { recursive: true, force: true });
});

describe("NarrativeStack (default props)", () => {
  it("synthesizes offline in a few seconds", () => {
    expect(synthMs).toBeLessThan(15_000);
  });

  it("has the job queue with SSE and a redrive to the dead-letter queue after 5 receives", () => {
    template.resourceCountIs("AWS::SQS::Queue", 2);
    const [dlqId, dlq] = queueByName("narrative-jobs-dlq");
    const [, queue] = queueByName("narrative-jobs");
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 120,
      RedrivePolicy: { deadLetterTargetArn: { "Fn::GetAtt": [dlqId, "Arn"] }, maxReceiveCount: 5 },
    });
    expect(dlq.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 86_400 });
    expect(dlq.Properties.RedrivePolicy).toBeUndefined();
    // The dead-letter queue keeps a job longer than the job queue does.
    expect(queue.Properties.MessageRetentionPeriod).toBeLessThan(dlq.Properties.MessageRetentionPeriod);
  });

  it("runs the consumer on nodejs22.x arm64 with index.handler, 20 s, 512 MB, code from consumerCodePath", () => {
    const [, fn] = only("AWS::Lambda::Function");
    expect(fn.Properties).toMatchObject({
      Runtime: "nodejs22.x",
      Handler: "index.handler",
      Timeout: 20,
      MemorySize: 512,
      Architectures: ["arm64"],
    });
    // The queue's visibility timeout is at least 6 x the function timeout.
    const [, queue] = queueByName("narrative-jobs");
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * fn.Properties.Timeout);
    // The asset is the directory given, hashed and staged offline.
    const key: string = fn.Properties.Code.S3Key;
    const hash = key.replace(/\.zip$/, "");
    const staged = join(outdir, `asset.${hash}`, "index.mjs");
    expect(existsSync(staged), staged).toBe(true);
    expect(readFileSync(staged, "utf8")).toBe(CONSUMER_SOURCE);
  });

  it("gives the consumer the secret's ARN (not its values), read access to it, and MAX_RECEIVES 5", () => {
    const [, fn] = only("AWS::Lambda::Function");
    const vars: Json = fn.Properties.Environment.Variables;
    expect(Object.keys(vars).sort()).toEqual(["MAX_RECEIVES", "OPENAI_MAX_RETRIES", "OPENAI_TIMEOUT_MS", "SECRETS_ARN"]);
    expect(vars).toMatchObject({ MAX_RECEIVES: "5", OPENAI_TIMEOUT_MS: "15000", OPENAI_MAX_RETRIES: "0" });
    // One language-model attempt fits in the function timeout.
    expect(Number(vars.OPENAI_TIMEOUT_MS) * (1 + Number(vars.OPENAI_MAX_RETRIES))).toBeLessThan(fn.Properties.Timeout * 1000);
    expect(JSON.stringify(vars.SECRETS_ARN)).toContain(":secret:svc/narrative-worker");
    const roleId: string = fn.Properties.Role["Fn::GetAtt"][0];
    template.hasResourceProperties("AWS::IAM::Policy", {
      Roles: [{ Ref: roleId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: "Allow",
            Action: Match.arrayWith(["secretsmanager:GetSecretValue"]),
            Resource: { "Fn::Join": ["", Match.arrayWith([":secret:svc/narrative-worker-??????"])] },
          }),
        ]),
      },
    });
  });

  it("holds no plaintext secret anywhere in the template", () => {
    const text = JSON.stringify(json);
    expect(plaintextSecretFindings(text)).toEqual([]);
    // The detector itself catches what it is meant to catch.
    expect(plaintextSecretFindings('"DATABASE_URL=postgres://u:p@h/db"')).toContain("NAME=value assignment");
    expect(plaintextSecretFindings('{"OPENAI_API_KEY":"x"}')).toContain("secret name as a key or value");
    expect(plaintextSecretFindings('"sk-abc123"')).toContain("OpenAI-style key");
    expect(plaintextSecretFindings('"{{resolve:secretsmanager:svc/narrative-worker:SecretString:DATA_KEYS::}}"')).toEqual(
      expect.arrayContaining(["secretsmanager dynamic reference (resolved into plain env)", "SecretString"]),
    );
  });

  it("maps the job queue to the consumer: batch 10, 2 s window, partial batch failures, at most 5 at once", () => {
    const [, mapping] = only("AWS::Lambda::EventSourceMapping");
    const [queueId] = queueByName("narrative-jobs");
    const [fnId] = only("AWS::Lambda::Function");
    expect(mapping.Properties).toEqual({
      BatchSize: 10,
      MaximumBatchingWindowInSeconds: 2,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      ScalingConfig: { MaximumConcurrency: 5 },
      EventSourceArn: { "Fn::GetAtt": [queueId, "Arn"] },
      FunctionName: { Ref: fnId },
    });
    expect(CONSUMER_DEFAULT_MAX_CONCURRENCY).toBe(5);
    // The bound it sets: one database connection per invocation, and 10 language-model calls.
    expect(mapping.Properties.ScalingConfig.MaximumConcurrency * mapping.Properties.BatchSize).toBe(50);
  });

  it("lets the producer user do exactly sqs:SendMessage on the job queue and nothing else", () => {
    const [userId, user] = only("AWS::IAM::User");
    expect(user.Properties).toEqual({ UserName: "svc-narrative-producer" });
    const [queueId] = queueByName("narrative-jobs");
    const refsUser = (value: unknown) => JSON.stringify(value ?? null).includes(`{"Ref":"${userId}"}`);
    // Every policy attached to the user, inline or managed, and any access key.
    const userPolicies = Object.values(template.findResources("AWS::IAM::Policy")).filter((p) => refsUser(p.Properties.Users));
    expect(userPolicies).toHaveLength(1);
    expect(userPolicies[0]!.Properties.PolicyDocument.Statement).toEqual([
      { Effect: "Allow", Action: "sqs:SendMessage", Resource: { "Fn::GetAtt": [queueId, "Arn"] } },
    ]);
    const managed = Object.values(template.findResources("AWS::IAM::ManagedPolicy")).filter((p) => refsUser(p.Properties.Users));
    expect(managed).toEqual([]);
    template.resourceCountIs("AWS::IAM::AccessKey", 0);
    // Queue policies only deny non-TLS access; they grant nobody anything.
    for (const policy of Object.values(template.findResources("AWS::SQS::QueuePolicy"))) {
      for (const statement of policy.Properties.PolicyDocument.Statement) {
        expect(statement.Effect).toBe("Deny");
        expect(statement.Condition).toEqual({ Bool: { "aws:SecureTransport": "false" } });
      }
    }
  });

  it("alarms when the dead-letter queue holds any message", () => {
    const [dlqId] = queueByName("narrative-jobs-dlq");
    const [, alarm] = only("AWS::CloudWatch::Alarm");
    expect(alarm.Properties).toMatchObject({
      Namespace: "AWS/SQS",
      MetricName: "ApproximateNumberOfMessagesVisible",
      Dimensions: [{ Name: "QueueName", Value: { "Fn::GetAtt": [dlqId, "QueueName"] } }],
      ComparisonOperator: "GreaterThanThreshold",
      Threshold: 0,
      EvaluationPeriods: 1,
      TreatMissingData: "notBreaching",
    });
    expect(alarm.Properties.AlarmActions).toBeUndefined();
  });

  it("outputs QueueUrl, DeadLetterQueueUrl and ProducerUserName", () => {
    const [queueId] = queueByName("narrative-jobs");
    const [dlqId] = queueByName("narrative-jobs-dlq");
    const [userId] = only("AWS::IAM::User");
    template.hasOutput("QueueUrl", { Value: { Ref: queueId } });
    template.hasOutput("DeadLetterQueueUrl", { Value: { Ref: dlqId } });
    template.hasOutput("ProducerUserName", { Value: { Ref: userId } });
  });
});

describe("NarrativeStack (props and refusals)", () => {
  it("applies maxReceiveCount, visibility timeout, DLQ retention, extra env and an alarm topic", () => {
    const topic = "arn:aws:sns:eu-west-1:123456789012:ops";
    const custom = synth({
      maxReceiveCount: 3,
      visibilityTimeoutSeconds: 300,
      retentionDays: 7,
      consumerEnvironment: { OPENAI_MODEL: "gpt-x", LOG_LEVEL: "warn" },
      alarmTopicArn: topic,
      maxConcurrency: 20,
    }).template;
    custom.hasResourceProperties("AWS::Lambda::EventSourceMapping", { ScalingConfig: { MaximumConcurrency: 20 } });
    custom.hasResourceProperties("AWS::SQS::Queue", {
      QueueName: "narrative-jobs",
      VisibilityTimeout: 300,
      RedrivePolicy: Match.objectLike({ maxReceiveCount: 3 }),
    });
    custom.hasResourceProperties("AWS::SQS::Queue", { QueueName: "narrative-jobs-dlq", MessageRetentionPeriod: 7 * 86_400 });
    custom.hasResourceProperties("AWS::Lambda::Function", {
      Environment: {
        Variables: {
          OPENAI_MODEL: "gpt-x",
          LOG_LEVEL: "warn",
          OPENAI_TIMEOUT_MS: "15000",
          OPENAI_MAX_RETRIES: "0",
          MAX_RECEIVES: "3",
          SECRETS_ARN: Match.anyValue(),
        },
      },
    });
    custom.hasResourceProperties("AWS::CloudWatch::Alarm", { AlarmActions: [topic] });
  });

  it("refuses a consumer directory without index.mjs", () => {
    const empty = mkdtempSync(join(baseDir, "empty-"));
    expect(() => synth({ consumerCodePath: empty })).toThrow(/no index\.mjs/);
  });

  it("refuses a visibility timeout under 6 x the consumer timeout, and bad counts", () => {
    expect(() => synth({ visibilityTimeoutSeconds: 119 })).toThrow(/6 x the consumer timeout/);
    expect(() => synth({ maxReceiveCount: 0 })).toThrow(/maxReceiveCount/);
    expect(() => synth({ retentionDays: 15 })).toThrow(/retentionDays/);
  });

  it.each([1, 1001, 2.5])("refuses maxConcurrency %s (the event source takes 2..1000)", (maxConcurrency) => {
    expect(() => synth({ maxConcurrency })).toThrow(/maxConcurrency must be an integer in 2\.\.1000/);
  });

  it("refuses secrets passed as plain environment variables", () => {
    expect(() => synth({ consumerEnvironment: { DATABASE_URL: "postgres://x" } })).toThrow(/must not be passed/);
    expect(() => synth({ consumerEnvironment: { OPENAI_API_KEY: "sk-x" } })).toThrow(/must not be passed/);
    expect(() => synth({ consumerEnvironment: { MAX_RECEIVES: "9" } })).toThrow(/the stack sets it/);
  });
});

describe("infra/cdk/app.ts", () => {
  it("synthesizes SvcNarratives with the consumer from CONSUMER_CODE into CDK_OUTDIR", async () => {
    const appOut = mkdtempSync(join(baseDir, "app-"));
    const saved = { CONSUMER_CODE: process.env.CONSUMER_CODE, CDK_OUTDIR: process.env.CDK_OUTDIR };
    process.env.CONSUMER_CODE = consumerDir;
    process.env.CDK_OUTDIR = appOut;
    try {
      await import("../infra/cdk/app");
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const written: Json = JSON.parse(readFileSync(join(appOut, "SvcNarratives.template.json"), "utf8"));
    const fn = Object.values(written.Resources as Json).find((r) => r.Type === "AWS::Lambda::Function");
    expect(fn?.Properties.Code.S3Key).toBe(only("AWS::Lambda::Function")[1].Properties.Code.S3Key);
    expect(readdirSync(appOut).some((f) => f.startsWith("asset."))).toBe(true);
    expect(Object.keys(written.Outputs)).toEqual(["QueueUrl", "DeadLetterQueueUrl", "ProducerUserName"]);
  });
});

describe("infra/cdk/cdk.json", () => {
  it("runs app.ts with the project's tsx", () => {
    expect(cdkJson.app).toBe("npx tsx app.ts");
    expect(existsSync(join(CDK_DIR, "app.ts"))).toBe(true);
    expect(existsSync(resolve(CDK_DIR, "../../node_modules/.bin/tsx"))).toBe(true);
  });

  it("sets every feature flag aws-cdk-lib recommends for new projects (what cdk init writes)", () => {
    const recommended: Json = JSON.parse(readFileSync(createRequire(import.meta.url).resolve("aws-cdk-lib/recommended-feature-flags.json"), "utf8"));
    // A flag added by a newer aws-cdk-lib changes what deploys: review it and add it here (npx cdk flags).
    const missing = Object.keys(recommended).filter((flag) => JSON.stringify(cdkJson.context[flag]) !== JSON.stringify(recommended[flag]));
    expect(missing, "flags of aws-cdk-lib's recommended-feature-flags.json that cdk.json lacks or sets otherwise").toEqual([]);
  });

  it("`npx cdk synth` in infra/cdk synthesizes SvcNarratives offline, with cdk.json's context, as the stack tested here", async () => {
    const out = mkdtempSync(join(baseDir, "cli-"));
    // Offline and without credentials: no telemetry, no notices, no instance metadata, no
    // profile from the developer's ~/.aws; the region is fixed so both syntheses agree.
    const env: NodeJS.ProcessEnv = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (!/^(AWS_|CDK_)/.test(name)) env[name] = value;
    }
    Object.assign(env, {
      CONSUMER_CODE: consumerDir,
      AWS_REGION: "eu-west-1",
      AWS_CONFIG_FILE: join(baseDir, "no-aws-config"),
      AWS_SHARED_CREDENTIALS_FILE: join(baseDir, "no-aws-credentials"),
      AWS_EC2_METADATA_DISABLED: "true",
      CDK_DISABLE_CLI_TELEMETRY: "true",
    });
    await promisify(execFile)("npx", ["cdk", "synth", "--no-notices", "--quiet", "--output", out], {
      cwd: CDK_DIR,
      env,
      timeout: 170_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const written: Json = JSON.parse(readFileSync(join(out, "SvcNarratives.template.json"), "utf8"));
    const expected: Json = synth({ env: { region: "eu-west-1" } }).template.toJSON();
    // Resources and outputs as synthesized here with cdk.json's context (the CLI adds only its
    // version-reporting resource and construct metadata).
    const properties = (template: Json) =>
      Object.fromEntries(
        Object.entries(template.Resources as Json)
          .filter(([, resource]) => resource.Type !== "AWS::CDK::Metadata")
          .map(([id, resource]) => [id, { Type: resource.Type, Properties: resource.Properties }]),
      );
    expect(properties(written)).toEqual(properties(expected));
    expect(written.Outputs).toEqual(expected.Outputs);
    const [mapping] = Object.values(written.Resources as Json).filter((r) => r.Type === "AWS::Lambda::EventSourceMapping");
    expect(mapping?.Properties.ScalingConfig).toEqual({ MaximumConcurrency: 5 });
    // Without the context the template differs (the flags change policies and ARNs): the CLI used cdk.json's.
    const withoutContext = new App({ outdir: mkdtempSync(join(baseDir, "plain-")) });
    const plain = new NarrativeStack(withoutContext, "SvcNarratives", { consumerCodePath: consumerDir, env: { region: "eu-west-1" } });
    expect(properties(Template.fromStack(plain).toJSON())).not.toEqual(properties(written));
  }, 180_000);
});
