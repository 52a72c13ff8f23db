import * as z from "zod";
import { KatorthomaProximity } from "../enums";
import { NotFoundError } from "../errors";
import { rankOf } from "../ladders";
import { CHAIN_ITERATIONS, callerSubject, charged, limitExceeded, planChainIteration, type Charger } from "../metering";
import { Advice, adviceLens } from "../scoring/lenses";
import type { SkillContext } from "./registry";
import type { Caller } from "../authorization";

/**
 * svc-iterate: deliberation in iterations. The first call opens a chain; each call is one
 * iteration, 1 per chain on the free tier and up to 3 paid (the meter's chain counter refuses
 * the rest). Every iteration is one unit of svc-iterate (priced per iteration); on the free
 * tier a chain has one iteration, so its monthly allowance of 50 counts chains.
 */
export const IterateRequest = z.strictObject({
  proposal: z
    .string()
    .min(1, { error: "proposal must not be empty", abort: true })
    .max(5000, "proposal is limited to 5,000 characters")
    .refine((text) => text.trim().length > 0, "proposal must not be blank"),
  chain_id: z
    .string()
    .regex(/^chain_[0-9a-f-]{36}$/, "chain_id is the id a first iteration returned")
    .optional(),
  goal: z.string().max(1000, "goal is limited to 1,000 characters").optional(),
  context: z.string().max(5000, "context is limited to 5,000 characters").optional(),
});
export type IterateRequest = z.infer<typeof IterateRequest>;

export const IterateResponse = z.object({
  chain_id: z.string(),
  iteration: z.number().int().min(1),
  max_iterations: z.number().int(),
  katorthoma_proximity: KatorthomaProximity,
  previous_proximity: KatorthomaProximity.nullable(),
  change: z.enum(["improving", "stable", "declining"]).nullable().describe("Against the previous iteration; null on the first."),
  advice: Advice,
});
export type IterateResponse = z.infer<typeof IterateResponse>;

export interface ChainRecord {
  readonly id: string;
  readonly subject: string;
  readonly iterations: number;
  readonly last_proximity: z.infer<typeof KatorthomaProximity>;
}

/** One more iteration, as the store counted it: its number and the reading it follows. */
export interface ChainAdvance {
  readonly iteration: number;
  readonly previous: z.infer<typeof KatorthomaProximity>;
}

export interface ChainStore {
  /** The chain if it belongs to this subject; null otherwise (never another's). */
  find(id: string, subject: string): Promise<ChainRecord | null>;
  /** Opens a chain at iteration 1. */
  open(chain: Omit<ChainRecord, "iterations">): Promise<void>;
  /**
   * Counts one more iteration atomically (concurrent revisions each get their own number) and
   * keeps its reading; null when the chain is not this subject's or already has `maxIterations`.
   */
  advance(id: string, subject: string, proximity: z.infer<typeof KatorthomaProximity>, maxIterations: number): Promise<ChainAdvance | null>;
}

export async function openOrFindChain(
  store: ChainStore,
  subject: string,
  chainId: string | undefined,
): Promise<{ chain: ChainRecord | null; chainId: string }> {
  if (!chainId) return { chain: null, chainId: `chain_${crypto.randomUUID()}` };
  const chain = await store.find(chainId, subject);
  if (!chain) throw new NotFoundError("No deliberation chain of yours has this id.", "chain_not_found");
  return { chain, chainId };
}

export async function iterate(input: {
  ctx: SkillContext;
  store: ChainStore;
  subject: string;
  chain: ChainRecord | null;
  chainId: string;
  request: IterateRequest;
  tier: "free" | "paid";
  now: Date;
}): Promise<IterateResponse> {
  const maxIterations = CHAIN_ITERATIONS[input.tier];
  const exam = await input.ctx.examine(input.request.proposal, input.request.context ?? null);
  const current = exam.assessment.katorthoma_proximity;
  let iteration = 1;
  let previous: z.infer<typeof KatorthomaProximity> | null = null;
  if (input.chain) {
    // The number and the reading compared with come from the store's atomic step, not from the
    // chain as read before the examination: a parallel revision may have moved it since.
    const advanced = await input.store.advance(input.chainId, input.subject, current, maxIterations);
    // The meter's chain counter refuses first; this holds for operators (not metered) and if
    // the meter lost count (its key expired).
    if (!advanced)
      throw limitExceeded(
        { counter: planChainIteration({ subject: input.subject, tier: input.tier, chainId: input.chainId, now: input.now }), used: maxIterations },
        input.now,
      );
    ({ iteration, previous } = advanced);
  } else {
    await input.store.open({ id: input.chainId, subject: input.subject, last_proximity: current });
  }
  const delta = previous === null ? null : rankOf(KatorthomaProximity, current) - rankOf(KatorthomaProximity, previous);
  return {
    chain_id: input.chainId,
    iteration,
    max_iterations: maxIterations,
    katorthoma_proximity: current,
    previous_proximity: previous,
    change: delta === null ? null : delta > 0 ? "improving" : delta < 0 ? "declining" : "stable",
    advice: adviceLens(exam, input.request.goal ?? null),
  };
}

/** What svc-iterate runs with: the skill context, the caller, its chains and its charger. */
export interface IterateContext extends SkillContext, Caller {
  readonly chains: ChainStore;
  readonly charge: Charger;
  readonly now: () => Date;
}

/**
 * One iteration of a deliberation chain (POST /api/skill/svc-iterate): opens the chain, or finds
 * the caller's own (404 otherwise), then charges one svc-iterate unit and one on the chain's own
 * counter in one atomic plan (a refused iteration moves neither), and examines the proposal
 * against the chain's last; a failed examination gives both back.
 */
export async function iterateChain({ ctx, input }: { ctx: IterateContext; input: IterateRequest }): Promise<IterateResponse> {
  const { principal } = ctx;
  const subject = callerSubject(principal);
  const { chain, chainId } = await openOrFindChain(ctx.chains, subject, input.chain_id);
  const now = ctx.now();
  return charged(
    () => ctx.charge({ units: 1, extra: (meterSubjectId) => [planChainIteration({ subject: meterSubjectId, tier: principal.tier, chainId, now })] }),
    () => iterate({ ctx, store: ctx.chains, subject, chain, chainId, request: input, tier: principal.tier, now }),
  );
}
