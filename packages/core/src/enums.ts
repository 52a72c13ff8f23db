import * as z from "zod";

/**
 * Every enumeration of spec section 2.1, each as a zod schema with its inferred type.
 * Ordered enumerations list their values low to high; `ladders.ts` gives the ordering
 * operations over them.
 */

/** Five-level proximity to the perfectly virtuous act, low to high (reason, accreditation). */
export const KatorthomaProximity = z
  .enum(["reflexive", "habitual", "deliberate", "principled", "sage_like"])
  .describe("Five-level proximity to the perfectly virtuous act, low to high.");
export type KatorthomaProximity = z.infer<typeof KatorthomaProximity>;

/** Three-level proximity used by the simple scoring endpoints. */
export const SimpleProximity = z
  .enum(["contrary", "progressing", "deliberate"])
  .describe("Three-level proximity used by the simple scoring endpoints, low to high.");
export type SimpleProximity = z.infer<typeof SimpleProximity>;

/** Seneca's grades of progress, low to high. */
export const SenecanGrade = z.enum(["pre_progress", "grade_3", "grade_2", "grade_1", "sage_ideal"]).describe("Senecan grade of progress, low to high.");
export type SenecanGrade = z.infer<typeof SenecanGrade>;

/** How much independence an agent's reasoning has earned, low to high. */
export const AuthorityLevel = z
  .enum(["supervised", "guided", "spot_checked", "autonomous", "full_authority"])
  .describe("Authority earned by the reasoning, low to high; derived from proximity.");
export type AuthorityLevel = z.infer<typeof AuthorityLevel>;

export const KathekonQuality = z.enum(["weak", "moderate", "strong"]).describe("Quality of an appropriate act.");
export type KathekonQuality = z.infer<typeof KathekonQuality>;

export const RootPassion = z.enum(["epithumia", "hedone", "phobos", "lupe"]).describe("One of the four root passions.");
export type RootPassion = z.infer<typeof RootPassion>;

export const CardinalVirtue = z.enum(["wisdom", "justice", "courage", "temperance"]).describe("One of the four cardinal virtues.");
export type CardinalVirtue = z.infer<typeof CardinalVirtue>;

export const VirtueDomain = z.enum(["phronesis", "dikaiosyne", "andreia", "sophrosyne"]).describe("Virtue domain id of a cardinal virtue.");
export type VirtueDomain = z.infer<typeof VirtueDomain>;

/** Circles of concern (oikeiosis), inner to outer. */
export const OikeiosisCircle = z
  .enum(["self_preservation", "household", "community", "humanity", "cosmic"])
  .describe("Circle of concern (oikeiosis), inner to outer.");
export type OikeiosisCircle = z.infer<typeof OikeiosisCircle>;

export const ObligationStatus = z.enum(["met", "violated", "indeterminate"]);
export type ObligationStatus = z.infer<typeof ObligationStatus>;

export const CorroborationFinding = z.enum(["corroborated", "uncorroborated", "contradicted"]);
export type CorroborationFinding = z.infer<typeof CorroborationFinding>;

export const ResponseFormat = z.enum(["full", "assessment_first"]);
export type ResponseFormat = z.infer<typeof ResponseFormat>;

export const NarrativeStatus = z.enum(["deferred", "ready", "failed"]);
export type NarrativeStatus = z.infer<typeof NarrativeStatus>;

export const ClarificationTriggerCode = z.enum(["ELEMENT_FUSION", "TEMPORAL_AMBIGUITY", "SCOPE_AMBIGUITY"]);
export type ClarificationTriggerCode = z.infer<typeof ClarificationTriggerCode>;

export const AccreditationWriteKind = z.enum(["seed", "update"]);
export type AccreditationWriteKind = z.infer<typeof AccreditationWriteKind>;

export const TransitionType = z.enum(["upgrade", "downgrade"]);
export type TransitionType = z.infer<typeof TransitionType>;

export const DirectionOfTravel = z.enum(["improving", "stable", "declining"]);
export type DirectionOfTravel = z.infer<typeof DirectionOfTravel>;

export const ProfileUpdateConfidence = z.enum(["normal", "high", "low"]);
export type ProfileUpdateConfidence = z.infer<typeof ProfileUpdateConfidence>;

export const DistressSeverity = z.enum(["moderate", "acute"]);
export type DistressSeverity = z.infer<typeof DistressSeverity>;

export const ContextSource = z.enum(["agent_stated", "harness_inferred"]);
export type ContextSource = z.infer<typeof ContextSource>;

export const CoverageStatus = z.enum(["agent_elected"]);
export type CoverageStatus = z.infer<typeof CoverageStatus>;

export const ExaminationMode = z.enum(["pre_decision_harness", "post_decision_check"]);
export type ExaminationMode = z.infer<typeof ExaminationMode>;

export const FieldProvenance = z.enum(["agent-reported", "server-computed", "seeded-default", "not-assessed", "unknown"]);
export type FieldProvenance = z.infer<typeof FieldProvenance>;

export const ProvenanceGapReason = z.enum(["no_ledger_entry", "out_of_window", "identity_mismatch", "caller_supplied_extraction"]);
export type ProvenanceGapReason = z.infer<typeof ProvenanceGapReason>;

export const OrientationReadingClass = z.enum(["examined", "observed"]);
export type OrientationReadingClass = z.infer<typeof OrientationReadingClass>;

export const OrientationDirection = z.enum(["toward", "away", "indeterminate"]);
export type OrientationDirection = z.infer<typeof OrientationDirection>;

export const EpistemicProvenance = z.enum(["observation", "inference", "assumption", "unknown"]);
export type EpistemicProvenance = z.infer<typeof EpistemicProvenance>;

export const EpistemicCredence = z.enum(["established", "probably-true", "unknown", "probably-false"]);
export type EpistemicCredence = z.infer<typeof EpistemicCredence>;

/** Stages of the calling sequence. */
export const CallingStage = z.enum(["Q1", "Q2", "Q3", "Q4", "Q5", "Q6"]);
export type CallingStage = z.infer<typeof CallingStage>;

/** Stages of the session-close reflection: the calling stages plus two closing steps. */
export const ReflectStage = z.enum(["Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "verification", "supporting"]);
export type ReflectStage = z.infer<typeof ReflectStage>;

/** Profile dimensions and their levels, low to high. */
export const ProfileDimension = z.enum(["passion_reduction", "judgement_quality", "disposition_stability", "oikeiosis_extension"]);
export type ProfileDimension = z.infer<typeof ProfileDimension>;

export const DimensionLevel = z.enum(["emerging", "developing", "established", "advanced"]).describe("Level of a profile dimension, low to high.");
export type DimensionLevel = z.infer<typeof DimensionLevel>;

export const ControlClarity = z.enum(["weak", "moderate", "strong"]).describe("Clarity about what is up to us, low to high.");
export type ControlClarity = z.infer<typeof ControlClarity>;

export const CausalSequenceIntegrity = z
  .enum(["compromised", "partially_compromised", "intact"])
  .describe("Integrity of impression -> assent -> impulse -> action, low to high.");
export type CausalSequenceIntegrity = z.infer<typeof CausalSequenceIntegrity>;

export const IndifferentCategory = z.enum(["preferred", "dispreferred"]);
export type IndifferentCategory = z.infer<typeof IndifferentCategory>;

export const SelectiveValue = z.enum(["low", "moderate", "high"]);
export type SelectiveValue = z.infer<typeof SelectiveValue>;

export const IndifferentDomain = z.enum(["body", "external", "soul_adjacent"]);
export type IndifferentDomain = z.infer<typeof IndifferentDomain>;

/** Credential kinds by key prefix (spec 5.4). */
export const CredentialKind = z.enum(["live", "prac", "inst"]);
export type CredentialKind = z.infer<typeof CredentialKind>;

export const Capability = z.enum(["l1_supply", "accreditation_write", "reflect", "calling", "watching_write", "operator"]);
export type Capability = z.infer<typeof Capability>;

export const Tier = z.enum(["free", "paid"]);
export type Tier = z.infer<typeof Tier>;
