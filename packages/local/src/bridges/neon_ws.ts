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
  close(): Promise<void>;
}

const ALLOWED_HOSTS = new Set(["127.0.0.1", "localhost", "::1"]);

export async function startNeonBridge(port = 0): Promise<NeonBridge> {
  const server = new WebSocketServer({ host: "127.0.0.1", port });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
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
    tcp.on("data", (chunk) => socket.readyState === socket.OPEN && socket.send(chunk));
    tcp.on("close", () => socket.close());
    tcp.on("error", () => socket.close(1011, "the Postgres connection failed"));
    socket.on("message", (data) => void (tcp.destroyed || tcp.write(data as Buffer)));
    socket.on("close", () => tcp.destroy());
    socket.on("error", () => tcp.destroy());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    wsProxy: `127.0.0.1:${bound}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
