import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { activeKey, parseKeyRing, rotate, serializeKeyRing, type KeyRing } from "@svc/core";

/** The embedded default's key ring, beside the embedded database. */
export const SIGNING_KEYS_FILE = "signing-keys.json";

export interface LoadKeyRingOptions {
  dataDir: string;
  /** The SIGNING_KEYS secret; when set it is the whole ring and nothing is written. */
  secret?: string | undefined;
  now: Date;
}

/**
 * The signing key ring. In production it is the SIGNING_KEYS secret, parsed and never written
 * (the operator rotates it, staging the next quarter's key ahead). Otherwise it lives in
 * DATA_DIR/signing-keys.json (mode 0600): created once with a fresh key, and rotated and
 * persisted when a new quarter has begun, so the embedded default keeps one stable key per
 * quarter across restarts.
 */
export async function loadOrCreateKeyRing({ dataDir, secret, now }: LoadKeyRingOptions): Promise<KeyRing> {
  if (secret !== undefined && secret.trim() !== "") {
    let ring: KeyRing;
    try {
      ring = parseKeyRing(secret);
      activeKey(ring, now);
    } catch (err) {
      throw new Error(`SIGNING_KEYS: ${(err as Error).message}`);
    }
    return ring;
  }

  const path = join(dataDir, SIGNING_KEYS_FILE);
  await mkdir(dataDir, { recursive: true });
  const stored = await readRing(path);
  if (!stored) {
    const created = await rotate({ records: [] }, now);
    try {
      // "wx": when another process created the file first, keep its key and use that.
      await writeFile(path, serializeKeyRing(created), { mode: 0o600, flag: "wx" });
      return created;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      return loadOrCreateKeyRing({ dataDir, now });
    }
  }
  const rotated = await rotate(stored, now);
  if (rotated !== stored) {
    // Write aside, then rename: a crash never leaves a half-written ring.
    const scratch = `${path}.${randomUUID()}.tmp`;
    await writeFile(scratch, serializeKeyRing(rotated), { mode: 0o600, flag: "wx" });
    await rename(scratch, path);
  }
  return rotated;
}

async function readRing(path: string): Promise<KeyRing | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  try {
    return parseKeyRing(text);
  } catch (err) {
    throw new Error(`${path}: ${(err as Error).message}`);
  }
}
