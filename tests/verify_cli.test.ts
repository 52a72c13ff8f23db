import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSigningKey, publicKeySet, signAssessment, type KeyRing, type SignedAssessment } from "@svc/core";
import { REPO_ROOT } from "../packages/local/src/main";
import { runVerifyCli } from "../packages/local/src/verify_cli";

// `npm run verify` as a third party runs it: a signed assessment in a file, the key set from a
// file or from a URL (here a loopback server standing in for GET /api/public-key).
const NOW = new Date("2026-11-21T10:00:00.000Z");

let dir: string;
let signedFile: string;
let responseFile: string;
let keySetFile: string;
let signed: SignedAssessment;
let jwksText: string;
let server: Server;
let serverUrl: string;
let keySetStatus = 200;
const requestedPaths: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "svc-verify-cli-"));
  const older = { ...(await generateSigningKey(new Date("2026-08-01T00:00:00Z"))), retired_at: "2026-10-01T00:00:00.000Z" };
  const ring: KeyRing = { records: [older, await generateSigningKey(NOW)] };
  signed = await signAssessment(
    {
      katorthoma_proximity: "deliberate",
      proximity_floors: { base: "deliberate", dikaiosyne: null, andreia: "habitual", sophrosyne: null, aggregate: "habitual", basis: "disposition" },
      corroboration: { findings: [{ verdict: "corroborated", markers: [{ quote: "j'ai dit « non » — calmly" }] }] },
      examination: { ref: "loop_7", depth_tier: "deep", prior_feedback_ref: null },
      weight: 0.25,
    },
    ring.records[1]!,
  );
  jwksText = JSON.stringify(publicKeySet(ring, NOW));
  signedFile = join(dir, "signed.json");
  responseFile = join(dir, "response.json");
  keySetFile = join(dir, "jwks.json");
  writeFileSync(signedFile, JSON.stringify(signed));
  writeFileSync(responseFile, JSON.stringify({ version: "translation-sandwich-v1", assessment: signed, meta: { layer1_source: "supplied" } }, null, 2));
  writeFileSync(keySetFile, jwksText);

  server = createServer((req, res) => {
    requestedPaths.push(req.url ?? "");
    if (req.url !== "/api/public-key") {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(keySetStatus, { "Content-Type": "application/json" }).end(keySetStatus === 200 ? jwksText : '{"error":{"code":"internal"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface CliRun {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

async function cli(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runVerifyCli(argv, env, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

const describeRun = (run: CliRun) => JSON.stringify(run, null, 2);

describe("npm run verify with a key set file", () => {
  it("accepts a signed assessment: exit 0, `valid (key <kid>)`", async () => {
    const run = await cli([signedFile, "--key-set", keySetFile]);
    expect(run.code, describeRun(run)).toBe(0);
    expect(run.out).toEqual(["valid (key l2-2026Q4)"]);
  });

  it("accepts a whole /api/reason response, checking its `assessment` field", async () => {
    const run = await cli([responseFile, "--key-set", keySetFile]);
    expect(run.code, describeRun(run)).toBe(0);
    expect(run.out).toEqual(["valid (key l2-2026Q4)"]);
  });

  it("refuses the file with one byte changed in a signed value: exit 1, signature mismatch", async () => {
    const text = readFileSync(signedFile, "utf8");
    const changed = join(dir, "changed.json");
    writeFileSync(changed, text.replace('"deep"', '"deeP"'));
    const run = await cli([changed, "--key-set", keySetFile]);
    expect(run.code, describeRun(run)).toBe(1);
    expect(run.out).toEqual(["INVALID: signature mismatch"]);
  });

  it("refuses the file with any single byte flipped: always exit 1", async () => {
    const bytes = readFileSync(signedFile);
    const flippedFile = join(dir, "flipped.json");
    const kinds = new Set<string>();
    for (let index = 0; index < bytes.length; index++) {
      const flipped = Buffer.from(bytes);
      flipped[index]! ^= 0x01;
      writeFileSync(flippedFile, flipped);
      const run = await cli([flippedFile, "--key-set", keySetFile]);
      expect(run.code, `byte ${index} flipped: ${describeRun(run)}`).toBe(1);
      expect(run.out[0], describeRun(run)).toMatch(/^INVALID: /);
      kinds.add(/^INVALID: (signature mismatch|unknown key id|malformed|bad signature encoding)/.exec(run.out[0]!)?.[1] ?? run.out[0]!);
    }
    expect([...kinds].sort(), "each kind of damage was met").toEqual(["bad signature encoding", "malformed", "signature mismatch", "unknown key id"]);
  });

  it("refuses a signed assessment whose key is not in the set: exit 1", async () => {
    const emptySet = join(dir, "empty-jwks.json");
    writeFileSync(emptySet, '{"keys":[]}');
    const run = await cli([signedFile, "--key-set", emptySet]);
    expect(run.code, describeRun(run)).toBe(1);
    expect(run.out).toEqual(["INVALID: unknown key id l2-2026Q4"]);
  });

  it.each<[string, () => string[], RegExp]>([
    ["a missing file", () => [join(dir, "absent.json"), "--key-set", keySetFile], /cannot read .*absent\.json/],
    ["a missing key set file", () => [signedFile, "--key-set", join(dir, "absent-jwks.json")], /cannot read the key set/],
    ["no file", () => ["--key-set", keySetFile], /usage:/],
    ["two files", () => [signedFile, responseFile, "--key-set", keySetFile], /usage:/],
    ["an unknown option", () => [signedFile, "--keyset", keySetFile], /Unknown option/],
  ])("exits 2 on %s, saying why", async (_name, argv, message) => {
    const run = await cli(argv());
    expect(run.code, describeRun(run)).toBe(2);
    expect(run.err.join("\n")).toMatch(message);
    expect(run.out).toEqual([]);
  });

  it("exits 2 when the key set file is not JSON", async () => {
    const notJson = join(dir, "not-json.txt");
    writeFileSync(notJson, "keys: none");
    const run = await cli([signedFile, "--key-set", notJson]);
    expect(run.code, describeRun(run)).toBe(2);
    expect(run.err.join("\n")).toContain("is not JSON");
  });
});

describe("npm run verify with the key set from a URL", () => {
  it("fetches --key-set http://…/api/public-key", async () => {
    const run = await cli([signedFile, "--key-set", `${serverUrl}/api/public-key`]);
    expect(run.code, describeRun(run)).toBe(0);
    expect(run.out).toEqual(["valid (key l2-2026Q4)"]);
  });

  it("defaults to $SVC_URL/api/public-key", async () => {
    requestedPaths.length = 0;
    const run = await cli([responseFile], { SVC_URL: `${serverUrl}/` });
    expect(run.code, describeRun(run)).toBe(0);
    expect(requestedPaths).toEqual(["/api/public-key"]);
  });

  it("exits 2 when the key set endpoint fails", async () => {
    keySetStatus = 500;
    try {
      const run = await cli([signedFile, "--key-set", `${serverUrl}/api/public-key`]);
      expect(run.code, describeRun(run)).toBe(2);
      expect(run.err.join("\n")).toContain("failed with 500");
    } finally {
      keySetStatus = 200;
    }
  });

  it("exits 2 when the server cannot be reached", async () => {
    const run = await cli([signedFile], { SVC_URL: "http://127.0.0.1:1" });
    expect(run.code, describeRun(run)).toBe(2);
    expect(run.err.join("\n")).toContain("cannot reach http://127.0.0.1:1/api/public-key");
  });
});

describe("as a process", () => {
  const run = (args: string[]) =>
    new Promise<{ code: number; stdout: string }>((resolve) => {
      const tsx = join(REPO_ROOT, "node_modules", ".bin", "tsx");
      // The Node running this suite (22) first on PATH, as `npm run` puts it for the script.
      const PATH = [dirname(process.execPath), process.env.PATH ?? ""].join(delimiter);
      execFile(tsx, ["packages/local/src/verify_cli.ts", ...args], { cwd: REPO_ROOT, env: { ...process.env, PATH }, timeout: 60_000 }, (error, stdout) => {
        resolve({ code: error ? Number(error.code) : 0, stdout });
      });
    });

  it("`tsx packages/local/src/verify_cli.ts` exits 0 on a valid file and 1 on a changed one", async () => {
    const valid = await run([signedFile, "--key-set", keySetFile]);
    expect(valid, JSON.stringify(valid)).toEqual({ code: 0, stdout: "valid (key l2-2026Q4)\n" });
    const changed = join(dir, "changed-process.json");
    writeFileSync(changed, readFileSync(signedFile, "utf8").replace("0.25", "0.26"));
    const invalid = await run([changed, "--key-set", keySetFile]);
    expect(invalid, JSON.stringify(invalid)).toEqual({ code: 1, stdout: "INVALID: signature mismatch\n" });
  });
});
