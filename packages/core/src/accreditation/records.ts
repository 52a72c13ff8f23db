import type { AuthorityLevel, ExaminationMode, KatorthomaProximity, SenecanGrade, TransitionType, VirtueDomain } from "../enums";
import type { LoopFold } from "./examinations";
import type { NewOrientationReading, NewProvenanceGap, NewTrustEvent } from "./trust_events";

/** An accreditation record as stored. */
export interface AccreditationRecord {
  readonly agent_id: string;
  readonly owner_id: string;
  readonly senecan_grade: SenecanGrade;
  readonly typical_proximity: KatorthomaProximity;
  readonly authority_level: AuthorityLevel;
  /** The submitted accreditation_record, verbatim (omitted optional fields absent). */
  readonly record: Record<string, unknown>;
  readonly regressing_check_count: number;
  readonly total_actions_evaluated: number;
  readonly examination_mode: ExaminationMode | null;
  readonly coverage_status: string;
  readonly credential_basis: string;
  readonly version: number;
  readonly seeded_at: string;
  readonly updated_at: string;
}

export interface GradeHistoryEntry {
  readonly version: number;
  readonly trigger_type: TransitionType;
  readonly from_grade: SenecanGrade;
  readonly to_grade: SenecanGrade;
  readonly from_proximity: KatorthomaProximity;
  readonly to_proximity: KatorthomaProximity;
  readonly previous_authority: AuthorityLevel;
  readonly new_authority: AuthorityLevel;
  readonly created_at: string;
}

/** Everything one accepted write changes, committed in one transaction. */
export interface AccreditationCommit {
  readonly kind: "seed" | "update";
  /** For an update: the version the checks were made against; the commit refuses if it moved. */
  readonly expected_version: number | null;
  readonly record: Omit<AccreditationRecord, "version" | "seeded_at" | "updated_at">;
  readonly write: {
    readonly id: string;
    readonly credential_id: string | null;
    readonly elements: number;
    readonly verified: number;
    readonly attested: number;
    readonly loop_fold: LoopFold;
  };
  readonly grade_change: Omit<GradeHistoryEntry, "version" | "created_at"> | null;
  readonly events: readonly NewTrustEvent[];
  readonly readings: readonly NewOrientationReading[];
  readonly gaps: readonly NewProvenanceGap[];
}

export type CommitOutcome =
  | { readonly ok: true; readonly record: AccreditationRecord }
  | { readonly ok: false; readonly reason: "exists" | "missing" | "changed" };

export interface CuratorFlag {
  readonly id: string;
  readonly agent_id: string;
  readonly basis: "oversight" | "dikaiosyne";
  readonly domain: VirtueDomain;
  readonly level: KatorthomaProximity;
  readonly note: string;
  readonly flagged_by: string;
  readonly created_at: string;
  readonly withdrawn_at: string | null;
}

/** The store port of accreditation records; Postgres in @svc/db. */
export interface AccreditationStore {
  find(agentId: string): Promise<AccreditationRecord | null>;
  /** The write, its history row, trust events, readings and gaps, all or nothing. */
  commit(commit: AccreditationCommit): Promise<CommitOutcome>;
  gradeHistory(agentId: string, limit: number): Promise<GradeHistoryEntry[]>;
  /** Records the flag and mints its trust event in one transaction. */
  flag(flag: Omit<CuratorFlag, "created_at" | "withdrawn_at">, event: NewTrustEvent): Promise<CuratorFlag>;
  /** Withdraws the flag and removes its trust event in one transaction; a second withdrawal keeps the first time. Null when unknown. */
  withdrawFlag(id: string, at: Date): Promise<CuratorFlag | null>;
}
