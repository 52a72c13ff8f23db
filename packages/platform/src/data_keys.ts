import { randomUUID } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generateDataKeyRing, parseDataKeyRing, serializeDataKeyRing, type DataKeyRing } from "@svc/core";

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
    try {
      return parseDataKeyRing(secret);
    } catch (err) {
      throw new Error(`DATA_KEYS: ${(err as Error).message}`);
    }
  }
  if (dataDir.startsWith("memory://")) return generateDataKeyRing(now);

  const path = join(dataDir, DATA_KEYS_FILE);
  await mkdir(dataDir, { recursive: true });
  const stored = await readRing(path);
  if (stored) return stored;

  const created = generateDataKeyRing(now);
  // Written whole under a private name, then linked into place: link refuses an existing
  // path, so the first process wins and no reader ever sees a half-written ring.
  const scratch = `${path}.${randomUUID()}.tmp`;
  await writeFile(scratch, serializeDataKeyRing(created), { mode: 0o600, flag: "wx" });
  try {
    await link(scratch, path);
    return created;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const winner = await readRing(path);
    if (!winner) throw new Error(`${path}: vanished while being created`);
    return winner;
  } finally {
    await unlink(scratch);
  }
}

async function readRing(path: string): Promise<DataKeyRing | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  try {
    return parseDataKeyRing(text);
  } catch (err) {
    throw new Error(`${path}: ${(err as Error).message}`);
  }
}
