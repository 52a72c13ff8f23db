import { checkAgentBinding, type Caller } from "../../authorization";
import { ConflictError } from "../../errors";
import { callerSubject } from "../../metering";
import { canonicalize } from "../../reason/jcs";
import type { Sealer } from "../../sealing";
import { WATCHING_DISCLOSURES, WATCHING_TRUST_NOTE, type WatchingCycleBody, type WatchingCycleResponse } from "./schemas";
import type { NewWatchingCycle, NewWatchingEvent, StoredWatchingCycle, WatchingStore } from "./store";
import { type CheckedWatchingCycle, checkStoredClosures, checkWatchingCycleBody, decisionDisclosures, watchingBodyHash } from "./checks";

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
  /** True when this call recorded the cycle; false when it answered a retry of one already recorded. */
  readonly created: boolean;
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
  return { created: false, body: watchingCycleResponse(existing, { replayed: true, answersRefused: !sameAnswers }) };
}

/**
 * Records one watching cycle. Order: the body's own consistency (400), the key's agent
 * binding (403), late responses against the agent's stored closures (400), then a retry's
 * comparison (200 / 409) or the one-transaction write (201).
 */
export async function recordWatchingCycle({ ctx, input: body }: { ctx: WatchingContext & Caller; input: WatchingCycleBody }): Promise<WatchingOutcome> {
  const { principal } = ctx;
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
  return { created: true, body: watchingCycleResponse(storedForm(cycle), { replayed: false, answersRefused: false }) };
}
