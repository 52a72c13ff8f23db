// The CDK app: npx cdk synth|deploy --app "npx tsx infra/cdk/app.ts" (see infra/README.md).
// CONSUMER_CODE: the bundled consumer's directory (default dist/narrative-worker, from npm run build).
// ALARM_TOPIC_ARN: optional SNS topic for the dead-letter alarm.
import { App } from "aws-cdk-lib";
import { NarrativeStack } from "./narrative_stack";

const app = new App();
new NarrativeStack(app, "SvcNarratives", {
  consumerCodePath: process.env.CONSUMER_CODE || "dist/narrative-worker",
  alarmTopicArn: process.env.ALARM_TOPIC_ARN || undefined,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: "Stoic Reasoning Service: deferred-narrative queue, dead-letter queue and consumer",
});
app.synth();
