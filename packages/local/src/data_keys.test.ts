import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSealer, generateDataKeyRing, parseDataKeyRing, rotateDataKeyRing, serializeDataKeyRing } from "@svc/core";
import { DATA_KEYS_FILE, loadOrCreateDataKeys } from "./data_keys";

const Q4 = new Date("2026-11-21T10:00:00.000Z");
const NEXT_Q1 = new Date("2027-01-15T00:00:00.000Z");

let baseDir: string;
let dataDir: string;
let file: string;

beforeEach(() => {
  baseDir = mkdtempSync(join(tmpdir(), "svc-data-keys-"));
  dataDir = join(baseDir, "data", "nested");
  file = join(dataDir, DATA_KEYS_FILE);
});

afterEach(() => {
  rmSync(baseDir, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("loadOrCreateDataKeys without a secret (the embedded default)", () => {
  it("creates DATA_DIR/data-keys.json once, mode 0600, with a key for the quarter", async () => {
    const ring = await loadOrCreateDataKeys({ dataDir, now: Q4 });
    expect(ring.active).toBe("dk-2026Q4");
    expect(Object.keys(ring.keys)).toEqual(["dk-2026Q4"]);
    expect(modeOf(file).toString(8)).toBe("600");
    expect(parseDataKeyRing(readFileSync(file, "utf8"))).toEqual(ring);
    expect(readdirSync(dataDir)).toEqual([DATA_KEYS_FILE]);
  });

  it("is stable across calls, even in a later quarter: the same ring, the file untouched, rows still open", async () => {
    const first = await loadOrCreateDataKeys({ dataDir, now: Q4 });
    const text = readFileSync(file, "utf8");
    const sealed = await createSealer(first).seal("a narrative", "corr-1");
    const second = await loadOrCreateDataKeys({ dataDir, now: NEXT_Q1 });
    expect(second).toEqual(first);
    expect(readFileSync(file, "utf8")).toBe(text);
    expect(await createSealer(second).open(sealed, "corr-1")).toBe("a narrative");
  });

  it("creates one ring when several callers start at once, leaving no scratch file", async () => {
    const rings = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateDataKeys({ dataDir, now: Q4 })));
    const keys = new Set(rings.map((ring) => ring.keys[ring.active]));
    expect(keys.size, JSON.stringify([...keys])).toBe(1);
    expect(parseDataKeyRing(readFileSync(file, "utf8"))).toEqual(rings[0]);
    expect(readdirSync(dataDir)).toEqual([DATA_KEYS_FILE]);
  });

  it("keeps a ring an operator rotated into the file", async () => {
    const first = await loadOrCreateDataKeys({ dataDir, now: Q4 });
    const rotated = rotateDataKeyRing(first, NEXT_Q1);
    writeFileSync(file, serializeDataKeyRing(rotated));
    expect(await loadOrCreateDataKeys({ dataDir, now: NEXT_Q1 })).toEqual(rotated);
  });

  it("refuses a corrupt file, naming it, and leaves it as it was", async () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, '{"active": "dk-2026Q4", "keys": {}}');
    await expect(loadOrCreateDataKeys({ dataDir, now: Q4 })).rejects.toThrow(`${file}: data key ring is invalid: active: the active key id is not in keys`);
    expect(readFileSync(file, "utf8")).toBe('{"active": "dk-2026Q4", "keys": {}}');
  });

  it("refuses an empty file rather than replacing it (replacing would lose every sealed row)", async () => {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, "");
    await expect(loadOrCreateDataKeys({ dataDir, now: Q4 })).rejects.toThrow(`${file}: data key ring is not valid JSON`);
    expect(readFileSync(file, "utf8")).toBe("");
  });
});

describe("loadOrCreateDataKeys with memory://", () => {
  it("gives a fresh ring each call and writes nothing", async () => {
    const first = await loadOrCreateDataKeys({ dataDir: "memory://", now: Q4 });
    const second = await loadOrCreateDataKeys({ dataDir: "memory://", now: Q4 });
    expect(first.active).toBe("dk-2026Q4");
    expect(second.keys[second.active]).not.toBe(first.keys[first.active]);
    expect(readdirSync(process.cwd())).not.toContain("memory:");
    expect(readdirSync(process.cwd())).not.toContain(DATA_KEYS_FILE);
  });

  it("uses the DATA_KEYS secret over a fresh ring when both are given", async () => {
    const ring = generateDataKeyRing(Q4);
    expect(await loadOrCreateDataKeys({ dataDir: "memory://", secret: serializeDataKeyRing(ring), now: Q4 })).toEqual(ring);
  });
});

describe("loadOrCreateDataKeys with the DATA_KEYS secret (production)", () => {
  it("uses the secret and never writes, nor rotates", async () => {
    const ring = rotateDataKeyRing(generateDataKeyRing(Q4), Q4);
    expect(await loadOrCreateDataKeys({ dataDir, secret: JSON.stringify(ring), now: NEXT_Q1 })).toEqual(ring);
    expect(() => statSync(dataDir)).toThrow();
  });

  it.each([
    ["not JSON", "{", /^The service is misconfigured: DATA_KEYS is invalid \(data key ring is not valid JSON/],
    [
      "an active kid not in keys",
      '{"active":"a","keys":{}}',
      /^The service is misconfigured: DATA_KEYS is invalid \(data key ring is invalid: active: the active key id is not in keys\)\.$/,
    ],
    [
      "a short key",
      `{"active":"a","keys":{"a":"${Buffer.alloc(16).toString("base64")}"}}`,
      /^The service is misconfigured: DATA_KEYS is invalid \(data key ring is invalid: keys\.a: expected standard base64 of exactly 32 bytes\)\.$/,
    ],
    [
      "a bad kid",
      `{"active":"a b","keys":{}}`,
      /^The service is misconfigured: DATA_KEYS is invalid \(data key ring is invalid: active: expected 1 to 64 characters/,
    ],
  ])("refuses %s, naming DATA_KEYS, and writes nothing", async (_name, secret, message) => {
    await expect(loadOrCreateDataKeys({ dataDir, secret, now: Q4 })).rejects.toThrow(message);
    expect(() => statSync(dataDir)).toThrow();
  });

  it("treats an empty DATA_KEYS as unset", async () => {
    const ring = await loadOrCreateDataKeys({ dataDir, secret: " ", now: Q4 });
    expect(parseDataKeyRing(readFileSync(file, "utf8"))).toEqual(ring);
    expect(modeOf(file).toString(8)).toBe("600");
  });
});
