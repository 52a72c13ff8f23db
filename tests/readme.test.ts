import { spawn, type ChildProcess } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../packages/local/src/main";
import { needs, requirement } from "./support/requirements";
import { dropPostgresDatabase } from "./support/scratch_database";
import { freePort, isListening } from "../packages/local/src/net";

/*
 * README.md's ```sh blocks, run in order as a new user runs them: as written, in one shell
 * ("the second terminal": variables a block sets are there for the next), each with
 * `set -euo pipefail`, each of which must exit 0; a few outputs are checked below.
 *
 * Conventions, on a block's first comment lines (README.md, "The examples run in order"):
 *   # In a terminal of its own; keeps running (wait for "<text>").
 *       A long-running command (npm start, npm run dev:worker): started in a fresh bash of its
 *       own (a new terminal: none of the shared shell's variables), left running; the next
 *       block starts once <text> appears in its output. Stopped with SIGINT at the end.
 *   # Needs PostgreSQL and Redis on this machine.
 *       Run only when DATABASE_URL and REDIS_URL are set (bash .ci/run sets both); its terminal
 *       gets DATABASE_URL naming a database of this test's own on that server (dropped at the
 *       end) and REDIS_URL. Skipped otherwise, with that reason.
 *   # Not run by tests/readme.test.ts: <why>
 *       Skipped (a Cloudflare account, or the install and the suite themselves).
 *
 * Every terminal's environment is what a new user's shell has (PATH with this suite's Node 22
 * first, HOME, the locale) and none of the service's variables, plus three the test sets: PORT,
 * a free port, which the README's `npm start` listens on and its `SVC_URL` is built from;
 * DATA_DIR, a temporary folder; and CURL_HOME, whose .curlrc makes curl fail on an HTTP error
 * (--fail-with-body), so a refused example fails its block. The files the blocks write at the
 * repository's root (consult.json, …) are removed at the end.
 */

interface Block {
  readonly line: number;
  readonly text: string;
  readonly terminal?: { readonly waitFor: string };
  readonly needsPostgresAndRedis: boolean;
  readonly notRun?: string;
}

const TERMINAL = /^# In a terminal of its own; keeps running \(wait for "([^"]+)"\)\.?$/;
const NEEDS_POSTGRES_AND_REDIS = /^# Needs PostgreSQL and Redis on this machine\.?$/;
const NOT_RUN = /^# Not run by tests\/readme\.test\.ts: (.+)$/;

function readmeShellBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== "```sh") continue;
    const start = i;
    const body: string[] = [];
    for (i += 1; i < lines.length && lines[i]!.trim() !== "```"; i++) body.push(lines[i]!);
    const firstCommand = body.findIndex((l) => !l.startsWith("#"));
    const leading = firstCommand === -1 ? body : body.slice(0, firstCommand);
    const waitFor = leading.map((l) => TERMINAL.exec(l)?.[1]).find(Boolean);
    const notRun = leading.map((l) => NOT_RUN.exec(l)?.[1]).find(Boolean);
    blocks.push({
      line: start + 1,
      text: `${body.join("\n")}\n`,
      ...(waitFor ? { terminal: { waitFor } } : {}),
      needsPostgresAndRedis: leading.some((l) => NEEDS_POSTGRES_AND_REDIS.test(l)),
      ...(notRun ? { notRun } : {}),
    });
  }
  return blocks;
}

/** The block's commands without comments: what must hold no placeholder. */
const commands = (block: Block) =>
  block.text
    .split("\n")
    .filter((l) => !l.trimStart().startsWith("#"))
    .map((l) => l.replace(/\s+#\s.*$/, ""))
    .join("\n");

const BLOCKS = readmeShellBlocks(readFileSync(join(REPO_ROOT, "README.md"), "utf8"));
const title = (block: Block) =>
  `README.md:${block.line}: ${block.text
    .split("\n")
    .find((l) => l && !l.startsWith("#"))
    ?.slice(0, 90)}`;

// Generous: two cores shared with other suites; no timing is asserted.
const BLOCK_TIMEOUT_MS = 300_000;
const READY_TIMEOUT_MS = 300_000;

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's escape sequences
const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, "");

/** What a new user's terminal has: no service variable, no npm_* of the running suite. */
function userEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ["HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "TERM", "TMPDIR", "SHELL"]) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  // The Node running this suite (22) first on PATH, as npm puts it for every script.
  env.PATH = [dirname(process.execPath), process.env.PATH ?? ""].join(delimiter);
  env.WRANGLER_SEND_METRICS = "false";
  return { ...env, ...extra };
}

/** The shared shell: one bash fed the blocks one after another, so what a block sets stays. */
class SharedShell {
  private readonly child: ChildProcess;
  private stdout = "";
  private stderr = "";
  private exitCode: number | null | undefined;
  private readonly exited: Promise<void>;
  private count = 0;

  constructor(
    env: NodeJS.ProcessEnv,
    private readonly scratch: string,
  ) {
    this.child = spawn("bash", ["--noprofile", "--norc"], { cwd: REPO_ROOT, env, detached: true, stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout!.on("data", (chunk: Buffer) => (this.stdout += chunk.toString()));
    this.child.stderr!.on("data", (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) =>
      this.child.once("exit", (code, signal) => {
        this.exitCode = code ?? (signal ? 128 : null);
        resolve();
      }),
    );
    this.child.stdin!.write("set -euo pipefail\n");
  }

  get alive(): boolean {
    return this.exitCode === undefined;
  }

  /** Runs a script in the shell (sourced, so its variables stay); a failing command ends the shell, as `set -e` does. */
  async run(script: string, timeoutMs = BLOCK_TIMEOUT_MS): Promise<{ code: number | null; stdout: string; stderr: string }> {
    if (!this.alive) throw new Error(`the shared shell has exited (${this.exitCode})`);
    const n = ++this.count;
    const file = join(this.scratch, `block-${n}.sh`);
    writeFileSync(file, script);
    const done = `__readme_block_${n}_${crypto.randomUUID()}__`;
    const [outFrom, errFrom] = [this.stdout.length, this.stderr.length];
    this.child.stdin!.write(`source ${file} < /dev/null\nprintf '\\n%s\\n' ${done}\n`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const out = this.stdout.slice(outFrom);
      if (out.includes(done)) {
        return { code: 0, stdout: out.slice(0, out.indexOf(done)).replace(/\n$/, ""), stderr: this.stderr.slice(errFrom) };
      }
      if (!this.alive) return { code: this.exitCode ?? null, stdout: out, stderr: this.stderr.slice(errFrom) };
      if (Date.now() > deadline) {
        await this.stop();
        return { code: null, stdout: out, stderr: `${this.stderr.slice(errFrom)}\n(timed out after ${timeoutMs / 1000} s)` };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A variable of the shell, as the blocks left it. */
  async variable(name: string): Promise<string> {
    const { code, stdout } = await this.run(`printf '%s' "\${${name}-}"\n`, 30_000);
    if (code !== 0) throw new Error(`reading ${name} failed`);
    return stdout;
  }

  async stop(): Promise<void> {
    if (!this.alive) return;
    try {
      process.kill(-this.child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
    await this.exited;
  }
}

/** A terminal of its own: one long-running block. */
class Terminal {
  private output = "";
  private readonly child: ChildProcess;
  private gone = false;
  private readonly exited: Promise<void>;

  constructor(
    readonly block: Block,
    file: string,
    env: NodeJS.ProcessEnv,
  ) {
    // Its own process group, so that the command and everything it started can be stopped at the end.
    this.child = spawn("bash", ["--noprofile", "--norc", "-euo", "pipefail", file], { cwd: REPO_ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    this.child.stdout!.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr!.on("data", (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) =>
      this.child.once("exit", () => {
        this.gone = true;
        resolve();
      }),
    );
  }

  get text(): string {
    return stripAnsi(this.output);
  }

  async ready(waitFor: string): Promise<"ready" | string> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (this.text.includes(waitFor)) return "ready";
      if (this.gone) return "exited before it was ready";
      if (Date.now() > deadline) return `not ready within ${READY_TIMEOUT_MS / 1000} s`;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Ctrl+C, as a user stops it; then, if anything is left, SIGKILL to the group. */
  async stop(): Promise<void> {
    if (this.gone) return;
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-this.child.pid!, name);
      } catch {
        // already gone
      }
    };
    signal("SIGINT");
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    signal("SIGKILL");
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
}

/** The JSON documents curl printed one after another (a JSON answer ends without a newline). */
function jsonDocuments(text: string): unknown[] {
  const documents: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"' && depth > 0) inString = true;
    else if (c === "{") {
      if (depth++ === 0) start = i;
    } else if (c === "}" && depth > 0 && --depth === 0) documents.push(JSON.parse(text.slice(start, i + 1)));
  }
  return documents;
}

/**
 * Outputs checked, by the block that produces them (each must match exactly one runnable block,
 * so that a README edit cannot silently drop a check).
 */
interface Check {
  readonly block: string;
  readonly check: (stdout: string, shell: SharedShell) => Promise<void> | void;
}

const CHECKS: Check[] = [
  {
    block: "curl $SVC_URL/api/virtues",
    check: (stdout) => {
      expect(stdout).toContain("phronesis");
      expect(stdout).toContain('"ranked":[{"rank":1,"id":"health"');
      expect(stdout).toMatch(/HTTP\/1\.1 200 OK[\s\S]*content-type: text\/html/); // HEAD /docs: the reference page
    },
  },
  {
    // A key is created, held in KEY, and accepted.
    block: "export KEY=$(npm run -s keys -- create",
    check: async (stdout, shell) => {
      expect(await shell.variable("KEY")).toMatch(/^svc_prac_\S+$/);
      expect(stdout).toContain('"key:agent-one"');
      expect(stdout).toMatch(/revoked \S+ at /);
    },
  },
  {
    block: "npx tsx client-example.ts",
    // The guardrail's verdict on the destructive act (flagged), and the consult's signature checked.
    check: (stdout) => expect(stdout.trim().split("\n").at(-1)).toMatch(/^(pause_for_review|do_not_proceed) true$/),
  },
  {
    block: "npm run -s verify -- consult.json",
    check: (stdout) => expect(stdout).toMatch(/^valid \(key \S+\)$/m),
  },
  {
    // The deferred narrative: its id read from the consult, then the narrative read back by it.
    block: "export NARRATIVE_ID=",
    check: async (stdout, shell) => {
      const id = await shell.variable("NARRATIVE_ID");
      expect(id).toMatch(/^nar_[0-9a-f-]{36}$/);
      const read = JSON.parse(stdout) as { correlation_id: string; status: string; narrative: string };
      expect(read).toMatchObject({ correlation_id: id, status: "ready" });
      expect(read.narrative.length).toBeGreaterThan(20);
    },
  },
  {
    // The guardrail answers: both examples are flagged (stopped for review, or refused).
    block: "curl $SVC_URL/api/guardrail",
    check: (stdout) => {
      const verdicts = jsonDocuments(stdout).map((answer) => (answer as { verdict?: string }).verdict);
      expect(verdicts).toHaveLength(2);
      for (const verdict of verdicts) expect(verdict).toMatch(/^(pause_for_review|do_not_proceed)$/);
    },
  },
  {
    block: '"method":"tools/call"',
    // The guardrail as an MCP tool: its answer is the route's, as text.
    check: (stdout) => {
      const { result } = jsonDocuments(stdout)[0] as { result: { isError?: boolean; content: Array<{ type: string; text: string }> } };
      expect(result.isError ?? false).toBe(false);
      expect(JSON.parse(result.content[0]!.text)).toHaveProperty("verdict");
    },
  },
  {
    block: "curl -s $SVC_URL/api/accreditation/my-agent -H",
    check: (stdout) => expect(stdout).toContain('"agent_id":"my-agent"'),
  },
  {
    block: "Idempotency-Key: $IDEMPOTENCY_KEY",
    check: (stdout) => expect(stdout).toMatch(/^idempotent-replayed: true\s*$/im),
  },
  {
    block: "WORKER_KEY=$(npm run -s keys -- create --url",
    check: (stdout) => {
      expect(stdout).toMatch(/^HTTP\/1\.1 200/m);
      expect(stdout).toMatch(/^ratelimit: .*"svc-guard-monthly";r=499/im);
      expect((jsonDocuments(stdout)[0] as { verdict?: string }).verdict).toMatch(/^(pause_for_review|do_not_proceed)$/);
    },
  },
];

describe("README.md's shell blocks, run in order against a fresh npm start", needs("jq"), () => {
  const scratch = mkdtempSync(join(tmpdir(), "svc-readme-"));
  const database = `svc_readme_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const postgresAndRedis = requirement("postgres_and_redis");
  const terminals: Terminal[] = [];
  const rootBefore = new Set(readdirSync(REPO_ROOT));
  let env: NodeJS.ProcessEnv;
  let shell: SharedShell;
  let failed = false;
  let databaseUsed = false;

  beforeAll(async () => {
    mkdirSync(join(scratch, "curl"));
    writeFileSync(join(scratch, "curl", ".curlrc"), "fail-with-body\nshow-error\n");
    env = userEnvironment({ PORT: String(await freePort()), DATA_DIR: join(scratch, "data"), CURL_HOME: join(scratch, "curl") });
    shell = new SharedShell(env, scratch);
  });

  afterAll(async () => {
    await shell?.stop();
    for (const terminal of terminals.reverse()) await terminal.stop();
    if (databaseUsed) await dropPostgresDatabase(database);
    // What the blocks wrote at the repository's root (consult.json, seed.json, client-example.ts).
    for (const name of readdirSync(REPO_ROOT)) {
      if (!rootBefore.has(name) && lstatSync(join(REPO_ROOT, name)).isFile()) rmSync(join(REPO_ROOT, name), { force: true });
    }
    rmSync(scratch, { recursive: true, force: true });
  }, 120_000);

  it("has runnable blocks without placeholders, and a block for every check", () => {
    const runnable = BLOCKS.filter((b) => !b.notRun);
    expect(runnable.length).toBeGreaterThan(10);
    expect(BLOCKS[0]?.notRun, "the first block installs and tests").toBeDefined();
    expect(runnable[0]?.terminal, "the first runnable block starts the server").toBeDefined();
    for (const block of runnable) {
      expect(commands(block), title(block)).not.toMatch(/…|<[a-z][a-z-]*>|localhost:8787/);
    }
    for (const { block } of CHECKS)
      expect(
        runnable.filter((b) => b.text.includes(block)),
        block,
      ).toHaveLength(1);
  });

  for (const block of BLOCKS) {
    it(
      title(block),
      async (ctx) => {
        if (block.notRun) return ctx.skip(`README block not run: ${block.notRun}`);
        if (block.needsPostgresAndRedis && !postgresAndRedis.met) return ctx.skip(`README block needs PostgreSQL and Redis: ${postgresAndRedis.reason}`);
        if (failed || !shell.alive) return ctx.skip("an earlier README block failed");
        try {
          await runBlock(block);
        } catch (err) {
          failed = true;
          throw err;
        }
      },
      BLOCK_TIMEOUT_MS + READY_TIMEOUT_MS,
    );
  }

  async function runBlock(block: Block): Promise<void> {
    const blockEnv = { ...env };
    if (block.needsPostgresAndRedis) {
      databaseUsed = true;
      blockEnv.DATABASE_URL = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${database}` }).toString();
      blockEnv.REDIS_URL = process.env.REDIS_URL;
    }
    if (block.terminal) {
      for (const port of [...block.text.matchAll(/--port (\d+)/g)].map((m) => Number(m[1]))) {
        expect(await isListening(port), `port ${port}, which the README's block uses, is already taken on this machine`).toBe(false);
      }
      const file = join(scratch, `terminal-${terminals.length + 1}.sh`);
      writeFileSync(file, block.text);
      const terminal = new Terminal(block, file, blockEnv);
      terminals.push(terminal);
      const outcome = await terminal.ready(block.terminal.waitFor);
      expect(outcome, `${title(block)}:\n${terminal.text.slice(-4000)}`).toBe("ready");
      return;
    }
    // A block run in the shared shell; a PostgreSQL one reaches the database only through the
    // Workers its terminals started, so it needs no variable of its own.
    const { code, stdout, stderr } = await shell.run(block.text);
    const context = `${title(block)}\n--- stdout\n${stdout.slice(-3000)}\n--- stderr\n${stderr.slice(-3000)}\n--- terminals\n${terminals.map((t) => t.text.slice(-1500)).join("\n")}`;
    expect(code, context).toBe(0);
    for (const { check } of CHECKS.filter((c) => block.text.includes(c.block))) {
      try {
        await check(stdout, shell);
      } catch (err) {
        (err as Error).message += `\n${context}`;
        throw err;
      }
    }
  }
});
