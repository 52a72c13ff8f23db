// The CDK app. infra/cdk/cdk.json runs it (`cd infra/cdk && npx cdk synth|deploy`, see infra/README.md).
// CONSUMER_CODE: the bundled consumer's directory, relative to the repository root or absolute
// (default dist/narrative-worker, from npm run build), so the app runs alike from any directory.
// ALARM_TOPIC_ARN: optional SNS topic for the dead-letter alarm.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { App } from "aws-cdk-lib";
import { NarrativeStack } from "./narrative_stack";

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const app = new App();
new NarrativeStack(app, "SvcNarratives", {
  consumerCodePath: resolve(REPO_ROOT, process.env.CONSUMER_CODE || "dist/narrative-worker"),
  alarmTopicArn: process.env.ALARM_TOPIC_ARN || undefined,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: "Stoic Reasoning Service: deferred-narrative queue, dead-letter queue and consumer",
});
app.synth();
