import type { StoaContext, TrustStore } from "@svc/core";
import { sessionOf, type AppEnv } from "@svc/http";
import type { Context } from "hono";

/** The stores the Stoa reads: its own, the accreditations (ownership and links) and, for contradictions, the trust events. */
export async function stoaContext(c: Context<AppEnv>): Promise<StoaContext & { readonly trust: TrustStore }> {
  const session = await sessionOf(c);
  return { stoa: session.stoa, accreditations: session.accreditations, trust: session.trust, now: () => new Date() };
}
