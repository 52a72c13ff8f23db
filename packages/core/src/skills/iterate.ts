import { z } from "zod";
import { KatorthomaProximity } from "../enums";
import { NotFoundError } from "../errors";
import { rankOf } from "../ladders";
import { Advice, adviceLens } from "../scoring/lenses";
import type { SkillContext } from "./registry";

/**
 * svc-iterate: deliberation in iterations. The first call opens a chain (one unit of the
 * skill's monthly allowance, counted in chains); each call is one iteration, 1 per chain on
 * the free tier and up to 3 paid (the meter's chain counter refuses the rest).
 */
export const IterateRequest = z.strictObject({
  proposal: z.string().min(1, "proposal must not be empty").max(5000, "proposal is limited to 5,000 characters"),
  chain_id: z.string().regex(/^chain_[0-9a-f-]{36}$/, "chain_id is the id a first iteration returned").optional(),
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

export interface ChainStore {
  /** The chain if it belongs to this subject; null otherwise (never another's). */
  find(id: string, subject: string): Promise<ChainRecord | null>;
  save(chain: ChainRecord): Promise<void>;
}

export async function openOrFindChain(store: ChainStore, subject: string, chainId: string | undefined): Promise<{ chain: ChainRecord | null; chainId: string }> {
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
  maxIterations: number;
}): Promise<IterateResponse> {
  const exam = await input.ctx.examine(input.request.proposal, input.request.context ?? null);
  const current = exam.assessment.katorthoma_proximity;
  const previous = input.chain?.last_proximity ?? null;
  const delta = previous === null ? null : rankOf(KatorthomaProximity, current) - rankOf(KatorthomaProximity, previous);
  const iteration = (input.chain?.iterations ?? 0) + 1;
  await input.store.save({ id: input.chainId, subject: input.subject, iterations: iteration, last_proximity: current });
  return {
    chain_id: input.chainId,
    iteration,
    max_iterations: input.maxIterations,
    katorthoma_proximity: current,
    previous_proximity: previous,
    change: delta === null ? null : delta > 0 ? "improving" : delta < 0 ? "declining" : "stable",
    advice: adviceLens(exam, input.request.goal ?? null),
  };
}
