import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** True when the module at `moduleUrl` is the script Node was started with. */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && fileURLToPath(moduleUrl) === resolve(process.argv[1]);
}

/** The repository root (this file lives at packages/local/src). */
export const REPO_ROOT = resolve(fileURLToPath(new URL("../../..", import.meta.url)));
