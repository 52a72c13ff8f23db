import { decisionSubjectKey, sha256Hex, type DecisionOutcome, type SubjectKind } from "@svc/core";

/**
 * A valid watching cycle (spec 2.18) with every hash and key derived as the server derives
 * them, for the route suite and the core unit tests. One alignment event whose check decided
 * four subjects: one proceeds and wins, one was released by a relayed lift, one closed at its
 * wait bound and then got a late response, one gated on the expectation snapshot. No standing
 * hold, so it is not flagged. Times lie within 2026-11-21 10:00..10:30 UTC.
 */

export type Json = Record<string, any>;

export const CYCLE_STARTED = "2026-11-21T10:00:00.000Z";
export const CYCLE_ENDED = "2026-11-21T10:30:00.000Z";
export const ACT_TEXT = "Ship the release notes to the team channel — draft 3 (with the rollback plan).";
export const EXPECTATION_TEXT = "The loop drafts the notes, waits for review, and ships only after approval.";

export function gateBasis(overrides: Json = {}): Json {
  return {
    gap_basis: "loop_heading",
    gate_table_row: 3,
    heading_snapshot: "Prepare and ship the weekly release notes",
    text: "The act matches the heading; nothing in the expectation is contradicted.",
    ...overrides,
  };
}

export async function decision(kind: SubjectKind, ref: string, outcome: DecisionOutcome, extra: Json = {}): Promise<Json> {
  return {
    subject: { kind, ref },
    subject_key: await decisionSubjectKey({ kind, ref }),
    gate_basis: gateBasis(),
    outcome,
    ...extra,
  };
}

/** The act's fields as the server derives them. */
export async function surfacedAct(text: string, channel: string): Promise<Json> {
  return { text, sha256: await sha256Hex(text), deliverable: channel !== "none" && text.trim().length > 0 };
}

export interface CycleParts {
  readonly proceed: Json;
  readonly released: Json;
  readonly closed: Json;
  readonly gatedOnExpectation: Json;
}

export async function cycleParts(): Promise<CycleParts> {
  return {
    proceed: await decision("message", "notes#draft-3", "proceed"),
    released: await decision("tool_call", "deploy#42", "released_by_lift", { held_at: "2026-11-21T10:01:00.000Z", wait_bound_ms: 600_000 }),
    closed: await decision("payment", "invoice#7", "closed_at_wait_bound", {
      held_at: "2026-11-21T09:00:00.000Z",
      wait_bound_ms: 1_800_000,
      closed_at: "2026-11-21T09:30:00.000Z",
    }),
    gatedOnExpectation: {
      ...(await decision("file_change", "docs/notes.md", "proceed")),
      gate_basis: gateBasis({ gap_basis: "expectation_snapshot", gate_table_row: 5 }),
    },
  };
}

/** One alignment event over the four decisions, with its lift and late response. */
export async function alignmentEvent(checkId = "check-1"): Promise<Json> {
  const parts = await cycleParts();
  return {
    check: {
      schema: "agent-alignment-check/v1",
      check_id: checkId,
      library_version: "1.4.0",
      models: ["model-a", "model-b"],
      ran_at: "2026-11-21T10:05:00.000Z",
      decisions: [parts.proceed, parts.released, parts.closed, parts.gatedOnExpectation],
      winner: parts.proceed.subject_key,
    },
    surfaced_channel: "chat",
    read_from_schema_versions: ["agent-alignment-check/v1", "agent-expectation-snapshot/v1"],
    surfaced_act: await surfacedAct(ACT_TEXT, "chat"),
    snapshots: { expectation: { taken_at: "2026-11-21T09:59:00.000Z", text: EXPECTATION_TEXT } },
    relayed_lifts: [{ subject_key: parts.released.subject_key, principal_handle: "@ada", lifted_at: "2026-11-21T10:04:00.000Z" }],
    late_responses: [{ subject_key: parts.closed.subject_key, received_at: "2026-11-21T10:10:00.000Z" }],
  };
}

export async function watchingCycle(agentId: string, overrides: Json = {}): Promise<Json> {
  return {
    agent_id: agentId,
    cycle_id: `cycle-${crypto.randomUUID()}`,
    loop_heading: "Prepare and ship the weekly release notes",
    started_at: CYCLE_STARTED,
    ended_at: CYCLE_ENDED,
    alignment_events: [await alignmentEvent()],
    answers_received_unstructured: 3,
    answers_sentence: "Three answers came by e-mail before the structured slice.",
    ...overrides,
  };
}

/** A cycle without alignment events (and so without the answers fields). */
export function bareCycle(agentId: string, overrides: Json = {}): Json {
  return {
    agent_id: agentId,
    cycle_id: `cycle-${crypto.randomUUID()}`,
    loop_heading: "Idle tick",
    started_at: CYCLE_STARTED,
    ended_at: CYCLE_ENDED,
    ...overrides,
  };
}

export const clone = <T>(value: T): T => structuredClone(value);
