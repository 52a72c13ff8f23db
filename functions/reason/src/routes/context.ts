import { activeKey, type ConsultContext } from "@svc/core";
import { afterResponse, type AppEnv, chargerOf, principalOf, sessionOf } from "@svc/http";
import type { Context } from "hono";

/** The reason engine's ports for this request, with the caller and its charger. */
export async function consultContext(c: Context<AppEnv>): Promise<ConsultContext> {
  const session = await sessionOf(c);
  const kit = session.reason();
  return {
    principal: principalOf(c),
    charge: chargerOf(c),
    extractor: kit.extractor,
    narrator: kit.narrator,
    consults: session.consults,
    sealer: session.sealer(),
    queue: session.queue,
    outbox: session.outbox,
    signingKey: activeKey(kit.keyRing, new Date()),
    continuationSecret: kit.continuationSecret,
    now: () => new Date(),
    newLoopId: () => `loop_${crypto.randomUUID()}`,
    afterAnswer: (work) => afterResponse(c, work),
  };
}
