import * as z from "zod";
import { IndifferentCategory, IndifferentDomain, SelectiveValue } from "./enums";
import { ValidationError } from "./errors";
import { INDIFFERENTS } from "./framework";

export const RankIndifferentsRequest = z
  .strictObject({
    indifferents: z
      .array(z.string().min(1).max(64))
      .min(1)
      .max(INDIFFERENTS.length)
      .describe("Ids of the indifferents to rank, as listed by GET /api/indifferents."),
  })
  .describe("The indifferents at stake in a choice.");
export type RankIndifferentsRequest = z.infer<typeof RankIndifferentsRequest>;

export const RankedIndifferent = z.object({
  rank: z.number().int().min(1).describe("1 is the most to be selected; equal selective value shares a rank."),
  id: z.string(),
  name: z.string(),
  category: IndifferentCategory,
  selective_value: SelectiveValue,
  domain: IndifferentDomain,
});

export const RankIndifferentsResponse = z.object({
  ranked: z.array(RankedIndifferent),
  note: z.string(),
});
export type RankIndifferentsResponse = z.infer<typeof RankIndifferentsResponse>;

// Selection order: the most valuable preferred first, the most strongly dispreferred last.
const SELECTION_ORDER: Record<IndifferentCategory, Record<SelectiveValue, number>> = {
  preferred: { high: 0, moderate: 1, low: 2 },
  dispreferred: { low: 3, moderate: 4, high: 5 },
};

const RANKING_NOTE =
  "Ranked by selective value only: what is reasonable to select, other things equal. None of these is good or evil; " +
  "virtue decides how they are used, and a duty in the situation can make the lower-ranked choice the right one. Advisory, for reflection.";

/** Orders the given indifferents for selection. Unknown or repeated ids are a 400 naming the element. */
export function rankIndifferents(input: RankIndifferentsRequest): RankIndifferentsResponse {
  const seen = new Set<string>();
  const chosen = input.indifferents.map((id, index) => {
    const field = `indifferents[${index}]`;
    const found = INDIFFERENTS.find((i) => i.id === id);
    if (!found) throw new ValidationError("unknown_indifferent", `${field}: "${id}" is not an indifferent id; see GET /api/indifferents.`, field);
    if (seen.has(id)) throw new ValidationError("duplicate_indifferent", `${field}: "${id}" is listed twice.`, field);
    seen.add(id);
    return found;
  });
  const order = (i: (typeof chosen)[number]) => SELECTION_ORDER[i.category][i.selective_value];
  const sorted = [...chosen].sort((a, b) => order(a) - order(b) || INDIFFERENTS.indexOf(a) - INDIFFERENTS.indexOf(b));
  const ranked = sorted.map((i, index) => {
    const firstEqual = sorted.findIndex((other) => order(other) === order(i));
    return {
      rank: (firstEqual === -1 ? index : firstEqual) + 1,
      id: i.id,
      name: i.name,
      category: i.category,
      selective_value: i.selective_value,
      domain: i.domain,
    };
  });
  return { ranked, note: RANKING_NOTE };
}
