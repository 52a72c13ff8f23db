import type { KatorthomaProximity } from "../enums";
import type { DimensionLevels } from "./results";

export type AssessmentKind = "foundational" | "full" | "baseline";

export interface StoredAssessmentResult {
  readonly id: string;
  readonly owner_id: string;
  readonly agent_id: string;
  readonly kind: AssessmentKind;
  readonly typical_proximity: KatorthomaProximity;
  readonly dimension_levels: DimensionLevels | null;
  readonly result: unknown;
  readonly created_at: string;
}

/** The store port for assessment results; implemented over Postgres in @svc/db. */
export interface AssessmentStore {
  record(result: Omit<StoredAssessmentResult, "created_at">): Promise<void>;
  /** The agent's latest result of this owner (of the given kinds), or null. */
  latest(ownerId: string, agentId: string, kinds: readonly AssessmentKind[]): Promise<StoredAssessmentResult | null>;
}
