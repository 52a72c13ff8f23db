import { join } from "node:path";
import { activeKey, parseKeyRing, rotate, serializeKeyRing, type KeyRing } from "@svc/core";
import { parseSecret } from "@svc/runtime";
import { readOrCreateSecretFile, replaceSecretFile } from "./secret_files";

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
    // A ring without a key active now is as unusable as one that does not parse.
    return parseSecret("SIGNING_KEYS", secret, (text) => {
      const ring = parseKeyRing(text);
      activeKey(ring, now);
      return ring;
    });
  }

  const path = join(dataDir, SIGNING_KEYS_FILE);
  const stored = await readOrCreateSecretFile(path, parseKeyRing, async () => serializeKeyRing(await rotate({ records: [] }, now)));
  const rotated = await rotate(stored, now);
  if (rotated !== stored) await replaceSecretFile(path, serializeKeyRing(rotated));
  return rotated;
}
