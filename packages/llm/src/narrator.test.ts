import { assess, extractOffline, type Assessment } from "@svc/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startFakeOpenAi, type FakeOpenAi } from "../../../tests/support/fake_openai";
import { createOpenAiNarrator, Layer3UnavailableError, NARRATION_SYSTEM_PROMPT, type OpenAiNarratorOptions } from "./narrator";

const INPUT = "I told my brother the truth about the money, though I was afraid of his anger. I thought it over for a week before I spoke.";
const ASSESSMENT: Assessment = assess({
  extraction: extractOffline({ text: INPUT }),
  text: INPUT,
  examination: { ref: "loop_test", depth_tier: "standard", prior_feedback_ref: null, input_sha256: "0".repeat(64) },
});
const NARRATIVE =
  "As you tell it, the act was weighed before it was done. It engages justice and courage. Fear was at work, and it rests on a judgement worth testing. This is a reading for reflection, not a verdict.";

let fake: FakeOpenAi;
beforeEach(async () => {
  fake = await startFakeOpenAi();
});
afterEach(async () => {
  await fake.close();
});

const narrator = (options: Partial<OpenAiNarratorOptions> = {}) =>
  createOpenAiNarrator({ apiKey: "sk-test-layer3", baseURL: fake.baseURL, model: "gpt-narrate", maxRetries: 0, ...options });

async function unavailable(promise: Promise<unknown>): Promise<Layer3UnavailableError> {
  const error = await promise.then(
    (value) => {
      throw new Error(`expected Layer3UnavailableError, got ${JSON.stringify(value)}`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Layer3UnavailableError);
  expect((error as Layer3UnavailableError).code).toBe("layer3_unavailable");
  return error as Layer3UnavailableError;
}

describe("createOpenAiNarrator", () => {
  it("is named for its model", () => {
    expect(narrator().name).toBe("openai:gpt-narrate");
  });

  it("narrates the assessment in one completion", async () => {
    fake.enqueue(`\n${NARRATIVE}  \n`);
    expect(await narrator().narrate(ASSESSMENT)).toBe(NARRATIVE);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.model).toBe("gpt-narrate");
    expect(request.authorization).toBe("Bearer sk-test-layer3");
    expect(request.response_format).toBeUndefined();
    expect(request.messages).toEqual([
      { role: "system", content: NARRATION_SYSTEM_PROMPT },
      { role: "user", content: JSON.stringify(ASSESSMENT) },
    ]);
  });

  it("tells the model to say nothing beyond the assessment and to keep it advisory", () => {
    expect(NARRATION_SYSTEM_PROMPT).toMatch(/4 to 8 sentences/);
    expect(NARRATION_SYSTEM_PROMPT).toMatch(/Say nothing the assessment does not say/);
    expect(NARRATION_SYSTEM_PROMPT).toMatch(/not a verdict/);
  });

  it("retries a 500 and then narrates", async () => {
    fake.enqueue({ status: 500 }, NARRATIVE);
    expect(await narrator({ maxRetries: 1 }).narrate(ASSESSMENT)).toBe(NARRATIVE);
    expect(fake.requests).toHaveLength(2);
  });

  it.each([
    ["the endpoint fails after its retries", [{ status: 500 }, { status: 503 }] as const],
    ["the narrative is empty", ["   "] as const],
    [
      "the endpoint is too slow",
      [
        { delayMs: 3000, then: NARRATIVE },
        { delayMs: 3000, then: NARRATIVE },
      ] as const,
    ],
  ])("throws Layer3UnavailableError when %s", async (_, replies) => {
    fake.enqueue(...replies);
    await unavailable(narrator({ maxRetries: 1, timeoutMs: 200 }).narrate(ASSESSMENT));
  });
});
