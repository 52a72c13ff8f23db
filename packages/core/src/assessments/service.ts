import { mapBounded } from "../concurrency";
import type { Principal } from "../credentials";
import { type Caller, checkAgentBinding } from "../authorization";
import { ForbiddenError, ValidationError } from "../errors";
import { charged, planBaselineTake, type Charger, type MeterCounter } from "../metering";
import { EXAMINATION_POOL, type Examination } from "../reason/examine";
import { ASSESSMENT_ITEMS, BASELINE_SCENARIOS, type AssessmentItem, type BaselineScenario } from "./framework";
import { baselineResult, foundationalResult, fullResult, type BaselineResult, type FoundationalResult, type FullResult } from "./results";
import type { AssessmentStore } from "./store";
import type { BaselineSubmission, FoundationalSubmission, FullSubmission } from "./submissions";

export const UPGRADE_URL = "/api/skills";

/** The caller (`principal`) submits: the agent binding and the tier are checked against it, the results kept under its owner. */
export interface AssessmentContext extends Caller {
  /** Charges the submission's svc-reason loops (and, for a baseline, the agent's monthly slot). */
  readonly charge: Charger;
  readonly examine: (text: string, context: string) => Promise<Examination>;
  readonly store: AssessmentStore;
  readonly now: () => Date;
  readonly extractorName: string;
}

/** The full assessment needs a paid key: 403 with the body the spec names (error, message, upgrade_url). */
export function checkFullAssessmentTier(principal: Principal): void {
  if (principal.tier === "paid") return;
  const message = "The full assessment needs a paid key; the foundational assessment (14 responses) is free.";
  throw new ForbiddenError(message, "paid_tier_required", { upgrade_url: UPGRADE_URL }, { message, upgrade_url: UPGRADE_URL });
}

/**
 * What a submission costs: one svc-reason loop per response, because each response is one
 * examination by the reason engine (and, with a language model configured, its calls).
 */
export function assessmentLoops(submission: { readonly responses: readonly unknown[] }): number {
  return submission.responses.length;
}

function examineAll(ctx: AssessmentContext, pairs: ReadonlyArray<{ text: string; context: string }>): Promise<Examination[]> {
  return mapBounded(pairs, EXAMINATION_POOL, (p) => ctx.examine(p.text, p.context));
}

/** Items in the order of the index, with the response given for each. */
function orderedItems<T extends { assessment_id: string; response: string }>(responses: readonly T[]): Array<{ item: AssessmentItem; response: string }> {
  return ASSESSMENT_ITEMS.flatMap((item) => {
    const given = responses.find((r) => r.assessment_id === item.id);
    return given ? [{ item, response: given.response }] : [];
  });
}

/**
 * The 14 foundational responses, each examined by the reason engine and aggregated (spec 2.9).
 * The loops are charged once the caller's checks pass and before any examination; a run that
 * fails gives them back.
 */
export async function submitFoundational({ ctx, input: submission }: { ctx: AssessmentContext; input: FoundationalSubmission }): Promise<FoundationalResult> {
  const { principal } = ctx;
  checkAgentBinding(principal, submission.agent_id);
  return charged(
    () => ctx.charge({ units: assessmentLoops(submission) }),
    () => runFoundational(ctx, principal, submission),
  );
}

async function runFoundational(ctx: AssessmentContext, principal: Principal, submission: FoundationalSubmission): Promise<FoundationalResult> {
  const pairs = orderedItems(submission.responses);
  const exams = await examineAll(
    ctx,
    pairs.map((p) => ({ text: p.response, context: p.item.prompt })),
  );
  const previous = await ctx.store.latest(principal.owner_id, submission.agent_id, ["foundational", "full"]);
  const result = foundationalResult({
    agentId: submission.agent_id,
    items: pairs.map((p) => p.item),
    exams,
    previous: previous?.typical_proximity ?? null,
    now: ctx.now(),
  });
  await ctx.store.record({
    id: crypto.randomUUID(),
    owner_id: principal.owner_id,
    agent_id: submission.agent_id,
    kind: "foundational",
    typical_proximity: result.katorthoma_proximity_summary,
    dimension_levels: null,
    result,
  });
  return result;
}

/** The 55 responses of the full assessment (spec 2.10), paid keys only; charged as the foundational is. */
export async function submitFull({ ctx, input: submission }: { ctx: AssessmentContext; input: FullSubmission }): Promise<FullResult> {
  const { principal } = ctx;
  checkFullAssessmentTier(principal);
  checkAgentBinding(principal, submission.agent_id);
  return charged(
    () => ctx.charge({ units: assessmentLoops(submission) }),
    () => runFull(ctx, principal, submission),
  );
}

async function runFull(ctx: AssessmentContext, principal: Principal, submission: FullSubmission): Promise<FullResult> {
  const pairs = orderedItems(submission.responses);
  const exams = await examineAll(
    ctx,
    pairs.map((p) => ({ text: p.response, context: p.item.prompt })),
  );
  const previous = await ctx.store.latest(principal.owner_id, submission.agent_id, ["full"]);
  const result = fullResult({
    agentId: submission.agent_id,
    items: pairs.map((p) => p.item),
    exams,
    previous: previous ? { typical: previous.typical_proximity, dimensions: previous.dimension_levels } : null,
    now: ctx.now(),
    extractor: ctx.extractorName,
  });
  await ctx.store.record({
    id: crypto.randomUUID(),
    owner_id: principal.owner_id,
    agent_id: submission.agent_id,
    kind: "full",
    typical_proximity: result.typical_proximity,
    dimension_levels: result.dimension_levels,
    result,
  });
  return result;
}

/**
 * The 4 baseline responses (spec 2.11). One baseline per agent per calendar month, on every
 * tier: the agent's slot moves in one plan with the loops (operators, not metered, still take
 * the slot), so a refusal of either takes neither, and a failed run gives both back.
 */
export async function submitBaseline({ ctx, input: submission }: { ctx: AssessmentContext; input: BaselineSubmission }): Promise<BaselineResult> {
  const { principal } = ctx;
  checkAgentBinding(principal, submission.agent_id);
  const scenarios = BASELINE_SCENARIOS.filter((s) => submission.responses.some((r) => r.scenario_id === s.id));
  if (scenarios.length !== BASELINE_SCENARIOS.length) throw new ValidationError("invalid_field", "responses: one response per scenario is needed", "responses");
  const slot = baselineSlot(principal.owner_id, submission.agent_id, ctx.now());
  return charged(
    () => ctx.charge({ units: assessmentLoops(submission), always: [slot] }),
    () => runBaseline(ctx, principal, submission, scenarios),
  );
}

async function runBaseline(
  ctx: AssessmentContext,
  principal: Principal,
  submission: BaselineSubmission,
  scenarios: readonly BaselineScenario[],
): Promise<BaselineResult> {
  const exams = await examineAll(
    ctx,
    scenarios.map((s) => ({ text: submission.responses.find((r) => r.scenario_id === s.id)!.response, context: `${s.situation}\n\n${s.question}` })),
  );
  const result = baselineResult({ agentId: submission.agent_id, scenarios, exams, now: ctx.now() });
  await ctx.store.record({
    id: crypto.randomUUID(),
    owner_id: principal.owner_id,
    agent_id: submission.agent_id,
    kind: "baseline",
    typical_proximity: result.typical_proximity,
    dimension_levels: result.dimension_levels,
    result,
  });
  return result;
}

/** The counter of an agent's monthly baseline, keyed by owner and agent. */
function baselineSlot(ownerId: string, agentId: string, now: Date): MeterCounter {
  return planBaselineTake({ agentId: `${ownerId}:${agentId}`, now });
}
