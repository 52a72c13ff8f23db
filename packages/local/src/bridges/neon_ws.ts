import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";

/**
 * A WebSocket-to-TCP bridge that lets the Neon serverless driver (the production code path)
 * reach a plain Postgres on this machine, as Neon's own proxy does in production. The driver
 * connects to `ws://127.0.0.1:<port>/v1?address=<host>:<port>` (see `wsProxy`). Loopback only.
 */
export interface NeonBridge {
  /** `127.0.0.1:<port>/v1`, the value for `wsProxy` / NEON_WS_PROXY. */
  readonly wsProxy: string;
  /**
   * Round trips to Postgres so far, over every bridged connection: each ends with the server's
   * ReadyForQuery, so they are counted off the wire (a connection's start-up counts one).
   */
  roundTrips(): number;
  close(): Promise<void>;
}

/**
 * Counts the ReadyForQuery messages ('Z') of one connection's server stream: after an optional
 * one-byte answer to an SSLRequest, the stream is messages of a type byte and a 4-byte length
 * that counts itself. Chunks may split a message anywhere.
 */
function readyForQueryCounter(onReady: () => void): { clientSent(chunk: Buffer): void; serverSent(chunk: Buffer): void } {
  let sslAnswerPending = false;
  let firstClientMessage = true;
  let header = Buffer.alloc(0);
  let skip = 0;
  return {
    clientSent(chunk) {
      // SSLRequest: length 8, code 80877103; the server answers with one unframed byte.
      if (firstClientMessage && chunk.length >= 8 && chunk.readInt32BE(0) === 8 && chunk.readInt32BE(4) === 80877103) sslAnswerPending = true;
      firstClientMessage = false;
    },
    serverSent(chunk) {
      let at = 0;
      if (sslAnswerPending && chunk.length > 0) {
        sslAnswerPending = false;
        at = 1;
      }
      while (at < chunk.length) {
        if (skip > 0) {
          const taken = Math.min(skip, chunk.length - at);
          skip -= taken;
          at += taken;
          continue;
        }
        const needed = 5 - header.length;
        header = Buffer.concat([header, chunk.subarray(at, at + needed)]);
        at += Math.min(needed, chunk.length - at);
        if (header.length < 5) return;
        if (header[0] === 0x5a) onReady();
        skip = header.readInt32BE(1) - 4;
        header = Buffer.alloc(0);
      }
    },
  };
}

const ALLOWED_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

export async function startNeonBridge(port = 0): Promise<NeonBridge> {
  const server = new WebSocketServer({ host: "127.0.0.1", port });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  let roundTrips = 0;
  // Past listening, a server error (none is expected) is not worth the process the bridge lives in.
  server.on("error", () => undefined);
  // Each side's end or error closes the other; a Postgres that stops, restarts or refuses
  // connections closes only the WebSockets bridged to it, and the driver reconnects through here.
  server.on("connection", (socket, request) => {
    const address = new URL(request.url ?? "/", "http://bridge").searchParams.get("address") ?? "";
    const separator = address.lastIndexOf(":");
    const host = address.slice(0, separator);
    const targetPort = Number(address.slice(separator + 1));
    if (!ALLOWED_HOSTS.has(host) || !Number.isInteger(targetPort)) {
      socket.close(1008, "only loopback Postgres is bridged");
      return;
    }
    const tcp = connect({ host, port: targetPort });
    const counter = readyForQueryCounter(() => {
      roundTrips += 1;
    });
    tcp.on("data", (chunk) => {
      counter.serverSent(chunk);
      if (socket.readyState === socket.OPEN) socket.send(chunk);
    });
    tcp.on("close", () => socket.close());
    tcp.on("error", () => socket.close(1011, "the Postgres connection failed"));
    socket.on("message", (data) => {
      counter.clientSent(data as Buffer);
      if (!tcp.destroyed) tcp.write(data as Buffer);
    });
    socket.on("close", () => tcp.destroy());
    socket.on("error", () => tcp.destroy());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    wsProxy: `127.0.0.1:${bound}/v1`,
    roundTrips: () => roundTrips,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
