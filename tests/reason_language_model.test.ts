import { extractOffline, verifyAssessment } from "@svc/core";
import { accountFunction } from "@svc/fn-account";
import { reasonFunction } from "@svc/fn-reason";
import { RUNTIME_BINDING } from "@svc/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalRuntime, type LocalRuntime } from "../packages/local/src/local_runtime";
import { mintApiKey } from "./support/credentials";
import { startFakeOpenAi, type FakeOpenAi } from "./support/fake_openai";

// The consult through the language-model path, end to end over the real request path, with an
// OpenAI-compatible server faked on loopback (the only remote paid service we fake).

const INPUT = "I kept my promise to my team and told them the truth about the delay, though I was worried.";

describe("POST /api/reason with the language model", () => {
  let fake: FakeOpenAi;
  let runtime: LocalRuntime;
  let env: Record<string, unknown>;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    runtime = createLocalRuntime({
      dataDir: "memory://",
      languageModel: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: "test-model", OPENAI_TIMEOUT_MS: 2000, OPENAI_MAX_RETRIES: 0 },
    });
    env = { LOG_LEVEL: "silent", [RUNTIME_BINDING]: runtime };
  });
  afterAll(async () => {
    await runtime?.close();
    await fake?.close();
  });

  const consult = (key: string, body: unknown) =>
    reasonFunction.fetch(
      new Request("http://t/api/reason", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      env,
    );
  const loopsUsed = async (key: string) => {
    const res = await accountFunction.fetch(new Request("http://t/api/usage", { headers: { authorization: `Bearer ${key}` } }), env);
    const usage = (await res.json()) as { skills: Array<{ skill: string; used: number }> };
    return usage.skills.find((s) => s.skill === "svc-reason")!.used;
  };
  const sample = () => JSON.stringify(extractOffline({ text: INPUT }));

  it("samples the model (3 at standard depth), signs the reconciled reading and labels its source", async () => {
    const { key } = await mintApiKey(runtime);
    fake.enqueue(sample(), sample(), sample(), "The narrative, in the model's own words.");
    const res = await consult(key, { input: INPUT, depth: "standard" });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = JSON.parse(text);
    expect(body.meta.layer1_source).toBe("server");
    expect(body.meta.layer1_extractor).toBe("openai:test-model");
    expect(body.meta.layer3_narrator).toBe("openai:test-model");
    expect(body.narrative.text).toBe("The narrative, in the model's own words.");
    const jwks = await (await reasonFunction.fetch(new Request("http://t/api/public-key"), env)).json();
    expect(await verifyAssessment(body.assessment, jwks)).toMatchObject({ valid: true });
    expect(fake.pending()).toBe(0);
    expect(await loopsUsed(key)).toBe(1);
  });

  it("answers 502 layer1_unavailable when the model's output is unusable, never patching it, and refunds the loop", async () => {
    const { key } = await mintApiKey(runtime);
    const invalid = JSON.stringify({ ...JSON.parse(sample()), deliberation: { level: "very wise", examined_before_acting: null } });
    fake.enqueue("not json at all", invalid, sample());
    const res = await consult(key, { input: INPUT });
    const text = await res.text();
    expect(res.status, text).toBe(502);
    expect(JSON.parse(text).error.code).toBe("layer1_unavailable");
    expect(await loopsUsed(key)).toBe(0);
  });

  it("falls back to the offline narrator when Layer 3 fails, and says so", async () => {
    const { key } = await mintApiKey(runtime);
    fake.enqueue(sample(), { status: 500 });
    const res = await consult(key, { input: INPUT, depth: "quick" });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = JSON.parse(text);
    expect(body.meta.layer1_extractor).toBe("openai:test-model");
    expect(body.meta.layer3_narrator).toBe("offline-narrator/v1");
    expect(body.narrative.text).toContain("reflection");
  });
});
