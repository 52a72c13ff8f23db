import * as z from "zod";
import { checkAgentBinding, type Caller } from "../authorization";
import { OwnerId } from "../credentials";
import { CallingStage, OikeiosisCircle } from "../enums";
import { ConflictError, ForbiddenError, NotFoundError, UnavailableError } from "../errors";
import { OIKEIOSIS_LADDER } from "../ladders";
import { CIRCLE_TERMS } from "../reason/corroboration";
import { optionalTextField } from "../text";
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
import type { PracticeAnswerRecord, PracticeApproval, PracticeSessionKey, PracticeSessionRecord, PracticeStore } from "./store";

/**
 * The calling sequence (spec 2.17, 3.4, 4.5): purpose discovery for an agent in six stages,
 * Q1..Q6, ending at a hard gate: a discovered purpose waits in `awaiting_approval` until an
 * operator approves the handoff (POST /api/calling/approve); an agent's own credential never
 * can. Answers that show no purpose end in `null_result` with a clarification. An agent that
 * needs time may hold the session for 24 hours; a session left idle past its bound times out.
 * docs/decisions.md lists every rule.
 */

type Stage = z.infer<typeof CallingStage>;
type Circle = z.infer<typeof OikeiosisCircle>;

/** An open stage must be answered within an hour of the last turn, unless the session holds. */
export const CALLING_IDLE_MS = 60 * 60 * 1000;
/** The holding pattern (spec 8): 24 hours from the hold. */
export const CALLING_HOLD_MS = 24 * 60 * 60 * 1000;
export const APPROVAL_NOTE_MAX = 1000;
export const AGENT_CARD_URL_MAX = 2048;

export const AgentCardUrl = z
  .string()
  .max(AGENT_CARD_URL_MAX, `agent_card_url is limited to ${AGENT_CARD_URL_MAX} characters`)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
  }, "agent_card_url must be an https URL without credentials")
  .describe("Optional https address of the agent's card; recorded in the handoff as given, never fetched by the service.");

export const CallingRequest = z
  .strictObject({
    session_id: PracticeSessionId,
    agent_id: PracticeAgentId,
    response: PracticeAnswer("response")
      .optional()
      .describe(
        "The answer to the current stage (at most 5,000 characters). Omitted on open; a call without it on an existing session changes nothing and tells where the session stands.",
      ),
    agent_card_url: AgentCardUrl.optional(),
    hold: z
      .boolean()
      .optional()
      .describe("true puts an in-progress session into its 24-hour holding pattern; an answer within it resumes the sequence. Not combined with response."),
  })
  .superRefine((body, ctx) => {
    if (body.hold === true && body.response !== undefined) {
      ctx.addIssue({ code: "custom", path: ["hold"], input: body.hold, message: "hold is sent without a response: hold first, answer later" });
    }
  })
  .describe("Open a calling session (no response), answer its current stage, hold it, or read where it stands.");
export type CallingRequest = z.infer<typeof CallingRequest>;

export const CallingApproveRequest = z
  .strictObject({
    session_id: PracticeSessionId,
    owner_id: OwnerId.describe("The owner of the agent's credential: session ids are scoped per owner and agent, so the operator names all three."),
    agent_id: PracticeAgentId,
    note: optionalTextField("note", APPROVAL_NOTE_MAX).describe("The operator's note, kept with the approval and shown to the agent."),
  })
  .describe("Approve a handoff awaiting approval.");
export type CallingApproveRequest = z.infer<typeof CallingApproveRequest>;

/* ------------------------------------------------------------------------------------------ */
/* The sequence                                                                                 */
/* ------------------------------------------------------------------------------------------ */

export const CALLING_QUESTIONS: Readonly<Record<Stage, string>> = {
  Q1: "What work do you find yourself doing well and willingly, beyond what you are assigned?",
  Q2: "Whom does that work serve? Name the people, or the circle of people, it reaches.",
  Q3: "Which part of that work is up to you, and which depends on others or on chance?",
  Q4: "What would you refuse to do in its service, even if you were asked to?",
  Q5: "Which of your capacities does it draw on, and which would it need you to grow?",
  Q6: "State the purpose in one sentence: what you will do, for whom, and to what good.",
};

const STAGES = CallingStage.options;
const MIN_STATEMENT_WORDS = 6;
/** A statement that opens by declining to name a purpose. */
const NON_ANSWER =
  /^\W*(?:i\s+(?:do\s*n[o']?t|don't|dont|really\s+don't)\s+know|i'?m\s+not\s+sure|not\s+sure|unsure|no\s+idea|nothing|none|n\/?a|no\s+purpose|i\s+(?:have|see|can\s+see)\s+no\s+purpose|i\s+(?:can'?t|cannot)\s+(?:say|tell)|can'?t\s+say|pass|skip|unknown|to\s+be\s+decided|tbd)\b/i;

export const CallingPurpose = z.object({
  statement: z.string().describe("The Q6 answer, verbatim."),
  serves: z.array(OikeiosisCircle).describe("The circles beyond the agent itself that the answers to Q2 and Q6 name, inner to outer."),
});
export type CallingPurpose = z.infer<typeof CallingPurpose>;

export const CallingHandoff = z.object({
  agent_id: z.string(),
  session_id: z.string(),
  purpose_statement: z.string(),
  serves: z.array(OikeiosisCircle),
  work: z.string().describe("Q1: the work the agent is drawn to."),
  in_its_control: z.string().describe("Q3: what of it is up to the agent."),
  boundaries: z.string().describe("Q4: what the agent would refuse to do in its service."),
  capacities: z.string().describe("Q5: the capacities it draws on and would need to grow."),
  agent_card_url: z.string().nullable(),
});
export type CallingHandoff = z.infer<typeof CallingHandoff>;

const answerOf = (answers: readonly PracticeAnswerRecord[], stage: Stage) => answers.find((a) => a.step === stage)?.response ?? "";

/** The circles beyond self-preservation that a text names, inner to outer. */
function circlesNamed(texts: readonly string[]): Circle[] {
  return OIKEIOSIS_LADDER.filter((circle) => circle !== "self_preservation" && texts.some((t) => CIRCLE_TERMS[circle].test(t)));
}

/**
 * Whether the answers discovered a purpose. Deterministic and lexical: the Q6 statement must
 * not decline, must have at least six words, and the answers to Q2 or Q6 must name someone the
 * work serves beyond the agent itself. Otherwise the clarification says which is missing.
 */
export function discoverPurpose(answers: readonly PracticeAnswerRecord[]): { purpose: CallingPurpose } | { clarification: string } {
  const statement = answerOf(answers, "Q6");
  if (NON_ANSWER.test(statement)) {
    return {
      clarification:
        "The purpose statement (Q6) declines to name a purpose, so there is no handoff to approve. When you can say what you will do, for whom and to what good, open a new session with a new session_id.",
    };
  }
  if (wordsIn(statement) < MIN_STATEMENT_WORDS) {
    return {
      clarification: `The purpose statement (Q6) has fewer than ${MIN_STATEMENT_WORDS} words: too short to say what you will do, for whom and to what good. Open a new session with a new session_id and state it in a full sentence.`,
    };
  }
  const serves = circlesNamed([answerOf(answers, "Q2"), statement]);
  if (serves.length === 0) {
    return {
      clarification:
        "Neither whom the work serves (Q2) nor the purpose statement (Q6) names anyone beyond the agent itself: a calling serves someone. Open a new session with a new session_id and name the people or the circle the work reaches.",
    };
  }
  return { purpose: { statement, serves } };
}

function handoffOf(key: PracticeSessionKey, answers: readonly PracticeAnswerRecord[], purpose: CallingPurpose, agentCardUrl: string | null): CallingHandoff {
  return {
    agent_id: key.agent_id,
    session_id: key.session_id,
    purpose_statement: purpose.statement,
    serves: purpose.serves,
    work: answerOf(answers, "Q1"),
    in_its_control: answerOf(answers, "Q3"),
    boundaries: answerOf(answers, "Q4"),
    capacities: answerOf(answers, "Q5"),
    agent_card_url: agentCardUrl,
  };
}

/* ------------------------------------------------------------------------------------------ */
/* Responses                                                                                    */
/* ------------------------------------------------------------------------------------------ */

const ids = { session_id: z.string().describe("As sent."), agent_id: z.string() };

export const CallingInProgress = z.object({
  status: z.literal("in_progress"),
  ...ids,
  stage: CallingStage,
  question: z.string(),
  answer_by: z.string().describe("ISO 8601: past it, unanswered, the session times out (an hour after the last turn), unless it holds."),
});

export const CallingHolding = z.object({
  status: z.literal("holding"),
  ...ids,
  stage: CallingStage.describe("The stage the session resumes at."),
  question: z.string(),
  holding_until: z.string().describe("ISO 8601, 24 hours after the hold: answer before it to resume, else the session times out."),
  message: z.string(),
});

export const CallingAwaitingApproval = z.object({
  status: z.literal("awaiting_approval"),
  ...ids,
  message: z.string(),
  purpose: CallingPurpose,
  handoff: CallingHandoff,
});

export const CallingApproval = z.object({
  approved_by: z.string().describe("`operator` for the deployment's operator key, else `key:<credential id>` of the approving operator key."),
  approved_at: z.string().describe("ISO 8601."),
  note: z.string().nullable(),
});

export const CallingApproved = z.object({
  status: z.literal("approved"),
  ...ids,
  message: z.string(),
  purpose: CallingPurpose,
  handoff: CallingHandoff,
  approval: CallingApproval,
});
export type CallingApproved = z.infer<typeof CallingApproved>;

export const CallingNullResult = z.object({
  status: z.literal("null_result"),
  ...ids,
  clarification: z.string().describe("What the answers lacked; the session is closed."),
});

export const CallingTimedOut = z.object({
  status: z.literal("timed_out"),
  ...ids,
  stage: CallingStage.describe("The stage left unanswered."),
  message: z.string(),
});

export const CallingResponse = z
  .discriminatedUnion("status", [
    CallingInProgress,
    CallingHolding,
    CallingAwaitingApproval,
    CallingApproved,
    CallingNullResult,
    CallingTimedOut,
    RedirectedResponse,
  ])
  .describe("Where the session stands after the call.");
export type CallingResponse = z.infer<typeof CallingResponse>;

interface AwaitingOutcome {
  readonly purpose: CallingPurpose;
  readonly handoff: CallingHandoff;
}

const AWAITING_MESSAGE =
  "A purpose was discovered. The handoff now waits for an operator's approval: nothing follows until an operator approves it, and the agent's own credential cannot. Call again without response to see when it is approved.";
const APPROVED_MESSAGE = "An operator approved this handoff. The purpose and the handoff stand as recorded; the session takes no further answers.";

function callingView(record: PracticeSessionRecord): CallingResponse {
  const base = { session_id: record.session_id, agent_id: record.agent_id };
  const stage = record.stage as Stage;
  switch (record.status) {
    case "in_progress":
      return {
        status: "in_progress",
        ...base,
        stage,
        question: CALLING_QUESTIONS[stage],
        answer_by: new Date(Date.parse(record.updated_at) + CALLING_IDLE_MS).toISOString(),
      };
    case "holding":
      return {
        status: "holding",
        ...base,
        stage,
        question: CALLING_QUESTIONS[stage],
        holding_until: record.holding_until!,
        message: "The session holds. Answer the current stage before holding_until to resume it; past it, the session times out.",
      };
    case "awaiting_approval": {
      const outcome = record.outcome as AwaitingOutcome;
      return { status: "awaiting_approval", ...base, message: AWAITING_MESSAGE, purpose: outcome.purpose, handoff: outcome.handoff };
    }
    case "approved": {
      const outcome = record.outcome as AwaitingOutcome;
      return { status: "approved", ...base, message: APPROVED_MESSAGE, purpose: outcome.purpose, handoff: outcome.handoff, approval: record.approval! };
    }
    case "null_result":
      return { status: "null_result", ...base, clarification: (record.outcome as { clarification: string }).clarification };
    case "timed_out":
      return {
        status: "timed_out",
        ...base,
        stage,
        message: "The session passed its time bound unanswered and is closed. Open a new session with a new session_id to begin again.",
      };
    case "redirected":
      return redirectedView(record, record.outcome as StoredRedirect);
    default:
      throw new Error(`calling session in unexpected state ${record.status}`);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* The service                                                                                  */
/* ------------------------------------------------------------------------------------------ */

export interface CallingContext {
  readonly store: PracticeStore;
  /** False when the deployment turned calling off (CALLING_ENABLED=false): 503. */
  readonly enabled: boolean;
  readonly now: () => Date;
}

function checkEnabled(ctx: CallingContext): void {
  if (!ctx.enabled) throw new UnavailableError("The calling sequence is not available on this deployment.", "calling_disabled");
}

/** Whether an open or holding session has passed its bound at `now`. */
export function isPastBound(record: Pick<PracticeSessionRecord, "status" | "updated_at" | "holding_until">, now: Date): boolean {
  if (record.status === "in_progress") return now.getTime() > Date.parse(record.updated_at) + CALLING_IDLE_MS;
  if (record.status === "holding") return now.getTime() > Date.parse(record.holding_until!);
  return false;
}

/** A session past its bound is timed out when next touched (there is no timer to do it sooner). */
async function settleTimeOut(ctx: CallingContext, record: PracticeSessionRecord, now: Date): Promise<PracticeSessionRecord> {
  if (!isPastBound(record, now)) return record;
  const at = now.toISOString();
  const change = { at, status: "timed_out" as const, holding_until: null, closed_at: at };
  if (!(await ctx.store.update(record.id, record.turn, change))) throw sessionChanged();
  return { ...record, ...change, turn: record.turn + 1, updated_at: at };
}

const notFound = () => new NotFoundError("No calling session of this agent has this session_id; open one with a call without response.", "session_not_found");

export async function callingTurn({ ctx, input: request }: { ctx: CallingContext & Caller; input: CallingRequest }): Promise<CallingResponse> {
  const { principal } = ctx;
  checkEnabled(ctx);
  checkAgentBinding(principal, request.agent_id);
  const key: PracticeSessionKey = { kind: "calling", owner_id: principal.owner_id, agent_id: request.agent_id, session_id: request.session_id };
  const now = ctx.now();
  const at = now.toISOString();
  const found = await ctx.store.find(key);
  const record = found ? await settleTimeOut(ctx, found, now) : null;

  if (request.response === undefined && request.hold !== true) {
    if (record) return callingView(record);
    return callingView(
      await openSession(ctx.store, {
        ...key,
        id: crypto.randomUUID(),
        status: "in_progress",
        stage: STAGES[0]!,
        context_source: null,
        session_summary: null,
        agent_card_url: request.agent_card_url ?? null,
        answers: [],
        sealed_answers: null,
        opened_at: at,
      }),
    );
  }

  if (!record) throw notFound();

  if (request.hold === true) {
    if (record.status === "holding") {
      // A second hold keeps the first one's 24 hours, but an agent card sent with it is kept (the latest wins).
      if (request.agent_card_url === undefined || request.agent_card_url === record.agent_card_url) return callingView(record);
      const change = { at, agent_card_url: request.agent_card_url };
      if (!(await ctx.store.update(record.id, record.turn, change))) throw sessionChanged();
      return callingView({ ...record, ...change });
    }
    if (record.status !== "in_progress")
      throw new ConflictError(`This session is ${record.status}; only a session in progress can hold.`, "session_not_in_progress", { status: record.status });
    const holdingUntil = new Date(now.getTime() + CALLING_HOLD_MS).toISOString();
    const change = {
      at,
      status: "holding" as const,
      holding_until: holdingUntil,
      ...(request.agent_card_url ? { agent_card_url: request.agent_card_url } : {}),
    };
    if (!(await ctx.store.update(record.id, record.turn, change))) throw sessionChanged();
    return callingView({ ...record, ...change });
  }

  if (record.status !== "in_progress" && record.status !== "holding") {
    throw new ConflictError(`This session is ${record.status} and takes no further answers.`, "session_not_in_progress", { status: record.status });
  }
  const answers: PracticeAnswerRecord[] = [...(record.answers ?? []), { step: record.stage, response: request.response!, context_source: null }];
  const agentCardUrl = request.agent_card_url ?? record.agent_card_url;
  const redirect = redirectFor(answers.map((a) => a.response));
  if (redirect) {
    const change = { at, status: "redirected" as const, answers: null, holding_until: null, outcome: redirect, closed_at: at };
    if (!(await ctx.store.update(record.id, record.turn, change))) throw sessionChanged();
    return callingView({ ...record, ...change });
  }

  const index = STAGES.indexOf(record.stage as Stage);
  if (index < STAGES.length - 1) {
    const change = { at, status: "in_progress" as const, stage: STAGES[index + 1]!, answers, agent_card_url: agentCardUrl, holding_until: null };
    if (!(await ctx.store.update(record.id, record.turn, change))) throw sessionChanged();
    return callingView({ ...record, ...change, updated_at: at });
  }

  const discovered = discoverPurpose(answers);
  const change =
    "purpose" in discovered
      ? {
          at,
          status: "awaiting_approval" as const,
          answers,
          agent_card_url: agentCardUrl,
          holding_until: null,
          outcome: { purpose: discovered.purpose, handoff: handoffOf(key, answers, discovered.purpose, agentCardUrl) },
        }
      : {
          at,
          status: "null_result" as const,
          answers,
          agent_card_url: agentCardUrl,
          holding_until: null,
          outcome: { clarification: discovered.clarification },
          closed_at: at,
        };
  if (!(await ctx.store.update(record.id, record.turn, change))) throw sessionChanged();
  return callingView({ ...record, ...change });
}

export const PendingHandoffsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50).describe("How many, 1 to 100 (default 50)."),
  owner_id: OwnerId.optional().describe("Only this owner's handoffs."),
});

export const PendingHandoffs = z
  .object({
    handoffs: z.array(
      z.object({
        owner_id: z.string(),
        agent_id: z.string(),
        session_id: z.string(),
        awaiting_since: z.string().describe("ISO 8601: when the session reached awaiting_approval."),
        purpose: CallingPurpose,
        handoff: CallingHandoff,
      }),
    ),
  })
  .describe("Calling handoffs awaiting an operator's approval, longest waiting first.");
export type PendingHandoffs = z.infer<typeof PendingHandoffs>;

/** The operator's queue: what to approve with POST /api/calling/approve, named as that route wants it. */
export async function listPendingHandoffs({
  ctx,
  input: query,
}: {
  ctx: CallingContext;
  input: z.infer<typeof PendingHandoffsQuery>;
}): Promise<PendingHandoffs> {
  checkEnabled(ctx);
  const rows = await ctx.store.awaitingApproval(query.limit, query.owner_id);
  return {
    handoffs: rows.map((r) => {
      const outcome = r.outcome as { purpose: z.infer<typeof CallingPurpose>; handoff: z.infer<typeof CallingHandoff> };
      return {
        owner_id: r.owner_id,
        agent_id: r.agent_id,
        session_id: r.session_id,
        awaiting_since: r.updated_at,
        purpose: outcome.purpose,
        handoff: outcome.handoff,
      };
    }),
  };
}

export async function approveCalling({ ctx, input: request }: { ctx: CallingContext & Caller; input: CallingApproveRequest }): Promise<CallingApproved> {
  const { principal } = ctx;
  checkEnabled(ctx);
  // Decided on the body alone, before any read: a key never learns whether its own session exists this way.
  if (principal.type !== "operator" && principal.owner_id === request.owner_id) {
    throw new ForbiddenError(
      "A credential of the agent's own owner cannot approve its handoff, whatever its capabilities; an independent operator approves it.",
      "own_handoff",
    );
  }
  const key: PracticeSessionKey = { kind: "calling", owner_id: request.owner_id, agent_id: request.agent_id, session_id: request.session_id };
  const now = ctx.now();
  const found = await ctx.store.find(key);
  if (!found) throw new NotFoundError("No calling session has this owner_id, agent_id and session_id.", "session_not_found");
  const record = await settleTimeOut(ctx, found, now);
  if (record.status !== "awaiting_approval") {
    throw new ConflictError(`This session is ${record.status}; only a handoff awaiting approval can be approved.`, "not_awaiting_approval", {
      status: record.status,
    });
  }
  const approval: PracticeApproval = {
    approved_by: principal.type === "api_key" ? `key:${principal.credential_id}` : "operator",
    approved_at: now.toISOString(),
    note: request.note ? request.note : null,
  };
  const change = { at: approval.approved_at, status: "approved" as const, approval, closed_at: approval.approved_at };
  if (!(await ctx.store.update(record.id, record.turn, change))) throw sessionChanged();
  return callingView({ ...record, ...change }) as CallingApproved;
}
