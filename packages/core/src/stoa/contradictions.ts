import * as z from "zod";
import type { TrustStore } from "../accreditation/trust_events";
import { decreaseStatus } from "../accreditation/trust_record";
import { AgentId } from "../credentials";
import { KatorthomaProximity, VirtueDomain } from "../enums";
import { ConflictError, NotFoundError } from "../errors";
import { rankOf } from "../ladders";
import { callerSubject } from "../metering";
import { STOA_COMMITMENTS_MAX, type StoaContext } from "./declarations";
import type { StoaContradiction } from "./store";
import type { Caller } from "../authorization";

/**
 * Confirmed Stoa contradictions (spec 6): an operator confirms that one commitment of an
 * agent's declaration claims more than the agent's record shows. The confirmation mints one
 * decrease-class trust event (source `stoa_contradiction`) at the observed level: it caps the
 * domain where the domain has independent examined evidence and is held otherwise, like a
 * curator flag, and on dikaiosyne it engages the justice latch. A mere divergence between a
 * declaration and a calling session is flag-only and never reaches this route.
 */

export const StoaContradictionRequest = z
  .strictObject({
    agent_id: AgentId.describe("The declared agent."),
    commitment_index: z
      .number()
      .int()
      .min(0)
      .max(STOA_COMMITMENTS_MAX - 1)
      .describe("Position (from 0) of the contradicted commitment in the agent's current declaration."),
    observed_level: KatorthomaProximity.describe("The level the agent's record shows in the commitment's domain; must be below the claimed level."),
    note: z
      .string()
      .trim()
      .min(1, "note must hold more than whitespace")
      .max(2000, "note is limited to 2000 characters")
      .describe("What in the record contradicts the commitment: kept with the contradiction and its trust event."),
  })
  .describe("An operator's confirmation that a declared commitment contradicts the agent's record.");
export type StoaContradictionRequest = z.infer<typeof StoaContradictionRequest>;

export const StoaContradictionView = z.object({
  id: z.uuid().describe("The contradiction's id; also the trust event's source_ref."),
  agent_id: z.string(),
  declaration_id: z.uuid(),
  commitment_index: z.number().int(),
  commitment: z
    .object({ domain: VirtueDomain, claimed_level: KatorthomaProximity, text: z.string() })
    .describe("The commitment as it was declared when confirmed."),
  observed_level: KatorthomaProximity,
  note: z.string(),
  confirmed_by: z.string().describe("`operator`, or `key:<id>` for an operator-capable key."),
  created_at: z.string(),
  trust_event: z.object({
    source: z.literal("stoa_contradiction"),
    class: z.literal("decrease"),
    domain: VirtueDomain,
    level: KatorthomaProximity,
    latch: z.boolean().describe("True on dikaiosyne: the justice latch is engaged for 180 days."),
  }),
  status: z
    .enum(["applied", "held"])
    .describe("applied when the domain has independent examined evidence now; held otherwise (it applies once evidence exists)."),
});
export type StoaContradictionView = z.infer<typeof StoaContradictionView>;

export async function confirmContradiction({
  ctx,
  input,
}: {
  ctx: StoaContext & { readonly trust: Pick<TrustStore, "digest"> } & Caller;
  input: StoaContradictionRequest;
}): Promise<StoaContradictionView> {
  const { principal } = ctx;
  const declaration = await ctx.stoa.find(input.agent_id);
  if (!declaration) throw new NotFoundError(`${input.agent_id} has no declaration in the Stoa.`, "declaration_not_found");
  const commitment = declaration.commitments[input.commitment_index];
  if (!commitment) {
    throw new NotFoundError(
      `The declaration of ${input.agent_id} has ${declaration.commitments.length} commitments; there is none at ${input.commitment_index}.`,
      "commitment_not_found",
      {
        field: "commitment_index",
      },
    );
  }
  if (rankOf(KatorthomaProximity, commitment.claimed_level) <= rankOf(KatorthomaProximity, input.observed_level)) {
    throw new ConflictError(
      `The commitment claims ${commitment.claimed_level}, which is not above the observed ${input.observed_level}: there is no contradiction to confirm.`,
      "no_contradiction",
      { field: "observed_level" },
    );
  }
  // Agent ids are public and first-come: a declaration made before another owner accredited
  // the agent is not that owner's claim, so it must never lower that owner's record.
  const accreditation = await ctx.accreditations.find(declaration.agent_id);
  if (accreditation && accreditation.owner_id !== declaration.owner_id) {
    throw new ConflictError(
      `The accreditation of ${declaration.agent_id} belongs to another owner than its Stoa declaration: the declaration's commitments are not that record's to contradict.`,
      "record_of_another_owner",
      { field: "agent_id" },
    );
  }
  const now = ctx.now();
  const latch = commitment.domain === "dikaiosyne";
  const contradiction: StoaContradiction = {
    id: crypto.randomUUID(),
    agent_id: declaration.agent_id,
    declaration_id: declaration.id,
    commitment_index: input.commitment_index,
    commitment: { domain: commitment.domain, claimed_level: commitment.claimed_level, text: commitment.text },
    observed_level: input.observed_level,
    note: input.note,
    confirmed_by: callerSubject(principal),
    created_at: now.toISOString(),
  };
  // Decided before the write (a contradiction adds no evidence): a failed read refuses with nothing stored.
  const status = decreaseStatus(await ctx.trust.digest(declaration.agent_id, now), commitment.domain);
  const stored = await ctx.stoa.confirmContradiction(contradiction, {
    agent_id: declaration.agent_id,
    source: "stoa_contradiction",
    class: "decrease",
    domain: commitment.domain,
    level: input.observed_level,
    source_ref: contradiction.id,
    occurred_at: contradiction.created_at,
    latch,
    note: input.note,
  });
  return {
    ...stored,
    trust_event: { source: "stoa_contradiction", class: "decrease", domain: commitment.domain, level: input.observed_level, latch },
    status,
  };
}
