import { EXTRACTION_SCHEMA_VERSION, Layer1Extraction, type DepthTier, type Layer1Request } from "@svc/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { startFakeOpenAi, type FakeOpenAi } from "../../../tests/support/fake_openai";
import { createOpenAiExtractor, Layer1UnavailableError, type OpenAiExtractorOptions } from "./extractor";
import { reconcileSamples } from "./reconcile";

const INPUT = "Should I tell my brother the truth about the money? I already told my mother, and I was afraid of his anger.";

const GOOD: Layer1Extraction = {
  schema_version: EXTRACTION_SCHEMA_VERSION,
  situation: { summary: "Whether to tell a brother the truth about money.", act_kind: "proposed_action" },
  deliberation: { level: "considered", examined_before_acting: null, evidence: ["Should I tell my brother the truth"] },
  grave_act: { present: false, harmed_circle: null, quote: null },
  domains: {
    dikaiosyne: { engaged: true, reading: "deliberate", evidence: ["tell my brother the truth about the money"] },
    andreia: { engaged: true, reading: "habitual", evidence: ["I was afraid of his anger"] },
    sophrosyne: { engaged: false, reading: null, evidence: [] },
  },
  passions: [{ root_passion: "phobos", sub_species: null, intensity: "mild", quote: "I was afraid of his anger" }],
  circles: [{ circle: "household", obligation_claim: "indeterminate", quote: "tell my brother the truth" }],
  ambiguity: { trigger_code: null, slot_fills: [] },
};

const variant = (edit: (x: Layer1Extraction) => void): Layer1Extraction => {
  const x = structuredClone(GOOD);
  edit(x);
  return Layer1Extraction.parse(x);
};
const json = (value: unknown) => JSON.stringify(value);
const show = (value: unknown) => JSON.stringify(value, null, 2);

const REQUEST: Layer1Request = { input: INPUT, context: null, domain_context: null, clarification_response: null, answered_triggers: [], depth: "standard" };

let fake: FakeOpenAi;
beforeEach(async () => {
  fake = await startFakeOpenAi();
});
afterEach(async () => {
  await fake.close();
});

const extractor = (options: Partial<OpenAiExtractorOptions> = {}) =>
  createOpenAiExtractor({ apiKey: "sk-test-layer1", baseURL: fake.baseURL, model: "gpt-test", maxRetries: 0, ...options });

async function unavailable(promise: Promise<unknown>): Promise<Layer1UnavailableError> {
  const error = await promise.then(
    (value) => {
      throw new Error(`expected Layer1UnavailableError, got ${show(value)}`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Layer1UnavailableError);
  return error as Layer1UnavailableError;
}

describe("createOpenAiExtractor: the request", () => {
  it("is named for its model", () => {
    expect(extractor().name).toBe("openai:gpt-test");
  });

  it("asks for the extraction as structured output with the published schema, at a sampling temperature", async () => {
    fake.enqueue(json(GOOD));
    await extractor().extract({ ...REQUEST, depth: "quick" });
    expect(fake.requests, show(fake.requests)).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.authorization).toBe("Bearer sk-test-layer1");
    expect(request!.model).toBe("gpt-test");
    expect(request!.temperature).toBe(0.7);
    expect(request!.response_format).toEqual({
      type: "json_schema",
      json_schema: {
        name: "l1_extraction",
        strict: false,
        schema: JSON.parse(json(z.toJSONSchema(Layer1Extraction, { target: "draft-2020-12", io: "output" }))),
      },
    });
  });

  it("sends the input alone as the account, and the answer and context each in a message of its own", async () => {
    fake.enqueue(json(GOOD));
    await extractor().extract({
      ...REQUEST,
      depth: "quick",
      context: "We share a flat.",
      domain_context: "family finances",
      clarification_response: "I have not told him yet; I am deciding now.",
      answered_triggers: ["TEMPORAL_AMBIGUITY"],
    });
    const messages = fake.requests[0]!.messages;
    expect(messages[0]!.role, show(messages)).toBe("system");
    expect(messages[1], show(messages)).toEqual({ role: "user", content: INPUT });
    const rest = messages.slice(2);
    const answer = rest.filter((m) => m.content.includes("I have not told him yet; I am deciding now."));
    expect(answer, show(messages)).toHaveLength(1);
    expect(answer[0]!.content).not.toContain(INPUT);
    expect(
      rest.filter((m) => m.content.includes("We share a flat.")),
      show(messages),
    ).toHaveLength(1);
    expect(
      rest.filter((m) => m.content.includes("family finances")),
      show(messages),
    ).toHaveLength(1);
    expect(
      rest.some((m) => m.content.includes("Do not raise TEMPORAL_AMBIGUITY again")),
      show(messages),
    ).toBe(true);
  });

  it("leaves out the messages for what a first turn does not have", async () => {
    fake.enqueue(json(GOOD));
    await extractor().extract({ ...REQUEST, depth: "quick" });
    expect(fake.requests[0]!.messages.map((m) => m.role)).toEqual(["system", "user"]);
  });

  it("tells the model that quotes are verbatim and the answer is not the account", async () => {
    fake.enqueue(json(GOOD));
    await extractor().extract({ ...REQUEST, depth: "quick" });
    const system = fake.requests[0]!.messages[0]!.content;
    expect(system).toMatch(/character for character/);
    expect(system).toMatch(/not the account of the act/);
    expect(system).toContain(EXTRACTION_SCHEMA_VERSION);
  });

  it.each([
    ["quick", 1],
    ["standard", 3],
    ["deep", 5],
  ] as const)("takes %s samples as %i separate requests", async (depth, count) => {
    fake.enqueue(...Array.from({ length: count }, () => json(GOOD)));
    await extractor().extract({ ...REQUEST, depth });
    expect(fake.requests).toHaveLength(count);
    expect(fake.requests.every((r) => r.n === undefined)).toBe(true);
  });

  it("takes as many samples as samplesFor says", async () => {
    fake.enqueue(json(GOOD), json(GOOD));
    const depths: DepthTier[] = [];
    await extractor({
      samplesFor: (depth) => {
        depths.push(depth);
        return 2;
      },
    }).extract({ ...REQUEST, depth: "deep" });
    expect(depths).toEqual(["deep"]);
    expect(fake.requests).toHaveLength(2);
  });
});

describe("createOpenAiExtractor: sampled and reconciled", () => {
  const samples = [
    GOOD,
    variant((x) => void (x.deliberation.level = "principled")),
    variant((x) => {
      x.deliberation.level = "principled";
      x.domains.andreia = { engaged: false, reading: null, evidence: [] };
      x.passions = [];
    }),
  ];

  it("reconciles three good samples field by field", async () => {
    fake.enqueue(...samples.map(json));
    const extraction = await extractor().extract(REQUEST);
    expect(extraction).toEqual(reconcileSamples(samples, INPUT));
    expect(extraction.deliberation.level).toBe("principled");
    expect(extraction.domains.andreia).toMatchObject({ engaged: true, reading: "habitual" });
    expect(extraction.passions.map((p) => p.root_passion)).toEqual(["phobos"]);
  });

  it("drops a sample that is not JSON and reconciles the rest", async () => {
    fake.enqueue(json(samples[0]), "{ this is not json", json(samples[2]));
    const extraction = await extractor().extract(REQUEST);
    expect(extraction).toEqual(reconcileSamples([samples[0]!, samples[2]!], INPUT));
  });

  it("drops, never patches, a sample that fails the schema", async () => {
    const invented = { ...variant((x) => void (x.situation.act_kind = "reasoning")), confidence: 0.9 };
    fake.enqueue(json(GOOD), json(invented), json(GOOD));
    const extraction = await extractor().extract(REQUEST);
    expect(extraction).toEqual(reconcileSamples([GOOD, GOOD], INPUT));
  });

  it.each([
    ["a reading set on a domain not engaged", { ...GOOD, domains: { ...GOOD.domains, sophrosyne: { engaged: false, reading: "habitual", evidence: [] } } }],
    ["an unknown enum value", { ...GOOD, situation: { ...GOOD.situation, act_kind: "hypothetical" } }],
    ["a missing field", { ...GOOD, grave_act: undefined }],
    ["a wrong schema version", { ...GOOD, schema_version: "l1-extraction/v0" }],
  ])("fails with 1 good sample and 2 with %s", async (_, invalid) => {
    fake.enqueue(json(GOOD), json(invalid), json(invalid));
    const error = await unavailable(extractor().extract(REQUEST));
    expect(error.code).toBe("layer1_unavailable");
    expect(error.kind).toBe("upstream");
    expect(error.message).toContain("2 of 3 samples were unusable");
    expect(error.message).toContain("(not matching the extraction schema: 2)");
    expect([error.samplesRequested, error.samplesUnusable]).toEqual([3, 2]);
  });

  it("fails when the only sample of a quick consult is unusable", async () => {
    fake.enqueue("");
    const error = await unavailable(extractor().extract({ ...REQUEST, depth: "quick" }));
    expect(error.message).toContain("1 of 1 samples were unusable");
  });

  it("succeeds with 3 of 5 deep samples and fails with 2 of 5", async () => {
    fake.enqueue(json(GOOD), "nope", json(GOOD), "nope", json(GOOD));
    await expect(extractor().extract({ ...REQUEST, depth: "deep" })).resolves.toEqual(reconcileSamples([GOOD, GOOD, GOOD], INPUT));
    fake.enqueue(json(GOOD), "nope", "nope", "nope", json(GOOD));
    const error = await unavailable(extractor().extract({ ...REQUEST, depth: "deep" }));
    expect(error.message).toContain("3 of 5 samples were unusable (not JSON: 3)");
  });

  it("never raises a trigger already answered, even when every sample does", async () => {
    const raised = variant((x) => void (x.ambiguity = { trigger_code: "TEMPORAL_AMBIGUITY", slot_fills: ["I already told my mother"] }));
    fake.enqueue(json(raised), json(raised), json(raised));
    const answered = await extractor().extract({ ...REQUEST, clarification_response: "Not yet.", answered_triggers: ["TEMPORAL_AMBIGUITY"] });
    expect(answered.ambiguity).toEqual({ trigger_code: null, slot_fills: [] });
    // Answered earlier in the chain, not just now: still barred.
    fake.enqueue(json(raised), json(raised), json(raised));
    const earlier = await extractor().extract({
      ...REQUEST,
      clarification_response: "Both of us.",
      answered_triggers: ["TEMPORAL_AMBIGUITY", "SCOPE_AMBIGUITY"],
    });
    expect(earlier.ambiguity).toEqual({ trigger_code: null, slot_fills: [] });
    const notes = fake.requests.at(-1)!.messages.filter((m) => m.content.includes("has been asked and answered"));
    expect(notes, show(fake.requests.at(-1)!.messages)).toHaveLength(1);
    expect(notes[0]!.content).toContain("Do not raise TEMPORAL_AMBIGUITY again");
    expect(notes[0]!.content).toContain("Do not raise SCOPE_AMBIGUITY again");

    fake.enqueue(json(raised), json(raised), json(raised));
    const first = await extractor().extract(REQUEST);
    expect(first.ambiguity.trigger_code).toBe("TEMPORAL_AMBIGUITY");
  });
});

describe("createOpenAiExtractor: the endpoint failing", () => {
  it("retries a 500 and then succeeds", async () => {
    fake.enqueue({ status: 500 }, json(GOOD));
    const extraction = await extractor({ maxRetries: 2 }).extract({ ...REQUEST, depth: "quick" });
    expect(extraction).toEqual(reconcileSamples([GOOD], INPUT));
    expect(fake.requests).toHaveLength(2);
  });

  it("retries a 429 and then succeeds", async () => {
    fake.enqueue({ status: 429 }, { status: 429 }, json(GOOD));
    await extractor({ maxRetries: 2 }).extract({ ...REQUEST, depth: "quick" });
    expect(fake.requests).toHaveLength(3);
  });

  it("gives up after the client's retries", async () => {
    fake.enqueue({ status: 500 }, { status: 502 }, { status: 503 });
    const error = await unavailable(extractor({ maxRetries: 2 }).extract({ ...REQUEST, depth: "quick" }));
    expect(error.message).toContain("(endpoint failure: 1)");
    expect(fake.requests).toHaveLength(3);
  });

  it("does not retry a 400", async () => {
    fake.enqueue({ status: 400 }, json(GOOD));
    await unavailable(extractor({ maxRetries: 2 }).extract({ ...REQUEST, depth: "quick" }));
    expect(fake.requests).toHaveLength(1);
  });

  it("times out a response slower than timeoutMs", async () => {
    fake.enqueue({ delayMs: 3000, then: json(GOOD) });
    const started = Date.now();
    const error = await unavailable(extractor({ timeoutMs: 200 }).extract({ ...REQUEST, depth: "quick" }));
    expect(Date.now() - started).toBeLessThan(2500);
    expect(error.message).toContain("endpoint failure");
  });

  it("retries a timed-out attempt", async () => {
    fake.enqueue({ delayMs: 3000, then: json(GOOD) }, json(GOOD));
    const extraction = await extractor({ timeoutMs: 200, maxRetries: 1 }).extract({ ...REQUEST, depth: "quick" });
    expect(extraction).toEqual(reconcileSamples([GOOD], INPUT));
    expect(fake.requests).toHaveLength(2);
  });

  it("fails when the endpoint cannot be reached", async () => {
    const baseURL = fake.baseURL;
    await fake.close();
    fake = await startFakeOpenAi();
    await unavailable(extractor({ baseURL }).extract({ ...REQUEST, depth: "quick" }));
  });

  it("needs a majority of the requested samples, whatever failed", async () => {
    fake.enqueue(json(GOOD), { status: 500 }, "not json");
    const error = await unavailable(extractor().extract(REQUEST));
    expect(error.message).toMatch(/2 of 3 samples were unusable \(endpoint failure: 1, not JSON: 1\)/);
  });
});
