import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request to a loopback JSON bridge: its path, headers and body, and how to answer it. */
export interface JsonRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  send(status: number, body: unknown): void;
}

export interface JsonServer {
  readonly port: number;
  /** Requests answered so far: one per round trip a client makes. */
  requests(): number;
  close(): Promise<void>;
}

/** A loopback HTTP server answering JSON, for the bridges that stand in for a hosted store's HTTP API. */
export async function startJsonServer(port: number, handle: (request: JsonRequest) => Promise<void>): Promise<JsonServer> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests += 1;
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      await handle({
        path: (req.url ?? "/").split("?")[0]!,
        headers: req.headers,
        body: Buffer.concat(chunks),
        send: (status, body) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(body));
        },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
