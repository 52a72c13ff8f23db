import * as z from "zod";
import { DirectionOfTravel, KatorthomaProximity, SenecanGrade } from "../../enums";
import { PROXIMITY_DERIVATION, PROXIMITY_LADDER } from "../../ladders";
import { describedLevel, domainFileSchema } from "./domain_file";

export const GradeTransitionSchema = z.object({
  from: KatorthomaProximity,
  to: KatorthomaProximity,
  min_share_percent: z.number().int().min(1).max(100).describe("Share of recent actions at or above `to`, in percent."),
  min_actions: z.number().int().min(1).describe("Minimum number of recent actions the share is taken over."),
});
export type GradeTransition = z.infer<typeof GradeTransitionSchema>;

export const DowngradeSignal = z
  .enum(["proximity_below_floor", "persisting_passions", "repeated_regression"])
  .describe("Evidence that counts toward a downgrade.");
export type DowngradeSignal = z.infer<typeof DowngradeSignal>;

/** Upgrade evidence thresholds, one per step up the ladder, low to high. */
export const GRADE_TRANSITIONS: readonly GradeTransition[] = [
  { from: "reflexive", to: "habitual", min_share_percent: 55, min_actions: 20 },
  { from: "habitual", to: "deliberate", min_share_percent: 60, min_actions: 40 },
  { from: "deliberate", to: "principled", min_share_percent: 65, min_actions: 60 },
  { from: "principled", to: "sage_like", min_share_percent: 75, min_actions: 80 },
];

/** How many downgrade signals must be present together before a downgrade. */
export const DOWNGRADE_SIGNALS_REQUIRED = 2;

export const ProgressContentSchema = z.object({
  grades: z
    .array(
      z.object({
        id: SenecanGrade,
        name: z.string().min(1),
        proximity: KatorthomaProximity.describe("The proximity level that derives this grade."),
        description: z.string().min(1),
      }),
    )
    .length(5),
  transitions: z.object({
    upgrade: z.object({ rule: z.string().min(1), thresholds: z.array(GradeTransitionSchema).length(4) }),
    downgrade: z.object({
      rule: z.string().min(1),
      signals_required: z.number().int().min(1),
      signals: z.array(describedLevel(DowngradeSignal)).length(3),
    }),
  }),
  direction_of_travel: z.object({
    rule: z.string().min(1),
    values: z.array(describedLevel(DirectionOfTravel)).length(3),
  }),
});

export const ProgressFileSchema = domainFileSchema("progress", ProgressContentSchema);
export type ProgressFile = z.infer<typeof ProgressFileSchema>;

const GRADE_TEXT: Readonly<Record<SenecanGrade, { name: string; description: string }>> = {
  pre_progress: {
    name: "Not yet progressing",
    description: "Reactions follow impressions largely unexamined, and indifferents are treated as goods and evils.",
  },
  grade_3: {
    name: "Third grade",
    description: "Has escaped some of the worst errors and passions, but many remain and relapse is frequent.",
  },
  grade_2: {
    name: "Second grade",
    description: "Has put aside the greatest passions and vices, though old habits can still return under pressure.",
  },
  grade_1: {
    name: "First grade",
    description: "Nearly free of passions and reliably reasons well, but not yet secure in it.",
  },
  sage_ideal: {
    name: "The sage",
    description: "Perfected and stable reason; an ideal to measure against rather than a grade anyone is expected to hold.",
  },
};

export const PROGRESS_FILE: ProgressFile = {
  id: "progress",
  title: "Progress",
  summary: "Seneca's grades of progress, the evidence needed to move between them, and how the direction of travel is read.",
  content: {
    grades: PROXIMITY_LADDER.map((proximity) => {
      const id = PROXIMITY_DERIVATION[proximity].senecan_grade;
      return { id, proximity, ...GRADE_TEXT[id] };
    }),
    transitions: {
      upgrade: {
        rule: "Moving up one level needs at least the given share of recent actions at or above the next level, over at least the given number of actions, and fewer persisting passions than before.",
        thresholds: [...GRADE_TRANSITIONS],
      },
      downgrade: {
        rule: "Moving down one level needs at least two of the three signals at once, so that a single bad stretch does not count as regression.",
        signals_required: DOWNGRADE_SIGNALS_REQUIRED,
        signals: [
          { id: "proximity_below_floor", description: "Recent proximity falls below the floor of the current level." },
          { id: "persisting_passions", description: "Too many passions keep recurring across recent actions." },
          { id: "repeated_regression", description: "Successive checks repeatedly show regression." },
        ],
      },
    },
    direction_of_travel: {
      rule: "Compare the mean proximity rank of the most recent window of actions with that of the window before it; a difference within a small band counts as stable.",
      values: [
        { id: "improving", description: "The recent window reads higher than the one before it." },
        { id: "stable", description: "The two windows read about the same." },
        { id: "declining", description: "The recent window reads lower than the one before it." },
      ],
    },
  },
};
