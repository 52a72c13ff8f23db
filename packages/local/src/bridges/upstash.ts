import Redis from "ioredis";
import { startJsonServer } from "./json_server";

/**
 * A loopback server that speaks the Upstash REST protocol in front of a plain Redis, so the
 * production client (@upstash/redis) runs unchanged against this machine's Redis. It serves
 * POST / (one command), /pipeline and /multi-exec, and honours `Upstash-Encoding: base64`.
 */
export interface UpstashBridge {
  readonly url: string;
  readonly token: string;
  /** HTTP requests answered so far: one per round trip a client makes to the store. */
  requests(): number;
  close(): Promise<void>;
}

type Reply = string | number | null | Reply[];

// ioredis reshapes some replies (HGETALL into an object...) and arguments; Upstash returns
// Redis' own shapes, so the bridge turns those transformers off. It is the only ioredis user.
const commandClass = (Redis as unknown as { Command: { _transformer: { reply: object; argument: object } } }).Command;
commandClass._transformer.reply = {};
commandClass._transformer.argument = {};

function encodeReply(reply: Reply, base64: boolean): Reply {
  if (Array.isArray(reply)) return reply.map((r) => encodeReply(r, base64));
  if (base64 && typeof reply === "string" && reply !== "OK") return Buffer.from(reply).toString("base64");
  return reply;
}

export async function startUpstashBridge(options: { redisUrl: string; token?: string; port?: number }): Promise<UpstashBridge> {
  const token = options.token ?? `bridge-${crypto.randomUUID()}`;
  const redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  await redis.connect();
  const run = async (command: unknown): Promise<Reply> => {
    if (!Array.isArray(command) || command.length === 0) throw new Error("ERR a command is a non-empty array");
    const parts = command.map((part) => (typeof part === "string" ? part : JSON.stringify(part)));
    const [name = "", ...args] = parts;
    return (await redis.call(name, ...args)) as Reply;
  };

  const server = await startJsonServer(options.port ?? 0, async ({ path, headers, body: raw, send }) => {
    if (headers.authorization !== `Bearer ${token}`) return send(401, { error: "Unauthorized" });
    let body: unknown;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      return send(400, { error: "ERR body is not JSON" });
    }
    const base64 = String(headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
    const outcome = async (command: unknown) => {
      try {
        return { result: encodeReply(await run(command), base64) };
      } catch (err) {
        return { error: err instanceof Error ? err.message : String(err) };
      }
    };
    if (path === "/pipeline" || path === "/multi-exec") {
      if (!Array.isArray(body)) return send(400, { error: "ERR a pipeline is an array of commands" });
      if (path === "/multi-exec") {
        const multi = redis.multi();
        for (const command of body as unknown[][]) {
          const [cmd = "", ...rest] = (command as unknown[]).map(String);
          multi.call(cmd, ...rest);
        }
        const results = (await multi.exec()) ?? [];
        return send(
          200,
          results.map(([err, value]) => (err ? { error: err.message } : { result: encodeReply(value as Reply, base64) })),
        );
      }
      const results = [];
      for (const command of body) results.push(await outcome(command));
      return send(200, results);
    }
    const single = await outcome(body);
    return send("error" in single ? 400 : 200, single);
  });

  return {
    url: `http://127.0.0.1:${server.port}`,
    requests: server.requests,
    token,
    close: async () => {
      await server.close();
      redis.disconnect();
    },
  };
}
