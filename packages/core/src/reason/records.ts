import type { KatorthomaProximity } from "../enums";
import type { DepthTier } from "./engine";

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
  readonly signed_assessment: unknown;
  readonly created_at: string;
}

/** The store port for consults; implemented over Postgres in @svc/db. */
export interface ConsultStore {
  record(consult: Omit<ConsultRecord, "created_at">): Promise<void>;
  /** The consult with this loop id if it belongs to this owner; null otherwise (never another's). */
  findOwned(loopId: string, ownerId: string): Promise<ConsultRecord | null>;
  /** The owner's (and agent's) most recent consults, newest first. */
  recent(ownerId: string, agentId: string | null, limit: number): Promise<ConsultRecord[]>;
}
