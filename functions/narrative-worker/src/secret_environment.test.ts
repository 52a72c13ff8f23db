import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { generateDataKeyRing, serializeDataKeyRing } from "@svc/core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fromSecret, SECRET_MAX_AGE_SECONDS } from "./secret_environment";

// The consumer's secret cache against a fake Secrets Manager on loopback: the real AWS SDK
// client (its JSON 1.1 protocol, its signing) and the Powertools provider, with `endpoint`
// pointed at a local HTTP server that answers GetSecretValue as scripted. Only Date is faked,
// to step over the cache's lifetime; sockets and timers are real.

const SECRET_ARN = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:svc/narrative-worker-AbCdEf";

type Answer = { status: number; body: Record<string, unknown> };
const secretString = (values: Record<string, string>): Answer => ({
  status: 200,
  body: { ARN: SECRET_ARN, Name: "svc/narrative-worker", VersionId: crypto.randomUUID(), SecretString: JSON.stringify(values) },
});
const notFound: Answer = {
  status: 400,
  body: { __type: "ResourceNotFoundException", message: "Secrets Manager can't find the specified secret." },
};

let server: Server;
let endpoint: string;
/** What the fake answers next; the last answer repeats. */
let script: Answer[] = [];
/** Every GetSecretValue the fake received: its SecretId. */
let reads: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.headers["x-amz-target"] !== "secretsmanager.GetSecretValue") {
        res.writeHead(400, { "content-type": "application/x-amz-json-1.1" });
        res.end(JSON.stringify({ __type: "InvalidRequestException", message: `unexpected ${req.headers["x-amz-target"]}` }));
        return;
      }
      reads.push(String(JSON.parse(body).SecretId));
      const answer = script.length > 1 ? script.shift()! : script[0]!;
      res.writeHead(answer.status, { "content-type": "application/x-amz-json-1.1" });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  vi.useRealTimers();
  script = [];
  reads = [];
});

function client() {
  return new SecretsManagerClient({
    endpoint,
    region: "eu-west-1",
    credentials: { accessKeyId: "AKIDTEST", secretAccessKey: "test-secret" },
    maxAttempts: 1,
  });
}

/** A fromSecret whose builds are counted: each build returns a new object holding the values. */
function counted(maxAgeSeconds?: number) {
  const builds: Array<Record<string, string>> = [];
  const consumer = fromSecret({ secretId: SECRET_ARN, client: client(), ...(maxAgeSeconds === undefined ? {} : { maxAgeSeconds }) }, (values) => {
    builds.push(values);
    if (!values.DATA_KEYS) throw new Error("DATA_KEYS is not set");
    return { values };
  });
  return { consumer, builds };
}

describe("fromSecret (the consumer's secret cache)", () => {
  it("retries a failed first read on the next invocation, instead of keeping the failure", async () => {
    script = [notFound, secretString({ DATABASE_URL: "postgres://db", DATA_KEYS: "ring" })];
    const { consumer, builds } = counted();
    await expect(consumer()).rejects.toThrow(/can't find the specified secret/);
    expect(builds).toHaveLength(0);
    const built = await consumer();
    expect(built.values).toEqual({ DATABASE_URL: "postgres://db", DATA_KEYS: "ring" });
    expect(reads).toEqual([SECRET_ARN, SECRET_ARN]);
    expect(builds).toHaveLength(1);
  });

  it("reuses a value read within its lifetime and reads it again after it", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-01T00:00:00Z") });
    script = [secretString({ DATA_KEYS: "ring-1" })];
    const { consumer, builds } = counted(60);
    const first = await consumer();
    vi.setSystemTime(new Date("2026-01-01T00:00:59Z"));
    expect(await consumer()).toBe(first);
    expect(reads).toHaveLength(1);

    // After 60 s the secret is read again; unchanged, so the consumer built from it is kept.
    vi.setSystemTime(new Date("2026-01-01T00:01:01Z"));
    expect(await consumer()).toBe(first);
    expect(reads).toHaveLength(2);
    expect(builds).toHaveLength(1);

    // A value put into the secret is built once it is read.
    script = [secretString({ DATA_KEYS: "ring-2" })];
    vi.setSystemTime(new Date("2026-01-01T00:02:02Z"));
    const second = await consumer();
    expect(second).not.toBe(first);
    expect(second.values).toEqual({ DATA_KEYS: "ring-2" });
    expect(reads).toHaveLength(3);
    expect(builds).toHaveLength(2);
  });

  it("keeps a value for SECRET_MAX_AGE_SECONDS (5 minutes) by default", async () => {
    expect(SECRET_MAX_AGE_SECONDS).toBe(300);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-01T00:00:00Z") });
    script = [secretString({ DATA_KEYS: "ring" })];
    const { consumer } = counted();
    await consumer();
    vi.setSystemTime(new Date("2026-01-01T00:04:59Z"));
    await consumer();
    expect(reads).toHaveLength(1);
    vi.setSystemTime(new Date("2026-01-01T00:05:01Z"));
    await consumer();
    expect(reads).toHaveLength(2);
  });

  it("after a failed read that follows a good one, reads again rather than serving the failure", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-01T00:00:00Z") });
    script = [secretString({ DATA_KEYS: "ring" }), notFound, secretString({ DATA_KEYS: "ring" })];
    const { consumer } = counted(60);
    const first = await consumer();
    vi.setSystemTime(new Date("2026-01-01T00:01:01Z"));
    await expect(consumer()).rejects.toThrow(/can't find the specified secret/);
    expect(await consumer()).toBe(first);
    expect(reads).toHaveLength(3);
  });

  it("reads afresh after a secret it could not build from, without waiting out the lifetime", async () => {
    script = [secretString({ DATABASE_URL: "postgres://db" }), secretString({ DATABASE_URL: "postgres://db", DATA_KEYS: "ring" })];
    const { consumer, builds } = counted(3600);
    await expect(consumer()).rejects.toThrow("DATA_KEYS is not set");
    const built = await consumer();
    expect(built.values.DATA_KEYS).toBe("ring");
    expect(reads).toHaveLength(2);
    expect(builds).toHaveLength(2);
  });

  it.each([
    ["not JSON", "postgres://user:hunter2@db", /is not valid JSON$/],
    ["a JSON array", "[1]", /must be a JSON object of strings$/],
    ["a non-string value", JSON.stringify({ DATA_KEYS: { active: "k" } }), /DATA_KEYS must be a string/],
  ])("refuses a secret that is %s, naming no value", async (_label, text, message) => {
    script = [{ status: 200, body: { ARN: SECRET_ARN, Name: "svc/narrative-worker", SecretString: text } }];
    const { consumer, builds } = counted();
    const error = await consumer().then(
      () => null,
      (err: Error) => err,
    );
    expect(error?.message).toMatch(message);
    expect(error?.message).toContain(SECRET_ARN);
    expect(error?.message).not.toContain("hunter2");
    expect(builds).toHaveLength(0);
  });
});

describe("the Lambda handler", () => {
  it("reads SECRETS_ARN through the SDK's endpoint setting and retries a failed read on the next invocation", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      SECRETS_ARN: SECRET_ARN,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint,
      AWS_REGION: "eu-west-1",
      AWS_ACCESS_KEY_ID: "AKIDTEST",
      AWS_SECRET_ACCESS_KEY: "test-secret",
      AWS_MAX_ATTEMPTS: "1",
    });
    try {
      vi.resetModules();
      const { handler } = await import("./handler");
      script = [
        notFound,
        secretString({
          // Never connected to: an empty batch opens no database connection.
          DATABASE_URL: "postgres://narratives:unused@127.0.0.1:9/narratives",
          DATA_KEYS: serializeDataKeyRing(generateDataKeyRing(new Date())),
        }),
      ];
      await expect(handler({ Records: [] })).rejects.toThrow(/can't find the specified secret/);
      await expect(handler({ Records: [] })).resolves.toEqual({ batchItemFailures: [] });
      await expect(handler({ Records: [] })).resolves.toEqual({ batchItemFailures: [] });
      expect(reads).toEqual([SECRET_ARN, SECRET_ARN]);
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });

  it("reads MAX_RECEIVES through the environment schema: a value out of range is refused, naming it", async () => {
    const saved = { ...process.env };
    delete process.env.SECRETS_ARN;
    Object.assign(process.env, {
      DATABASE_URL: "postgres://narratives:unused@127.0.0.1:9/narratives",
      DATA_KEYS: serializeDataKeyRing(generateDataKeyRing(new Date())),
      MAX_RECEIVES: "0",
    });
    try {
      vi.resetModules();
      const { handler } = await import("./handler");
      await expect(handler({ Records: [] })).rejects.toThrow(/environment variable MAX_RECEIVES is invalid/);
      process.env.MAX_RECEIVES = "7";
      vi.resetModules();
      const { handler: fixed } = await import("./handler");
      await expect(fixed({ Records: [] })).resolves.toEqual({ batchItemFailures: [] });
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });
});
