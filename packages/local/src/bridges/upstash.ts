import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Redis from "ioredis";

/**
 * A loopback server that speaks the Upstash REST protocol in front of a plain Redis, so the
 * production clients (@upstash/redis, @upstash/ratelimit) run unchanged against this
 * machine's Redis. It serves POST / (one command), /pipeline and /multi-exec, honours
 * `Upstash-Encoding: base64`, and adapts the Lua scripts of @upstash/ratelimit, whose
 * `#!lua flags=allow-key-locking` line open-source Redis refuses: the flag is dropped and the
 * client's script hashes are mapped to the adapted scripts' hashes.
 */
export interface UpstashBridge {
  readonly url: string;
  readonly token: string;
  close(): Promise<void>;
}

type Reply = string | number | null | Reply[];

// ioredis reshapes some replies (HGETALL into an object...) and arguments; Upstash returns
// Redis' own shapes, so the bridge turns those transformers off. It is the only ioredis user.
const commandClass = (Redis as unknown as { Command: { _transformer: { reply: object; argument: object } } }).Command;
commandClass._transformer.reply = {};
commandClass._transformer.argument = {};

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

function adaptScript(script: string): string {
  const newline = script.indexOf("\n");
  const first = newline === -1 ? script : script.slice(0, newline);
  if (!first.startsWith("#!lua")) return script;
  const flags = (/flags=([^\s]*)/.exec(first)?.[1] ?? "").split(",").filter((flag) => flag && flag !== "allow-key-locking");
  const shebang = flags.length > 0 ? `#!lua flags=${flags.join(",")}` : "";
  return `${shebang}${newline === -1 ? "" : script.slice(newline)}`;
}

function encodeReply(reply: Reply, base64: boolean): Reply {
  if (Array.isArray(reply)) return reply.map((r) => encodeReply(r, base64));
  if (base64 && typeof reply === "string" && reply !== "OK") return Buffer.from(reply).toString("base64");
  return reply;
}

export async function startUpstashBridge(options: { redisUrl: string; token?: string; port?: number }): Promise<UpstashBridge> {
  const token = options.token ?? `bridge-${crypto.randomUUID()}`;
  const redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  await redis.connect();
  const scriptMap = new Map<string, string>();

  const rewrite = async (command: string[]): Promise<string[]> => {
    const [name = "", ...args] = command;
    const upper = name.toUpperCase();
    if ((upper === "EVAL" || upper === "EVAL_RO") && args[0] !== undefined) {
      return [name, adaptScript(args[0]), ...args.slice(1)];
    }
    if ((upper === "EVALSHA" || upper === "EVALSHA_RO") && args[0] !== undefined) {
      return [name, scriptMap.get(args[0]) ?? args[0], ...args.slice(1)];
    }
    return command;
  };

  const run = async (command: unknown): Promise<Reply> => {
    if (!Array.isArray(command) || command.length === 0) throw new Error("ERR a command is a non-empty array");
    const parts = command.map((part) => (typeof part === "string" ? part : JSON.stringify(part)));
    const [name = "", ...args] = parts;
    if (name.toUpperCase() === "SCRIPT" && args[0]?.toUpperCase() === "LOAD" && args[1] !== undefined) {
      const adapted = adaptScript(args[1]);
      const loaded = (await redis.call("SCRIPT", "LOAD", adapted)) as string;
      const original = sha1(args[1]);
      scriptMap.set(original, loaded);
      return original;
    }
    const [cmd = "", ...rest] = await rewrite(parts);
    return (await redis.call(cmd, ...rest)) as Reply;
  };

  const server = createServer((req, res) => {
    void handle(req, res);
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${token}`) return send(401, { error: "Unauthorized" });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return send(400, { error: "ERR body is not JSON" });
    }
    const base64 = String(req.headers["upstash-encoding"] ?? "").toLowerCase() === "base64";
    const path = (req.url ?? "/").split("?")[0];
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
          const [cmd = "", ...rest] = await rewrite((command as unknown[]).map(String));
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
  };

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      redis.disconnect();
    },
  };
}
