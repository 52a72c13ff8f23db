import { sha256Hex } from "../../encoding";
import { ValidationError } from "../../errors";
import { canonicalize } from "../../reason/jcs";
import {
  type AlignmentDecision,
  type AlignmentEvent,
  type DecisionOutcome,
  type DecisionSubject,
  type SurfacedChannel,
  WATCHING_DISCLOSURES,
  type WatchingCycleBody,
} from "./schemas";

/** Watching cycles: what the server re-derives (hashes, deliverability, subject keys) and the consistency checks of a body (rules 1-9). */

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
