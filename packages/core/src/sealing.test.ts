import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createSealer,
  dataKeyIdFor,
  generateDataKey,
  generateDataKeyRing,
  parseDataKeyRing,
  rotateDataKeyRing,
  SealError,
  serializeDataKeyRing,
  type DataKeyRing,
  type SealErrorReason,
  type Sealer,
} from "./sealing";

const Q4 = new Date("2026-11-21T10:00:00.000Z");
const NEXT_Q1 = new Date("2027-01-15T00:00:00.000Z");
const NARRATIVE = "You kept the promise to your sister although it cost you the evening.";
const CORRELATION_ID = "01JD3Q8X9Z7V2K4M6N8P0R2T4W";

let ring: DataKeyRing;
let sealer: Sealer;
let sealed: string;

beforeAll(async () => {
  ring = generateDataKeyRing(Q4);
  sealer = createSealer(ring);
  sealed = await sealer.seal(NARRATIVE, CORRELATION_ID);
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function expectSealError(opening: Promise<unknown>, reason: SealErrorReason): Promise<SealError> {
  const outcome = await opening.then(
    (value) => ({ opened: value }),
    (err: unknown) => ({ err }),
  );
  if (!("err" in outcome)) throw new Error(`expected a SealError (${reason}) but it opened to ${JSON.stringify(outcome.opened)}`);
  expect(outcome.err, String(outcome.err)).toBeInstanceOf(SealError);
  expect((outcome.err as SealError).reason, (outcome.err as SealError).message).toBe(reason);
  return outcome.err as SealError;
}

const toBase64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const fromBase64url = (text: string) => new Uint8Array(Buffer.from(text, "base64url"));

function fields(value: string): { header: string; iv: string; ciphertext: string } {
  const parts = value.split(".");
  return { header: parts.slice(0, -2).join("."), iv: parts.at(-2)!, ciphertext: parts.at(-1)! };
}

describe("dataKeyIdFor and generateDataKey", () => {
  it.each([
    ["2026-11-21T10:00:00Z", "dk-2026Q4"],
    ["2026-01-01T00:00:00Z", "dk-2026Q1"],
    ["2026-06-30T23:59:59.999Z", "dk-2026Q2"],
    ["2026-03-31T23:30:00-05:00", "dk-2026Q2"],
  ])("names %s as %s (UTC)", (iso, kid) => {
    expect(dataKeyIdFor(new Date(iso))).toBe(kid);
  });

  it("refuses an invalid date", () => {
    expect(() => dataKeyIdFor(new Date("not a date"))).toThrow(RangeError);
  });

  it("makes 32 random bytes in standard base64, different each time", () => {
    const first = generateDataKey("dk-2026Q4");
    const second = generateDataKey("dk-2026Q4");
    expect(first.kid).toBe("dk-2026Q4");
    expect(first.key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(first.key, "base64")).toHaveLength(32);
    expect(second.key).not.toBe(first.key);
  });

  it.each(["", "has space", "a/b", "x".repeat(65), "__proto__"])("refuses the key id %j", (kid) => {
    expect(() => generateDataKey(kid)).toThrow(/^invalid data key id/);
  });

  it("makes a ring of one active key named for the quarter", () => {
    expect(ring.active).toBe("dk-2026Q4");
    expect(Object.keys(ring.keys)).toEqual(["dk-2026Q4"]);
  });
});

describe("seal and open", () => {
  it("round-trips, and the sealed value is v1.<kid>.<12-byte IV>.<ciphertext and tag>", async () => {
    expect(sealed).toMatch(/^v1\.dk-2026Q4\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(fromBase64url(fields(sealed).iv)).toHaveLength(12);
    // AES-GCM: the ciphertext is as long as the UTF-8 plaintext, plus a 16-byte tag.
    expect(fromBase64url(fields(sealed).ciphertext)).toHaveLength(Buffer.byteLength(NARRATIVE) + 16);
    expect(await sealer.open(sealed, CORRELATION_ID)).toBe(NARRATIVE);
  });

  it.each([
    ["the empty string", ""],
    ["accents, CJK, emoji and a combining mark", "Ἐπίκτητος — 自制 😀👩🏽‍⚖️ e\u0301 \u0000 end"],
    ["JSON", JSON.stringify({ narrative: { status: "ready", text: "“quoted”" } })],
    ["100 KB", "The obstacle is the way. Ἐπίκτητος 😀\n".repeat(2_600).slice(0, 100_000)],
  ])("round-trips %s", async (_name, plaintext) => {
    const value = await sealer.seal(plaintext, CORRELATION_ID);
    expect(await sealer.open(value, CORRELATION_ID)).toBe(plaintext);
  });

  it("round-trips without associated data", async () => {
    expect(await sealer.open(await sealer.seal(NARRATIVE))).toBe(NARRATIVE);
  });

  it("uses a fresh IV each time: the same plaintext never seals to the same value", async () => {
    const values = await Promise.all(Array.from({ length: 20 }, () => sealer.seal(NARRATIVE, CORRELATION_ID)));
    expect(new Set(values).size).toBe(20);
    expect(new Set(values.map((value) => fields(value).iv)).size).toBe(20);
    expect(new Set(values.map((value) => fields(value).ciphertext)).size).toBe(20);
  });

  it("never contains the plaintext, in clear or in base64", async () => {
    const plaintext = `narrative-marker-Zeno-of-Citium-${"a".repeat(64)}`;
    const value = await sealer.seal(plaintext, CORRELATION_ID);
    for (const form of [plaintext, "Zeno", "aaaaaaaa", Buffer.from(plaintext).toString("base64"), Buffer.from(plaintext).toString("base64url")]) {
      expect(value).not.toContain(form);
    }
  });

  it("can be opened by any AES-256-GCM implementation that knows the format (node:crypto)", async () => {
    const key = Buffer.from(ring.keys[ring.active]!, "base64");
    const { iv, ciphertext } = fields(sealed);
    const bytes = Buffer.from(ciphertext, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(`v1.${ring.active}\u0000${CORRELATION_ID}`, "utf8"));
    decipher.setAuthTag(bytes.subarray(-16));
    expect(Buffer.concat([decipher.update(bytes.subarray(0, -16)), decipher.final()]).toString("utf8")).toBe(NARRATIVE);
  });

  it("opens a value sealed by node:crypto in the documented format", async () => {
    const key = Buffer.from(ring.keys[ring.active]!, "base64");
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(Buffer.from(`v1.${ring.active}\u0000row-7`, "utf8"));
    const body = Buffer.concat([cipher.update("sealed elsewhere", "utf8"), cipher.final(), cipher.getAuthTag()]);
    expect(await sealer.open(`v1.${ring.active}.${iv.toString("base64url")}.${body.toString("base64url")}`, "row-7")).toBe("sealed elsewhere");
  });

  it("imports each key once per sealer", async () => {
    const importKey = vi.spyOn(crypto.subtle, "importKey");
    const rotated = rotateDataKeyRing(ring, Q4);
    const fresh = createSealer(rotated);
    for (let i = 0; i < 3; i++) await fresh.open(await fresh.seal(NARRATIVE, CORRELATION_ID), CORRELATION_ID);
    await Promise.all([fresh.open(sealed, CORRELATION_ID), fresh.open(sealed, CORRELATION_ID)]);
    expect(importKey).toHaveBeenCalledTimes(2);
  });
});

describe("open refuses what it cannot authenticate", () => {
  it.each([
    ["another row's id", "01JD3Q8X9Z7V2K4M6N8P0R2T4X"],
    ["no associated data", undefined],
    ["the empty string", ""],
    ["the id with a trailing space", `${CORRELATION_ID} `],
  ])("fails with %s as associated data", async (_name, associatedData) => {
    await expectSealError(sealer.open(sealed, associatedData), "authentication_failed");
  });

  it("fails when a value sealed without associated data is opened with some", async () => {
    await expectSealError(sealer.open(await sealer.seal(NARRATIVE), CORRELATION_ID), "authentication_failed");
  });

  it("fails for one flipped bit in any byte of the ciphertext or tag", async () => {
    const { header, iv, ciphertext } = fields(sealed);
    const bytes = fromBase64url(ciphertext);
    for (let index = 0; index < bytes.length; index++) {
      for (const bit of [0x01, 0x80]) {
        const altered = bytes.slice();
        altered[index]! ^= bit;
        await expectSealError(sealer.open(`${header}.${iv}.${toBase64url(altered)}`, CORRELATION_ID), "authentication_failed");
      }
    }
  });

  it("fails for one flipped bit in any byte of the IV", async () => {
    const { header, iv, ciphertext } = fields(sealed);
    const bytes = fromBase64url(iv);
    for (let index = 0; index < bytes.length; index++) {
      const altered = bytes.slice();
      altered[index]! ^= 0x01;
      await expectSealError(sealer.open(`${header}.${toBase64url(altered)}.${ciphertext}`, CORRELATION_ID), "authentication_failed");
    }
  });

  it("fails for a truncated or extended ciphertext", async () => {
    const { header, iv, ciphertext } = fields(sealed);
    const bytes = fromBase64url(ciphertext);
    await expectSealError(sealer.open(`${header}.${iv}.${toBase64url(bytes.subarray(0, -1))}`, CORRELATION_ID), "authentication_failed");
    await expectSealError(sealer.open(`${header}.${iv}.${toBase64url(new Uint8Array([...bytes, 0]))}`, CORRELATION_ID), "authentication_failed");
  });

  it("authenticates the key id: relabelling a value to another kid holding the same key fails", async () => {
    const key = generateDataKey("a").key;
    const twins = createSealer({ active: "a", keys: { a: key, b: key } });
    const value = await twins.seal(NARRATIVE, CORRELATION_ID);
    expect(await twins.open(value, CORRELATION_ID)).toBe(NARRATIVE);
    await expectSealError(twins.open(value.replace(/^v1\.a\./, "v1.b."), CORRELATION_ID), "authentication_failed");
  });

  it("is unreadable without the key: a fresh ring under the same kid cannot open it", async () => {
    const fresh = generateDataKeyRing(Q4);
    expect(fresh.active).toBe(ring.active);
    const error = await expectSealError(createSealer(fresh).open(sealed, CORRELATION_ID), "authentication_failed");
    expect(error.message).not.toContain(NARRATIVE);
  });

  it.each(["dk-1999Q1", "constructor", "toString", "hasOwnProperty"])("names an unknown key id (%s)", async (kid) => {
    const { iv, ciphertext } = fields(sealed);
    const error = await expectSealError(sealer.open(`v1.${kid}.${iv}.${ciphertext}`, CORRELATION_ID), "unknown_key_id");
    expect(error.message).toContain(kid);
  });

  it("opens a kid that contains dots", async () => {
    const dotted = createSealer({ active: "dk.2026.Q4", keys: { "dk.2026.Q4": generateDataKey("dk.2026.Q4").key } });
    const value = await dotted.seal(NARRATIVE, CORRELATION_ID);
    expect(value.startsWith("v1.dk.2026.Q4.")).toBe(true);
    expect(await dotted.open(value, CORRELATION_ID)).toBe(NARRATIVE);
  });

  describe("malformed values", () => {
    const valid = () => fields(sealed);
    // 4 bytes of plaintext + 16 of tag = 20 bytes: the last base64url character carries 2 spare bits.
    const nonCanonical = async () => {
      const { header, iv, ciphertext } = fields(await sealer.seal("abcd", CORRELATION_ID));
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      const last = alphabet.indexOf(ciphertext.at(-1)!);
      return `${header}.${iv}.${ciphertext.slice(0, -1)}${alphabet[last ^ 0b01]}`;
    };

    it.each<[string, () => string | Promise<string>]>([
      ["an empty string", () => ""],
      ["plain text", () => NARRATIVE],
      ["another version", () => sealed.replace(/^v1\./, "v2.")],
      ["no version", () => sealed.slice(3)],
      ["a missing field", () => `v1.${valid().header.slice(3)}.${valid().ciphertext}`],
      ["an empty kid", () => `v1..${valid().iv}.${valid().ciphertext}`],
      ["a kid of 65 characters", () => `v1.${"k".repeat(65)}.${valid().iv}.${valid().ciphertext}`],
      ["padding in the ciphertext", () => `${sealed}==`],
      ["standard base64 characters", () => `${valid().header}.${valid().iv}.${valid().ciphertext.slice(0, -2)}+/`],
      ["an 11-byte IV", () => `${valid().header}.${toBase64url(new Uint8Array(11))}.${valid().ciphertext}`],
      ["a 13-byte IV", () => `${valid().header}.${toBase64url(new Uint8Array(13))}.${valid().ciphertext}`],
      ["a ciphertext shorter than the tag", () => `${valid().header}.${valid().iv}.${toBase64url(new Uint8Array(15))}`],
      ["an impossible base64url length", () => `${valid().header}.${valid().iv}.${"A".repeat(25)}`],
      ["a non-canonical last character", nonCanonical],
      ["whitespace around it", () => ` ${sealed}\n`],
    ])("refuses %s as malformed", async (_name, make) => {
      await expectSealError(sealer.open(await make(), CORRELATION_ID), "malformed");
    });

    it("refuses a value that is not a string", async () => {
      await expectSealError(sealer.open(42 as unknown as string), "malformed");
    });
  });
});

describe("rotation", () => {
  it("adds a new active key named for the quarter and keeps the old ones, leaving the input as it was", () => {
    const before = structuredClone(ring);
    const rotated = rotateDataKeyRing(ring, NEXT_Q1);
    expect(rotated.active).toBe("dk-2027Q1");
    expect(Object.keys(rotated.keys)).toEqual(["dk-2026Q4", "dk-2027Q1"]);
    expect(rotated.keys["dk-2026Q4"]).toBe(ring.keys["dk-2026Q4"]);
    expect(rotated.keys["dk-2027Q1"]).not.toBe(ring.keys["dk-2026Q4"]);
    expect(ring).toEqual(before);
  });

  it("suffixes the kid when the quarter's name is taken", () => {
    const twice = rotateDataKeyRing(rotateDataKeyRing(ring, Q4), Q4);
    expect(Object.keys(twice.keys)).toEqual(["dk-2026Q4", "dk-2026Q4-2", "dk-2026Q4-3"]);
    expect(twice.active).toBe("dk-2026Q4-3");
    expect(new Set(Object.values(twice.keys)).size).toBe(3);
  });

  it("seals new rows under the new kid and still opens rows sealed under the old one", async () => {
    const rotated = createSealer(rotateDataKeyRing(ring, NEXT_Q1));
    expect(rotated.activeKeyId).toBe("dk-2027Q1");
    const fresh = await rotated.seal(NARRATIVE, CORRELATION_ID);
    expect(fresh.startsWith("v1.dk-2027Q1.")).toBe(true);
    expect(await rotated.open(fresh, CORRELATION_ID)).toBe(NARRATIVE);
    expect(await rotated.open(sealed, CORRELATION_ID)).toBe(NARRATIVE);
    // A process still on the old ring cannot open the new rows until it is given the new key.
    await expectSealError(sealer.open(fresh, CORRELATION_ID), "unknown_key_id");
  });

  it("once the old key is removed from the ring, the old rows cannot be opened", async () => {
    const rotated = rotateDataKeyRing(ring, NEXT_Q1);
    const pruned = createSealer({ active: rotated.active, keys: { [rotated.active]: rotated.keys[rotated.active]! } });
    await expectSealError(pruned.open(sealed, CORRELATION_ID), "unknown_key_id");
  });
});

describe("parseDataKeyRing and serializeDataKeyRing", () => {
  it("round-trips, and a sealer over the parsed ring opens what the original sealed", async () => {
    const rotated = rotateDataKeyRing(ring, NEXT_Q1);
    const text = serializeDataKeyRing(rotated);
    expect(text.endsWith("\n")).toBe(true);
    const parsed = parseDataKeyRing(text);
    expect(parsed).toEqual(rotated);
    expect(await createSealer(parsed).open(sealed, CORRELATION_ID)).toBe(NARRATIVE);
  });

  const key = Buffer.alloc(32, 7).toString("base64");
  const ringJson = (value: unknown) => JSON.stringify(value);

  it.each([
    ["not JSON", "{", /^data key ring is not valid JSON/],
    ["an array", "[]", /^data key ring is invalid: \(root\)/],
    ["no active", ringJson({ keys: { a: key } }), /^data key ring is invalid: active:/],
    ["no keys", ringJson({ active: "a" }), /^data key ring is invalid: keys:/],
    ["an active kid not in keys", ringJson({ active: "b", keys: { a: key } }), /^data key ring is invalid: active: the active key id is not in keys$/],
    ["an empty ring", ringJson({ active: "a", keys: {} }), /active: the active key id is not in keys/],
    [
      "a 31-byte key",
      ringJson({ active: "a", keys: { a: Buffer.alloc(31).toString("base64") } }),
      /^data key ring is invalid: keys\.a: expected standard base64 of exactly 32 bytes$/,
    ],
    ["a 33-byte key", ringJson({ active: "a", keys: { a: Buffer.alloc(33).toString("base64") } }), /keys\.a: expected standard base64 of exactly 32 bytes/],
    ["a base64url key", ringJson({ active: "a", keys: { a: Buffer.alloc(32, 0xff).toString("base64url") } }), /keys\.a: expected standard base64/],
    ["an unpadded key", ringJson({ active: "a", keys: { a: key.replace(/=$/, "") } }), /keys\.a: expected standard base64/],
    ["a key that is not a string", ringJson({ active: "a", keys: { a: 7 } }), /keys\.a:/],
    ["a kid with a space", ringJson({ active: "a", keys: { a: key, "b c": key } }), /^data key ring is invalid: keys\.b c: expected 1 to 64 characters/],
    ["a 65-character kid", ringJson({ active: "a", keys: { a: key, ["k".repeat(65)]: key } }), /expected 1 to 64 characters/],
    [
      "a __proto__ kid",
      `{"active":"a","keys":{"a":"${key}","__proto__":"${key}"}}`,
      /^data key ring is invalid: keys\.__proto__: __proto__ cannot be a key id$/,
    ],
    ["a __proto__ active kid", ringJson({ active: "__proto__", keys: { a: key } }), /active: __proto__ cannot be a key id/],
    ["an unknown field", ringJson({ active: "a", keys: { a: key }, retired: [] }), /^data key ring is invalid: retired: Unrecognized key/],
  ])("refuses %s, naming the field", (_name, json, message) => {
    expect(() => parseDataKeyRing(json)).toThrow(message);
  });

  it("never puts key material in an error message", () => {
    const secretish = Buffer.alloc(31, 9).toString("base64");
    expect(() => parseDataKeyRing(ringJson({ active: "a", keys: { a: secretish } }))).toThrow(/^(?![\s\S]*CQkJ)/);
  });

  it("createSealer refuses an invalid ring at once", () => {
    expect(() => createSealer({ active: "missing", keys: { a: key } })).toThrow(/active key id is not in keys/);
    expect(() => createSealer({ active: "a", keys: { a: "short" } })).toThrow(/keys\.a: expected standard base64 of exactly 32 bytes/);
  });
});
