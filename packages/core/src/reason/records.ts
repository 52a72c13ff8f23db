import type { KatorthomaProximity } from "../enums";
import type { DepthTier } from "./engine";
import type { NarrativeJob } from "./narratives";

/** An earlier consult as the trajectory reads it. */
export type RecentConsult = Pick<ConsultRecord, "loop_id" | "katorthoma_proximity">;

/** A recorded consult, as the steps that build on it (trust record, accreditation) read it. */
export interface ConsultRecord {
  readonly loop_id: string;
  readonly owner_id: string;
  readonly subject: string;
  readonly credential_id: string | null;
  readonly agent_id: string | null;
  readonly depth_tier: DepthTier;
  readonly katorthoma_proximity: KatorthomaProximity;
  readonly layer1_source: "server" | "supplied";
  readonly input_sha256: string;
  readonly prior_loop_id: string | null;
  readonly elapsed_ms: number;
  readonly created_at: string;
}

export interface NewConsult extends Omit<ConsultRecord, "created_at"> {
  /** The signed assessment, sealed (AES-256-GCM) with the loop id as associated data. */
  readonly sealed_assessment: string;
}

/** A narrative to write later: its row and its outbox job go in with the consult. */
export interface DeferredNarrative {
  readonly correlation_id: string;
  readonly job: NarrativeJob;
}

/** The use of a continuation token by the turn that answers it: each token is used once. */
export interface ContinuationUse {
  readonly token_id: string;
  readonly subject: string;
  /** When the token expires; its row is useless after that. */
  readonly expires_at: Date;
}

/** The store port for consults; implemented over Postgres in @svc/db. */
export interface ConsultStore {
  /**
   * Writes the consult, a deferred narrative with its outbox entry, and the use of the
   * continuation token the turn answered, in one transaction. Null, with nothing written, when
   * that token was already used (by a parallel turn that committed first).
   */
  record(consult: NewConsult, deferred?: DeferredNarrative, answered?: ContinuationUse): Promise<{ outboxId: string | null } | null>;
  /** Marks a token used by a turn that asked a further question; false when it already was. */
  useContinuation(use: ContinuationUse): Promise<boolean>;
  /** Whether a token was used already: checked before any engine work. */
  continuationUsed(tokenId: string): Promise<boolean>;
  /** The consult with this loop id if it belongs to this owner; null otherwise (never another's). */
  findOwned(loopId: string, ownerId: string): Promise<ConsultRecord | null>;
  /** The ledger entry of a loop, whoever made it (the accreditation write checks identity itself). */
  find(loopId: string): Promise<ConsultRecord | null>;
  /** The owner's (and agent's) most recent consults, newest first: each one's loop and proximity, all a trajectory needs. */
  recent(ownerId: string, agentId: string | null, limit: number): Promise<RecentConsult[]>;
}
