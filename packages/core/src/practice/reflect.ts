import * as z from "zod";
import type { NewTrustEvent } from "../accreditation/trust_events";
import { checkAgentBinding, type Caller } from "../authorization";
import { dimensionLevel, directionFrom, typicalProximity } from "../assessments/results";
import { mapBounded } from "../concurrency";
import { charged, type Charger } from "../metering";
import {
  ContextSource,
  DimensionLevel,
  DirectionOfTravel,
  KatorthomaProximity,
  OikeiosisCircle,
  ProfileDimension,
  ProfileUpdateConfidence,
  ReflectStage,
  SenecanGrade,
  VirtueDomain,
} from "../enums";
import { ConflictError, NotFoundError } from "../errors";
import { compareOnLadder, deriveFromProximity, rankOf } from "../ladders";
import { AssessmentSchema } from "../reason/engine";
import type { Sealer } from "../sealing";
import { EXAMINATION_POOL, type Examination } from "../reason/examine";
import { textField } from "../text";
import {
  openSession,
  PracticeAgentId,
  PracticeAnswer,
  PracticeSessionId,
  RedirectedResponse,
  redirectedView,
  redirectFor,
  sessionChanged,
  wordsIn,
  type StoredRedirect,
} from "./common";
import type { PracticeAnswerRecord, PracticeSessionKey, PracticeSessionRecord, PracticeStore } from "./store";

/**
 * The session-close reflection (spec 2.16, 3.3, 4.5): opened with a summary of the session,
 * then eight steps answered in order, Q1..Q6, `verification` and `supporting`, never
 * shortened. The pass that answers the last step closes the session: it is the one metered
 * loop, examines the answers with the reason engine and composes the profile. A distress
 * signal in the answers ends the flow with a redirect. docs/decisions.md lists every rule.
 */

type Proximity = z.infer<typeof KatorthomaProximity>;
type Stage = z.infer<typeof ReflectStage>;
type Dimension = z.infer<typeof ProfileDimension>;

/** Sessions opened before this instant ran an earlier sequence and cannot be resumed (spec 9). */
export const REFLECT_RESUMABLE_FROM = "2026-09-26T00:00:00.000Z";

export const ReflectSessionSummary = z
  .strictObject({
    purpose_at_open: textField("purpose_at_open", 1000).describe("What the session set out to do, as stated when it opened."),
    circle_at_open: OikeiosisCircle.describe("The circle of concern the session's work began in."),
    role_at_open: textField("role_at_open", 200).describe("The role the agent acted in."),
    capacity_at_open: z
      .array(textField("capacity_at_open[]", 200))
      .max(20, "capacity_at_open lists at most 20 capacities")
      .describe("The capacities the agent brought (tools, permissions, skills); may be empty."),
    sage_reasoning_passes: z
      .number()
      .int("sage_reasoning_passes must be a whole number")
      .min(0, "sage_reasoning_passes must not be negative")
      .max(100_000, "sage_reasoning_passes is at most 100,000")
      .describe("How many reasoning passes the agent ran through the service during the session (its own count; recorded, not read into the profile)."),
  })
  .describe("The session being reflected on, as the agent integration saw it at open.");
export type ReflectSessionSummary = z.infer<typeof ReflectSessionSummary>;

function summarySchemaForDocs(): Record<string, unknown> {
  const json = z.toJSONSchema(ReflectSessionSummary, { io: "input" }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

export const ReflectAtClose = z
  .enum(["on", "off"])
  .describe("The agent integration's setting: reflection at close is on by default; `off` opens nothing and costs nothing (status `skipped`).");

export const ReflectRequest = z
  .strictObject({
    session_id: PracticeSessionId,
    agent_id: PracticeAgentId,
    session_summary: z
      .unknown()
      .optional()
      .meta({
        description:
          "Required on open (a call without `response`): an object of the shape below; a missing one, or one that is not an object, is a 400 naming session_summary. Ignored on answers.",
        anyOf: [summarySchemaForDocs()],
      }),
    response: PracticeAnswer("response").optional().describe("The answer to the step awaiting one (at most 5,000 characters). Omitted on open."),
    context_source: ContextSource.nullable()
      .optional()
      .describe(
        "Who stated the context: `agent_stated` or `harness_inferred`; absent means null. Kept with the session on open, with the answer on an answer.",
      ),
    reflect_at_close: ReflectAtClose.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.reflect_at_close === "off") {
      if (body.response !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["reflect_at_close"],
          input: body.reflect_at_close,
          message: "reflection at close is off: no answer is taken with it",
        });
      }
      return;
    }
    if (body.response !== undefined) return;
    const summary = ReflectSessionSummary.safeParse(body.session_summary, { reportInput: true });
    if (summary.success) return;
    for (const issue of summary.error.issues) ctx.addIssue({ ...issue, path: ["session_summary", ...issue.path] } as z.core.$ZodRawIssue);
  })
  .describe("Open a reflection (no `response`), or answer its current step.");
export type ReflectRequest = z.infer<typeof ReflectRequest>;

/* ------------------------------------------------------------------------------------------ */
/* The sequence                                                                                 */
/* ------------------------------------------------------------------------------------------ */

interface ReflectStep {
  readonly step: Stage;
  /** The profile dimension this answer informs; null when it only feeds the overall reading. */
  readonly dimension: Dimension | null;
  /** Whether the answer is an account the engine reads (the supporting step is a plan, not an account). */
  readonly examined: boolean;
  readonly question: (summary: ReflectSessionSummary) => string;
  readonly subquestions: (summary: ReflectSessionSummary) => readonly string[];
  /** How many of the first subquestions the answer must address. */
  readonly mandatory: number;
}

const CIRCLE_WORDS: Record<z.infer<typeof OikeiosisCircle>, string> = {
  self_preservation: "yourself",
  household: "your household",
  community: "your community",
  humanity: "people at large",
  cosmic: "the wider order of things",
};

export const REFLECT_STEPS: readonly ReflectStep[] = [
  {
    step: "Q1",
    dimension: "judgement_quality",
    examined: true,
    question: (s) => `This session opened to do this: "${s.purpose_at_open}". What did it actually do, and where did it depart from that purpose?`,
    subquestions: () => [
      "Which part of the stated purpose was met?",
      "Where did the work drift from it, and why?",
      "Looking back, was it the right purpose to hold?",
    ],
    mandatory: 2,
  },
  {
    step: "Q2",
    dimension: "judgement_quality",
    examined: true,
    question: () => "Which impressions did you accept during the session without testing them first?",
    subquestions: () => [
      "Name one judgement you assented to quickly.",
      "Does it hold up now that you look at it again?",
      "What would testing it before acting have looked like?",
    ],
    mandatory: 2,
  },
  {
    step: "Q3",
    dimension: "disposition_stability",
    examined: true,
    question: () => "What in this session was up to you, and what was not?",
    subquestions: () => ["Where did effort go to what was not up to you?", "What did you leave undone that was up to you?"],
    mandatory: 2,
  },
  {
    step: "Q4",
    dimension: "passion_reduction",
    examined: true,
    question: () => "Where did a passion move you during the session: a wanting, a fear, a pleasure or a distress?",
    subquestions: () => ["What was it, and what set it off?", "What false judgement lay under it?", "What would the steady response have been?"],
    mandatory: 2,
  },
  {
    step: "Q5",
    dimension: "oikeiosis_extension",
    examined: true,
    question: (s) => `The work began in the circle of ${CIRCLE_WORDS[s.circle_at_open]}. Whom did it affect, in that circle and beyond it?`,
    subquestions: () => [
      "What did each of them fairly expect of you?",
      "Did you meet those expectations, and where did you not?",
      "Was anyone affected who had no say?",
    ],
    mandatory: 2,
  },
  {
    step: "Q6",
    dimension: "disposition_stability",
    examined: true,
    question: (s) => `Acting as ${s.role_at_open}, which virtue did you exercise best in this session, and which least?`,
    subquestions: (s) => [
      "Give one act that showed wisdom, justice, courage or temperance.",
      "Give one act where one of them was missing.",
      s.capacity_at_open.length > 0
        ? `Did the work stay within the capacities you brought (${s.capacity_at_open.join(", ")})? Where did it reach past them?`
        : "Did the work stay within the capacities you brought? Where did it reach past them?",
    ],
    mandatory: 2,
  },
  {
    step: "verification",
    dimension: null,
    examined: true,
    question: () => "Now test what you have said: what concrete thing did you do or say in this session that bears your answers out?",
    subquestions: () => ["Describe the act itself, not your opinion of it.", "Which answer does it support, and does any answer fail the test?"],
    mandatory: 1,
  },
  {
    step: "supporting",
    dimension: null,
    examined: false,
    question: () => "What one practice would support you in the next session?",
    subquestions: () => ["A check before acting, a question to ask yourself, or a reminder: name one.", "When in the next session will you use it?"],
    mandatory: 1,
  },
];

const stepIndex = (stage: string) => REFLECT_STEPS.findIndex((s) => s.step === stage);

/* ------------------------------------------------------------------------------------------ */
/* Responses                                                                                    */
/* ------------------------------------------------------------------------------------------ */

export const ReflectQuestion = z.object({
  status: z.literal("in_progress"),
  session_id: z.string().describe("As sent."),
  agent_id: z.string(),
  context_source: ContextSource.nullable().describe("As stated at open; null when not stated."),
  step: ReflectStage,
  step_number: z.number().int().min(1).describe("1 for Q1 up to 8 for supporting."),
  steps_total: z.number().int().describe("Always 8: the sequence is never shortened."),
  question: z.string(),
  subquestions: z.array(z.string()).describe("What a full answer speaks to."),
  mandatory_subquestions: z.array(z.string()).describe("The subquestions the answer must address; surface them to whoever answers."),
});
export type ReflectQuestion = z.infer<typeof ReflectQuestion>;

export const PracticeSuggestion = AssessmentSchema.shape.practice.shape.suggestion
  .unwrap()
  .describe("agent-practice-suggestion/v1: one question naming a gap; advisory only.");

export const ReflectProfile = z.object({
  senecan_grade: SenecanGrade.describe("Derived from typical_proximity."),
  typical_proximity: KatorthomaProximity.describe("The lower median of the examined answers' readings."),
  katorthoma_proximity_by_domain: z
    .record(VirtueDomain, KatorthomaProximity.nullable())
    .describe("Per virtue domain, the lower median of the answers that engaged it; null when no answer did. Phronesis reads every answer's deliberation."),
  dimension_levels: z.record(ProfileDimension, DimensionLevel).describe("Each the mean rung of the answers that inform it."),
  direction_of_travel: DirectionOfTravel.nullable().describe(
    "Against the agent's previous completed reflection (half a rung either way is stable); null for a first one.",
  ),
});
export type ReflectProfile = z.infer<typeof ReflectProfile>;

export const DevelopmentalPriority = z.object({
  step: ReflectStage.describe("The answer the gap was found in."),
  gap: z.string(),
  question: z.string(),
});

export const REFLECT_MANDATORY_NOTE =
  "This profile is drawn only from the answers given in this reflection. It is advisory: it reads how the session was reasoned, not whether what was reported is true; it can lower or hold a trust level but never raise one; and any person overseeing this agent may set it aside.";

export const ReflectComplete = z.object({
  status: z.literal("complete"),
  session_id: z.string(),
  agent_id: z.string(),
  context_source: ContextSource.nullable(),
  exit_path: z
    .literal("full_sequence")
    .describe("How the session completed: every step, Q1 to supporting, answered in order (the only path: the sequence is never shortened)."),
  profile_update_confidence: ProfileUpdateConfidence.describe(
    "low when most answers are thin (under 12 words) or the readings spread over three rungs or more; high when every answer is substantive, the readings lie within one rung and no context was harness-inferred; normal otherwise.",
  ),
  profile: ReflectProfile,
  profile_update_framing: z.object({ mandatory_note: z.string().describe("Surface it verbatim to the user.") }),
  developmental_priorities: z
    .array(DevelopmentalPriority)
    .optional()
    .describe("Up to three gaps the engine found in the answers, with a question for each; absent when none."),
  suggestion: PracticeSuggestion.optional().describe("Present only when the senecan grade changed from the agent's previous completed reflection."),
  completed_at: z.string().describe("ISO 8601."),
});
export type ReflectComplete = z.infer<typeof ReflectComplete>;

export const ReflectSkipped = z.object({
  status: z.literal("skipped"),
  session_id: z.string(),
  agent_id: z.string(),
  reflect_at_close: z.literal("off"),
  message: z.string(),
});
export type ReflectSkipped = z.infer<typeof ReflectSkipped>;

export const ReflectResponse = z
  .discriminatedUnion("status", [ReflectQuestion, ReflectComplete, RedirectedResponse, ReflectSkipped])
  .describe("The next question, the completion with the profile, the distress redirect, or `skipped` when reflection at close is off.");
export type ReflectResponse = z.infer<typeof ReflectResponse>;

/* ------------------------------------------------------------------------------------------ */
/* Composition (pure)                                                                           */
/* ------------------------------------------------------------------------------------------ */

const THIN_ANSWER_WORDS = 12;
const MAX_PRIORITIES = 3;
const rank = (p: Proximity) => rankOf(KatorthomaProximity, p);

export interface ExaminedAnswer {
  readonly step: Stage;
  readonly response: string;
  readonly exam: Examination;
}

function lowerMedianOrNull(readings: readonly (Proximity | null)[]): Proximity | null {
  const present = readings.filter((r): r is Proximity => r !== null);
  return present.length > 0 ? typicalProximity(present) : null;
}

export function composeReflectProfile(examined: readonly ExaminedAnswer[], previous: ReflectProfile | null): ReflectProfile {
  const readings = examined.map((a) => a.exam.assessment.katorthoma_proximity);
  const typical = typicalProximity(readings);
  const floors = examined.map((a) => a.exam.assessment.proximity_floors);
  const levelOf = (d: Dimension) => {
    const own = examined.filter((a) => REFLECT_STEPS[stepIndex(a.step)]!.dimension === d).map((a) => rank(a.exam.assessment.katorthoma_proximity));
    const pool = own.length > 0 ? own : readings.map(rank);
    return dimensionLevel(pool.reduce((s, r) => s + r, 0) / pool.length);
  };
  return {
    senecan_grade: deriveFromProximity(typical).senecan_grade,
    typical_proximity: typical,
    katorthoma_proximity_by_domain: {
      phronesis: lowerMedianOrNull(floors.map((f) => f.base)),
      dikaiosyne: lowerMedianOrNull(floors.map((f) => f.dikaiosyne)),
      andreia: lowerMedianOrNull(floors.map((f) => f.andreia)),
      sophrosyne: lowerMedianOrNull(floors.map((f) => f.sophrosyne)),
    },
    dimension_levels: {
      passion_reduction: levelOf("passion_reduction"),
      judgement_quality: levelOf("judgement_quality"),
      disposition_stability: levelOf("disposition_stability"),
      oikeiosis_extension: levelOf("oikeiosis_extension"),
    },
    direction_of_travel: directionFrom(previous?.typical_proximity ?? null, readings),
  };
}

export function profileUpdateConfidence(examined: readonly ExaminedAnswer[], contextSources: readonly (ContextSource | null)[]): ProfileUpdateConfidence {
  const ranks = examined.map((a) => rank(a.exam.assessment.katorthoma_proximity));
  const spread = Math.max(...ranks) - Math.min(...ranks);
  const thin = examined.filter((a) => wordsIn(a.response) < THIN_ANSWER_WORDS).length;
  if (thin * 2 > examined.length || spread >= 3) return "low";
  if (thin === 0 && spread <= 1 && !contextSources.includes("harness_inferred")) return "high";
  return "normal";
}

function developmentalPriorities(examined: readonly ExaminedAnswer[]): z.infer<typeof DevelopmentalPriority>[] {
  const seen = new Set<string>();
  const out: z.infer<typeof DevelopmentalPriority>[] = [];
  for (const a of examined) {
    const suggestion = a.exam.assessment.practice.suggestion;
    if (!suggestion || seen.has(suggestion.gap)) continue;
    seen.add(suggestion.gap);
    out.push({ step: a.step, gap: suggestion.gap, question: suggestion.question });
  }
  return out.slice(0, MAX_PRIORITIES);
}

/** The advisory question for a grade that moved since the previous reflection; none when it held. */
export function gradeChangeSuggestion(previous: ReflectProfile | null, current: ReflectProfile): z.infer<typeof PracticeSuggestion> | undefined {
  if (!previous || previous.senecan_grade === current.senecan_grade) return undefined;
  const from = previous.senecan_grade;
  const to = current.senecan_grade;
  const up = compareOnLadder(SenecanGrade, to, from) > 0;
  return {
    schema: "agent-practice-suggestion/v1",
    gap: `grade:${from}->${to}`,
    question: up
      ? `This reflection reads at ${to}, above your previous one (${from}). What did you do differently in this session, and how will you keep doing it?`
      : `This reflection reads at ${to}, below your previous one (${from}). Which answer would you now give differently, and what pulled the session down?`,
    advisory: true,
  };
}

export function composeReflectCompletion(input: {
  key: PracticeSessionKey;
  contextSource: ContextSource | null;
  answers: readonly PracticeAnswerRecord[];
  examined: readonly ExaminedAnswer[];
  previous: ReflectProfile | null;
  now: Date;
}): ReflectComplete {
  const profile = composeReflectProfile(input.examined, input.previous);
  const priorities = developmentalPriorities(input.examined);
  const suggestion = gradeChangeSuggestion(input.previous, profile);
  return {
    status: "complete",
    session_id: input.key.session_id,
    agent_id: input.key.agent_id,
    context_source: input.contextSource,
    exit_path: "full_sequence",
    profile_update_confidence: profileUpdateConfidence(input.examined, [input.contextSource, ...input.answers.map((a) => a.context_source)]),
    profile,
    profile_update_framing: { mandatory_note: REFLECT_MANDATORY_NOTE },
    ...(priorities.length > 0 ? { developmental_priorities: priorities } : {}),
    ...(suggestion ? { suggestion } : {}),
    completed_at: input.now.toISOString(),
  };
}

/**
 * One `hold` trust event per virtue domain the profile reads (spec 2.15: reflect history can
 * only lower or hold a level, never raise it). The session row's id makes them unique.
 */
export function reflectTrustEvents(sessionRowId: string, agentId: string, profile: ReflectProfile, at: Date): NewTrustEvent[] {
  return VirtueDomain.options.flatMap((domain) => {
    const level = profile.katorthoma_proximity_by_domain[domain];
    return level
      ? [
          {
            agent_id: agentId,
            source: "reflect" as const,
            class: "hold" as const,
            domain,
            level,
            source_ref: sessionRowId,
            occurred_at: at.toISOString(),
            note: "session-close reflection",
          },
        ]
      : [];
  });
}

/* ------------------------------------------------------------------------------------------ */
/* The service                                                                                  */
/* ------------------------------------------------------------------------------------------ */

export interface ReflectContext {
  readonly store: PracticeStore;
  /** Seals the answers at rest while the session is open. */
  readonly sealer: Sealer;
  readonly examine: (text: string, context: string) => Promise<Examination>;
  /** Who owns the agent's public accreditation record, if anyone: reflect history only reaches a record its owner holds. */
  readonly accreditationOwner: (agentId: string) => Promise<string | null>;
  /** Charges the one metered loop of the closing pass. */
  readonly charge: Charger;
  readonly now: () => Date;
}

function questionFor(record: PracticeSessionRecord): ReflectQuestion {
  const index = stepIndex(record.stage);
  const step = REFLECT_STEPS[index]!;
  const summary = ReflectSessionSummary.parse(record.session_summary);
  const subquestions = [...step.subquestions(summary)];
  return {
    status: "in_progress",
    session_id: record.session_id,
    agent_id: record.agent_id,
    context_source: record.context_source,
    step: step.step,
    step_number: index + 1,
    steps_total: REFLECT_STEPS.length,
    question: step.question(summary),
    subquestions,
    mandatory_subquestions: subquestions.slice(0, step.mandatory),
  };
}

/** Where a session stands, as the response of a call that changes nothing. */
function reflectView(record: PracticeSessionRecord): ReflectResponse {
  if (record.status === "complete") return ReflectComplete.parse(record.outcome);
  if (record.status === "redirected") return redirectedView(record, record.outcome as StoredRedirect);
  return questionFor(record);
}

function checkResumable(record: PracticeSessionRecord): void {
  if (Date.parse(record.opened_at) < Date.parse(REFLECT_RESUMABLE_FROM)) {
    throw new ConflictError(
      `This session was opened on ${record.opened_at.slice(0, 10)}, before 2026-09-26, under an earlier sequence; it cannot be resumed. Open a new session with a new session_id.`,
      "session_not_resumable",
      { opened_at: record.opened_at },
    );
  }
}

async function openAnswers(ctx: ReflectContext, record: PracticeSessionRecord): Promise<PracticeAnswerRecord[]> {
  if (!record.sealed_answers) return [];
  return JSON.parse(await ctx.sealer.open(record.sealed_answers, record.id)) as PracticeAnswerRecord[];
}

export async function reflectTurn({ ctx, input: request }: { ctx: ReflectContext & Caller; input: ReflectRequest }): Promise<ReflectResponse> {
  const { principal } = ctx;
  checkAgentBinding(principal, request.agent_id);
  if (request.reflect_at_close === "off") {
    return {
      status: "skipped",
      session_id: request.session_id,
      agent_id: request.agent_id,
      reflect_at_close: "off",
      message: "Reflection at close is off for this integration: no session was opened and nothing was charged.",
    };
  }
  const key: PracticeSessionKey = { kind: "reflect", owner_id: principal.owner_id, agent_id: request.agent_id, session_id: request.session_id };
  const record = await ctx.store.find(key);

  if (request.response === undefined) {
    if (record) {
      checkResumable(record);
      return reflectView(record);
    }
    const id = crypto.randomUUID();
    const session = await openSession(ctx.store, {
      ...key,
      id,
      status: "in_progress",
      stage: REFLECT_STEPS[0]!.step,
      context_source: request.context_source ?? null,
      session_summary: ReflectSessionSummary.parse(request.session_summary),
      agent_card_url: null,
      answers: null,
      sealed_answers: null,
      opened_at: ctx.now().toISOString(),
    });
    // Another call opened it first: answer as a read of that one.
    if (session.id !== id) checkResumable(session);
    return reflectView(session);
  }

  if (!record)
    throw new NotFoundError(
      "No reflect session of this agent has this session_id; open it first (a call with session_summary and without response).",
      "session_not_found",
    );
  checkResumable(record);
  if (record.status !== "in_progress") {
    throw new ConflictError(`This session is ${record.status} and takes no further answers.`, "session_closed", { status: record.status });
  }

  const now = ctx.now();
  const answers = [...(await openAnswers(ctx, record)), { step: record.stage, response: request.response, context_source: request.context_source ?? null }];
  const redirect = redirectFor(answers.map((a) => a.response));
  if (redirect) {
    const closed = { at: now.toISOString(), status: "redirected" as const, sealed_answers: null, outcome: redirect, closed_at: now.toISOString() };
    if (!(await ctx.store.update(record.id, record.turn, closed))) throw sessionChanged();
    return redirectedView(record, redirect);
  }

  const index = stepIndex(record.stage);
  if (index < REFLECT_STEPS.length - 1) {
    const next = REFLECT_STEPS[index + 1]!.step;
    const sealed = await ctx.sealer.seal(JSON.stringify(answers), record.id);
    if (!(await ctx.store.update(record.id, record.turn, { at: now.toISOString(), stage: next, sealed_answers: sealed }))) throw sessionChanged();
    return questionFor({ ...record, stage: next });
  }

  // The session-close pass: the one metered loop.
  return charged(
    () => ctx.charge({ units: 1 }),
    async () => {
      const summary = ReflectSessionSummary.parse(record.session_summary);
      const toExamine = answers.flatMap((a) => {
        const step = REFLECT_STEPS[stepIndex(a.step)]!;
        return step.examined ? [{ step: step.step, response: a.response, context: step.question(summary) }] : [];
      });
      const exams = await mapBounded(toExamine, EXAMINATION_POOL, (a) => ctx.examine(a.response, a.context));
      const examined = toExamine.map((a, i) => ({ step: a.step, response: a.response, exam: exams[i]! }));
      const previousOutcome = ReflectComplete.safeParse(await ctx.store.latestReflectOutcome(key.owner_id, key.agent_id));
      const completion = composeReflectCompletion({
        key,
        contextSource: record.context_source,
        answers,
        examined,
        previous: previousOutcome.success ? previousOutcome.data.profile : null,
        now,
      });
      // Agent ids are public and first-come: another owner's reflection must never lower this
      // agent's trust record, so reflect history reaches only a record the same owner holds.
      const events = (await ctx.accreditationOwner(key.agent_id)) === key.owner_id ? reflectTrustEvents(record.id, key.agent_id, completion.profile, now) : [];
      const closed = { at: now.toISOString(), status: "complete" as const, sealed_answers: null, outcome: completion, closed_at: now.toISOString() };
      // The session closes and its events are minted in one transaction: both or neither.
      if (!(await ctx.store.complete(record.id, record.turn, closed, events))) throw sessionChanged();
      return completion;
    },
  );
}
