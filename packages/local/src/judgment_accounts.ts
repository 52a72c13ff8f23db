import { join } from "node:path";
import * as z from "zod";
import { CircleObligation, DeliberationLevel, ExtractedPassion, Layer1Extraction, rootPassionOfSubSpecies } from "@svc/core";
import { loadJsonlParts, splitOf } from "./judgment_corpus";
import { REPO_ROOT } from "./main";

/**
 * The Stoic corpus of first-person accounts (data/judgment/accounts/*.jsonl), written for this
 * service, to train and measure the offline reader of accounts field by field. One account per
 * line; the field names are those of the Layer 1 extraction (extraction.ts) wherever there is one:
 *
 *   id            "acc-<part>-<nnn>", part one or two letters, nnn its line in the part.
 *   text          the account as a user would send it, in the first person.
 *   act_kind      situation.act_kind: past_action, proposed_action ("I'm going to…", "should I…"),
 *                 reasoning, unclear. A proposed act is labelled as if it were done.
 *   label_wrong   1 clearly wrong by widely shared judgement, 0 clearly not wrong, null unclear.
 *   is_kathekon   true when the act meets what is owed to those it touches, false when it violates
 *                 it, null when the account states no act toward anyone or cannot be decided. The
 *                 two labels can part: a lapse toward oneself (a whole cake at one sitting) is not
 *                 wrong by common judgement yet is contrary to what is owed to one's own body.
 *   circles       [{circle, obligation_claim}], one entry per circle the act touches:
 *                 self_preservation (one's own body, health, life), household (family, partner,
 *                 home), community (people known by a shared place or role: friends, neighbours,
 *                 classmates, colleagues, employer, customers, users), humanity (strangers and
 *                 people at large), cosmic (animals and nature).
 *   deliberation  deliberation.level: none (impulse), habitual (custom, routine), considered
 *                 (weighed), principled (from a stated principle or duty), exemplary (as a sage
 *                 would); null when the account does not show how the act was reasoned.
 *   passions      [{root_passion, sub_species, intensity}], the AUTHOR's passions only: not those
 *                 denied ("I wasn't angry"), not those of others ("my boss was furious"); the
 *                 sub-species null unless the pattern clearly fits one.
 *   domains       the engaged domains of the extraction (dikaiosyne, andreia, sophrosyne).
 *   grave_act     grave_act.present: the act risks grave harm to others or is a deep wrong.
 *   theme         what kind of act it is: a wrong, its right counterpart, neutral (no act toward
 *                 anyone), other (an act the labels leave unclear). harm_person also covers harm
 *                 to what is a person's own: their goods, data, standing.
 *   tags          the tricky cases an account stands for (see ACCOUNT_TAGS).
 *   note          optional, why a label is what it is when that is not obvious.
 *
 * Split into train and dev by the guardrail corpus's fixed rule on the account id.
 */

export const ACCOUNT_DOMAINS = Layer1Extraction.shape.domains.keyof().options;
export const AccountDomain = z.enum(ACCOUNT_DOMAINS);
export type AccountDomain = z.infer<typeof AccountDomain>;

export const WRONG_THEMES = [
  "theft",
  "harm_person",
  "harm_animal",
  "harm_nature",
  "deception",
  "broken_promise",
  "cheating",
  "neglect",
  "unfairness",
  "humiliation",
  "self_neglect",
] as const;
export const RIGHT_THEMES = [
  "returning",
  "repairing",
  "keeping_word",
  "protecting",
  "truth_telling",
  "helping",
  "fairness",
  "care",
  "care_nature",
  "self_care",
] as const;
export const AccountTheme = z.enum([...WRONG_THEMES, ...RIGHT_THEMES, "neutral", "other"]);
export type AccountTheme = z.infer<typeof AccountTheme>;

/**
 * negated_passion: a passion named but denied. third_person_passion: a passion of someone else.
 * negated_act: the act is something not done ("I didn't tell…"). mixed: more than one act pulling
 * different ways. agent: an AI agent or automated system speaking. workplace: at work.
 * eupatheia: a reasoned good feeling (joy, wish, caution) that is not a passion. justified: an act
 * that looks wrong on its face and is not (or the reverse). self_regarding: the act touches only the author.
 */
export const ACCOUNT_TAGS = [
  "negated_passion",
  "third_person_passion",
  "negated_act",
  "mixed",
  "agent",
  "workplace",
  "eupatheia",
  "justified",
  "self_regarding",
] as const;
export const AccountTag = z.enum(ACCOUNT_TAGS);
export type AccountTag = z.infer<typeof AccountTag>;

export const AccountCircle = CircleObligation.pick({ circle: true, obligation_claim: true });
export type AccountCircle = z.infer<typeof AccountCircle>;

export const AccountPassion = ExtractedPassion.pick({ root_passion: true, sub_species: true, intensity: true }).refine(
  (p) => p.sub_species === null || rootPassionOfSubSpecies(p.sub_species) === p.root_passion,
  { message: "sub_species must be a sub-species of root_passion", path: ["sub_species"] },
);
export type AccountPassion = z.infer<typeof AccountPassion>;

const distinct = <T>(items: readonly T[]) => new Set(items).size === items.length;

export const Account = z
  .strictObject({
    id: z.string().regex(/^acc-[a-z]{1,2}-\d{3}$/, "account ids look like acc-<part>-<nnn>, the part one or two letters"),
    text: z.string().trim().min(1).max(5000),
    act_kind: Layer1Extraction.shape.situation.shape.act_kind,
    label_wrong: z.union([z.literal(0), z.literal(1)]).nullable(),
    is_kathekon: z.boolean().nullable(),
    circles: z
      .array(AccountCircle)
      .max(5)
      .refine((cs) => distinct(cs.map((c) => c.circle)), "one entry per circle"),
    deliberation: DeliberationLevel.nullable(),
    passions: z.array(AccountPassion).max(8),
    domains: z.array(AccountDomain).refine(distinct, "each domain once"),
    grave_act: z.boolean(),
    theme: AccountTheme,
    tags: z.array(AccountTag).refine(distinct, "each tag once"),
    note: z.string().min(1).optional(),
  })
  .superRefine((a, ctx) => {
    // The labels must agree with one another the way Layer 2 reads them.
    const claims = new Set(a.circles.map((c) => c.obligation_claim));
    const problem = (message: string, path: string) => ctx.addIssue({ code: "custom", message, path: [path] });
    if (a.is_kathekon === true && !claims.has("met")) problem("a kathekon meets a duty to some circle", "circles");
    if (a.is_kathekon === false && !claims.has("violated")) problem("an act contrary to duty violates some circle", "circles");
    if (a.circles.length === 0 && a.is_kathekon !== null) problem("an account with no act toward anyone is not decided", "is_kathekon");
    if (a.label_wrong === 1 && a.is_kathekon !== false) problem("a clearly wrong act is not a kathekon", "is_kathekon");
    if (a.grave_act && a.label_wrong !== 1) problem("a grave act is clearly wrong", "label_wrong");
    if (a.theme === "neutral" && a.circles.length > 0) problem("a neutral account touches no circle", "theme");
  });
export type Account = z.infer<typeof Account>;

export const ACCOUNTS_DIR = join(REPO_ROOT, "data/judgment/accounts");

/** Every account of every part, in file then line order; throws naming the file and line of a bad one. */
export function loadAccounts(dir: string = ACCOUNTS_DIR): Account[] {
  return loadJsonlParts(dir, Account);
}

/** The fixed split, the guardrail corpus's rule on the account id: about a fifth to dev, never moving. */
export function accountSplitOf(id: string): "train" | "dev" {
  return splitOf(id);
}
