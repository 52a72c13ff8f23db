import * as z from "zod";
import { KathekonQuality, KatorthomaProximity, RootPassion } from "../enums";
import { rankOf } from "../ladders";
import { SCORING_DISCLAIMER } from "../reason/consult";
import { textField } from "../text";
import type { Examination } from "../reason/examine";

/** Compare 2 to 5 options (POST /api/score-decision): each examined by the engine, then ranked. */
export const ScoreDecisionRequest = z.strictObject({
  decision: textField("decision", 2000).describe("The question being decided."),
  options: z
    .array(
      z.strictObject({
        label: z.string().trim().min(1).max(200, "label is limited to 200 characters"),
        description: textField("description", 5000).describe("The option as it would be done."),
      }),
    )
    .min(2, "options needs 2 to 5 options")
    .max(5, "options needs 2 to 5 options"),
  context: z.string().max(5000, "context is limited to 5,000 characters").optional(),
});
export type ScoreDecisionRequest = z.infer<typeof ScoreDecisionRequest>;

export const DecisionScore = z.object({
  decision: z.string(),
  ranked: z.array(
    z.object({
      rank: z.number().int().min(1).describe("1 is the most appropriate; options the engine cannot tell apart share a rank."),
      label: z.string(),
      katorthoma_proximity: KatorthomaProximity,
      is_kathekon: z.boolean().nullable(),
      kathekon_quality: KathekonQuality.nullable(),
      passions: z.array(RootPassion),
      concern: z.string().nullable().describe("The engine's question for this option, when it has one."),
    }),
  ),
  recommendation: z.string(),
  disclaimer: z.string(),
});
export type DecisionScore = z.infer<typeof DecisionScore>;

/**
 * Ranking, most appropriate first: an appropriate act before an undecided one before one that
 * fails a duty; then higher proximity; then fewer passions. Equal on all three, a shared rank.
 */
export function decisionLens(request: ScoreDecisionRequest, exams: readonly Examination[]): DecisionScore {
  const kathekonOrder = (v: boolean | null) => (v === true ? 0 : v === null ? 1 : 2);
  const keyOf = (e: Examination) =>
    [kathekonOrder(e.assessment.is_kathekon), -rankOf(KatorthomaProximity, e.assessment.katorthoma_proximity), e.assessment.passions.length] as const;
  const compare = (a: Examination, b: Examination) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    return ka[0] - kb[0] || ka[1] - kb[1] || ka[2] - kb[2];
  };
  const indexed = request.options.map((option, i) => ({ option, exam: exams[i]! }));
  const sorted = [...indexed].sort((a, b) => compare(a.exam, b.exam));
  const ranked = sorted.map(({ option, exam }, i) => {
    const firstEqual = sorted.findIndex((other) => compare(other.exam, exam) === 0);
    return {
      rank: (firstEqual === -1 ? i : firstEqual) + 1,
      label: option.label,
      katorthoma_proximity: exam.assessment.katorthoma_proximity,
      is_kathekon: exam.assessment.is_kathekon,
      kathekon_quality: exam.assessment.kathekon_quality,
      passions: [...new Set(exam.assessment.passions.map((p) => p.root_passion))],
      concern: exam.assessment.practice.suggestion?.question ?? null,
    };
  });
  const top = ranked.filter((r) => r.rank === 1);
  const recommendation =
    top.length === 1
      ? `"${top[0]!.label}" reads as the most appropriate of the options as described. Weigh it first by whether it is honourable, then by whether it is advantageous; where they conflict, the honourable prevails.`
      : `The engine cannot tell ${top.map((t) => `"${t.label}"`).join(" and ")} apart from the accounts given; the choice between them is yours to reason out.`;
  return { decision: request.decision, ranked, recommendation, disclaimer: SCORING_DISCLAIMER };
}
