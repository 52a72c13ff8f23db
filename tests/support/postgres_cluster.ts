import { execFile, execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * A PostgreSQL server of a test's own, on its own port, that the test may stop, restart and
 * freeze (never the machine's shared one). Needs the PostgreSQL binaries (PG_BIN, or the
 * newest /usr/lib/postgresql/<version>/bin); PostgreSQL refuses to run as root, so as root
 * every command runs as the `postgres` OS user.
 */
export const PG_BIN: string | undefined = process.env.PG_BIN ?? newestPostgresBin();

function newestPostgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : undefined;
}

const asRoot = process.getuid?.() === 0;

export interface PostgresCluster {
  readonly url: string;
  /** `pg_ctl stop` in the given mode (fast: sessions terminated; immediate: no shutdown at all). */
  stop(mode: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP to the postmaster and every backend: the server holds its connections and answers nothing. */
  freeze(): void;
  thaw(): void;
  destroy(): Promise<void>;
}

export async function startPostgresCluster(port: number): Promise<PostgresCluster> {
  if (!PG_BIN) throw new Error("no PostgreSQL binaries: set PG_BIN");
  const base = mkdtempSync(join(tmpdir(), "svc-pg-"));
  chmodSync(base, 0o755);
  const dataDir = join(base, "data");
  const socketDir = join(base, "sock");
  const logFile = join(base, "postgres.log");
  mkdirSync(dataDir, { mode: 0o700 });
  mkdirSync(socketDir);
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    for (const path of [base, dataDir, socketDir]) chownSync(path, uid, gid);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", join(PG_BIN!, tool), ...args]) : run(join(PG_BIN!, tool), args);

  await pg("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const start = async () => {
    const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
    await pg("pg_ctl", ["start", "-w", "-t", "60", "-D", dataDir, "-l", logFile, "-o", options]);
  };
  await start();

  /** The postmaster and its children (backends, background workers), by process id. */
  const processes = (): number[] => {
    const postmaster = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    const children = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          // Field 4 of /proc/<pid>/stat is the parent id (after the parenthesised command name).
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  };
  const signalAll = (signal: NodeJS.Signals) => {
    for (const pid of processes()) {
      try {
        process.kill(pid, signal);
      } catch {
        // Exited in between.
      }
    }
  };
  let frozen = false;

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async (mode) => void (await pg("pg_ctl", ["stop", "-w", "-t", "60", "-D", dataDir, "-m", mode])),
    start,
    freeze: () => {
      signalAll("SIGSTOP");
      frozen = true;
    },
    thaw: () => {
      signalAll("SIGCONT");
      frozen = false;
    },
    destroy: async () => {
      if (frozen) signalAll("SIGCONT");
      if (existsSync(join(dataDir, "postmaster.pid"))) await pg("pg_ctl", ["stop", "-w", "-D", dataDir, "-m", "immediate"]).catch(() => undefined);
      rmSync(base, { recursive: true, force: true });
    },
  };
}
