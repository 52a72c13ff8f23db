import * as z from "zod";
import type { Principal } from "../credentials";
import { ClarificationTriggerCode, KatorthomaProximity, ResponseFormat } from "../enums";
import { ForbiddenError, ValidationError } from "../errors";
import { fieldOfIssue } from "../issues";
import { rankOf } from "../ladders";
import { sha256Hex } from "../encoding";
import { callerSubject, charged, type Charger } from "../metering";
import { checkContinuationToken, issueContinuationToken, MAX_CLARIFICATIONS, type ContinuationClaims } from "./continuation";
import { detectDistress, type DistressAssessment } from "./distress";
import { assess, AssessmentSchema, DepthTier, orientationOf } from "./engine";
import { Extraction, Layer1Extraction } from "./extraction";
import { narrateOffline, OFFLINE_NARRATOR } from "./narrator";
import type { Sealer } from "../sealing";
import { deliverOutboxEntry, NARRATIVE_JOB_SCHEMA, type NarrativeJob, type NarrativeQueue, type Outbox } from "./narratives";
import type { ConsultRecord, ConsultStore, ContinuationUse, RecentConsult } from "./records";
import type { Layer1Extractor, Narrator } from "./ports";
import { signAssessment, SignedAssessment, type SigningKeyRecord } from "./signing";
import type { Caller } from "../authorization";

/**
 * POST /api/reason, the substrate consult: preflight checks that cost nothing, then the three
 * layers. Layer 1 extracts (or is supplied), Layer 2 assesses deterministically and is signed,
 * Layer 3 narrates. A consult too ambiguous on one axis first asks a clarifying question; each
 * answer may bring a question on another axis, never one already answered, and the third
 * answer at the latest brings the assessment.
 */
export const REASON_VERSION = "translation-sandwich-v1";
export const TRAJECTORY_DELTA_SCHEMA = "agent-trajectory-delta-v1";
export const REASON_TEXT_CAP = 5000;
export const SCORING_DISCLAIMER =
  "This reading is offered for reflection, not as a prescriptive judgement. It is advisory and binds no one: it measures how a choice was reasoned, not whether the facts are true.";

const capped = (field: string) => z.string().max(REASON_TEXT_CAP, `${field} is limited to ${REASON_TEXT_CAP} characters`);

export const PriorFeedback = z.strictObject({
  prior_loop_id: z.string().min(1).max(100).describe("examination.ref of the earlier consult."),
  prior_depth_tier: DepthTier.describe("Must equal the earlier consult's depth."),
  adopted_correction: z.string().max(2000).optional().describe("What the caller changed after the earlier examination."),
});

export const ReasonRequest = z
  .strictObject({
    input: capped("input")
      .min(1, { error: "input must not be empty", abort: true })
      .refine((text) => text.trim().length > 0, "input must not be blank")
      .describe("The action or reasoning to examine, verbatim."),
    context: capped("context").optional(),
    domain_context: capped("domain_context").optional(),
    response_format: ResponseFormat.default("full"),
    depth: DepthTier.default("standard").describe("quick, standard or deep; selects how many Layer 1 samples are taken."),
    layer1_schema: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("A caller-supplied Layer 1 extraction (l1-extraction/v1); needs capability l1_supply."),
    prior_feedback: PriorFeedback.optional(),
    continuation_token: z.string().min(1).max(4096).optional(),
    clarification_response: capped("clarification_response").optional(),
  })
  .describe("A consult.");
export type ReasonRequest = z.infer<typeof ReasonRequest>;

export interface ReasonServices {
  readonly extractor: Layer1Extractor;
  readonly narrator: Narrator;
  readonly consults: ConsultStore;
  /** Seals signed assessments (and narratives) at rest. */
  readonly sealer: Sealer;
  /** Where deferred narrative jobs go; the outbox keeps them when it does not answer. */
  readonly queue: NarrativeQueue;
  readonly outbox: Outbox;
  readonly signingKey: SigningKeyRecord;
  readonly continuationSecret: string;
  readonly now: () => Date;
  readonly newLoopId: () => string;
  /**
   * Runs work once the answer is on its way, without holding it (a Worker's waitUntil; on Node,
   * after the response): the deferred narrative's send, which the outbox sweeper repeats if it
   * never happens. Absent, that work runs before the answer.
   */
  readonly afterAnswer?: (work: () => Promise<unknown>) => void;
}

/** What the preflight established, handed to the run. */
export interface PreparedConsult {
  readonly request: ReasonRequest;
  readonly principal: Principal;
  readonly supplied: Layer1Extraction | null;
  readonly continuation: ContinuationClaims | null;
  readonly prior: ConsultRecord | null;
  readonly inputSha256: string;
  /** Loops this call is charged: a continuation turn belongs to the loop already charged. */
  readonly loops: number;
}

const ownerOf = (p: Principal) => p.owner_id;
const agentOf = (p: Principal) => (p.type === "api_key" ? p.agent_id : null);

/** Every refusal of section 4.4 that needs no engine work; nothing is charged or written. */
export async function prepareConsult(input: {
  services: Pick<ReasonServices, "consults" | "continuationSecret" | "now">;
  principal: Principal;
  request: ReasonRequest;
}): Promise<PreparedConsult> {
  const { principal, request, services } = input;
  const kind = principal.type === "api_key" ? principal.kind : null;

  let supplied: Layer1Extraction | null = null;
  if (request.layer1_schema !== undefined) {
    if (principal.type !== "operator" && !principal.capabilities.includes("l1_supply") && !principal.capabilities.includes("operator")) {
      throw new ForbiddenError("Supplying layer1_schema needs the capability l1_supply.", "missing_capability", { required: "l1_supply" });
    }
    if ("orientation_observations" in request.layer1_schema) {
      throw new ValidationError(
        "orientation_observations_not_suppliable",
        "layer1_schema.orientation_observations: orientation observations are made by the server and cannot be supplied.",
        "layer1_schema.orientation_observations",
      );
    }
    const parsed = Layer1Extraction.safeParse(request.layer1_schema, { reportInput: true });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = fieldOfIssue(issue, "layer1_schema");
      throw new ValidationError("invalid_layer1_schema", `${field}: ${issue.message}. See GET /api/reason/schema.`, field);
    }
    supplied = parsed.data;
  } else if (kind === "inst") {
    throw new ValidationError("layer1_schema_required", "layer1_schema: an svc_inst_ key must supply its Layer 1 extraction.", "layer1_schema");
  }

  const hasToken = request.continuation_token !== undefined;
  const hasAnswer = request.clarification_response !== undefined;
  if (hasAnswer && supplied) {
    throw new ValidationError(
      "clarification_response_with_supplied_layer1_schema",
      "clarification_response: a clarification answers the server's own extraction; it cannot accompany a supplied layer1_schema.",
      "clarification_response",
    );
  }
  if (hasToken && !hasAnswer) {
    throw new ValidationError(
      "clarification_response_required",
      "clarification_response: a continuation_token must come with the answer to the question.",
      "clarification_response",
    );
  }
  if (hasAnswer && !hasToken) {
    throw new ValidationError(
      "clarification_response_without_token",
      "continuation_token: a clarification_response needs the continuation_token of the question it answers.",
      "continuation_token",
    );
  }

  const inputSha256 = await sha256Hex(request.input);
  let continuation: ContinuationClaims | null = null;
  if (hasToken) {
    const check = await checkContinuationToken(request.continuation_token!, services.continuationSecret, services.now());
    if (!check.ok) {
      throw new ValidationError(
        check.reason === "expired" ? "continuation_token_expired" : "continuation_token_invalid",
        check.reason === "expired"
          ? "continuation_token: the token has expired (tokens live 30 minutes); start a new consult."
          : "continuation_token: the token is not valid.",
        "continuation_token",
      );
    }
    if (check.claims.subject !== callerSubject(principal)) {
      throw new ValidationError("continuation_token_invalid", "continuation_token: the token was issued to another credential.", "continuation_token");
    }
    // Single use: a token already answered is refused before any engine work. The store checks
    // again atomically when the answer is recorded, for a parallel replay.
    if (await services.consults.continuationUsed(check.claims.tokenId)) throw continuationTokenUsed();
    if (check.claims.inputSha256 !== inputSha256) {
      throw new ValidationError(
        "continuation_token_input_mismatch",
        "input: the second turn must repeat the first turn's input byte for byte; put the answer in clarification_response.",
        "input",
      );
    }
    continuation = check.claims;
  }

  let prior: ConsultRecord | null = null;
  if (request.prior_feedback) {
    prior = await services.consults.findOwned(request.prior_feedback.prior_loop_id, ownerOf(principal));
    if (!prior) {
      throw new ValidationError(
        "prior_loop_not_found",
        "prior_feedback.prior_loop_id: no earlier consult of yours has this loop id.",
        "prior_feedback.prior_loop_id",
      );
    }
    if (prior.depth_tier !== request.prior_feedback.prior_depth_tier) {
      throw new ValidationError(
        "prior_depth_mismatch",
        `prior_feedback.prior_depth_tier: the earlier consult was examined at depth ${prior.depth_tier}.`,
        "prior_feedback.prior_depth_tier",
      );
    }
  }

  return { request, principal, supplied, continuation, prior, inputSha256, loops: continuation ? 0 : 1 };
}

export const ClarificationResponse = z.object({
  version: z.literal(REASON_VERSION),
  clarification_required: z.literal(true),
  intake_tier: z
    .number()
    .int()
    .min(1)
    .max(MAX_CLARIFICATIONS)
    .describe("1: the first question of this consult; 2 or 3: a further one after an answer (on another axis; at most three questions in all)."),
  trigger_code: ClarificationTriggerCode,
  clarification: z.object({ question_text: z.string(), stem_id: z.string(), slot_fills: z.array(z.string()) }),
  continuation_token: z
    .string()
    .describe("Send back once, with the byte-identical input and a clarification_response, within 30 minutes, from the same credential."),
  evaluation_partial: z.null(),
});
export type ClarificationResponse = z.infer<typeof ClarificationResponse>;

export const TrajectoryDelta = z.object({
  schema: z.literal(TRAJECTORY_DELTA_SCHEMA),
  measure_only: z.literal(true),
  examinations_before: z.number().int().describe("Earlier consults of this caller considered (at most 20)."),
  previous_loop_id: z.string().nullable(),
  previous_proximity: KatorthomaProximity.nullable(),
  current_proximity: KatorthomaProximity,
  rank_change: z.number().int().nullable().describe("Rungs moved since the previous consult; null for a first consult."),
  mean_rank_before: z.number().nullable(),
  direction: z.enum(["improving", "stable", "declining"]).nullable(),
});

export const DistressNotice = z.object({
  severity: z.enum(["moderate", "acute"]),
  redirect: z.literal(true),
  suggested_user_message: z.string(),
});

/** The signed envelope as this service returns it: the signed object is the typed Layer 2 assessment. */
export const SignedL2Assessment = SignedAssessment.extend({
  assessment: AssessmentSchema.describe("The signed object: its RFC 8785 canonical JSON is what the signature covers."),
}).describe("The Layer 2 assessment with its Ed25519 signature; verify assessment.assessment against GET /api/public-key.");

export const ReasonResponse = z.object({
  version: z.literal(REASON_VERSION),
  assessment: SignedL2Assessment,
  extraction: Extraction,
  narrative: z.object({ status: z.enum(["ready", "deferred"]), text: z.string().optional(), correlation_id: z.string().optional() }),
  meta: z.object({
    layer1_source: z.enum(["server", "supplied"]),
    layer1_latency_ms: z.number().int(),
    layer1_extractor: z.string().nullable(),
    layer3_narrator: z.string().nullable().describe("Null while the narrative is deferred."),
    narrative_status: z.enum(["ready", "deferred"]),
    depth: DepthTier,
    engine_version: z.string(),
    elapsed_ms: z.number().int(),
    trajectory: z.object({ delta: TrajectoryDelta }),
  }),
  examination_open: z.boolean().describe("True when the assessment carries a practice question to take into a follow-up consult (prior_feedback)."),
  distress: DistressNotice.optional(),
  disclaimer: z.string(),
});
export type ReasonResponse = z.infer<typeof ReasonResponse>;

const QUESTIONS: Record<ClarificationTriggerCode, (slots: readonly string[]) => string> = {
  ELEMENT_FUSION: (slots) =>
    `Your account joins more than one decision${slots.length > 1 ? ` ("${slots[0]}" and "${slots[1]}")` : ""}. Which one should be examined?`,
  TEMPORAL_AMBIGUITY: (slots) =>
    `It is unclear whether the act has already happened or is still to be decided${slots.length > 0 ? ` ("${slots.join('", "')}")` : ""}. Which is it?`,
  SCOPE_AMBIGUITY: (slots) => `Who is affected by the act${slots.length > 0 ? `, and what does "${slots[0]}" refer to` : ""}?`,
};

/** Runs the three layers for a prepared consult. */
export async function runConsult(input: {
  services: ReasonServices;
  prepared: PreparedConsult;
}): Promise<{ kind: "clarification"; body: ClarificationResponse } | { kind: "assessment"; body: ReasonResponse; loopId: string }> {
  const { services, prepared } = input;
  const { request, principal } = prepared;
  const started = Date.now();
  const answered = prepared.continuation ? [...prepared.continuation.answered, prepared.continuation.trigger] : [];

  // The distress check reads the text itself, also when Layer 1 is supplied.
  const distress: DistressAssessment = detectDistress([request.input, ...(request.clarification_response ? [request.clarification_response] : [])]);

  let extraction: Layer1Extraction;
  let layer1LatencyMs = 0;
  if (prepared.supplied) {
    extraction = prepared.supplied;
  } else {
    const t0 = Date.now();
    extraction = await services.extractor.extract({
      input: request.input,
      context: request.context ?? null,
      domain_context: request.domain_context ?? null,
      clarification_response: request.clarification_response ?? null,
      answered_triggers: answered,
      depth: request.depth,
    });
    layer1LatencyMs = Date.now() - t0;
    const trigger = extraction.ambiguity.trigger_code;
    // Never a trigger already answered in this consult, never more than three questions; a
    // person in distress is not asked to clarify.
    if (trigger !== null && !answered.includes(trigger) && answered.length < MAX_CLARIFICATIONS && !distress.redirect) {
      if (prepared.continuation && !(await services.consults.useContinuation(continuationUse(prepared.continuation)))) throw continuationTokenUsed();
      const token = await issueContinuationToken(
        { inputSha256: prepared.inputSha256, trigger, answered, subject: callerSubject(principal) },
        services.continuationSecret,
        services.now(),
      );
      return {
        kind: "clarification",
        body: {
          version: REASON_VERSION,
          clarification_required: true,
          intake_tier: answered.length + 1,
          trigger_code: trigger,
          clarification: {
            question_text: QUESTIONS[trigger](extraction.ambiguity.slot_fills),
            stem_id: `clarify.${trigger.toLowerCase()}.v1`,
            slot_fills: extraction.ambiguity.slot_fills,
          },
          continuation_token: token,
          evaluation_partial: null,
        },
      };
    }
  }

  const loopId = services.newLoopId();
  const assessment = AssessmentSchema.parse(
    assess({
      extraction,
      text: request.input,
      examination: { ref: loopId, depth_tier: request.depth, prior_feedback_ref: prepared.prior?.loop_id ?? null, input_sha256: prepared.inputSha256 },
    }),
  );
  const signed = await signAssessment(assessment as unknown as Record<string, unknown>, services.signingKey);

  const history = await services.consults.recent(ownerOf(principal), agentOf(principal), 20);
  const delta = trajectoryDelta(history, assessment.katorthoma_proximity);

  // assessment_first defers Layer 3 to the queue consumer, unless the consult carries a
  // distress signal: then the whole synchronous shape is returned.
  const deferred = request.response_format === "assessment_first" && !distress.redirect;
  const correlationId = deferred ? `nar_${crypto.randomUUID()}` : null;
  const job: NarrativeJob | null = correlationId
    ? { schema: NARRATIVE_JOB_SCHEMA, correlation_id: correlationId, loop_id: loopId, enqueued_at: services.now().toISOString() }
    : null;

  const elapsedMs = Date.now() - started;
  const recorded = await services.consults.record(
    {
      loop_id: loopId,
      owner_id: ownerOf(principal),
      subject: callerSubject(principal),
      credential_id: principal.type === "api_key" ? principal.credential_id : null,
      agent_id: agentOf(principal),
      depth_tier: request.depth,
      katorthoma_proximity: assessment.katorthoma_proximity,
      layer1_source: prepared.supplied ? "supplied" : "server",
      input_sha256: prepared.inputSha256,
      prior_loop_id: prepared.prior?.loop_id ?? null,
      elapsed_ms: elapsedMs,
      sealed_assessment: await services.sealer.seal(JSON.stringify(signed), loopId),
    },
    correlationId && job ? { correlation_id: correlationId, job } : undefined,
    prepared.continuation ? continuationUse(prepared.continuation) : undefined,
  );
  // A parallel turn answered the same token first: this one's assessment is never recorded or returned.
  if (!recorded) throw continuationTokenUsed();

  let narrative: ReasonResponse["narrative"];
  let narrator: string | null = null;
  if (correlationId && job && recorded.outboxId) {
    // The job is safe in the outbox already: the answer does not wait for the queue. Sending
    // now is an optimisation the sweeper repeats.
    const entry = { id: recorded.outboxId, job, attempts: 0 };
    const send = () => deliverOutboxEntry({ queue: services.queue, outbox: services.outbox, entry, now: services.now() });
    if (services.afterAnswer) services.afterAnswer(send);
    else await send();
    narrative = { status: "deferred", correlation_id: correlationId };
  } else {
    // Layer 3 failing must not lose a recorded, signed assessment: fall back to the offline
    // narrator, and say so in meta.
    narrator = services.narrator.name;
    let text: string;
    try {
      text = await services.narrator.narrate(assessment);
    } catch {
      text = narrateOffline(assessment);
      narrator = OFFLINE_NARRATOR;
    }
    narrative = { status: "ready", text };
  }
  return {
    kind: "assessment",
    loopId,
    body: {
      version: REASON_VERSION,
      // The very object that was signed, with its type.
      assessment: { ...signed, assessment },
      extraction: { ...extraction, orientation_observations: [orientationOf(assessment)] },
      narrative,
      meta: {
        layer1_source: prepared.supplied ? "supplied" : "server",
        layer1_latency_ms: layer1LatencyMs,
        layer1_extractor: prepared.supplied ? null : services.extractor.name,
        layer3_narrator: narrator,
        narrative_status: narrative.status,
        depth: request.depth,
        engine_version: assessment.engine_version,
        elapsed_ms: elapsedMs,
        trajectory: { delta },
      },
      examination_open: assessment.practice.suggestion !== undefined,
      ...(distress.redirect && distress.severity && distress.severity !== "mild"
        ? { distress: { severity: distress.severity, redirect: true as const, suggested_user_message: distress.suggested_user_message! } }
        : {}),
      disclaimer: SCORING_DISCLAIMER,
    },
  };
}

const continuationUse = (claims: ContinuationClaims): ContinuationUse => ({ token_id: claims.tokenId, subject: claims.subject, expires_at: claims.expiresAt });

function continuationTokenUsed(): ValidationError {
  return new ValidationError(
    "continuation_token_used",
    "continuation_token: this token has already been answered; each token is used once. Send the next turn with the token its answer gave, or start a new consult.",
    "continuation_token",
  );
}

/** MEASURE only: how this consult's proximity compares with the caller's earlier ones. */
export function trajectoryDelta(history: readonly RecentConsult[], current: z.infer<typeof KatorthomaProximity>): z.infer<typeof TrajectoryDelta> {
  const rank = (p: z.infer<typeof KatorthomaProximity>) => rankOf(KatorthomaProximity, p);
  const previous = history[0] ?? null;
  const mean = history.length > 0 ? history.reduce((sum, h) => sum + rank(h.katorthoma_proximity), 0) / history.length : null;
  // Against the mean of earlier consults, a band of half a rung counts as stable.
  const direction = mean === null ? null : rank(current) - mean > 0.5 ? "improving" : mean - rank(current) > 0.5 ? "declining" : "stable";
  return {
    schema: TRAJECTORY_DELTA_SCHEMA,
    measure_only: true,
    examinations_before: history.length,
    previous_loop_id: previous?.loop_id ?? null,
    previous_proximity: previous?.katorthoma_proximity ?? null,
    current_proximity: current,
    rank_change: previous ? rank(current) - rank(previous.katorthoma_proximity) : null,
    mean_rank_before: mean === null ? null : Math.round(mean * 100) / 100,
    direction,
  };
}

/** What a consult runs with: the reason engine's ports, the caller and its charger. */
export interface ConsultContext extends ReasonServices, Caller {
  readonly charge: Charger;
}

/**
 * A consult (POST /api/reason), one call: the preflight (continuation, supplied extraction,
 * capability), then its loops charged and the run; a run that fails (the language model, the
 * store) gives the loops back, so a failed consult costs nothing.
 */
export async function consult({
  ctx,
  input,
}: {
  ctx: ConsultContext;
  input: ReasonRequest;
}): Promise<{ kind: "clarification"; body: ClarificationResponse } | { kind: "assessment"; body: ReasonResponse; loopId: string }> {
  const prepared = await prepareConsult({ services: ctx, principal: ctx.principal, request: input });
  return charged(
    () => ctx.charge({ units: prepared.loops }),
    () => runConsult({ services: ctx, prepared }),
  );
}
