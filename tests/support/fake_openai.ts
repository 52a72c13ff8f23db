import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback stand-in for an OpenAI-compatible endpoint (the remote paid API is the one part
 * tests may fake): POST /v1/chat/completions (and /chat/completions) answered from a scripted
 * queue, one entry per request in the order requests arrive. Every request is recorded so
 * tests can assert on what the client sent.
 */

/** One scripted answer. */
export type FakeReply =
  /** A completion whose message content is this string (valid JSON or not). */
  | string
  | { readonly content: string; readonly delayMs?: number }
  /** An HTTP error with an OpenAI-style error body; retried by the client for 408/409/429/5xx. */
  | { readonly status: number; readonly delayMs?: number }
  /** Hold the request this long, then answer with `then` (a completion, by default an empty JSON object). */
  | { readonly delayMs: number; readonly then?: FakeReply };

export interface FakeChatRequest {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly model: unknown;
  readonly messages: Array<{ role: string; content: string }>;
  readonly response_format: unknown;
  readonly temperature: unknown;
  readonly n: unknown;
  readonly body: Record<string, unknown>;
}

export interface FakeOpenAi {
  /** Ends with /v1, as the openai client expects. */
  readonly baseURL: string;
  enqueue(...replies: FakeReply[]): void;
  readonly requests: FakeChatRequest[];
  /** Scripted replies not yet used. */
  pending(): number;
  close(): Promise<void>;
}

const CHAT_PATHS = new Set(["/v1/chat/completions", "/chat/completions"]);

function completion(model: unknown, content: string) {
  return {
    id: `chatcmpl-fake-${Math.random().toString(36).slice(2, 10)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: typeof model === "string" ? model : "fake",
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  const requests: FakeChatRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function answer(res: ServerResponse, model: unknown, reply: FakeReply): Promise<void> {
    if (typeof reply === "string") return sendJson(res, 200, completion(model, reply));
    if (reply.delayMs !== undefined) await wait(reply.delayMs);
    if ("status" in reply) {
      // retry-after-ms keeps the client's backoff short in tests.
      return sendJson(
        res,
        reply.status,
        { error: { message: `fake failure ${reply.status}`, type: "server_error", param: null, code: null } },
        { "retry-after-ms": "1" },
      );
    }
    if ("content" in reply) return sendJson(res, 200, completion(model, reply.content));
    return answer(res, model, reply.then ?? "{}");
  }

  const server = createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    if (req.method !== "POST" || !CHAT_PATHS.has(path))
      return sendJson(res, 404, { error: { message: `no route ${req.method} ${path}`, type: "invalid_request_error" } });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { error: { message: "body is not JSON", type: "invalid_request_error" } });
    }
    requests.push({
      path,
      authorization: req.headers.authorization,
      model: body.model,
      messages: body.messages as FakeChatRequest["messages"],
      response_format: body.response_format,
      temperature: body.temperature,
      n: body.n,
      body,
    });
    const reply = queue.shift();
    // An unscripted request is a test bug: fail loudly and tell the client not to retry.
    if (reply === undefined)
      return sendJson(res, 500, { error: { message: "fake OpenAI: no scripted reply left", type: "server_error" } }, { "x-should-retry": "false" });
    await answer(res, body.model, reply);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    pending: () => queue.length,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
