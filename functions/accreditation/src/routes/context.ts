import { publicKeySet, type AccreditationContext } from "@svc/core";
import { sessionOf, type AppEnv } from "@svc/http";
import type { Context } from "hono";

/** The stores and the public key set, as accreditation and the trust record need them. */
export async function accreditationContext(c: Context<AppEnv>): Promise<AccreditationContext> {
  const session = await sessionOf(c);
  return {
    accreditations: session.accreditations,
    trust: session.trust,
    consults: session.consults,
    credentials: session.credentials,
    declarationOwner: async (agentId) => (await session.stoa.find(agentId))?.owner_id ?? null,
    publicKeys: () => publicKeySet(session.signingKeys(), new Date()),
    trustSurfaceLive: c.get("config").TRUST_RECORD_SURFACE === "live",
    now: () => new Date(),
  };
}
