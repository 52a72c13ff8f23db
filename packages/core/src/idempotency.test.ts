import { describe, expect, it } from "vitest";
import { ValidationError } from "./errors";
import { bodyFingerprint, keepsIdempotentResponse, parseIdempotencyKey } from "./idempotency";

describe("parseIdempotencyKey", () => {
  it("passes an absent header and any 1 to 255 printable ASCII characters", () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
    for (const key of ["a", "8e0f1c9a-2f4b-4e55-9d1e-5b7c3f0a9e11", " ~!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}", "k".repeat(255)]) {
      expect(parseIdempotencyKey(key)).toBe(key);
    }
  });

  it.each([
    ["empty", ""],
    ["too long", "k".repeat(256)],
    ["non-ASCII", "clé"],
    ["a control character", "a\u0007b"],
    ["a tab", "a\tb"],
    ["DEL", "a\u007fb"],
  ])("refuses %s with a 400 naming the header", (_label, value) => {
    let thrown: unknown;
    try {
      parseIdempotencyKey(value);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect(thrown).toMatchObject({ code: "invalid_header", field: "Idempotency-Key" });
  });
});

describe("bodyFingerprint", () => {
  it("is the same for the same JSON in another key order, and differs for another value", async () => {
    const a = await bodyFingerprint({ action: "x", context: { b: 1, a: [1, 2] } });
    expect(await bodyFingerprint({ context: { a: [1, 2], b: 1 }, action: "x" })).toBe(a);
    expect(await bodyFingerprint({ action: "x", context: { b: 1, a: [2, 1] } })).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it("tells no body from an empty object", async () => {
    expect(await bodyFingerprint(undefined)).not.toBe(await bodyFingerprint({}));
  });
});

describe("keepsIdempotentResponse", () => {
  it.each([
    [200, true],
    [201, true],
    [204, true],
    [400, true],
    [404, true],
    [409, true],
    [422, true],
    [429, false],
    [500, false],
    [502, false],
    [503, false],
  ])("status %i: kept %s", (status, kept) => {
    expect(keepsIdempotentResponse(status)).toBe(kept);
  });
});
