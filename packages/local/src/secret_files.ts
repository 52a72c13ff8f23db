import { randomUUID } from "node:crypto";
import { link, mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * The embedded default keeps its generated secrets (signing keys, data keys, the continuation
 * secret) as files beside the database, mode 0600. Created once and atomically: several
 * processes starting together agree on one file, and no reader sees a half-written one.
 */

/** The parsed file, or undefined when it does not exist; a bad file is an error naming its path. */
export async function readSecretFile<T>(path: string, parse: (text: string) => T): Promise<T | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  try {
    return parse(text);
  } catch (err) {
    throw new Error(`${path}: ${(err as Error).message}`);
  }
}

/**
 * Reads the file, creating it from `create()` when absent. Written whole under a private name,
 * then linked into place: link refuses an existing path, so the first process wins and the
 * others read its file.
 */
export async function readOrCreateSecretFile<T>(path: string, parse: (text: string) => T, create: () => Promise<string> | string): Promise<T> {
  const stored = await readSecretFile(path, parse);
  if (stored !== undefined) return stored;
  await mkdir(dirname(path), { recursive: true });
  const content = await create();
  const scratch = `${path}.${randomUUID()}.tmp`;
  await writeFile(scratch, content, { mode: 0o600, flag: "wx" });
  try {
    await link(scratch, path);
    return parse(content);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const winner = await readSecretFile(path, parse);
    if (winner === undefined) throw new Error(`${path}: vanished while being created`);
    return winner;
  } finally {
    await unlink(scratch);
  }
}

/** Replaces the file atomically (written aside, then renamed): a crash never leaves half a file. */
export async function replaceSecretFile(path: string, content: string): Promise<void> {
  const scratch = `${path}.${randomUUID()}.tmp`;
  await writeFile(scratch, content, { mode: 0o600, flag: "wx" });
  await rename(scratch, path);
}
