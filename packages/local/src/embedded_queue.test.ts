import { GetQueueAttributesCommand } from "@aws-sdk/client-sqs";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedQueue, type EmbeddedQueue } from "./embedded_queue";

// The embedded SQS emulator has no authentication: only this machine may reach it.

/** Resolves "connected" or the connection error's code. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve("timeout");
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

const externalAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((iface) => iface !== undefined && !iface.internal && iface.family === "IPv4")
  .map((iface) => iface!.address);

describe("embedded SQS emulator", () => {
  let embedded: EmbeddedQueue;
  let port: number;
  beforeAll(async () => {
    embedded = await startEmbeddedQueue({ consume: async () => ({ batchItemFailures: [] }), maxReceives: 3 });
    port = Number(new URL(embedded.endpoint).port);
  });
  afterAll(async () => {
    await embedded?.stop();
  });

  it("answers on the loopback and still works through the SQS client", async () => {
    expect(await tryConnect("127.0.0.1", port)).toBe("connected");
    const attributes = await embedded.client.send(new GetQueueAttributesCommand({ QueueUrl: embedded.queueUrl, AttributeNames: ["RedrivePolicy"] }));
    expect(attributes.Attributes?.RedrivePolicy).toContain("narrative-jobs-dlq");
  });

  it("is not reachable on the machine's other interfaces", async () => {
    expect(externalAddresses, "this machine has no non-loopback IPv4 address to try").not.toEqual([]);
    for (const address of externalAddresses) {
      expect(await tryConnect(address, port), `${address}:${port}`).toBe("ECONNREFUSED");
    }
  });
});
