import { readFile } from "node:fs/promises";
import { verifyAssessment } from "@svc/core";
import { type CliIo, commandLine, runAsMain } from "./cli";

/**
 * `npm run verify -- <file.json> [--key-set <path-or-url>]`: offline verification of a signed
 * assessment, as a third party does it: JCS of `assessment`, Ed25519 against the key named by
 * `key_id` in the published key set. Prints `valid (key <kid>)` (exit 0) or `INVALID: <reason>`
 * (exit 1); 2 when it cannot check at all (usage, unreadable file, key set out of reach).
 */
const USAGE = `usage:
  npm run verify -- <file.json> [--key-set <path-or-url>]
<file.json> holds a signed assessment {assessment, signature, key_id}, or a whole POST /api/reason
response whose "assessment" field is one. The key set (JWKS) is read from --key-set, a file or an
http(s) URL; by default from $SVC_URL/api/public-key (SVC_URL defaults to http://127.0.0.1:8787).`;

const KEY_SET_TIMEOUT_MS = 10_000;

class CannotCheck extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The signed assessment itself, or the one inside a whole /api/reason response. */
function signedPart(document: unknown): unknown {
  if (isRecord(document) && !("signature" in document) && isRecord(document.assessment) && "signature" in document.assessment) {
    return document.assessment;
  }
  return document;
}

async function readKeySet(source: string): Promise<unknown> {
  let text: string;
  if (/^https?:\/\//i.test(source)) {
    let res: Response;
    try {
      res = await fetch(source, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(KEY_SET_TIMEOUT_MS) });
    } catch (err) {
      throw new CannotCheck(`cannot reach ${source}: ${(err as Error).message}`);
    }
    text = await res.text();
    if (!res.ok) throw new CannotCheck(`GET ${source} failed with ${res.status}: ${text.slice(0, 300)}`);
  } else {
    try {
      text = await readFile(source, "utf8");
    } catch (err) {
      throw new CannotCheck(`cannot read the key set ${source}: ${(err as Error).message}`);
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new CannotCheck(`the key set from ${source} is not JSON`);
  }
}

export async function runVerifyCli(argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const line = commandLine(argv, { "key-set": { type: "string" }, help: { type: "boolean", short: "h" } }, io, USAGE);
  if (typeof line === "number") return line;
  const { values, positionals } = line;
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) {
    io.err(USAGE);
    return 2;
  }
  const keySetSource = values["key-set"] ?? `${(env.SVC_URL ?? "http://127.0.0.1:8787").replace(/\/+$/, "")}/api/public-key`;

  try {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (err) {
      throw new CannotCheck(`cannot read ${file}: ${(err as Error).message}`);
    }
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (err) {
      // A damaged file is a verdict, not a usage error: one flipped byte can break the JSON.
      io.out(`INVALID: malformed: ${file} is not JSON (${(err as Error).message})`);
      return 1;
    }
    const result = await verifyAssessment(signedPart(document), await readKeySet(keySetSource));
    if (result.valid) {
      io.out(`valid (key ${result.key_id})`);
      return 0;
    }
    io.out(`INVALID: ${result.reason}`);
    return 1;
  } catch (err) {
    if (!(err instanceof CannotCheck)) throw err;
    io.err(err.message);
    return 2;
  }
}

await runAsMain(import.meta.url, runVerifyCli);
