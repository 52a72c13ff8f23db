import { type CallingContext, examine, type ReflectContext, type WatchingContext } from "@svc/core";
import { type AppEnv, chargerOf, sessionOf } from "@svc/http";
import type { Context } from "hono";

/** The calling services of a request: the session store (guarded, as every store of a session) and the deployment's switch. */
export async function callingContext(c: Context<AppEnv>): Promise<CallingContext> {
  const session = await sessionOf(c);
  return { store: session.practice, enabled: c.get("config").CALLING_ENABLED === "true", now: () => new Date() };
}

/** Reflect's: the session store, the sealer of open answers, the engine, the accreditation owner and the charger of the closing pass. */
export async function reflectContext(c: Context<AppEnv>): Promise<ReflectContext> {
  const session = await sessionOf(c);
  const { extractor } = session.language();
  return {
    store: session.practice,
    sealer: session.sealer(),
    examine: (text, context) => examine(extractor, { text, context, ref: `reflect_${crypto.randomUUID()}` }),
    accreditationOwner: async (agentId) => (await session.accreditations.find(agentId))?.owner_id ?? null,
    charge: chargerOf(c),
    now: () => new Date(),
  };
}

/** Watching's: the cycle store and the sealer of the runner's free text. */
export async function watchingContext(c: Context<AppEnv>): Promise<WatchingContext> {
  const session = await sessionOf(c);
  return { store: session.watching, sealer: session.sealer(), now: () => new Date() };
}
