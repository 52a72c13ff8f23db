import { execFile, spawn } from "node:child_process";
import { promisify } from "node:util";

/**
 * Headless Chromium for the suites that check what a person sees (the badge, the agent page,
 * the reference page).
 * They run where Chromium is installed (.ci/run installs it), like the real-database suites.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const run = promisify(execFile);
export const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A console call, an uncaught exception or a browser log entry (CSP violation, failed load...). */
export interface ConsoleEntry {
  readonly source: string;
  readonly level: string;
  readonly text: string;
  readonly url?: string;
}

/** A page open in headless Chromium, watched over the DevTools protocol. */
export interface WatchedPage {
  /** Every URL the page and its workers asked for, in order. */
  readonly requests: readonly string[];
  readonly console: readonly ConsoleEntry[];
  /** Runs an expression in the page and returns its value (promises awaited). */
  evaluate<T>(expression: string): Promise<T>;
  /** Polls an expression until it is truthy; fails after `timeoutMs`. */
  waitFor(expression: string, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens `url` in headless Chromium driven over the DevTools protocol (Node's own WebSocket; no
 * driver package): every request of the page and of the workers it starts is recorded, as is
 * every console message. Host names other than localhost resolve to nothing, so a page that
 * reaches out is seen asking, but nothing leaves the machine.
 */
export async function openWatchedPage(url: string, options: { userDataDir: string; windowSize?: string }): Promise<WatchedPage> {
  const browser = spawn(
    CHROMIUM,
    [
      ...FLAGS,
      "--remote-debugging-port=0",
      `--user-data-dir=${options.userDataDir}`,
      `--window-size=${options.windowSize ?? "1280,1000"}`,
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const exited = new Promise<void>((resolve) => browser.once("exit", () => resolve()));
  let stderr = "";
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not open DevTools:\n${stderr}`)), 30_000);
    browser.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    browser.once("exit", (code) => reject(new Error(`Chromium exited (${code}):\n${stderr}`)));
  });

  const socket = new WebSocket(endpoint);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`cannot connect to ${endpoint}`)), { once: true });
  });
  const requests: string[] = [];
  const messages: ConsoleEntry[] = [];
  const pending = new Map<number, { resolve: (value: any) => void; reject: (err: Error) => void }>();
  let lastId = 0;
  const send = (method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<any> =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`DevTools ${method} unanswered`));
      }, 30_000);
      pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  // The page and every worker it starts: requests, console and log, then let it run.
  const watch = async (sessionId: string, page: boolean) => {
    await Promise.all([send("Network.enable", {}, sessionId), send("Runtime.enable", {}, sessionId), send("Log.enable", {}, sessionId).catch(() => undefined)]);
    await send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, sessionId).catch(() => undefined);
    if (!page) await send("Runtime.runIfWaitingForDebugger", {}, sessionId);
  };
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: any; error?: { message: string }; method?: string; params?: any };
    if (message.id !== undefined) {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result);
      return;
    }
    const params = message.params;
    switch (message.method) {
      case "Network.requestWillBeSent":
        requests.push(params.request.url as string);
        break;
      case "Runtime.consoleAPICalled":
        messages.push({
          source: "console",
          level: params.type,
          text: (params.args as { value?: unknown; description?: string }[]).map((a) => String(a.value ?? a.description ?? "")).join(" "),
        });
        break;
      case "Runtime.exceptionThrown":
        messages.push({ source: "exception", level: "error", text: params.exceptionDetails.exception?.description ?? params.exceptionDetails.text });
        break;
      case "Log.entryAdded":
        messages.push({
          source: params.entry.source,
          level: params.entry.level,
          text: params.entry.text,
          ...(params.entry.url ? { url: params.entry.url } : {}),
        });
        break;
      case "Target.attachedToTarget":
        void watch(params.sessionId as string, false).catch(() => undefined);
        break;
    }
  });

  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  await watch(sessionId, true);
  await send("Page.enable", {}, sessionId);
  await send("Page.navigate", { url }, sessionId);

  const evaluate = async <T>(expression: string): Promise<T> => {
    const answer = await send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true }, sessionId);
    if (answer.exceptionDetails) throw new Error(`in the page: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
    return answer.result.value as T;
  };
  return {
    requests,
    console: messages,
    evaluate,
    async waitFor(expression, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!(await evaluate<boolean>(`Boolean(${expression})`))) {
        if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    async close() {
      await send("Browser.close").catch(() => undefined);
      socket.close();
      const killed = setTimeout(() => browser.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killed);
    },
  };
}
