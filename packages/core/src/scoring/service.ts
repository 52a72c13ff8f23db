import { mapBounded } from "../concurrency";
import { EXAMINATION_POOL, examine } from "../reason/examine";
import type { Layer1Extractor } from "../reason/ports";
import type { Sealer } from "../sealing";
import { conversationLens, type ConversationScore, type ScoreConversationRequest } from "./conversations";
import { decisionLens, type DecisionScore, type ScoreDecisionRequest } from "./decisions";
import { documentRecord, documentScore, type DocumentStore } from "./documents";
import { journalLens, type JournalResponse, type JournalStore } from "./journal";
import { actionScoreLens, adviceLens, type ActionScore, type Advice } from "./lenses";
import type { ScoreStore } from "./profile";
import type { Caller } from "../authorization";

/**
 * The scoring services (spec 2.5 to 2.8, 2.12): each examines its text with the reason engine
 * (Layer 1 and the deterministic Layer 2), reads the result through its lens and, where the
 * route keeps a record, stores it for the caller's owner. One call each: `verb({ ctx, input })`.
 */
export interface ScoringContext extends Caller {
  readonly extractor: Layer1Extractor;
  readonly scores: ScoreStore;
  readonly documents: DocumentStore;
  readonly journal: JournalStore;
  /** Asked for only by the journal, which seals its entries (a deployment without DATA_KEYS can still score). */
  readonly sealer: () => Sealer;
  readonly newId: () => string;
  readonly now: () => Date;
}

/** A past action, scored and stored (POST /api/score-action and its aliases). */
export async function scoreAction({
  ctx,
  input,
}: {
  ctx: ScoringContext;
  input: { action: string; context?: string | undefined; intended_outcome?: string | undefined };
}): Promise<ActionScore & { id: string }> {
  const id = ctx.newId();
  const background = [input.context, input.intended_outcome ? `Intended outcome: ${input.intended_outcome}` : undefined].filter(Boolean).join("\n\n");
  const exam = await examine(ctx.extractor, { text: input.action, context: background || null, ref: `score_${id}` });
  const score = actionScoreLens(exam);
  await ctx.scores.record({
    id,
    owner_id: ctx.principal.owner_id,
    action_description: input.action,
    katorthoma_proximity: score.katorthoma_proximity,
    proximity: exam.assessment.katorthoma_proximity,
    is_kathekon: score.is_kathekon,
    kathekon_quality: score.kathekon_quality,
    passions: score.passions_detected.map((p) => p.root_passion),
    virtue_domains: score.virtue_domains_engaged,
  });
  return { id, ...score };
}

/** Advice on a proposed action (POST /api/advise-action); nothing is stored. */
export async function adviseAction({
  ctx,
  input,
}: {
  ctx: ScoringContext;
  input: { proposed_action: string; context?: string | undefined; goal?: string | undefined };
}): Promise<Advice> {
  const exam = await examine(ctx.extractor, { text: input.proposed_action, context: input.context ?? null, ref: `advice_${ctx.newId()}` });
  return adviceLens(exam, input.goal ?? null);
}

/** Each turn of a conversation examined in its context (POST /api/score-conversation). */
export async function scoreConversation({ ctx, input }: { ctx: ScoringContext; input: ScoreConversationRequest }): Promise<ConversationScore> {
  const exams = await mapBounded(input.turns, EXAMINATION_POOL, (turn) =>
    examine(ctx.extractor, { text: turn.text, context: input.context ?? null, ref: `turn_${ctx.newId()}` }),
  );
  return conversationLens(input, exams);
}

/** Each option of a decision examined against the decision (POST /api/score-decision). */
export async function scoreDecision({ ctx, input }: { ctx: ScoringContext; input: ScoreDecisionRequest }): Promise<DecisionScore> {
  const context = [`Decision: ${input.decision}`, input.context].filter(Boolean).join("\n\n");
  const exams = await mapBounded(input.options, EXAMINATION_POOL, (option) =>
    examine(ctx.extractor, { text: option.description, context, ref: `decision_${ctx.newId()}` }),
  );
  return decisionLens(input, exams);
}

/** A document scored and stored with its badge (POST /api/score-document). */
export async function scoreDocument({ ctx, input }: { ctx: ScoringContext; input: { text: string; title?: string | undefined } }) {
  const id = ctx.newId();
  const exam = await examine(ctx.extractor, { text: input.text, context: null, ref: `document_${id}` });
  return documentScore(await ctx.documents.record(documentRecord(exam, id, ctx.principal.owner_id, input.title ?? null)));
}

/** A journal entry examined, and kept sealed at rest (POST /api/reflect). */
export async function reflectOnJournal({ ctx, input }: { ctx: ScoringContext; input: { entry: string; date?: string | undefined } }): Promise<JournalResponse> {
  const id = ctx.newId();
  const date = input.date ?? ctx.now().toISOString().slice(0, 10);
  const exam = await examine(ctx.extractor, { text: input.entry, context: null, ref: `journal_${id}` });
  await ctx.journal.record({
    id,
    owner_id: ctx.principal.owner_id,
    entry_date: date,
    sealed_entry: await ctx.sealer().seal(input.entry, id),
    proximity: exam.assessment.katorthoma_proximity,
    passions: exam.assessment.passions.map((p) => p.root_passion),
  });
  return journalLens(exam, id, date);
}
