import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { promisify } from "node:util";
import { clearCredentialCache } from "@svc/http/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKeysCli } from "../packages/local/src/keys_cli";
import { REPO_ROOT } from "../packages/local/src/main";
import { startLocalServer, type LocalServer } from "../packages/local/src/server";

// `npm run keys` against the real local server (`npm start`) on an ephemeral port, with the
// embedded database persisted under a temporary DATA_DIR.
const OPERATOR_KEY = "op-secret";

let server: LocalServer;
let baseDir: string;
let dataDir: string;

function start(): Promise<LocalServer> {
  return startLocalServer({ PORT: "0", LOG_LEVEL: "silent", DATA_DIR: dataDir, OPERATOR_API_KEY: OPERATOR_KEY });
}

beforeAll(async () => {
  baseDir = mkdtempSync(join(tmpdir(), "svc-keys-cli-"));
  dataDir = join(baseDir, "data");
  server = await start();
});

afterAll(async () => {
  await server?.close();
  if (baseDir) rmSync(baseDir, { recursive: true, force: true });
});

interface CliRun {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

async function cli(argv: string[], env: NodeJS.ProcessEnv = { OPERATOR_API_KEY: OPERATOR_KEY }): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runKeysCli(argv, env, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err };
}

const describeRun = (run: CliRun) => JSON.stringify(run, null, 2);

async function createKey(extra: string[] = []): Promise<{ key: string; id: string; run: CliRun }> {
  const run = await cli([
    "create",
    "--kind",
    "prac",
    "--tier",
    "paid",
    "--capabilities",
    "accreditation_write",
    "--agent",
    "agent-one",
    "--url",
    server.url,
    ...extra,
  ]);
  expect(run.code, describeRun(run)).toBe(0);
  const key = run.out.at(-1)!;
  const id = /created key ([0-9a-f-]{36})/.exec(run.out.join("\n"))?.[1];
  expect(id, describeRun(run)).toBeDefined();
  return { key, id: id!, run };
}

async function me(key: string): Promise<Response> {
  return fetch(`${server.url}/api/me`, { headers: { Authorization: `Bearer ${key}` } });
}

async function expectStatus(res: Response, status: number): Promise<Record<string, unknown>> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as Record<string, unknown>;
}

describe("npm run keys against the local server", () => {
  it("create prints a svc_prac_ key as the last line, and it works on GET /api/me", async () => {
    const { key, id } = await createKey();
    expect(key).toMatch(/^svc_prac_[A-Za-z0-9_-]{32}$/);
    const body = await expectStatus(await me(key), 200);
    expect(body).toMatchObject({
      type: "api_key",
      credential_id: id,
      owner_id: "key:agent-one",
      agent_id: "agent-one",
      kind: "prac",
      tier: "paid",
      capabilities: ["accreditation_write"],
    });
  });

  it("list shows the key's id and prefix, never the key", async () => {
    const { key, id } = await createKey();
    const run = await cli(["list", "--owner", "agent-one", "--url", server.url]);
    expect(run.code, describeRun(run)).toBe(0);
    const text = run.out.join("\n");
    const row = run.out.find((line) => line.startsWith(id));
    expect(row, text).toBeDefined();
    expect(row).toContain(key.slice(0, 13));
    expect(row).toContain("active");
    expect(text).not.toContain(key);
    expect(text).not.toContain(key.slice(13));
  });

  it("revoke makes the key get 401 on GET /api/me at once", async () => {
    const { key, id } = await createKey();
    await expectStatus(await me(key), 200);
    const run = await cli(["revoke", id, "--url", server.url]);
    expect(run.code, describeRun(run)).toBe(0);
    expect(run.out.join("\n")).toContain(`revoked ${id}`);
    const body = await expectStatus(await me(key), 401);
    expect((body.error as Record<string, unknown>).code).toBe("revoked_credential");

    const active = await cli(["list", "--owner", "agent-one", "--url", server.url]);
    expect(
      active.out.some((line) => line.startsWith(id)),
      describeRun(active),
    ).toBe(false);
    const all = await cli(["list", "--owner", "agent-one", "--include-revoked", "--url", server.url]);
    expect(
      all.out.find((line) => line.startsWith(id)),
      describeRun(all),
    ).toContain("revoked");
  });

  it("takes the server from SVC_URL and the operator key from --operator-key", async () => {
    const run = await cli(["create", "--kind", "live", "--owner", "owner-flags", "--operator-key", OPERATOR_KEY], { SVC_URL: server.url });
    expect(run.code, describeRun(run)).toBe(0);
    await expectStatus(await me(run.out.at(-1)!), 200);
  });

  it("exits 2 without an operator key", async () => {
    const run = await cli(["list", "--url", server.url], {});
    expect(run.code, describeRun(run)).toBe(2);
    expect(run.err.join("\n")).toMatch(/operator key/i);
  });

  it("exits non-zero on an unknown command", async () => {
    const run = await cli(["rotate", "--url", server.url]);
    expect(run.code, describeRun(run)).not.toBe(0);
    expect(run.err.join("\n")).toContain("unknown command rotate");
  });

  it("exits non-zero with the 401 reason on a wrong operator key", async () => {
    const run = await cli(["list", "--url", server.url], { OPERATOR_API_KEY: "not-the-operator-key" });
    expect(run.code, describeRun(run)).not.toBe(0);
    expect(run.err.join("\n")).toContain("401");
    expect(run.err.join("\n")).toContain("invalid_credential");
    expect(run.out).toEqual([]);
  });

  it("exits non-zero naming the field when the server refuses the body", async () => {
    const run = await cli(["create", "--kind", "prac", "--agent", "agent-one", "--capabilities", "fly", "--url", server.url]);
    expect(run.code, describeRun(run)).not.toBe(0);
    expect(run.err.join("\n")).toContain("400");
    expect(run.out).toEqual([]);
  });

  it("exits non-zero when create has no --kind", async () => {
    const run = await cli(["create", "--agent", "agent-one", "--url", server.url]);
    expect(run.code, describeRun(run)).not.toBe(0);
    expect(run.err.join("\n")).toContain("--kind");
  });

  it("exits non-zero when the server cannot be reached", async () => {
    const run = await cli(["list", "--url", "http://127.0.0.1:1"]);
    expect(run.code, describeRun(run)).not.toBe(0);
    expect(run.err.join("\n")).toContain("cannot reach");
  });

  it("runs as `tsx packages/local/src/keys_cli.ts` and prints the key as the last stdout line", async () => {
    const tsx = join(REPO_ROOT, "node_modules", ".bin", "tsx");
    // The Node running this suite (22) first on PATH, as `npm run` puts it for the script.
    const PATH = [dirname(process.execPath), process.env.PATH ?? ""].join(delimiter);
    const { stdout } = await promisify(execFile)(
      tsx,
      ["packages/local/src/keys_cli.ts", "create", "--kind", "live", "--agent", "agent-child", "--url", server.url],
      { cwd: REPO_ROOT, env: { ...process.env, PATH, OPERATOR_API_KEY: OPERATOR_KEY }, timeout: 60_000 },
    );
    const key = stdout.trimEnd().split("\n").at(-1)!;
    expect(key, stdout).toMatch(/^svc_live_[A-Za-z0-9_-]{32}$/);
    expect((await expectStatus(await me(key), 200)).agent_id).toBe("agent-child");
  });
});

describe("restarting the local server", () => {
  it("keeps the keys: the embedded database persists under DATA_DIR", async () => {
    const kept = await createKey();
    const revoked = await createKey();
    expect((await cli(["revoke", revoked.id, "--url", server.url])).code).toBe(0);

    await server.close();
    // Nothing may come from this process's credential cache: only the database can answer.
    clearCredentialCache();
    server = await start();

    const body = await expectStatus(await me(kept.key), 200);
    expect(body.credential_id).toBe(kept.id);
    const refused = await expectStatus(await me(revoked.key), 401);
    expect((refused.error as Record<string, unknown>).code).toBe("revoked_credential");
    const listed = await cli(["list", "--owner", "agent-one", "--url", server.url]);
    expect(
      listed.out.some((line) => line.startsWith(kept.id)),
      describeRun(listed),
    ).toBe(true);
  });
});
