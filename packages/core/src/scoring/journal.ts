import * as z from "zod";
import { KatorthomaProximity, RootPassion, VirtueDomain } from "../enums";
import { SCORING_DISCLAIMER } from "../reason/consult";
import { textField } from "../text";
import type { Examination } from "../reason/examine";

/** The daily reflection journal (POST /api/reflect): an entry examined and kept for its owner. */
export const JOURNAL_ENTRY_CAP = 10_000;

export const JournalRequest = z.strictObject({
  entry: textField("entry", JOURNAL_ENTRY_CAP),
  date: z.iso
    .date()
    .refine((d) => d >= "1900-01-01" && d <= "2999-12-31", "date must lie between 1900-01-01 and 2999-12-31")
    .optional()
    .describe("The day reflected on (YYYY-MM-DD, 1900 to 2999); today (UTC) when absent."),
});
export type JournalRequest = z.infer<typeof JournalRequest>;

export interface JournalStore {
  /** The entry text is sealed before it reaches the store. */
  record(entry: { id: string; owner_id: string; entry_date: string; sealed_entry: string; proximity: string; passions: readonly string[] }): Promise<void>;
}

export const JournalResponse = z.object({
  id: z.uuid(),
  date: z.string(),
  reflection: z.object({
    katorthoma_proximity: KatorthomaProximity,
    virtue_domains_engaged: z.array(VirtueDomain),
    passions: z.array(z.object({ root_passion: RootPassion, false_judgement: z.string() })),
    what_went_well: z.string().nullable(),
    question_for_tomorrow: z.string(),
  }),
  disclaimer: z.string(),
});
export type JournalResponse = z.infer<typeof JournalResponse>;

/** Seneca's evening review: what was done, what was left undone, what to carry into tomorrow. */
export function journalLens(exam: Examination, id: string, date: string): JournalResponse {
  const a = exam.assessment;
  const met = a.corroboration.claims.find((c) => c.finding === "corroborated" && c.kind === "obligation");
  return {
    id,
    date,
    reflection: {
      katorthoma_proximity: a.katorthoma_proximity,
      virtue_domains_engaged: a.virtue_domains_engaged,
      passions: a.passions.map((p) => ({ root_passion: p.root_passion, false_judgement: p.false_judgement })),
      what_went_well: met ? `You met a duty to your ${met.circle?.replace("_", " ")}: "${met.markers[0]?.quote ?? ""}"` : null,
      question_for_tomorrow: a.practice.suggestion?.question ?? "What will you do tomorrow that you would be glad to review tomorrow evening?",
    },
    disclaimer: SCORING_DISCLAIMER,
  };
}
