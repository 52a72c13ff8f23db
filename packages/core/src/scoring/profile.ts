import * as z from "zod";
import { KathekonQuality, KatorthomaProximity, RootPassion, SimpleProximity, VirtueDomain } from "../enums";
import { PASSIONS } from "../framework";
import { rankOf } from "../ladders";

/** What a stored reading of any text keeps of the engine's assessment. */
export interface StoredReading {
  readonly proximity: z.infer<typeof KatorthomaProximity>;
  readonly is_kathekon: boolean | null;
  readonly kathekon_quality: z.infer<typeof KathekonQuality> | null;
  readonly passions: ReadonlyArray<z.infer<typeof RootPassion>>;
  readonly virtue_domains: ReadonlyArray<z.infer<typeof VirtueDomain>>;
}

/** A scored action as stored for its owner (spec 2.7, plus what the profile is computed from). */
export interface StoredScore extends StoredReading {
  readonly id: string;
  readonly owner_id: string;
  readonly action_description: string;
  readonly katorthoma_proximity: z.infer<typeof SimpleProximity>;
  readonly created_at: string;
}

export interface ScoreStore {
  record(score: Omit<StoredScore, "created_at">): Promise<StoredScore>;
  /** The owner's scores, newest first; `before` is the id of the last score of the previous page. */
  list(ownerId: string, limit: number, before?: string): Promise<StoredScore[]>;
  count(ownerId: string): Promise<number>;
}

export const ScoreListItem = z.object({
  id: z.uuid(),
  action_description: z.string(),
  katorthoma_proximity: SimpleProximity,
  is_kathekon: z.boolean().nullable(),
  kathekon_quality: KathekonQuality.nullable(),
  created_at: z.string(),
});

export const ScoreList = z.object({
  scores: z.array(ScoreListItem).describe("Newest first."),
  next_cursor: z.string().nullable().describe("Pass as `before` for the next page; null on the last page."),
});
export type ScoreList = z.infer<typeof ScoreList>;

export const ScoreListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: z.uuid().optional(),
});

export async function listScores(store: ScoreStore, ownerId: string, query: z.infer<typeof ScoreListQuery>): Promise<ScoreList> {
  const rows = await store.list(ownerId, query.limit, query.before);
  return {
    scores: rows.map((r) => ({
      id: r.id,
      action_description: r.action_description,
      katorthoma_proximity: r.katorthoma_proximity,
      is_kathekon: r.is_kathekon,
      kathekon_quality: r.kathekon_quality,
      created_at: r.created_at,
    })),
    next_cursor: rows.length === query.limit ? rows[rows.length - 1]!.id : null,
  };
}

export const UserProfile = z.object({
  primary_virtue_domains: z.array(VirtueDomain),
  secondary_virtue_domains: z.array(VirtueDomain),
  most_frequent_passions: z.array(z.object({ root_passion: RootPassion, frequency: z.string(), interpretation: z.string() })),
  kathekon_alignment: z.string(),
  actions_scored: z.number().int(),
  last_assessment: z.string().nullable().describe("ISO 8601 of the latest scored action; null when none."),
  growth_pattern: z.string(),
});
export type UserProfile = z.infer<typeof UserProfile>;

/** How many recent scores the profile reads, and the window compared for growth. */
export const PROFILE_SAMPLE = 200;
const GROWTH_WINDOW = 5;

/**
 * Spec 2.8 from the owner's stored scores (newest first). Rules: phronesis is primary whenever
 * anything was scored (every choice exercises wisdom); another domain is primary when engaged
 * in at least half of the scores, secondary when engaged at all. Growth compares the mean
 * five-level rank of the latest window with the one before; within half a rung is stable.
 */
export function computeProfile(scores: readonly StoredScore[], total: number = scores.length): UserProfile {
  const n = scores.length;
  if (n === 0 || total === 0) {
    return {
      primary_virtue_domains: [],
      secondary_virtue_domains: [],
      most_frequent_passions: [],
      kathekon_alignment: "No actions scored yet.",
      actions_scored: 0,
      last_assessment: null,
      growth_pattern: "No actions scored yet.",
    };
  }
  const engagedCount = (d: z.infer<typeof VirtueDomain>) => scores.filter((s) => s.virtue_domains.includes(d)).length;
  const others = (["dikaiosyne", "andreia", "sophrosyne"] as const).map((d) => ({ d, count: engagedCount(d) })).sort((a, b) => b.count - a.count);
  const primary = ["phronesis" as const, ...others.filter((o) => o.count * 2 >= n).map((o) => o.d)];
  const secondary = others.filter((o) => o.count > 0 && o.count * 2 < n).map((o) => o.d);

  const passionCounts = RootPassion.options
    .map((root) => ({ root, count: scores.filter((s) => s.passions.includes(root)).length }))
    .filter((p) => p.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, 3);
  const passions = passionCounts.map(({ root, count }) => {
    const entry = PASSIONS.find((p) => p.id === root)!;
    return {
      root_passion: root,
      frequency: `${count} of ${n} scored actions`,
      interpretation: `${entry.name} recurs. It rests on the judgement "${entry.false_judgement}" ${entry.remedy}`,
    };
  });

  const appropriate = scores.filter((s) => s.is_kathekon === true).length;
  const short = scores.filter((s) => s.is_kathekon === false).length;
  const undecided = n - appropriate - short;
  const alignment = `${appropriate} of ${n} ${n < total ? "most recent " : ""}scored actions read as appropriate acts; ${short} fell short; ${undecided} could not be decided from the account.`;

  let growth: string;
  if (n < GROWTH_WINDOW * 2) {
    growth = `Too few scored actions to show a direction (${n}; ${GROWTH_WINDOW * 2} are needed).`;
  } else {
    const mean = (xs: readonly StoredScore[]) => xs.reduce((sum, s) => sum + rankOf(KatorthomaProximity, s.proximity), 0) / xs.length;
    const recent = mean(scores.slice(0, GROWTH_WINDOW));
    const before = mean(scores.slice(GROWTH_WINDOW, GROWTH_WINDOW * 2));
    const direction = recent - before > 0.5 ? "improving" : before - recent > 0.5 ? "declining" : "stable";
    growth = `${direction}: the last ${GROWTH_WINDOW} scored actions average ${recent.toFixed(1)} on the five-rung proximity ladder, against ${before.toFixed(1)} for the ${GROWTH_WINDOW} before.`;
  }
  return {
    primary_virtue_domains: primary,
    secondary_virtue_domains: secondary,
    most_frequent_passions: passions,
    kathekon_alignment: alignment,
    actions_scored: total,
    last_assessment: scores[0]!.created_at,
    growth_pattern: growth,
  };
}

export async function readProfile(store: ScoreStore, ownerId: string): Promise<UserProfile> {
  const [scores, total] = await Promise.all([store.list(ownerId, PROFILE_SAMPLE), store.count(ownerId)]);
  return computeProfile(scores, total);
}
