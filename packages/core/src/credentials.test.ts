import { describe, expect, it } from "vitest";
import {
  API_KEY_PREFIX,
  apiKeyKind,
  displayPrefix,
  generateApiKey,
  hashApiKey,
  KeyOwnerName,
  keyOwnerId,
  OwnerId,
  digestsEqual,
  userOwnerId,
} from "./credentials";
import { CredentialKind } from "./enums";

const BODY = /^[A-Za-z0-9_-]{32}$/;

describe.each(CredentialKind.options)("generateApiKey(%s)", (kind) => {
  it(`starts with ${API_KEY_PREFIX[kind]} and carries 32 base64url characters (192 bits)`, () => {
    const key = generateApiKey(kind);
    expect(key.startsWith(`svc_${kind}_`), key).toBe(true);
    const body = key.slice(`svc_${kind}_`.length);
    expect(body, key).toMatch(BODY);
    // 32 base64url characters carry 6 bits each: 192 bits, above the required 128.
    expect(body.length * 6).toBeGreaterThanOrEqual(128);
  });

  it("never repeats over many keys and uses the whole alphabet", () => {
    const keys = Array.from({ length: 2000 }, () => generateApiKey(kind));
    expect(new Set(keys).size).toBe(keys.length);
    const seen = new Set(keys.flatMap((k) => [...k.slice(`svc_${kind}_`.length)]));
    // 64 symbols; 64,000 draws leave no symbol unseen unless the source is skewed.
    expect(seen.size).toBe(64);
  });

  it("is recognised by apiKeyKind as its own kind", () => {
    expect(apiKeyKind(generateApiKey(kind))).toBe(kind);
  });
});

describe("apiKeyKind", () => {
  const good = generateApiKey("prac");
  const body = good.slice("svc_prac_".length);

  it.each([
    ["an unknown prefix", `svc_test_${body}`],
    ["no prefix", body],
    ["an upper-case prefix", `SVC_PRAC_${body}`],
    ["a body one character short", `svc_prac_${body.slice(1)}`],
    ["a body one character long", `svc_prac_${body}A`],
    ["a body with a character outside base64url", `svc_prac_${body.slice(1)}+`],
    ["a body with padding", `svc_prac_${body.slice(1)}=`],
    ["the empty string", ""],
    ["a JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl"],
  ])("rejects %s", (_label, token) => {
    expect(apiKeyKind(token)).toBeNull();
  });
});

describe("hashApiKey", () => {
  it("is 64 lower-case hex characters and deterministic", async () => {
    const key = generateApiKey("live");
    const hash = await hashApiKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashApiKey(key)).toBe(hash);
  });

  it("is SHA-256 of the key and differs between keys", async () => {
    expect(await hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(await hashApiKey(generateApiKey("live"))).not.toBe(await hashApiKey(generateApiKey("live")));
  });

  it("does not contain the key", async () => {
    const key = generateApiKey("inst");
    expect(await hashApiKey(key)).not.toContain(key.slice(9, 20));
  });
});

describe("displayPrefix", () => {
  it("keeps the kind prefix and four characters of the body, never the secret part", () => {
    const key = generateApiKey("inst");
    const shown = displayPrefix(key);
    expect(shown).toBe(key.slice(0, 13));
    expect(shown.startsWith("svc_inst_")).toBe(true);
    expect(shown).toHaveLength("svc_inst_".length + 4);
  });
});

describe("digestsEqual (of the secrets' digests)", () => {
  it.each([
    ["identical secrets", "op-secret-0123", "op-secret-0123", true],
    ["a different last character", "op-secret-0123", "op-secret-0124", false],
    ["a prefix of the other", "op-secret", "op-secret-0123", false],
    ["different case", "OP-SECRET-0123", "op-secret-0123", false],
    ["the empty string against a secret", "", "op-secret-0123", false],
  ])("%s -> %s", async (_label, a, b, expected) => {
    const [ha, hb] = [await hashApiKey(a), await hashApiKey(b)];
    expect(digestsEqual(ha, hb)).toBe(expected);
    expect(digestsEqual(hb, ha)).toBe(expected);
  });
});

describe("owner ids qualified by kind", () => {
  it("never gives a user, a key owner and the operator the same id, whatever the sub or name", () => {
    for (const name of ["alice", "operator", "key:alice", "user:alice"]) {
      expect(userOwnerId(name)).not.toBe(keyOwnerId(name));
      expect(userOwnerId(name)).not.toBe("operator");
      expect(keyOwnerId(name)).not.toBe("operator");
    }
    expect(userOwnerId("alice")).toBe("user:alice");
    expect(keyOwnerId("alice")).toBe("key:alice");
    expect(keyOwnerId("key:alice")).toBe("key:alice");
  });

  it("takes a key owner's name or its key: id, and refuses a user: id or an empty name", () => {
    expect(KeyOwnerName.safeParse("acme").success).toBe(true);
    expect(KeyOwnerName.safeParse("key:acme").success).toBe(true);
    for (const bad of ["user:alice", "key:", "two words", ""]) expect(KeyOwnerName.safeParse(bad).success, bad).toBe(false);
  });

  it("accepts only qualified owner ids where a caller names an owner", () => {
    for (const good of ["user:alice", "key:acme", "operator"]) expect(OwnerId.safeParse(good).success, good).toBe(true);
    for (const bad of ["alice", "user:", "key:", "operator:x", "user:two words"]) expect(OwnerId.safeParse(bad).success, bad).toBe(false);
  });
});
