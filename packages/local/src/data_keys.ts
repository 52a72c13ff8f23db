import { join } from "node:path";
import { generateDataKeyRing, parseDataKeyRing, serializeDataKeyRing, type DataKeyRing } from "@svc/core";
import { parseSecret } from "@svc/runtime";
import { readOrCreateSecretFile } from "./secret_files";

/** The embedded default's data key ring, beside the embedded database. */
export const DATA_KEYS_FILE = "data-keys.json";

export interface LoadDataKeysOptions {
  /** DATA_DIR, or `memory://` for a ring that lives as long as the process. */
  dataDir: string;
  /** The DATA_KEYS secret; when set it is the whole ring and nothing is written. */
  secret?: string | undefined;
  now: Date;
}

/**
 * The data key ring that seals narratives and signed assessments at rest. In production it is
 * the DATA_KEYS secret, parsed and never written. Otherwise it lives in DATA_DIR/data-keys.json
 * (mode 0600), created once and never rotated here: rotating is an operator's act
 * (rotateDataKeyRing in core), because losing a key loses every row sealed under it.
 * With `memory://` the ring is fresh each call, like the in-memory database it protects.
 */
export async function loadOrCreateDataKeys({ dataDir, secret, now }: LoadDataKeysOptions): Promise<DataKeyRing> {
  if (secret !== undefined && secret.trim() !== "") {
    return parseSecret("DATA_KEYS", secret, parseDataKeyRing);
  }
  if (dataDir.startsWith("memory://")) return generateDataKeyRing(now);

  return readOrCreateSecretFile(join(dataDir, DATA_KEYS_FILE), parseDataKeyRing, () => serializeDataKeyRing(generateDataKeyRing(now)));
}
