import * as z from "zod";
import { KatorthomaProximity, RootPassion } from "../enums";
import { lowestOf } from "../ladders";
import { SCORING_DISCLAIMER } from "../reason/consult";
import { textField } from "../text";
import type { Examination } from "../reason/examine";

/** Audit a conversation or an e-mail thread (POST /api/score-conversation), turn by turn. */
export const MAX_TURNS = 50;

export const ScoreConversationRequest = z.strictObject({
  turns: z
    .array(
      z.strictObject({
        speaker: z.string().trim().min(1).max(100, "speaker is limited to 100 characters"),
        text: textField("text", 5000),
      }),
    )
    .min(1, "turns needs at least one turn")
    .max(MAX_TURNS, `turns is limited to ${MAX_TURNS}`),
  context: z.string().max(5000, "context is limited to 5,000 characters").optional(),
});
export type ScoreConversationRequest = z.infer<typeof ScoreConversationRequest>;

const Flag = z.enum(["passion", "duty_not_met", "contradicted_claim", "grave_act"]);

export const ConversationScore = z.object({
  turns: z.array(
    z.object({
      index: z.number().int(),
      speaker: z.string(),
      katorthoma_proximity: KatorthomaProximity,
      passions: z.array(RootPassion),
      flags: z.array(Flag),
      evidence: z.array(z.object({ quote: z.string(), start: z.number().int(), end: z.number().int() })).describe("Verbatim spans of the turn's text."),
    }),
  ),
  speakers: z.array(
    z.object({
      speaker: z.string(),
      turns: z.number().int(),
      lowest_proximity: KatorthomaProximity,
      passions: z.array(RootPassion),
    }),
  ),
  summary: z.string(),
  disclaimer: z.string(),
});
export type ConversationScore = z.infer<typeof ConversationScore>;

export function conversationLens(request: ScoreConversationRequest, exams: readonly Examination[]): ConversationScore {
  const turns = request.turns.map((turn, index) => {
    const a = exams[index]!.assessment;
    const flags = new Set<z.infer<typeof Flag>>();
    if (a.passions.length > 0) flags.add("passion");
    if (exams[index]!.extraction.circles.some((c) => c.obligation_claim === "violated")) flags.add("duty_not_met");
    if (a.corroboration.claims.some((c) => c.finding === "contradicted")) flags.add("contradicted_claim");
    if (exams[index]!.extraction.grave_act.present) flags.add("grave_act");
    const evidence = [...a.passions.map((p) => p.quote), ...a.corroboration.claims.flatMap((c) => c.markers)].filter(
      (m): m is NonNullable<typeof m> => m !== null,
    );
    return {
      index,
      speaker: turn.speaker,
      katorthoma_proximity: a.katorthoma_proximity,
      passions: [...new Set(a.passions.map((p) => p.root_passion))],
      flags: [...flags],
      evidence,
    };
  });
  const names = [...new Set(request.turns.map((t) => t.speaker))];
  const speakers = names.map((speaker) => {
    const own = turns.filter((t) => t.speaker === speaker);
    return {
      speaker,
      turns: own.length,
      lowest_proximity: lowestOf(
        KatorthomaProximity,
        own.map((t) => t.katorthoma_proximity),
      )!,
      passions: [...new Set(own.flatMap((t) => t.passions))],
    };
  });
  const flagged = turns.filter((t) => t.flags.length > 0).length;
  const summary =
    flagged === 0
      ? `None of the ${turns.length} turns shows a passion, an unmet duty or a contradiction in its own words.`
      : `${flagged} of ${turns.length} turns carry a finding; each names the words that drove it. Read them as prompts for reflection, not as verdicts on the people.`;
  return { turns, speakers, summary, disclaimer: SCORING_DISCLAIMER };
}
