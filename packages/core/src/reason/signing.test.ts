import { createPrivateKey, createPublicKey, generateKeyPairSync, sign as nodeSign, verify as nodeVerify } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  activeKey,
  generateSigningKey,
  keyIdFor,
  parseKeyRing,
  PublicKeySet,
  publicKeySet,
  rotate,
  serializeKeyRing,
  signAssessment,
  type KeyRing,
  type SignedAssessment,
  type SigningKeyRecord,
  verifyAssessment,
} from "./signing";

const NOW = new Date("2026-11-21T10:00:00.000Z");
const DAY_MS = 86_400_000;

const ASSESSMENT = {
  katorthoma_proximity: "deliberate",
  proximity_floors: { base: "deliberate", dikaiosyne: "habitual", andreia: null, sophrosyne: null, aggregate: "habitual", basis: "corroboration" },
  oikeiosis: { relevant_circles: [{ circle: "household", obligation_assessment: { status: "met", justification: "kept the promise" } }] },
  corroboration: { findings: [{ claim: "told the truth", verdict: "corroborated", markers: [{ quote: "I told her — “plainly”" }] }] },
  examination: { ref: "loop_01", depth_tier: "standard", prior_feedback_ref: null },
  scores: [0.5, 1e-7, 12],
};

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const show = (value: unknown) => JSON.stringify(value, null, 2);

let key: SigningKeyRecord;
let otherKey: SigningKeyRecord;
let ring: KeyRing;
let signed: SignedAssessment;

beforeAll(async () => {
  key = await generateSigningKey(NOW);
  otherKey = { ...(await generateSigningKey(new Date("2026-08-01T00:00:00Z"))), retired_at: "2026-10-01T00:00:00.000Z" };
  ring = { records: [otherKey, key] };
  signed = await signAssessment(ASSESSMENT, key);
});

describe("keyIdFor", () => {
  it.each([
    ["2026-11-21T10:00:00Z", "l2-2026Q4"],
    ["2026-01-01T00:00:00Z", "l2-2026Q1"],
    ["2026-03-31T23:59:59.999Z", "l2-2026Q1"],
    ["2026-04-01T00:00:00Z", "l2-2026Q2"],
    ["2026-06-30T12:00:00Z", "l2-2026Q2"],
    ["2026-07-01T00:00:00Z", "l2-2026Q3"],
    ["2026-12-31T23:59:59Z", "l2-2026Q4"],
    // 23:30 at UTC-5 on 31 March is already 1 April in UTC.
    ["2026-03-31T23:30:00-05:00", "l2-2026Q2"],
  ])("names %s as %s (UTC)", (iso, kid) => {
    expect(keyIdFor(new Date(iso))).toBe(kid);
  });

  it("refuses an invalid date", () => {
    expect(() => keyIdFor(new Date("not a date"))).toThrow(RangeError);
  });
});

describe("generateSigningKey", () => {
  it("makes an Ed25519 record named for the quarter, public part without d", () => {
    expect(key.kid).toBe("l2-2026Q4");
    expect(key.created_at).toBe(NOW.toISOString());
    expect(key.retired_at).toBeNull();
    expect(key.private_jwk).toMatchObject({ kty: "OKP", crv: "Ed25519", x: key.public_jwk.x });
    expect(key.private_jwk.d).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(key.public_jwk).sort()).toEqual(["crv", "kty", "x"]);
  });

  it("makes a different key each time", async () => {
    const again = await generateSigningKey(NOW);
    expect(again.public_jwk.x).not.toBe(key.public_jwk.x);
  });
});

describe("signAssessment and verifyAssessment", () => {
  it("round-trips: a signed assessment verifies against the published key set, also after JSON transport", async () => {
    expect(signed.key_id).toBe("l2-2026Q4");
    expect(signed.signature).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect(signed.assessment).toBe(ASSESSMENT);
    const jwks = clone(publicKeySet(ring, NOW));
    expect(await verifyAssessment(signed, jwks)).toEqual({ valid: true, key_id: "l2-2026Q4" });
    expect(await verifyAssessment(clone(signed), jwks)).toEqual({ valid: true, key_id: "l2-2026Q4" });
  });

  it("gives the same signature whatever the key order of the input (Ed25519 is deterministic, JCS sorts)", async () => {
    const reordered = {
      scores: [0.5, 1e-7, 12],
      examination: { prior_feedback_ref: null, depth_tier: "standard", ref: "loop_01" },
      corroboration: clone(ASSESSMENT.corroboration),
      oikeiosis: clone(ASSESSMENT.oikeiosis),
      proximity_floors: { basis: "corroboration", aggregate: "habitual", sophrosyne: null, andreia: null, dikaiosyne: "habitual", base: "deliberate" },
      katorthoma_proximity: "deliberate",
    };
    const again = await signAssessment(reordered, key);
    expect(again.signature).toBe(signed.signature);
    expect(await verifyAssessment({ ...signed, assessment: reordered }, publicKeySet(ring, NOW))).toEqual({ valid: true, key_id: key.kid });
  });

  it("matches a fixed vector: the RFC 8032 test key 1 over a fixed assessment", async () => {
    // Key from RFC 8032 section 7.1, test 1; the signature was produced with node:crypto over
    // the canonical text below. Pins JCS, UTF-8 and base64 together.
    const rfcKey: SigningKeyRecord = {
      kid: "l2-2026Q4",
      private_jwk: { kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo", d: "nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A" },
      public_jwk: { kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo" },
      created_at: NOW.toISOString(),
      retired_at: null,
    };
    // Canonical text: {"examination":{"depth_tier":"standard","ref":"loop_1"},"katorthoma_proximity":"deliberate","note":"é €"}
    const fixed = { note: "é €", katorthoma_proximity: "deliberate", examination: { ref: "loop_1", depth_tier: "standard" } };
    const result = await signAssessment(fixed, rfcKey);
    expect(result.signature).toBe("BbiFBkYSNxJUyLrCmtBypbGJW8wXIyed/2exzOypPGd8tpUxk03KnF2VRBACDhVz9BU2oXkWpFRaNzfYybD9Aw==");
  });

  describe("any Ed25519 library works against the published JWK after JCS", () => {
    // Written out by hand, independent of canonicalize.
    const fixed = { b: 1, a: { d: "\u00e9\ud83d\ude00", c: [1.5, null, 1e21] } };
    const canonicalText = '{"a":{"c":[1.5,null,1e+21],"d":"\u00e9\ud83d\ude00"},"b":1}';

    it("a signature made with node:crypto over the JCS bytes verifies", async () => {
      const pair = generateKeyPairSync("ed25519");
      const jwk = pair.publicKey.export({ format: "jwk" });
      const signature = nodeSign(null, Buffer.from(canonicalText, "utf8"), pair.privateKey).toString("base64");
      const byHand = { assessment: fixed, signature, key_id: "hand-made" };
      const jwks = { keys: [{ ...jwk, kid: "hand-made", alg: "EdDSA", use: "sig" }] };
      expect(await verifyAssessment(byHand, jwks)).toEqual({ valid: true, key_id: "hand-made" });
      expect(await verifyAssessment({ ...byHand, assessment: { ...fixed, b: 2 } }, jwks)).toMatchObject({ valid: false, reason: "signature mismatch" });
    });

    it("a signature from signAssessment verifies with node:crypto against the published JWK", async () => {
      const result = await signAssessment(fixed, key);
      const published = publicKeySet(ring, NOW).keys.find((k) => k.kid === result.key_id)!;
      const publicKey = createPublicKey({ key: { kty: published.kty, crv: published.crv, x: published.x }, format: "jwk" });
      const signature = Buffer.from(result.signature, "base64");
      expect(nodeVerify(null, Buffer.from(canonicalText, "utf8"), publicKey, signature)).toBe(true);
      expect(nodeVerify(null, Buffer.from(canonicalText.replace('"b":1', '"b":2'), "utf8"), publicKey, signature)).toBe(false);
    });

    it("node:crypto accepts the stored private JWK as the same key", async () => {
      const privateKey = createPrivateKey({ key: { ...key.private_jwk } as never, format: "jwk" });
      const signature = nodeSign(null, Buffer.from(canonicalText, "utf8"), privateKey).toString("base64");
      expect(signature).toBe((await signAssessment(fixed, key)).signature);
    });
  });

  describe("a single change fails verification", () => {
    type Tamper = (s: SignedAssessment & { assessment: typeof ASSESSMENT & Record<string, unknown> }) => void;
    it.each<[string, Tamper, string]>([
      ["a nested value changed", (s) => void (s.assessment.proximity_floors.dikaiosyne = "deliberate"), "signature mismatch"],
      [
        "a deeply nested quote changed by one character",
        (s) => void (s.assessment.corroboration.findings[0]!.markers[0]!.quote = "I told her — “plainlY”"),
        "signature mismatch",
      ],
      ["a number changed", (s) => void (s.assessment.scores[0] = 0.5000000000000001), "signature mismatch"],
      ["a null made a string", (s) => void (s.assessment.examination.prior_feedback_ref = "null" as never), "signature mismatch"],
      ["a key added at the top", (s) => void (s.assessment.extra = true), "signature mismatch"],
      ["a key added in a nested object", (s) => void ((s.assessment.examination as Record<string, unknown>).note = ""), "signature mismatch"],
      ["a key removed", (s) => void delete (s.assessment as Record<string, unknown>).scores, "signature mismatch"],
      ["an array reordered", (s) => void s.assessment.scores.reverse(), "signature mismatch"],
      ["the key_id changed to another published key", (s) => void (s.key_id = "l2-2026Q3"), "signature mismatch"],
      ["the key_id changed to an unknown key", (s) => void (s.key_id = "l2-2026Q1"), "unknown key id l2-2026Q1"],
    ])("%s", async (_name, tamper, reason) => {
      const copy = clone(signed) as Parameters<Tamper>[0];
      tamper(copy);
      const result = await verifyAssessment(copy, publicKeySet(ring, NOW));
      expect(result, show(result)).toEqual({ valid: false, reason });
    });

    it("a composed é replaced by e + combining accent (same glyph, other bytes)", async () => {
      const composed = await signAssessment({ note: "caf\u00e9" }, key);
      const result = await verifyAssessment({ ...composed, assessment: { note: "cafe\u0301" } }, publicKeySet(ring, NOW));
      expect(result).toEqual({ valid: false, reason: "signature mismatch" });
    });

    it.each(Array.from({ length: 64 }, (_, i) => i))("one bit of signature byte %i flipped", async (index) => {
      const bytes = Buffer.from(signed.signature, "base64");
      bytes[index]! ^= 0x01;
      const result = await verifyAssessment({ ...signed, signature: bytes.toString("base64") }, publicKeySet(ring, NOW));
      expect(result).toEqual({ valid: false, reason: "signature mismatch" });
    });

    it("every single byte of the transported JSON flipped: never valid", async () => {
      const jwks = publicKeySet(ring, NOW);
      const text = Buffer.from(JSON.stringify(signed), "utf8");
      let checked = 0;
      for (let index = 0; index < text.length; index++) {
        const flipped = Buffer.from(text);
        flipped[index]! ^= 0x01;
        let parsed: unknown;
        try {
          parsed = JSON.parse(flipped.toString("utf8"));
        } catch {
          continue; // not JSON any more: nothing to accept
        }
        checked++;
        const result = await verifyAssessment(parsed, jwks);
        expect(result.valid, `byte ${index} (${String.fromCharCode(text[index]!)}) flipped: ${show(result)}`).toBe(false);
      }
      expect(checked).toBeGreaterThan(text.length / 2);
    });
  });

  describe("the signature encoding is strict", () => {
    it.each<[string, (signature: string) => string]>([
      ["not base64", () => "not base64!"],
      ["unpadded", (s) => s.replace(/=+$/, "")],
      ["base64url alphabet", (s) => `-_${s.slice(2)}`],
      ["too short (63 bytes)", (s) => Buffer.from(s, "base64").subarray(1).toString("base64")],
      ["too long (65 bytes)", (s) => Buffer.concat([Buffer.from(s, "base64"), Buffer.from([0])]).toString("base64")],
      ["with whitespace", (s) => `${s.slice(0, 40)}\n${s.slice(40)}`],
      [
        // The last character before "==" carries 4 unused bits: setting one decodes to the
        // same 64 bytes, so a lenient decoder would accept a changed file.
        "non-canonical padding bits",
        (s) => {
          const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
          return `${s.slice(0, 85)}${alphabet[alphabet.indexOf(s[85]!) + 1]}==`;
        },
      ],
    ])("refuses a signature %s", async (_name, change) => {
      const signature = change(signed.signature);
      expect(signature).not.toBe(signed.signature);
      const result = await verifyAssessment({ ...signed, signature }, publicKeySet(ring, NOW));
      expect(result, show(result)).toMatchObject({ valid: false, reason: expect.stringMatching(/^bad signature encoding/) });
    });
  });

  describe("bad input is a reason, never an exception", () => {
    it.each<[string, () => [unknown, unknown], RegExp]>([
      ["null", () => [null, publicKeySet(ring, NOW)], /^malformed signed assessment/],
      ["a string", () => ["signed", publicKeySet(ring, NOW)], /^malformed signed assessment/],
      ["no signature", () => [{ assessment: ASSESSMENT, key_id: key.kid }, publicKeySet(ring, NOW)], /^malformed signed assessment: signature/],
      ["a numeric key_id", () => [{ ...signed, key_id: 4 }, publicKeySet(ring, NOW)], /^malformed signed assessment: key_id/],
      ["an array as assessment", () => [{ ...signed, assessment: [1] }, publicKeySet(ring, NOW)], /^malformed signed assessment: assessment/],
      ["an assessment JSON cannot carry", () => [{ ...signed, assessment: { x: NaN } }, publicKeySet(ring, NOW)], /^malformed assessment/],
      ["a null key set", () => [signed, null], /^malformed key set/],
      ["keys not an array", () => [signed, { keys: "x" }], /^malformed key set/],
      ["an empty key set", () => [signed, { keys: [] }], /^unknown key id l2-2026Q4$/],
      ["an RSA key under the kid", () => [signed, { keys: [{ kty: "RSA", kid: key.kid, n: "AQAB", e: "AQAB" }] }], /not an Ed25519 signing key/],
      [
        "an X25519 key under the kid",
        () => [signed, { keys: [{ kty: "OKP", crv: "X25519", kid: key.kid, x: key.public_jwk.x }] }],
        /not an Ed25519 signing key/,
      ],
      ["an encryption key under the kid", () => [signed, { keys: [{ ...publicKeySet(ring, NOW).keys[1], use: "enc" }] }], /not an Ed25519 signing key/],
      ["a short x", () => [signed, { keys: [{ kty: "OKP", crv: "Ed25519", kid: key.kid, x: "AAAA" }] }], /not a valid Ed25519 public key/],
      [
        "another key's x under the kid",
        () => [signed, { keys: [{ kty: "OKP", crv: "Ed25519", kid: key.kid, x: otherKey.public_jwk.x }] }],
        /^signature mismatch$/,
      ],
    ])("%s", async (_name, inputs, reason) => {
      const [input, jwks] = inputs();
      const result = await verifyAssessment(input, jwks);
      expect(result, show(result)).toMatchObject({ valid: false, reason: expect.stringMatching(reason) });
    });

    it("ignores other keys in the set, and extra unsigned fields beside the signed object", async () => {
      const jwks = { keys: [{ kty: "RSA", kid: "rsa-1", n: "AQAB", e: "AQAB" }, ...publicKeySet(ring, NOW).keys] };
      expect(await verifyAssessment({ ...signed, served_at: "2026-11-21" }, jwks)).toEqual({ valid: true, key_id: key.kid });
    });
  });
});

describe("activeKey", () => {
  it("is the newest record not retired", () => {
    expect(activeKey(ring, NOW).kid).toBe(key.kid);
  });

  it("throws when every key is retired", () => {
    const retired = { records: ring.records.map((r) => ({ ...r, retired_at: "2026-11-01T00:00:00.000Z" })) };
    expect(() => activeKey(retired, NOW)).toThrow(/no active signing key/);
  });

  it("does not use a staged key before its created_at, and uses it from then", async () => {
    const staged = await generateSigningKey(new Date("2027-01-01T00:00:00Z"));
    const current = { ...key, retired_at: "2027-01-01T00:00:00.000Z" };
    const withStaged = { records: [current, staged] };
    expect(activeKey(withStaged, new Date("2026-12-31T23:59:59Z")).kid).toBe("l2-2026Q4");
    expect(activeKey(withStaged, new Date("2027-01-01T00:00:00Z")).kid).toBe("l2-2027Q1");
    expect(publicKeySet(withStaged, NOW).keys.map((k) => k.kid)).toEqual(["l2-2026Q4", "l2-2027Q1"]);
  });
});

describe("publicKeySet", () => {
  const retiredDaysAgo = (record: SigningKeyRecord, days: number, kid: string): SigningKeyRecord => ({
    ...record,
    kid,
    retired_at: new Date(NOW.getTime() - days * DAY_MS).toISOString(),
  });

  it("holds the active key and keys retired inside 90 days, not older ones, and never a private part", async () => {
    const ninety = await generateSigningKey(new Date("2026-05-01T00:00:00Z"));
    const withAges: KeyRing = {
      records: [retiredDaysAgo(ninety, 91, "l2-2026Q1"), retiredDaysAgo(ninety, 90, "l2-2026Q2"), retiredDaysAgo(otherKey, 89, "l2-2026Q3"), key],
    };
    const jwks = publicKeySet(withAges, NOW);
    expect(
      jwks.keys.map((k) => k.kid),
      show(jwks),
    ).toEqual(["l2-2026Q2", "l2-2026Q3", "l2-2026Q4"]);
    expect(PublicKeySet.parse(jwks)).toEqual(jwks);
    for (const published of jwks.keys) {
      expect(Object.keys(published).sort()).toEqual(["alg", "crv", "kid", "kty", "use", "x"]);
      expect(published).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    }
    const text = JSON.stringify(jwks);
    expect(text).not.toContain('"d"');
    for (const record of withAges.records) expect(text).not.toContain(String(record.private_jwk.d));
    expect(publicKeySet(withAges, NOW, 30).keys.map((k) => k.kid)).toEqual(["l2-2026Q4"]);
  });

  it("never copies a private part even if a record's public_jwk carried one", () => {
    const leaky = { records: [{ ...key, public_jwk: { ...key.private_jwk } }] };
    expect(JSON.stringify(publicKeySet(leaky, NOW))).not.toContain(String(key.private_jwk.d));
  });
});

describe("rotate", () => {
  const Q4_KEY_AT = new Date("2026-12-15T09:00:00.000Z");

  it("keeps the ring within the quarter and rotates at the first instant of the next", async () => {
    const start: KeyRing = { records: [await generateSigningKey(Q4_KEY_AT)] };
    const snapshot = clone(start);
    expect(await rotate(start, new Date("2026-12-31T23:59:59.999Z"))).toBe(start);

    const boundary = new Date("2027-01-01T00:00:00.000Z");
    const rotated = await rotate(start, boundary);
    expect(start, "rotate is pure").toEqual(snapshot);
    expect(rotated.records.map((r) => [r.kid, r.retired_at])).toEqual([
      ["l2-2026Q4", boundary.toISOString()],
      ["l2-2027Q1", null],
    ]);
    expect(activeKey(rotated, boundary).kid).toBe("l2-2027Q1");

    // What the old key signed stays verifiable; new signatures carry the new key id.
    const old = await signAssessment(ASSESSMENT, start.records[0]!);
    const jwks = publicKeySet(rotated, new Date("2027-03-01T00:00:00Z"));
    expect(await verifyAssessment(old, jwks)).toEqual({ valid: true, key_id: "l2-2026Q4" });
    const fresh = await signAssessment(ASSESSMENT, activeKey(rotated, boundary));
    expect(await verifyAssessment(fresh, jwks)).toEqual({ valid: true, key_id: "l2-2027Q1" });
    // Rotating again in the same quarter changes nothing.
    expect(await rotate(rotated, new Date("2027-02-01T00:00:00Z"))).toBe(rotated);
  });

  it("adds a key to an empty ring", async () => {
    const rotated = await rotate({ records: [] }, NOW);
    expect(rotated.records.map((r) => r.kid)).toEqual(["l2-2026Q4"]);
  });

  it("never reuses a kid: a key retired early in the quarter is succeeded by l2-…-2", async () => {
    const retiredEarly = { records: [{ ...key, retired_at: NOW.toISOString() }] };
    const rotated = await rotate(retiredEarly, new Date(NOW.getTime() + DAY_MS));
    expect(rotated.records.map((r) => r.kid)).toEqual(["l2-2026Q4", "l2-2026Q4-2"]);
    expect(() => parseKeyRing(serializeKeyRing(rotated))).not.toThrow();
  });
});

describe("parseKeyRing", () => {
  it("reads back what serializeKeyRing writes", () => {
    const text = serializeKeyRing(ring);
    expect(JSON.parse(text)).toEqual({ keys: ring.records });
    expect(parseKeyRing(text)).toEqual(ring);
  });

  const stored = (change: (record: Record<string, unknown>) => void, extra: Record<string, unknown> = {}) => {
    const record = clone(key) as unknown as Record<string, unknown>;
    change(record);
    return JSON.stringify({ keys: [record], ...extra });
  };

  it.each<[string, () => string, RegExp]>([
    ["not JSON", () => "{keys:", /not valid JSON/],
    ["no keys", () => "{}", /keys: /],
    ["keys not an array", () => '{"keys":{}}', /keys: /],
    ["an unknown top-level field", () => stored(() => {}, { active: "x" }), /Unrecognized key.*active/],
    ["a record without kid", () => stored((r) => delete r.kid), /keys\[0\]\.kid/],
    ["a kid with spaces", () => stored((r) => (r.kid = "l2 2026Q4")), /keys\[0\]\.kid/],
    [
      "a private part in public_jwk",
      () => stored((r) => (r.public_jwk = { ...key.private_jwk })),
      /keys\[0\]\.public_jwk\.d: a public key must not carry the private part d/,
    ],
    ["a private_jwk without d", () => stored((r) => (r.private_jwk = { ...key.public_jwk })), /keys\[0\]\.private_jwk\.d/],
    ["an X25519 key", () => stored((r) => (r.public_jwk = { ...key.public_jwk, crv: "X25519" })), /keys\[0\]\.public_jwk\.crv/],
    ["a truncated x", () => stored((r) => (r.public_jwk = { ...key.public_jwk, x: "AAAA" })), /keys\[0\]\.public_jwk\.x/],
    ["halves of two key pairs", () => stored((r) => (r.public_jwk = { ...otherKey.public_jwk })), /not one key pair/],
    ["a bad created_at", () => stored((r) => (r.created_at = "yesterday")), /keys\[0\]\.created_at/],
    ["a missing retired_at", () => stored((r) => delete r.retired_at), /keys\[0\]\.retired_at/],
    ["a duplicate kid", () => JSON.stringify({ keys: [key, { ...otherKey, kid: key.kid }] }), /keys\[1\]\.kid: duplicate kid l2-2026Q4/],
  ])("refuses %s, naming the problem", (_name, text, message) => {
    expect(() => parseKeyRing(text())).toThrow(message);
  });
});
