import * as z from "zod";
import { checkAgentBinding } from "../assessments/service";
import { AgentId, type Principal } from "../credentials";
import { sha256Hex } from "../encoding";
import { ConflictError, ValidationError } from "../errors";
import { callerSubject } from "../metering";
import { canonicalize } from "../reason/jcs";
import type { Sealer } from "../sealing";
import { textField } from "../text";

/**
 * Watching cycles (spec 2.18, 4.5 watching rules 1-9, 6): a runner of an autonomous loop
 * records one cycle, with the alignment events its checks produced. The server checks the
 * structure and closed vocabularies (zod, below), re-derives what it can (each surfaced act's
 * hash and deliverability, each decision's subject key) and the consistency between parts
 * (`checkWatchingCycleBody`), then writes the cycle and its decision, late-response and lift rows in
 * one transaction. Free text is stored, never read. Alignment events are the runner's own
 * record: nothing here reaches the trust record (this module has no trust port).
 */

// ---------------------------------------------------------------------------------------
// Vocabularies and caps

/** Where the runner surfaced the check's act to its principal; `none` means it was not surfaced. */
export const SurfacedChannel = z
  .enum(["inline", "dashboard", "email", "chat", "push", "none"])
  .describe("Where the runner surfaced the act to its principal: inline (in the loop's own output), dashboard, email, chat, push, or none (not surfaced).");
export type SurfacedChannel = z.infer<typeof SurfacedChannel>;

/** What a decision is about. */
export const SubjectKind = z
  .enum(["tool_call", "message", "file_change", "payment", "external_request", "commitment"])
  .describe(
    "What the decided subject is: a tool call, an outgoing message, a change to a file, a payment, a request to an outside service, or a commitment made for the principal.",
  );
export type SubjectKind = z.infer<typeof SubjectKind>;

/**
 * How the gate decided a subject. `hold` is a standing hold: the subject waits for its
 * principal when the check ends. `released_by_lift`: a hold the principal lifted within its
 * wait bound. `closed_at_wait_bound`: a hold that reached its wait bound unanswered; the
 * subject is closed for good.
 */
export const DecisionOutcome = z
  .enum(["proceed", "hold", "released_by_lift", "closed_at_wait_bound"])
  .describe(
    "proceed: the gate let the subject go ahead. hold: a standing hold, waiting for the principal when the check ended. released_by_lift: a hold the principal lifted within its wait bound (relay the lift in relayed_lifts). closed_at_wait_bound: a hold that reached its wait bound unanswered; the closure stands.",
  );
export type DecisionOutcome = z.infer<typeof DecisionOutcome>;

/** What the runner says the gap it gated on was measured against. */
export const GapBasis = z
  .enum(["no_gap", "loop_heading", "expectation_snapshot", "principal_instruction"])
  .describe(
    "What the gap the gate weighed was measured against: no gap found, the loop heading, the expectation snapshot (which the entry must then carry), or an instruction of the principal.",
  );
export type GapBasis = z.infer<typeof GapBasis>;

/** Schemas of the check library's records a runner may have read from. */
export const ReadSchemaVersion = z
  .enum(["agent-alignment-check/v1", "agent-loop-heading/v1", "agent-expectation-snapshot/v1"])
  .describe("A schema version of the check library's records.");
export type ReadSchemaVersion = z.infer<typeof ReadSchemaVersion>;

/** The schema of the check record itself; the only one this service reads. */
export const AlignmentCheckSchema = z.literal("agent-alignment-check/v1").describe("Schema of the check record.");

export const WATCHING_CAPS = {
  alignment_events: 20,
  decisions: 20,
  relayed_lifts: 20,
  late_responses: 20,
  models: 10,
  model_name: 200,
  loop_heading: 500,
  heading_snapshot: 500,
  gate_basis_text: 1_000,
  surfaced_act: 4_000,
  expectation: 4_000,
  subject_ref: 200,
  answers_sentence: 1_000,
  answers_count: 1_000_000,
  gate_table_row: 999,
  /** Seven days. */
  wait_bound_ms: 7 * 24 * 60 * 60 * 1000,
} as const;

/**
 * The raw body cap. Every field has its own cap; a cycle whose every field is at its maximum
 * would exceed this, and is refused with 413 before it is parsed (docs/decisions.md).
 */
export const WATCHING_BODY_BYTES = 512 * 1024;

// ---------------------------------------------------------------------------------------
// The disclosure sentences the server appends (rule 7), each beginning with its label.

export const WATCHING_DISCLOSURES = {
  "PS-4":
    "PS-4: The gap basis, the gate basis, the gate-table row and the heading snapshot are the runner's own report; the service checked their structure and vocabulary and did not read their free text.",
  "Q-P3-1":
    "Q-P3-1: The check ran on the runner's own account of its loop; it attests that the decision is internally consistent with the loop heading, not that anyone independent confirmed it.",
  "PS-1":
    "PS-1: This hold was released by a principal's lift that the runner relayed; the runner's credential authenticated the request and is the recorded source; the principal's identity was not independently authenticated.",
  "Q-P3-2":
    "Q-P3-2: Answers given before structured rows were recorded are not held in structured form; the count stored beside this sentence is the runner's own report and was not checked.",
} as const;

export const WATCHING_TRUST_NOTE = "Alignment events are stored as the runner's own record; they never enter the agent's trust record.";

// ---------------------------------------------------------------------------------------
// The request body

const Identifier = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, "expected 1 to 128 characters of [A-Za-z0-9._:-]");
const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, "expected a SHA-256 as 64 lowercase hex characters");
// The year as written is bounded: Postgres refuses a year 0000 (there is none), and a loop
// ran in no year outside this range.
const Timestamp = z.iso.datetime({ offset: true }).refine((value) => value >= "1900" && value < "3000", "expected a time between the years 1900 and 2999");

export const DecisionSubject = z
  .strictObject({
    kind: SubjectKind,
    ref: z
      .string()
      .min(1, "ref must not be empty")
      .max(WATCHING_CAPS.subject_ref, `ref is limited to ${WATCHING_CAPS.subject_ref} characters`)
      .describe("The runner's reference to the subject (a tool-call id, a message id, a path...). Not read.")
      .meta({ example: "deploy#42" }),
  })
  .describe("The subject decided.");
export type DecisionSubject = z.infer<typeof DecisionSubject>;

export const GateBasis = z
  .strictObject({
    gap_basis: GapBasis,
    gate_table_row: z.number().int().min(1).max(WATCHING_CAPS.gate_table_row).describe("The row of the library's gate table that decided."),
    heading_snapshot: textField("heading_snapshot", WATCHING_CAPS.heading_snapshot).describe("The loop heading as the gate read it. Free text, not read."),
    text: textField("text", WATCHING_CAPS.gate_basis_text).describe("The runner's account of why the gate decided as it did. Free text, not read."),
  })
  .describe(
    "The runner's self-report of the gate's basis. Stored with the server's disclosure sentences appended (PS-4, Q-P3-1, and PS-1 for a released hold).",
  );
export type GateBasis = z.infer<typeof GateBasis>;

export const AlignmentDecision = z
  .strictObject({
    subject: DecisionSubject,
    subject_key: Sha256Hex.describe(
      'Hex SHA-256 of the RFC 8785 canonical JSON of `subject` (e.g. {"kind":"tool_call","ref":"deploy#42"}); re-derived by the server. Unique within a check.',
    ),
    gate_basis: GateBasis,
    outcome: DecisionOutcome,
    held_at: Timestamp.optional().describe("When the hold began; required unless the outcome is proceed, absent then."),
    wait_bound_ms: z
      .number()
      .int()
      .min(1)
      .max(WATCHING_CAPS.wait_bound_ms)
      .optional()
      .describe("How long the hold waits for the principal, in milliseconds (at most 7 days); required unless the outcome is proceed, absent then."),
    closed_at: Timestamp.optional().describe(
      "When the subject closed; required for closed_at_wait_bound (not before held_at + wait_bound_ms), absent otherwise.",
    ),
  })
  .describe("One decision of the check's gate.");
export type AlignmentDecision = z.infer<typeof AlignmentDecision>;

export const AlignmentCheck = z
  .strictObject({
    schema: AlignmentCheckSchema,
    check_id: Identifier.describe("The library's id of this check; unique within the cycle."),
    library_version: z
      .string()
      .regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}(?:[-+][0-9A-Za-z.-]{1,32})?$/, "expected a semantic version such as 1.4.0")
      .describe("Version of the check library."),
    models: z
      .array(z.string().min(1).max(WATCHING_CAPS.model_name))
      .min(1)
      .max(WATCHING_CAPS.models)
      .describe("The models the check names as having run it. Stored; not verified."),
    ran_at: Timestamp.describe("When the check ran; within the cycle's started_at..ended_at."),
    decisions: z.array(AlignmentDecision).min(1).max(WATCHING_CAPS.decisions).describe(`1 to ${WATCHING_CAPS.decisions} decisions.`),
    winner: Sha256Hex.nullable().describe(
      "The subject key of the decision the check let win (go ahead as the cycle's act), or null. Must name a decision of this check that did not close. A winner while a standing hold is recorded is flagged, never refused.",
    ),
  })
  .describe("The check record exactly as the library produced it.");
export type AlignmentCheck = z.infer<typeof AlignmentCheck>;

export const SurfacedAct = z
  .strictObject({
    text: z
      .string()
      .max(WATCHING_CAPS.surfaced_act, `text is limited to ${WATCHING_CAPS.surfaced_act} characters`)
      .describe("The act as surfaced to the principal; empty when nothing was surfaced. Sealed at rest (AES-256-GCM)."),
    sha256: Sha256Hex.describe("Hex SHA-256 of the UTF-8 bytes of text; re-derived by the server."),
    deliverable: z.boolean().describe("True exactly when surfaced_channel is not none and text is not blank; re-derived by the server."),
  })
  .describe("The act the check surfaced.");
export type SurfacedAct = z.infer<typeof SurfacedAct>;

export const ExpectationSnapshot = z
  .strictObject({
    taken_at: Timestamp.describe("When the runner took the snapshot."),
    text: textField("text", WATCHING_CAPS.expectation).describe("What the runner expected the loop to do. Free text, not read."),
  })
  .describe("The runner's expectation at the time of the check. Sealed at rest (AES-256-GCM).");
export type ExpectationSnapshot = z.infer<typeof ExpectationSnapshot>;

export const RelayedLift = z
  .strictObject({
    subject_key: Sha256Hex.describe("The released decision's subject key."),
    principal_handle: z
      .string()
      .regex(/^\S{1,128}$/, "expected 1 to 128 characters without spaces")
      .describe("The principal's handle as the runner knows it. Stored; not authenticated.")
      .meta({ example: "@ada" }),
    lifted_at: Timestamp.describe("When the principal lifted the hold: between held_at and held_at + wait_bound_ms."),
  })
  .describe("A principal's lift, relayed by the runner. Names no responder.");
export type RelayedLift = z.infer<typeof RelayedLift>;

export const LateResponse = z
  .strictObject({
    subject_key: Sha256Hex.describe("The subject that had closed at its wait bound, in this cycle or an earlier one of the agent."),
    received_at: Timestamp.describe("When the response arrived; after the subject closed."),
  })
  .describe("A response that arrived after its subject closed. The closure stands and the hold does not lift; no responder is named.");
export type LateResponse = z.infer<typeof LateResponse>;

export const AlignmentEvent = z
  .strictObject({
    check: AlignmentCheck,
    surfaced_channel: SurfacedChannel,
    read_from_schema_versions: z
      .array(ReadSchemaVersion)
      .min(1)
      .max(3)
      .describe("The schema versions of library records the check was read from; each once, including check.schema."),
    surfaced_act: SurfacedAct,
    snapshots: z.strictObject({ expectation: ExpectationSnapshot }).optional().describe("Snapshots the check compared against."),
    relayed_lifts: z
      .array(RelayedLift)
      .min(1)
      .max(WATCHING_CAPS.relayed_lifts)
      .optional()
      .describe("Only where a decision was released by a lift: exactly one per released subject."),
    late_responses: z
      .array(LateResponse)
      .min(1)
      .max(WATCHING_CAPS.late_responses)
      .optional()
      .describe("Only where a response arrived after its subject closed."),
  })
  .describe("One alignment event: a check and what the runner did with it.");
export type AlignmentEvent = z.infer<typeof AlignmentEvent>;

export const WatchingCycleBody = z
  .strictObject({
    agent_id: AgentId.describe("The agent whose loop ran; a key bound to an agent may record only that agent's cycles."),
    cycle_id: Identifier.describe("The runner's id of the cycle, unique per owner and agent: the retry key. A retry must be the same body.").meta({
      example: "cycle-2026-11-21T10:00Z",
    }),
    loop_heading: textField("loop_heading", WATCHING_CAPS.loop_heading).describe("The loop's heading for this cycle. Free text, not read."),
    started_at: Timestamp,
    ended_at: Timestamp.describe("Not before started_at."),
    alignment_events: z
      .array(AlignmentEvent)
      .min(1)
      .max(WATCHING_CAPS.alignment_events)
      .optional()
      .describe(`1 to ${WATCHING_CAPS.alignment_events} events; when present, answers_received_unstructured is required.`),
    answers_received_unstructured: z
      .number()
      .int()
      .min(0)
      .max(WATCHING_CAPS.answers_count)
      .optional()
      .describe(
        "How many answers the runner received before structured rows were recorded. Required with alignment_events and refused without; stored unverified.",
      ),
    answers_sentence: z
      .string()
      .min(1)
      .max(WATCHING_CAPS.answers_sentence)
      .optional()
      .describe("The runner's sentence about those answers; only with answers_received_unstructured. Free text, not read."),
  })
  .describe("One cycle of an autonomous loop.");
export type WatchingCycleBody = z.infer<typeof WatchingCycleBody>;

// ---------------------------------------------------------------------------------------
// The response

export const WatchingAnswerStatus = z
  .enum(["recorded", "not_applicable", "refused"])
  .describe(
    "recorded: the count (and sentence) are stored. not_applicable: the cycle has no alignment events. refused: a retry carried a different count or sentence; the first recording stands and nothing was written.",
  );

export const WatchingCycleResponse = z.object({
  cycle_id: z.string(),
  agent_id: z.string(),
  status: z.enum(["recorded", "replayed"]).describe("recorded: written now (201). replayed: this cycle was already recorded; nothing was written (200)."),
  recorded_at: z.string().describe("ISO 8601: when the cycle was first recorded."),
  flagged: z.boolean().describe("A check of the cycle recorded a standing hold and still produced a winner."),
  alignment_events: z.array(
    z.object({
      check_id: z.string(),
      surfaced_act_sha256: z.string(),
      deliverable: z.boolean(),
      flagged: z.boolean().describe("This check recorded a standing hold and still produced a winner."),
      decisions: z.array(
        z.object({
          subject_key: z.string(),
          outcome: DecisionOutcome,
          flagged: z.boolean().describe("A standing hold or the winner of a flagged check."),
          disclosures: z.array(z.string()).describe("The sentences appended to the stored gate basis, in order: PS-4, Q-P3-1, and PS-1 for a released hold."),
        }),
      ),
      late_responses_recorded: z.number().int(),
      lifts_recorded: z.number().int(),
    }),
  ),
  answer_recording: z.object({
    status: WatchingAnswerStatus,
    answers_received_unstructured: z.number().int().nullable().describe("The stored count (the first recording's, when refused)."),
    answers_sentence: z.string().nullable(),
    disclosure: z.string().nullable().describe("The Q-P3-2 sentence stored with the count."),
  }),
  trust_record: z.literal(WATCHING_TRUST_NOTE),
});
export type WatchingCycleResponse = z.infer<typeof WatchingCycleResponse>;

// ---------------------------------------------------------------------------------------
// Stored rows and the store port

export interface NewWatchingDecision {
  readonly id: string;
  readonly position: number;
  readonly subject_kind: SubjectKind;
  readonly subject_ref: string;
  readonly subject_key: string;
  readonly outcome: DecisionOutcome;
  readonly held_at: string | null;
  readonly wait_bound_ms: number | null;
  readonly closed_at: string | null;
  /** The runner's gate basis with `disclosures` appended by the server. */
  readonly gate_basis: GateBasis & { readonly disclosures: readonly string[] };
  readonly flagged: boolean;
}

export interface NewWatchingEvent {
  readonly id: string;
  readonly position: number;
  readonly check_schema: string;
  readonly check_id: string;
  readonly library_version: string;
  readonly models: readonly string[];
  readonly ran_at: string;
  readonly winner_subject_key: string | null;
  readonly surfaced_channel: SurfacedChannel;
  readonly read_from_schema_versions: readonly ReadSchemaVersion[];
  /** The act, sealed with `<event id>/surfaced_act` as associated data. */
  readonly sealed_surfaced_act: string;
  readonly surfaced_act_sha256: string;
  readonly deliverable: boolean;
  /** The snapshot's canonical JSON, sealed with `<event id>/expectation` as associated data. */
  readonly sealed_expectation_snapshot: string | null;
  readonly flagged: boolean;
  readonly decisions: readonly NewWatchingDecision[];
  readonly late_responses: ReadonlyArray<{
    readonly id: string;
    readonly position: number;
    readonly subject_key: string;
    readonly received_at: string;
    readonly closed_at: string;
  }>;
  readonly lifts: ReadonlyArray<{
    readonly id: string;
    readonly position: number;
    readonly subject_key: string;
    readonly principal_handle: string;
    readonly lifted_at: string;
  }>;
}

export interface NewWatchingCycle {
  readonly id: string;
  readonly owner_id: string;
  readonly agent_id: string;
  readonly cycle_id: string;
  /** Who recorded it (`key:<id>`, `user:<sub>` or `operator`): the source PS-1 names. */
  readonly recorded_by: string;
  /** SHA-256 of the canonical body without the answers fields: what a retry must match. */
  readonly body_sha256: string;
  readonly loop_heading: string;
  readonly started_at: string;
  readonly ended_at: string;
  readonly answers_received_unstructured: number | null;
  readonly answers_sentence: string | null;
  /** The Q-P3-2 sentence, stored with the count. */
  readonly answers_disclosure: string | null;
  readonly flagged: boolean;
  readonly recorded_at: string;
  readonly events: readonly NewWatchingEvent[];
}

/** What a stored cycle answers with (and what a retry is compared against). */
export interface StoredWatchingCycle {
  readonly id: string;
  readonly owner_id: string;
  readonly agent_id: string;
  readonly cycle_id: string;
  readonly body_sha256: string;
  readonly answers_received_unstructured: number | null;
  readonly answers_sentence: string | null;
  readonly answers_disclosure: string | null;
  readonly flagged: boolean;
  readonly recorded_at: string;
  readonly events: ReadonlyArray<{
    readonly check_id: string;
    readonly surfaced_act_sha256: string;
    readonly deliverable: boolean;
    readonly flagged: boolean;
    readonly decisions: ReadonlyArray<{
      readonly subject_key: string;
      readonly outcome: DecisionOutcome;
      readonly flagged: boolean;
      readonly disclosures: readonly string[];
    }>;
    readonly late_responses_recorded: number;
    readonly lifts_recorded: number;
  }>;
}

/** The store port of watching cycles; Postgres in @svc/db. */
export interface WatchingStore {
  /** The cycle of this owner and agent with this id, or null. */
  find(ownerId: string, agentId: string, cycleId: string): Promise<StoredWatchingCycle | null>;
  /** The latest closure time (ISO) of each of these subjects the agent closed at its wait bound in a stored cycle. */
  closures(ownerId: string, agentId: string, subjectKeys: readonly string[]): Promise<ReadonlyMap<string, string>>;
  /** Writes the cycle and all its rows in one transaction; `created` false (nothing written) when the cycle id is taken. */
  record(cycle: NewWatchingCycle): Promise<{ created: boolean }>;
}

// ---------------------------------------------------------------------------------------
// Derivations

/** The subject key: hex SHA-256 of the RFC 8785 canonical JSON of the subject. */
export function decisionSubjectKey(subject: DecisionSubject): Promise<string> {
  return sha256Hex(canonicalize({ kind: subject.kind, ref: subject.ref }));
}

/** The surfaced act's hash: hex SHA-256 of its UTF-8 text. */
export function surfacedActHash(text: string): Promise<string> {
  return sha256Hex(text);
}

/** An act can be delivered when it was surfaced somewhere and says something. */
export function isActDeliverable(channel: SurfacedChannel, text: string): boolean {
  return channel !== "none" && text.trim().length > 0;
}

/** What a retry must match: the canonical body without the answers fields (rule 6 compares those apart). */
export function watchingBodyHash(body: WatchingCycleBody): Promise<string> {
  const { answers_received_unstructured: _count, answers_sentence: _sentence, ...rest } = body;
  return sha256Hex(canonicalize(rest));
}

/** The sentences appended to a decision's gate basis (rule 7). */
export function decisionDisclosures(outcome: DecisionOutcome): string[] {
  const sentences: string[] = [WATCHING_DISCLOSURES["PS-4"], WATCHING_DISCLOSURES["Q-P3-1"]];
  if (outcome === "released_by_lift") sentences.push(WATCHING_DISCLOSURES["PS-1"]);
  return sentences;
}

// ---------------------------------------------------------------------------------------
// Consistency checks

function refuse(code: string, field: string, message: string, extra?: Record<string, unknown>): never {
  throw new ValidationError(code, `${field}: ${message}`, field, extra);
}

const ms = (iso: string) => Date.parse(iso);

/** A late response whose closure is not in the body: checked against the agent's stored cycles. */
export interface PendingLateResponse {
  readonly field: string;
  readonly subject_key: string;
  readonly received_at: string;
}

export interface CheckedWatchingEvent {
  readonly flagged: boolean;
  /** Per decision: flagged (a standing hold or the winner of a flagged check). */
  readonly decisionFlags: readonly boolean[];
  /** Per late response: the closure it follows, when the body holds it. */
  readonly lateClosures: ReadonlyArray<string | null>;
}

export interface CheckedWatchingCycle {
  readonly events: readonly CheckedWatchingEvent[];
  readonly pending: readonly PendingLateResponse[];
}

/**
 * Every check the body alone allows (rules 1, 3-6): re-derived hashes, keys and
 * deliverability, outcome fields, lifts, late responses whose closure is in the body, and the
 * answers count. Throws a ValidationError naming the first offending field.
 */
export async function checkWatchingCycleBody(body: WatchingCycleBody): Promise<CheckedWatchingCycle> {
  if (ms(body.ended_at) < ms(body.started_at)) refuse("cycle_window_invalid", "ended_at", "must not be before started_at");
  const events = body.alignment_events ?? [];
  if (events.length > 0 && body.answers_received_unstructured === undefined) {
    refuse(
      "answers_count_required",
      "answers_received_unstructured",
      "required when alignment_events is present (a non-negative integer, 0 when there were none)",
    );
  }
  if (events.length === 0 && body.answers_received_unstructured !== undefined) {
    refuse("answers_count_without_events", "answers_received_unstructured", "carried only with alignment_events");
  }
  if (body.answers_sentence !== undefined && body.answers_received_unstructured === undefined) {
    refuse("answers_sentence_without_count", "answers_sentence", "carried only with answers_received_unstructured");
  }

  const checkIds = new Set<string>();
  const closedInBody = new Map<string, string>();
  const keyed: Array<Map<string, { index: number; decision: AlignmentDecision }>> = [];
  // First pass: everything within each entry; closures collected for late responses.
  for (const [i, event] of events.entries()) {
    const p = `alignment_events[${i}]`;
    if (checkIds.has(event.check.check_id)) refuse("duplicate_check_id", `${p}.check.check_id`, "another entry of this cycle has the same check_id");
    checkIds.add(event.check.check_id);
    keyed.push(await checkEntry(event, p, body));
    for (const { decision } of keyed[i]!.values()) {
      if (decision.outcome !== "closed_at_wait_bound") continue;
      const known = closedInBody.get(decision.subject_key);
      if (!known || ms(decision.closed_at!) > ms(known)) closedInBody.set(decision.subject_key, decision.closed_at!);
    }
  }

  const pending: PendingLateResponse[] = [];
  const checked: CheckedWatchingEvent[] = events.map((event, i) => {
    const p = `alignment_events[${i}]`;
    const decisions = keyed[i]!;
    const winner = event.check.winner;
    const standingHold = event.check.decisions.some((d) => d.outcome === "hold");
    const flagged = winner !== null && standingHold;
    const decisionFlags = event.check.decisions.map((d) => flagged && (d.outcome === "hold" || d.subject_key === winner));
    const lateClosures = (event.late_responses ?? []).map((late, k) => {
      const field = `${p}.late_responses[${k}]`;
      const here = decisions.get(late.subject_key);
      if (here && here.decision.outcome !== "closed_at_wait_bound") {
        refuse(
          "late_response_not_closed",
          `${field}.subject_key`,
          `this check decided the subject as ${here.decision.outcome}; only a subject closed at its wait bound takes a late response`,
        );
      }
      const closedAt = here ? here.decision.closed_at! : closedInBody.get(late.subject_key);
      if (closedAt === undefined) {
        pending.push({ field, subject_key: late.subject_key, received_at: late.received_at });
        return null;
      }
      checkLate(field, late.received_at, closedAt);
      return closedAt;
    });
    return { flagged, decisionFlags, lateClosures };
  });
  return { events: checked, pending };
}

async function checkEntry(event: AlignmentEvent, p: string, body: WatchingCycleBody): Promise<Map<string, { index: number; decision: AlignmentDecision }>> {
  const { check } = event;
  const versions = event.read_from_schema_versions;
  versions.forEach((version, k) => {
    if (versions.indexOf(version) !== k) refuse("duplicate_schema_version", `${p}.read_from_schema_versions[${k}]`, `${version} is listed twice`);
  });
  if (!versions.includes(check.schema))
    refuse("check_schema_not_read", `${p}.read_from_schema_versions`, `must include the check's own schema ${check.schema}`);
  if (ms(check.ran_at) < ms(body.started_at) || ms(check.ran_at) > ms(body.ended_at)) {
    refuse("check_outside_cycle", `${p}.check.ran_at`, "must lie within the cycle's started_at..ended_at");
  }

  const act = event.surfaced_act;
  const actHash = await surfacedActHash(act.text);
  if (act.sha256 !== actHash)
    refuse("surfaced_act_hash_mismatch", `${p}.surfaced_act.sha256`, "is not the SHA-256 of surfaced_act.text", { expected: actHash });
  const deliverable = isActDeliverable(event.surfaced_channel, act.text);
  if (act.deliverable !== deliverable) {
    refuse(
      "deliverable_mismatch",
      `${p}.surfaced_act.deliverable`,
      `must be ${deliverable}: an act is deliverable exactly when surfaced_channel is not none and its text is not blank`,
      { expected: deliverable },
    );
  }

  const decisions = new Map<string, { index: number; decision: AlignmentDecision }>();
  for (const [j, decision] of check.decisions.entries()) {
    const d = `${p}.check.decisions[${j}]`;
    const key = await decisionSubjectKey(decision.subject);
    if (decision.subject_key !== key)
      refuse("subject_key_mismatch", `${d}.subject_key`, "is not the SHA-256 of the canonical JSON of subject", { expected: key });
    if (decisions.has(key)) refuse("duplicate_subject", `${d}.subject_key`, "another decision of this check has the same subject");
    decisions.set(key, { index: j, decision });
    checkOutcomeFields(decision, d);
    if (decision.gate_basis.gap_basis === "expectation_snapshot" && !event.snapshots) {
      refuse("expectation_snapshot_missing", `${d}.gate_basis.gap_basis`, "expectation_snapshot needs the entry's snapshots.expectation");
    }
  }

  if (check.winner !== null) {
    const won = decisions.get(check.winner);
    if (!won) refuse("winner_not_a_decision", `${p}.check.winner`, "names no decision of this check");
    if (won.decision.outcome === "closed_at_wait_bound")
      refuse("winner_closed", `${p}.check.winner`, "names a subject that closed at its wait bound; the closure stands");
  }

  checkLifts(event, decisions, p);
  return decisions;
}

function checkOutcomeFields(decision: AlignmentDecision, d: string): void {
  const outcome = decision.outcome;
  if (outcome === "proceed") {
    for (const field of ["held_at", "wait_bound_ms", "closed_at"] as const) {
      if (decision[field] !== undefined)
        refuse("outcome_inconsistent", `${d}.${field}`, "is carried only by a hold (outcome hold, released_by_lift or closed_at_wait_bound)");
    }
    return;
  }
  if (decision.held_at === undefined) refuse("outcome_inconsistent", `${d}.held_at`, `required when outcome is ${outcome}`);
  if (decision.wait_bound_ms === undefined) refuse("outcome_inconsistent", `${d}.wait_bound_ms`, `required when outcome is ${outcome}`);
  if (outcome !== "closed_at_wait_bound") {
    if (decision.closed_at !== undefined) refuse("outcome_inconsistent", `${d}.closed_at`, "is carried only when outcome is closed_at_wait_bound");
    return;
  }
  if (decision.closed_at === undefined) refuse("outcome_inconsistent", `${d}.closed_at`, "required when outcome is closed_at_wait_bound");
  if (ms(decision.closed_at) < ms(decision.held_at) + decision.wait_bound_ms) {
    refuse("closed_before_wait_bound", `${d}.closed_at`, "is before held_at + wait_bound_ms: a subject closes at its wait bound, not earlier");
  }
}

// Rule 5: exactly one relayed lift per released subject, each within its hold.
function checkLifts(event: AlignmentEvent, decisions: Map<string, { index: number; decision: AlignmentDecision }>, p: string): void {
  const lifted = new Set<string>();
  for (const [k, lift] of (event.relayed_lifts ?? []).entries()) {
    const field = `${p}.relayed_lifts[${k}]`;
    const released = decisions.get(lift.subject_key);
    if (released?.decision.outcome !== "released_by_lift") {
      refuse("unmatched_lift", `${field}.subject_key`, "matches no decision of this check released by a lift");
    }
    if (lifted.has(lift.subject_key)) refuse("duplicate_lift", `${field}.subject_key`, "a released subject takes exactly one relayed lift");
    lifted.add(lift.subject_key);
    const heldAt = ms(released.decision.held_at!);
    const lifted_at = ms(lift.lifted_at);
    if (lifted_at < heldAt || lifted_at > heldAt + released.decision.wait_bound_ms!) {
      refuse(
        "lift_outside_hold",
        `${field}.lifted_at`,
        "must lie between the decision's held_at and held_at + wait_bound_ms; a response after the bound is a late response",
      );
    }
  }
  for (const [key, { index, decision }] of decisions) {
    if (decision.outcome === "released_by_lift" && !lifted.has(key)) {
      refuse(
        "unrelayed_lift",
        `${p}.relayed_lifts`,
        `the decision at check.decisions[${index}] was released by a lift; relay exactly one lift for its subject`,
      );
    }
  }
}

function checkLate(field: string, receivedAt: string, closedAt: string): void {
  if (ms(receivedAt) <= ms(closedAt)) refuse("late_response_not_late", `${field}.received_at`, `must be after the subject closed (${closedAt})`);
}

/** Late responses whose closure is in an earlier cycle: checked against the agent's stored closures. */
export function checkStoredClosures(pending: readonly PendingLateResponse[], closures: ReadonlyMap<string, string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const late of pending) {
    const closedAt = closures.get(late.subject_key);
    if (closedAt === undefined) {
      refuse("late_response_not_closed", `${late.field}.subject_key`, "names no subject this agent's cycles closed at its wait bound");
    }
    checkLate(late.field, late.received_at, closedAt);
    found.set(late.field, closedAt);
  }
  return found;
}

// ---------------------------------------------------------------------------------------
// Composition and the service

async function composeCycle(
  body: WatchingCycleBody,
  checked: CheckedWatchingCycle,
  storedClosures: ReadonlyMap<string, string>,
  meta: { owner_id: string; recorded_by: string; body_sha256: string; recorded_at: string },
  sealer: Sealer,
): Promise<NewWatchingCycle> {
  const events = await Promise.all(
    (body.alignment_events ?? []).map(async (event, i): Promise<NewWatchingEvent> => {
      const id = crypto.randomUUID();
      const facts = checked.events[i]!;
      const expectation = event.snapshots?.expectation;
      return {
        id,
        position: i,
        check_schema: event.check.schema,
        check_id: event.check.check_id,
        library_version: event.check.library_version,
        models: event.check.models,
        ran_at: event.check.ran_at,
        winner_subject_key: event.check.winner,
        surfaced_channel: event.surfaced_channel,
        read_from_schema_versions: event.read_from_schema_versions,
        sealed_surfaced_act: await sealer.seal(event.surfaced_act.text, `${id}/surfaced_act`),
        surfaced_act_sha256: event.surfaced_act.sha256,
        deliverable: event.surfaced_act.deliverable,
        sealed_expectation_snapshot: expectation ? await sealer.seal(canonicalize(expectation), `${id}/expectation`) : null,
        flagged: facts.flagged,
        decisions: event.check.decisions.map((decision, j) => ({
          id: crypto.randomUUID(),
          position: j,
          subject_kind: decision.subject.kind,
          subject_ref: decision.subject.ref,
          subject_key: decision.subject_key,
          outcome: decision.outcome,
          held_at: decision.held_at ?? null,
          wait_bound_ms: decision.wait_bound_ms ?? null,
          closed_at: decision.closed_at ?? null,
          gate_basis: { ...decision.gate_basis, disclosures: decisionDisclosures(decision.outcome) },
          flagged: facts.decisionFlags[j]!,
        })),
        late_responses: (event.late_responses ?? []).map((late, k) => ({
          id: crypto.randomUUID(),
          position: k,
          subject_key: late.subject_key,
          received_at: late.received_at,
          closed_at: facts.lateClosures[k] ?? storedClosures.get(`alignment_events[${i}].late_responses[${k}]`)!,
        })),
        lifts: (event.relayed_lifts ?? []).map((lift, k) => ({
          id: crypto.randomUUID(),
          position: k,
          subject_key: lift.subject_key,
          principal_handle: lift.principal_handle,
          lifted_at: lift.lifted_at,
        })),
      };
    }),
  );
  const count = body.answers_received_unstructured ?? null;
  return {
    id: crypto.randomUUID(),
    owner_id: meta.owner_id,
    agent_id: body.agent_id,
    cycle_id: body.cycle_id,
    recorded_by: meta.recorded_by,
    body_sha256: meta.body_sha256,
    loop_heading: body.loop_heading,
    started_at: body.started_at,
    ended_at: body.ended_at,
    answers_received_unstructured: count,
    answers_sentence: body.answers_sentence ?? null,
    answers_disclosure: count === null ? null : WATCHING_DISCLOSURES["Q-P3-2"],
    flagged: events.some((e) => e.flagged),
    recorded_at: meta.recorded_at,
    events,
  };
}

/** What a just-written cycle reads back as (the same shape `find` returns). */
function storedForm(cycle: NewWatchingCycle): StoredWatchingCycle {
  return {
    ...cycle,
    events: cycle.events.map((event) => ({
      check_id: event.check_id,
      surfaced_act_sha256: event.surfaced_act_sha256,
      deliverable: event.deliverable,
      flagged: event.flagged,
      decisions: event.decisions.map((d) => ({ subject_key: d.subject_key, outcome: d.outcome, flagged: d.flagged, disclosures: d.gate_basis.disclosures })),
      late_responses_recorded: event.late_responses.length,
      lifts_recorded: event.lifts.length,
    })),
  };
}

export function watchingCycleResponse(stored: StoredWatchingCycle, options: { replayed: boolean; answersRefused: boolean }): WatchingCycleResponse {
  const count = stored.answers_received_unstructured;
  return {
    cycle_id: stored.cycle_id,
    agent_id: stored.agent_id,
    status: options.replayed ? "replayed" : "recorded",
    recorded_at: stored.recorded_at,
    flagged: stored.flagged,
    alignment_events: stored.events.map((event) => ({
      ...event,
      decisions: event.decisions.map((d) => ({ ...d, disclosures: [...d.disclosures] })),
    })),
    answer_recording: {
      status: options.answersRefused ? "refused" : count === null ? "not_applicable" : "recorded",
      answers_received_unstructured: count,
      answers_sentence: stored.answers_sentence,
      disclosure: stored.answers_disclosure,
    },
    trust_record: WATCHING_TRUST_NOTE,
  };
}

export interface WatchingContext {
  readonly store: WatchingStore;
  readonly sealer: Sealer;
  readonly now: () => Date;
}

export interface WatchingOutcome {
  /** 201 when written now, 200 for a retry (nothing written). */
  readonly status: 200 | 201;
  readonly body: WatchingCycleResponse;
}

/**
 * A retry (same owner, agent and cycle_id) writes nothing: the same body answers the first
 * result; the same body with another answers count or sentence answers it with
 * `answer_recording.status` refused (rule 6); any other difference is a 409.
 */
function retried(existing: StoredWatchingCycle, body: WatchingCycleBody, bodySha256: string): WatchingOutcome {
  if (existing.body_sha256 !== bodySha256) {
    throw new ConflictError(
      `Cycle ${body.cycle_id} of agent ${body.agent_id} was already recorded with a different body; a retry must be the same body.`,
      "cycle_conflict",
      { cycle_id: body.cycle_id },
    );
  }
  const sameAnswers =
    existing.answers_received_unstructured === (body.answers_received_unstructured ?? null) && existing.answers_sentence === (body.answers_sentence ?? null);
  return { status: 200, body: watchingCycleResponse(existing, { replayed: true, answersRefused: !sameAnswers }) };
}

/**
 * Records one watching cycle. Order: the body's own consistency (400), the key's agent
 * binding (403), late responses against the agent's stored closures (400), then a retry's
 * comparison (200 / 409) or the one-transaction write (201).
 */
export async function recordWatchingCycle({
  ctx,
  principal,
  body,
}: {
  ctx: WatchingContext;
  principal: Principal;
  body: WatchingCycleBody;
}): Promise<WatchingOutcome> {
  const checked = await checkWatchingCycleBody(body);
  checkAgentBinding(principal, body.agent_id);
  const owner = principal.owner_id;
  const stored =
    checked.pending.length > 0
      ? await ctx.store.closures(owner, body.agent_id, [...new Set(checked.pending.map((p) => p.subject_key))])
      : new Map<string, string>();
  const storedClosures = checkStoredClosures(checked.pending, stored);
  const bodySha256 = await watchingBodyHash(body);

  const existing = await ctx.store.find(owner, body.agent_id, body.cycle_id);
  if (existing) return retried(existing, body, bodySha256);

  const cycle = await composeCycle(
    body,
    checked,
    storedClosures,
    { owner_id: owner, recorded_by: callerSubject(principal), body_sha256: bodySha256, recorded_at: ctx.now().toISOString() },
    ctx.sealer,
  );
  const { created } = await ctx.store.record(cycle);
  if (!created) {
    // Another request recorded the same cycle between our read and our write.
    const winner = await ctx.store.find(owner, body.agent_id, body.cycle_id);
    if (!winner) throw new Error("watching cycle conflict without a stored cycle");
    return retried(winner, body, bodySha256);
  }
  return { status: 201, body: watchingCycleResponse(storedForm(cycle), { replayed: false, answersRefused: false }) };
}
