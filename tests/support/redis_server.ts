import { spawn, type ChildProcess } from "node:child_process";
import { createConnection } from "node:net";

/**
 * A Redis server process of the test's own, on its own port, for fault tests that must hang
 * or stop the store (the machine's shared Redis is never touched): SIGSTOP makes it a store
 * that accepts connections and commands but never answers, SIGCONT wakes it, and it then runs
 * every command that waited in its sockets, as a real hung store does.
 */
export interface OwnRedis {
  readonly url: string;
  readonly port: number;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

export async function startOwnRedis(port: number): Promise<OwnRedis> {
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"],
    { stdio: "ignore" },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitForPort(port, child);
  let paused = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause() {
      child.kill("SIGSTOP");
      paused = true;
    },
    resume() {
      child.kill("SIGCONT");
      paused = false;
    },
    async stop() {
      if (paused) child.kill("SIGCONT");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server on port ${port} exited with ${child.exitCode} (port taken?)`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on port ${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
