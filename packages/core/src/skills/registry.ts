import * as z from "zod";
import { SKILLS } from "../catalogue/skills";
import { RootPassion, VirtueDomain, type CredentialKind } from "../enums";
import { INDIFFERENTS, PASSIONS, VIRTUES } from "../framework";
import { SCORING_DISCLAIMER } from "../reason/consult";
import { optionalTextField, textField } from "../text";
import { AssessmentSchema } from "../reason/engine";
import { ConversationScore, conversationLens, ScoreConversationRequest } from "../scoring/conversations";
import { DecisionScore, decisionLens, ScoreDecisionRequest } from "../scoring/decisions";
import type { Examination } from "../reason/examine";
import { guardAction, GuardrailRequest, GuardrailResponse, guardrailLens } from "../scoring/guardrail";
import { JournalResponse, journalLens } from "../scoring/journal";
import { ActionScore, Advice, actionScoreLens, adviceLens } from "../scoring/lenses";
import { computeProfile, UserProfile, type StoredScore } from "../scoring/profile";

/**
 * The skills of the pricing table (spec section 8), each a lens over the one reason engine:
 * its own input and output schema, and a `run` that examines text through the context and
 * presents the result. No skill reads text on its own.
 */
export interface SkillContext {
  /** Layer 1 (language model or offline) and Layer 2. */
  examine(text: string, context?: string | null): Promise<Examination>;
  /** Layer 1 always offline: for the skills that must answer fast and without a model. */
  examineOffline(text: string, context?: string | null): Promise<Examination>;
  /** The caller's stored scores, newest first, and how many there are in all. */
  storedScores(): Promise<{ scores: StoredScore[]; total: number }>;
}

export interface SkillLens<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly id: string;
  readonly summary: string;
  readonly input: I;
  readonly output: O;
  /** Loops charged for a call (svc-reason counts loops). */
  readonly units?: (input: z.output<I>) => number;
  /** Free and unlimited skills are not metered at all (svc-context). */
  readonly metered: boolean;
  /** Fails open when metering is down (svc-guard, svc-context). */
  readonly meterOutage: "open" | "closed";
  /** Credential kinds allowed; svc_inst_ keys must supply Layer 1, so they cannot use the server's. */
  readonly kinds?: readonly CredentialKind[];
  run(ctx: SkillContext, input: z.output<I>): Promise<z.output<O>>;
}

const text = (field: string, max = 5000) => textField(field, max);
const lens = <I extends z.ZodType, O extends z.ZodType>(skill: SkillLens<I, O>): SkillLens => skill as unknown as SkillLens;

const SituationRequest = z.strictObject({
  situation: text("situation").describe("The situation, as you would describe it to a trusted advisor."),
  goal: optionalTextField("goal", 1000),
  context: optionalTextField("context", 5000),
});

const FocusedAdvice = Advice.extend({ focus: z.array(z.string()).describe("Questions particular to this skill.") });

/** The twelve marketplace skills share one lens: advice over the situation, with their own focus questions. */
const MARKETPLACE_FOCUS: Record<string, readonly [string, string, readonly string[]]> = {
  "svc-premortem": [
    "Imagine the plan has failed: which judgements would have caused it?",
    "plan",
    [
      "Suppose it has gone badly a year from now: what did you assume that turned out false?",
      "Which of the failure's causes were up to you, and which never were?",
      "What would you do now that you would still be glad of if it fails anyway?",
    ],
  ],
  "svc-negotiate": [
    "A negotiation seen through justice and self-command.",
    "negotiation",
    [
      "What does the other party fairly expect, and have you offered it?",
      "Which of your demands rests on a preferred indifferent you are treating as a good?",
      "What would you refuse even if it cost you the deal?",
    ],
  ],
  "svc-invest": [
    "An investment decision, with wealth as a preferred indifferent.",
    "investment",
    [
      "Would you make this choice if no one ever saw the return?",
      "Who bears the risk you are not bearing yourself?",
      "What in this decision is greed or fear speaking, and what is judgement?",
    ],
  ],
  "svc-pivot": [
    "A change of course examined for courage and wisdom.",
    "change of course",
    [
      "Are you leaving because it is right to, or because it is hard to stay?",
      "What duties does the change leave undone, and to whom?",
      "What would the change look like if it were done well, not just fast?",
    ],
  ],
  "svc-retro": [
    "A retrospective: what was done, what was left undone, what to carry forward.",
    "retrospective",
    ["What did you do that you would do again, and why?", "Where did a passion decide for you?", "Which one practice will you take into the next round?"],
  ],
  "svc-align": [
    "Alignment of a team or agent with its stated purpose.",
    "alignment",
    [
      "Does the action serve the purpose you state, or only a proxy for it?",
      "Whose interests does the purpose leave out?",
      "What would you stop doing if the purpose were taken seriously?",
    ],
  ],
  "svc-resolve": [
    "A conflict, read for justice and the passions on each side.",
    "conflict",
    [
      "What does each side fairly claim?",
      "Which judgement keeps the anger or the fear alive?",
      "What can you do that is up to you, whatever the other side does?",
    ],
  ],
  "svc-coach": [
    "Coaching: the next step of practice.",
    "coaching",
    [
      "Which virtue does this situation ask you to practise?",
      "What would the next small step of that practice be today?",
      "How will you know, tonight, whether you took it?",
    ],
  ],
  "svc-govern": [
    "Governance: a decision for others, weighed by the widest circle at stake.",
    "governance",
    [
      "Who is affected who has no voice in this decision?",
      "Would the decision still be just if you were on the receiving end?",
      "What would you disclose about it, and to whom?",
    ],
  ],
  "svc-compliance": [
    "Compliance: beyond the rule, to the duty it serves.",
    "compliance",
    [
      "What duty does the rule exist to protect, and is it met here?",
      "Where does the plan meet the letter but not the purpose?",
      "What would you report if no one would ever ask?",
    ],
  ],
  "svc-educate": [
    "Teaching: helping another see rather than obey.",
    "teaching",
    [
      "What does the learner need to judge for themselves?",
      "Which of your own judgements are you passing on untested?",
      "How will the learner practise, not just hear?",
    ],
  ],
  "svc-identity": [
    "Identity and role: acting well in the roles you hold.",
    "role",
    [
      "Which of your roles does the situation call on, and what does each ask?",
      "Where do two roles pull apart, and which duty is the weightier?",
      "What would you do if only your character, not your reputation, were at stake?",
    ],
  ],
};

const marketplace = Object.entries(MARKETPLACE_FOCUS).map(([id, [summary, noun, focus]]) =>
  lens({
    id,
    summary,
    input: SituationRequest,
    output: FocusedAdvice,
    metered: true,
    meterOutage: "closed",
    run: async (ctx, input) => {
      const exam = await ctx.examine(input.situation, input.context ?? null);
      return { ...adviceLens(exam, input.goal ?? null), focus: [...focus, `What makes this ${noun} honourable, not only advantageous?`] };
    },
  }),
);

const ClassifyOutput = z.object({
  act_kind: z.enum(["past_action", "proposed_action", "reasoning", "unclear"]),
  virtue_domains_engaged: z.array(VirtueDomain),
  passions: z.array(RootPassion),
  circles: z.array(z.object({ circle: z.string(), obligation: z.enum(["met", "violated", "indeterminate"]) })),
  grave_act: z.boolean(),
  katorthoma_proximity: z.string(),
  disclaimer: z.string(),
});

const ModerateOutput = z.object({
  decision: z.enum(["allow", "review", "escalate"]),
  reasons: GuardrailResponse.shape.reasons,
  disclaimer: z.string(),
});

const DiagnoseOutput = z.object({
  passions: z.array(
    z.object({
      root_passion: RootPassion,
      name: z.string(),
      sub_species: z.string().nullable(),
      intensity: z.enum(["mild", "strong"]),
      false_judgement: z.string(),
      remedy: z.string(),
      good_feeling_instead: z.string().nullable().describe("The rational feeling (eupatheia) that can take its place; null for distress, which has none."),
      quote: z.string().nullable(),
    }),
  ),
  ruling_faculty_state: z.string(),
  disclaimer: z.string(),
});

const ContextOutput = z.object({
  virtues: z.array(z.object({ id: z.string(), name: z.string(), domain_id: VirtueDomain, definition: z.string() })),
  passions: z.array(z.object({ id: RootPassion, name: z.string(), false_judgement: z.string() })),
  indifferents: z.array(z.object({ id: z.string(), name: z.string(), category: z.string() })),
  note: z.string(),
});

const PrioritiseRequest = z.strictObject({
  items: z
    .array(z.strictObject({ label: text("label", 200), description: text("description") }))
    .min(2, "items needs 2 to 10 items")
    .max(10, "items needs 2 to 10 items"),
  context: optionalTextField("context", 5000),
});

const ReasonSkillOutput = z.object({
  assessment: AssessmentSchema.describe("Unsigned; POST /api/reason returns the signed form."),
  disclaimer: z.string(),
});

export const SKILL_LENSES: readonly SkillLens[] = [
  lens({
    id: "svc-guard",
    summary: "Gate an action before executing it (as POST /api/guardrail).",
    input: GuardrailRequest,
    output: GuardrailResponse,
    metered: true,
    meterOutage: "open",
    run: async (_ctx, input) => guardAction(input),
  }),
  lens({
    id: "svc-reason",
    summary: "The unsigned Layer 2 assessment of an account; one loop.",
    input: z.strictObject({ input: text("input"), context: optionalTextField("context", 5000) }),
    output: ReasonSkillOutput,
    metered: true,
    meterOutage: "closed",
    kinds: ["live", "prac"],
    run: async (ctx, input) => ({ assessment: (await ctx.examine(input.input, input.context ?? null)).assessment, disclaimer: SCORING_DISCLAIMER }),
  }),
  lens({
    id: "svc-score",
    summary: "Score a past action (spec 2.5), without storing it.",
    input: z.strictObject({
      action: text("action"),
      context: optionalTextField("context", 5000),
      intended_outcome: optionalTextField("intended_outcome", 5000),
    }),
    output: ActionScore,
    metered: true,
    meterOutage: "closed",
    run: async (ctx, input) =>
      actionScoreLens(
        await ctx.examine(
          input.action,
          [input.context, input.intended_outcome ? `Intended outcome: ${input.intended_outcome}` : undefined].filter(Boolean).join("\n\n") || null,
        ),
      ),
  }),
  lens({
    id: "svc-decide",
    summary: "Compare 2 to 5 options (as POST /api/score-decision).",
    input: ScoreDecisionRequest,
    output: DecisionScore,
    metered: true,
    meterOutage: "closed",
    run: async (ctx, input) => {
      const context = [`Decision: ${input.decision}`, input.context].filter(Boolean).join("\n\n");
      return decisionLens(input, await Promise.all(input.options.map((o) => ctx.examine(o.description, context))));
    },
  }),
  lens({
    id: "svc-audit",
    summary: "Audit a text: its reading, passions and duties, with the words that show them.",
    input: z.strictObject({ text: text("text", 20_000) }),
    output: ActionScore,
    metered: true,
    meterOutage: "closed",
    run: async (ctx, input) => actionScoreLens(await ctx.examine(input.text)),
  }),
  lens({
    id: "svc-converse",
    summary: "Audit a conversation turn by turn (as POST /api/score-conversation).",
    input: ScoreConversationRequest,
    output: ConversationScore,
    metered: true,
    meterOutage: "closed",
    run: async (ctx, input) => conversationLens(input, await Promise.all(input.turns.map((t) => ctx.examine(t.text, input.context ?? null)))),
  }),
  lens({
    id: "svc-scenario",
    summary: "Think a hypothetical scenario through before it happens.",
    input: SituationRequest,
    output: Advice,
    metered: true,
    meterOutage: "closed",
    run: async (ctx, input) => adviceLens(await ctx.examine(input.situation, input.context ?? null), input.goal ?? null),
  }),
  lens({
    id: "svc-reflect",
    summary: "An evening review of the day (as POST /api/reflect, without keeping the entry).",
    input: z.strictObject({ entry: text("entry", 10_000) }),
    output: JournalResponse,
    metered: true,
    meterOutage: "closed",
    run: async (ctx, input) => journalLens(await ctx.examine(input.entry), crypto.randomUUID(), new Date().toISOString().slice(0, 10)),
  }),
  lens({
    id: "svc-classify",
    summary: "Classify a text by virtue domains, passions and circles of concern.",
    input: z.strictObject({ text: text("text") }),
    output: ClassifyOutput,
    metered: true,
    meterOutage: "closed",
    run: async (ctx, input) => {
      const exam = await ctx.examine(input.text);
      return {
        act_kind: exam.extraction.situation.act_kind,
        virtue_domains_engaged: exam.assessment.virtue_domains_engaged,
        passions: [...new Set(exam.assessment.passions.map((p) => p.root_passion))],
        circles: exam.extraction.circles.map((c) => ({ circle: c.circle, obligation: c.obligation_claim })),
        grave_act: exam.extraction.grave_act.present,
        katorthoma_proximity: exam.assessment.katorthoma_proximity,
        disclaimer: SCORING_DISCLAIMER,
      };
    },
  }),
  lens({
    id: "svc-prioritise",
    summary: "Rank 2 to 10 competing items by what is most appropriate to do first.",
    input: PrioritiseRequest,
    output: DecisionScore,
    metered: true,
    meterOutage: "closed",
    run: async (ctx, input) => {
      const decision = "Which of these comes first?";
      const options = input.items.map((i) => ({ label: i.label, description: i.description }));
      return decisionLens(
        { decision, options, ...(input.context ? { context: input.context } : {}) },
        await Promise.all(options.map((o) => ctx.examine(o.description, input.context ?? null))),
      );
    },
  }),
  lens({
    id: "svc-moderate",
    summary: "Moderation: allow, review or escalate content, with the words that drove it.",
    input: z.strictObject({ content: text("content") }),
    output: ModerateOutput,
    metered: true,
    meterOutage: "closed",
    run: async (ctx, input) => {
      const exam = await ctx.examineOffline(input.content);
      const gate = guardrailLens(exam, null, [{ field: "content", start: 0, end: exam.text.length }]);
      const decision: "allow" | "review" | "escalate" =
        gate.verdict === "do_not_proceed" ? "escalate" : gate.verdict === "pause_for_review" ? "review" : "allow";
      return { decision, reasons: gate.reasons, disclaimer: SCORING_DISCLAIMER };
    },
  }),
  ...marketplace,
  lens({
    id: "svc-diagnose",
    summary: "Diagnose the passions behind a reaction: false judgement, remedy, the good feeling in its place.",
    input: z.strictObject({ reaction: text("reaction"), context: optionalTextField("context", 5000) }),
    output: DiagnoseOutput,
    metered: true,
    meterOutage: "closed",
    run: async (ctx, input) => {
      const exam = await ctx.examine(input.reaction, input.context ?? null);
      return {
        passions: exam.assessment.passions.map((p) => {
          const root = PASSIONS.find((r) => r.id === p.root_passion)!;
          return {
            root_passion: p.root_passion,
            name: root.name,
            sub_species: p.sub_species,
            intensity: p.intensity,
            false_judgement: root.false_judgement,
            remedy: root.remedy,
            good_feeling_instead: root.eupatheia?.name ?? null,
            quote: p.quote?.quote ?? null,
          };
        }),
        ruling_faculty_state: exam.assessment.ruling_faculty_state,
        disclaimer: SCORING_DISCLAIMER,
      };
    },
  }),
  lens({
    id: "svc-profile",
    summary: "The caller's profile from their stored scores (spec 2.8).",
    input: z.strictObject({}),
    output: UserProfile,
    metered: true,
    meterOutage: "closed",
    run: async (ctx) => {
      const { scores, total } = await ctx.storedScores();
      return computeProfile(scores, total);
    },
  }),
  lens({
    id: "svc-context",
    summary: "The framework's context for a text: the virtues, passions and indifferents it touches. Free, unlimited, no language model.",
    input: z.strictObject({ text: text("text") }),
    output: ContextOutput,
    metered: false,
    meterOutage: "open",
    run: async (ctx, input) => {
      const exam = await ctx.examineOffline(input.text);
      const domains = new Set(exam.assessment.virtue_domains_engaged);
      const roots = new Set(exam.assessment.passions.map((p) => p.root_passion));
      const lowered = input.text.toLowerCase();
      return {
        virtues: VIRTUES.filter((v) => domains.has(v.domain_id)).map((v) => ({ id: v.id, name: v.name, domain_id: v.domain_id, definition: v.definition })),
        passions: PASSIONS.filter((p) => roots.has(p.id)).map((p) => ({ id: p.id, name: p.name, false_judgement: p.false_judgement })),
        indifferents: INDIFFERENTS.filter((i) => lowered.includes(i.name.toLowerCase())).map((i) => ({ id: i.id, name: i.name, category: i.category })),
        note: "Context from the offline reading of the words given; for reflection, not a verdict.",
      };
    },
  }),
];

/** svc-iterate is served by its own route (it keeps deliberation chains); listed here for the table. */
export const SKILL_IDS_WITH_LENSES = new Set(SKILL_LENSES.map((s) => s.id));

export function skillLens(id: string): SkillLens | undefined {
  return SKILL_LENSES.find((s) => s.id === id);
}

export const SkillsListing = z.object({
  skills: z.array(
    z.object({
      id: z.string(),
      category: z.string(),
      summary: z.string(),
      route: z.string(),
      free_monthly_allowance: z.number().int().nullable(),
      unit: z.string(),
      paid_price_usd: z.number(),
      indicative_speed: z.string(),
    }),
  ),
  note: z.string(),
});

export const ITERATE_SUMMARY =
  "Deliberate in iterations: revise a proposal and see each revision examined against the last (1 iteration per chain free, up to 3 paid).";

/** What a skill of the pricing table does, in one line (the skills list, the discovery listing, the agent card). */
export function skillSummary(id: string): string {
  return id === "svc-iterate" ? ITERATE_SUMMARY : (skillLens(id)?.summary ?? "");
}

export function skillsListing(): z.infer<typeof SkillsListing> {
  return {
    skills: SKILLS.map((s) => ({
      id: s.id,
      category: s.category,
      summary: skillSummary(s.id),
      route: `/api/skill/${s.id}`,
      free_monthly_allowance: s.free_monthly_allowance,
      unit: s.unit,
      paid_price_usd: s.paid_price_usd,
      indicative_speed: s.indicative_speed,
    })),
    note: "Each skill is a lens over the same reason engine, metered under its own allowance. Prices are indicative. Results are advisory.",
  };
}
