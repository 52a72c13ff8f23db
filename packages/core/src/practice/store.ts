import type { NewTrustEvent } from "../accreditation/trust_events";
import type { ContextSource } from "../enums";

/**
 * The store port of reflect and calling sessions; Postgres in @svc/db (table
 * practice_sessions). A session is named by (kind, owner_id, agent_id, session_id): the same
 * session_id under another owner or agent is another session.
 */
export type PracticeKind = "reflect" | "calling";

export type ReflectStatus = "in_progress" | "complete" | "redirected";
export type CallingStatus = "in_progress" | "holding" | "awaiting_approval" | "approved" | "null_result" | "timed_out" | "redirected";

export interface PracticeSessionKey {
  readonly kind: PracticeKind;
  readonly owner_id: string;
  readonly agent_id: string;
  readonly session_id: string;
}

/** One answer as kept while a session is open. */
export interface PracticeAnswerRecord {
  readonly step: string;
  readonly response: string;
  readonly context_source: ContextSource | null;
}

export interface PracticeApproval {
  /** `operator` for the deployment's operator key, else `key:<credential id>`. */
  readonly approved_by: string;
  readonly approved_at: string;
  readonly note: string | null;
}

export interface PracticeSessionRecord extends PracticeSessionKey {
  /** The row's own id: what trust events name as their source_ref, and the sealing's associated data. */
  readonly id: string;
  readonly status: ReflectStatus | CallingStatus;
  /** The step awaiting an answer (Q1..Q6, verification, supporting); the last one asked once closed. */
  readonly stage: string;
  /** Moves by one with every change: two concurrent answers cannot both apply. */
  readonly turn: number;
  readonly context_source: ContextSource | null;
  /** Reflect: the session_summary given at open. */
  readonly session_summary: unknown;
  /** Calling: the agent card address, if given. */
  readonly agent_card_url: string | null;
  /** Calling: the answers in plain text (they form the handoff the operator reads). */
  readonly answers: readonly PracticeAnswerRecord[] | null;
  /** Reflect: the answers sealed at rest while the session is open; dropped when it closes. */
  readonly sealed_answers: string | null;
  /** What the session ended in, or its gate's content: the completion, redirect, handoff or clarification. */
  readonly outcome: unknown;
  readonly holding_until: string | null;
  readonly approval: PracticeApproval | null;
  readonly opened_at: string;
  readonly updated_at: string;
  readonly closed_at: string | null;
}

export type NewPracticeSession = Omit<PracticeSessionRecord, "turn" | "updated_at" | "closed_at" | "approval" | "holding_until" | "outcome"> & {
  readonly outcome?: unknown;
};

/** What a turn may change; `updated_at` is set to `at`, `turn` moves by one. */
export interface PracticeSessionChange {
  readonly at: string;
  readonly status?: PracticeSessionRecord["status"];
  readonly stage?: string;
  readonly context_source?: ContextSource | null;
  readonly agent_card_url?: string | null;
  readonly answers?: readonly PracticeAnswerRecord[] | null;
  readonly sealed_answers?: string | null;
  readonly outcome?: unknown;
  readonly holding_until?: string | null;
  readonly approval?: PracticeApproval | null;
  readonly closed_at?: string | null;
}

export interface PracticeStore {
  find(key: PracticeSessionKey): Promise<PracticeSessionRecord | null>;
  /** Inserts a new session; false when one with this key exists already (a concurrent open). */
  insert(session: NewPracticeSession): Promise<boolean>;
  /** Applies the change when the session is still at `turn`; false when another call moved it first. */
  update(id: string, turn: number, change: PracticeSessionChange): Promise<boolean>;
  /**
   * Closes a session like `update` and mints its trust events in the same transaction: both or
   * neither, so a refused or lost closing pass leaves no trace in a trust record.
   */
  complete(id: string, turn: number, change: PracticeSessionChange, events: readonly NewTrustEvent[]): Promise<boolean>;
  /** Calling sessions awaiting approval, longest waiting first (the operator's queue). */
  awaitingApproval(limit: number, ownerId?: string): Promise<PracticeSessionRecord[]>;
  /** The outcome of the agent's latest completed reflect session under this owner, or null. */
  latestReflectOutcome(ownerId: string, agentId: string): Promise<unknown>;
}
