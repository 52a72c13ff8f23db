import * as z from "zod";
import { AgentId } from "../../credentials";
import { textField } from "../../text";

/** Watching cycles: the vocabularies, caps and disclosure sentences, the request body and the response (spec 2.18, 4.5). */

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
