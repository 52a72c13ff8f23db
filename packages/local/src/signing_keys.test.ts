import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activeKey, generateSigningKey, serializeKeyRing } from "@svc/core";
import { loadOrCreateKeyRing, SIGNING_KEYS_FILE } from "./signing_keys";

const Q4 = new Date("2026-11-21T10:00:00.000Z");
const NEXT_Q1 = new Date("2027-01-01T00:00:00.000Z");

let baseDir: string;
let dataDir: string;
let file: string;

beforeEach(() => {
  baseDir = mkdtempSync(join(tmpdir(), "svc-signing-keys-"));
  dataDir = join(baseDir, "data", "nested");
  file = join(dataDir, SIGNING_KEYS_FILE);
});

afterEach(() => {
  rmSync(baseDir, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("loadOrCreateKeyRing without a secret (the embedded default)", () => {
  it("creates DATA_DIR/signing-keys.json once, mode 0600, with a key for the quarter", async () => {
    const ring = await loadOrCreateKeyRing({ dataDir, now: Q4 });
    expect(ring.records.map((r) => r.kid)).toEqual(["l2-2026Q4"]);
    expect(modeOf(file).toString(8)).toBe("600");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ keys: ring.records });
  });

  it("is stable across calls: the same key, the file untouched", async () => {
    const first = await loadOrCreateKeyRing({ dataDir, now: Q4 });
    const text = readFileSync(file, "utf8");
    const second = await loadOrCreateKeyRing({ dataDir, now: new Date("2026-12-31T23:59:59Z") });
    expect(second).toEqual(first);
    expect(readFileSync(file, "utf8")).toBe(text);
  });

  it("creates one key when several callers start at once", async () => {
    const rings = await Promise.all(Array.from({ length: 5 }, () => loadOrCreateKeyRing({ dataDir, now: Q4 })));
    const xs = new Set(rings.map((ring) => String(activeKey(ring, Q4).public_jwk.x)));
    expect(xs.size, JSON.stringify([...xs])).toBe(1);
    expect(readdirSync(dataDir)).toEqual([SIGNING_KEYS_FILE]);
  });

  it("rotates in a new quarter and persists it (mode still 0600, no scratch file left)", async () => {
    const first = await loadOrCreateKeyRing({ dataDir, now: Q4 });
    const rotated = await loadOrCreateKeyRing({ dataDir, now: NEXT_Q1 });
    expect(rotated.records.map((r) => [r.kid, r.retired_at])).toEqual([
      ["l2-2026Q4", NEXT_Q1.toISOString()],
      ["l2-2027Q1", null],
    ]);
    expect(rotated.records[0]!.public_jwk).toEqual(first.records[0]!.public_jwk);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ keys: rotated.records });
    expect(modeOf(file).toString(8)).toBe("600");
    expect(readdirSync(dataDir)).toEqual([SIGNING_KEYS_FILE]);
    expect(await loadOrCreateKeyRing({ dataDir, now: new Date("2027-02-01T00:00:00Z") })).toEqual(rotated);
  });

  it("refuses a corrupt file, naming it, and leaves it as it was", async () => {
    await loadOrCreateKeyRing({ dataDir, now: Q4 });
    writeFileSync(file, '{"keys": [{"kid": "l2-2026Q4"}]}');
    await expect(loadOrCreateKeyRing({ dataDir, now: Q4 })).rejects.toThrow(`${file}: signing key ring is invalid`);
    expect(readFileSync(file, "utf8")).toBe('{"keys": [{"kid": "l2-2026Q4"}]}');
  });
});

describe("loadOrCreateKeyRing with the SIGNING_KEYS secret (production)", () => {
  it("uses the secret and never writes", async () => {
    const record = await generateSigningKey(new Date("2026-10-02T00:00:00Z"));
    const ring = await loadOrCreateKeyRing({ dataDir, secret: serializeKeyRing({ records: [record] }), now: NEXT_Q1 });
    // No rotation from the secret, even in a later quarter: the operator rotates it.
    expect(ring).toEqual({ records: [record] });
    expect(() => statSync(dataDir)).toThrow();
  });

  it.each([
    ["not JSON", "{", /^The service is misconfigured: SIGNING_KEYS is invalid \(signing key ring is not valid JSON/],
    ["an invalid ring", '{"keys":[{}]}', /^The service is misconfigured: SIGNING_KEYS is invalid \(signing key ring is invalid: keys\[0\]\.kid/],
    ["no key in force", '{"keys":[]}', /^The service is misconfigured: SIGNING_KEYS is invalid \(no active signing key/],
  ])("refuses %s, naming SIGNING_KEYS", async (_name, secret, message) => {
    await expect(loadOrCreateKeyRing({ dataDir, secret, now: Q4 })).rejects.toThrow(message);
  });

  it("treats an empty SIGNING_KEYS as unset", async () => {
    const ring = await loadOrCreateKeyRing({ dataDir, secret: "", now: Q4 });
    expect(ring.records).toHaveLength(1);
    expect(modeOf(file).toString(8)).toBe("600");
  });
});
