import {
  AuthorityLevel,
  CausalSequenceIntegrity,
  ControlClarity,
  DimensionLevel,
  KatorthomaProximity,
  OikeiosisCircle,
  SenecanGrade,
  SimpleProximity,
} from "./enums";

/**
 * The ordered ladders of the framework and the derivations between them. A zod enum lists
 * its values low to high, so a value's rank is its index in `.options`.
 */

type Ladder<T extends string> = { readonly options: readonly T[] };

/** Rank of a value on its ladder, 0 for the lowest. */
export function rankOf<T extends string>(ladder: Ladder<T>, value: T): number {
  const rank = ladder.options.indexOf(value);
  if (rank < 0) throw new RangeError(`${value} is not on this ladder`);
  return rank;
}

/** The value at a rank; undefined outside the ladder. */
export function atRank<T extends string>(ladder: Ladder<T>, rank: number): T | undefined {
  return ladder.options[rank];
}

/** Negative when a is below b, zero when equal, positive when above. */
export function compareOnLadder<T extends string>(ladder: Ladder<T>, a: T, b: T): number {
  return rankOf(ladder, a) - rankOf(ladder, b);
}

/** The lowest of the given values; null for an empty list (nothing to take the minimum of). */
export function lowestOf<T extends string>(ladder: Ladder<T>, values: readonly T[]): T | null {
  if (values.length === 0) return null;
  return values.reduce((low, v) => (rankOf(ladder, v) < rankOf(ladder, low) ? v : low));
}

export const PROXIMITY_LADDER = KatorthomaProximity.options;
export const SENECAN_GRADE_LADDER = SenecanGrade.options;
export const AUTHORITY_LADDER = AuthorityLevel.options;
export const DIMENSION_LEVEL_LADDER = DimensionLevel.options;
export const CONTROL_CLARITY_LADDER = ControlClarity.options;
export const CAUSAL_SEQUENCE_LADDER = CausalSequenceIntegrity.options;
export const SIMPLE_PROXIMITY_LADDER = SimpleProximity.options;
/** Circles of concern, inner to outer. */
export const OIKEIOSIS_LADDER = OikeiosisCircle.options;

export interface ProximityDerivation {
  readonly senecan_grade: SenecanGrade;
  readonly authority_level: AuthorityLevel;
}

/**
 * Proximity -> (senecan grade, authority level). The three ladders have five rungs each and
 * move together: the nth proximity derives the nth grade and the nth authority. The spec
 * confirms habitual -> (grade_3, guided).
 */
export const PROXIMITY_DERIVATION: Readonly<Record<KatorthomaProximity, ProximityDerivation>> = Object.freeze(
  Object.fromEntries(
    PROXIMITY_LADDER.map((proximity, rank) => [
      proximity,
      Object.freeze({ senecan_grade: SENECAN_GRADE_LADDER[rank]!, authority_level: AUTHORITY_LADDER[rank]! }),
    ]),
  ) as Record<KatorthomaProximity, ProximityDerivation>,
);

export function deriveFromProximity(proximity: KatorthomaProximity): ProximityDerivation {
  return PROXIMITY_DERIVATION[proximity];
}

/**
 * Five-level reading -> the three-level value of the simple scoring endpoints: a reflexive
 * act is contrary to reason, a habitual one is progressing, and anything deliberated or
 * better reads as deliberate. Decided once here (docs/decisions.md).
 */
export const SIMPLE_PROXIMITY_OF: Readonly<Record<KatorthomaProximity, SimpleProximity>> = Object.freeze({
  reflexive: "contrary",
  habitual: "progressing",
  deliberate: "deliberate",
  principled: "deliberate",
  sage_like: "deliberate",
});

export function toSimpleProximity(proximity: KatorthomaProximity): SimpleProximity {
  return SIMPLE_PROXIMITY_OF[proximity];
}

/** The decision layer's weights per cardinal virtue, in percent; they sum to 100. */
export const DECISION_WEIGHTS = Object.freeze({ wisdom: 30, justice: 25, courage: 25, temperance: 20 } as const);
