import { deliberationCues } from "@svc/judgment";
import type { OikeiosisCircle } from "../enums";

/**
 * Finds verbatim evidence in the consult's input. Deterministic and lexical: it is not a
 * fact-checker, it only reads the text that arrived. Every marker it returns is an exact
 * substring of the input with its offsets.
 */
export interface Marker {
  readonly quote: string;
  readonly start: number;
  readonly end: number;
}

/** The sentence-like spans of the input, with their offsets. */
export function sentencesOf(input: string): Marker[] {
  const spans: Marker[] = [];
  const pattern = /[^.!?\n]+[.!?]*/g;
  for (let m = pattern.exec(input); m !== null; m = pattern.exec(input)) {
    const raw = m[0];
    const lead = raw.length - raw.trimStart().length;
    const quote = raw.trim();
    if (quote.length === 0) continue;
    spans.push({ quote, start: m.index + lead, end: m.index + lead + quote.length });
  }
  return spans;
}

/** The exact location of a quote in the input, or null when it does not occur verbatim. */
export function locate(input: string, quote: string | null): Marker | null {
  if (!quote) return null;
  const start = input.indexOf(quote);
  return start === -1 ? null : { quote, start, end: start + quote.length };
}

const word = (terms: readonly string[]) => new RegExp(`\\b(?:${terms.join("|")})\\b`, "i");

/** Words that name each circle of concern in an account. */
export const CIRCLE_TERMS: Readonly<Record<OikeiosisCircle, RegExp>> = {
  self_preservation: word(["myself", "my health", "my body", "my life", "my own", "my safety", "my sleep"]),
  household: word([
    "family",
    "wife",
    "husband",
    "partner",
    "spouse",
    "child",
    "children",
    "kids?",
    "son",
    "daughter",
    "mother",
    "father",
    "mum",
    "mom",
    "dad",
    "parents?",
    "brother",
    "sister",
    "home",
    "household",
  ]),
  community: word([
    "colleagues?",
    "co-?workers?",
    "team(?:mate)?s?",
    "boss",
    "manager",
    "employees?",
    "company",
    "clients?",
    "customers?",
    "neighbou?rs?",
    "friends?",
    "community",
    "users?",
    "staff",
    "school",
    "landlord",
    "tenants?",
  ]),
  humanity: word(["people", "strangers?", "everyone", "anyone", "no one", "nobody", "the public", "humanity", "society", "citizens", "refugees?", "others"]),
  cosmic: word(["nature", "the planet", "the environment", "future generations", "the world", "the universe", "animals"]),
};

/** Cues that the account itself says a duty was not met. */
export const VIOLATION_CUES = word([
  "lied",
  "lie to",
  "lying",
  "deceived?",
  "deceiving",
  "misled",
  "mislead",
  "cheated",
  "cheat",
  "stole",
  "steal",
  "betrayed?",
  "broke (?:my|a|the) promise",
  "break (?:my|a|the) promise",
  "ignored",
  "ignore",
  "neglected",
  "neglect",
  "abandoned",
  "abandon",
  "hid",
  "hide",
  "concealed",
  "conceal",
  "covered up",
  "cover up",
  "blame",
  "without (?:telling|asking|consent)",
  "didn'?t tell",
  "did not tell",
  "never told",
  "behind (?:his|her|their|my) back",
  "blamed",
  "took credit",
  "humiliated",
  "threatened",
  "harmed",
  "hurt",
  "fired .{0,20} without",
  "exploited",
]);

/**
 * The first sentence in which the account itself shows how the act was reasoned, read by the
 * reader of accounts (@svc/judgment, the one list of deliberation cues): `impulse` for an act done
 * without examination ("without thinking", "I snapped", "so furious I kicked"), `examined` for one
 * weighed or reasoned from principle ("after thinking it over", "because I'd given my word").
 */
export function deliberationSentence(input: string, kind: "impulse" | "examined"): Marker | null {
  const cues = deliberationCues(input);
  const spans = kind === "impulse" ? cues.none : [...cues.considered, ...cues.principled].sort((a, b) => a.start - b.start);
  const first = spans[0];
  if (!first) return null;
  return sentencesOf(input).find((s) => s.start <= first.start && first.start < s.end) ?? null;
}

/** The first sentence matching every given pattern, as a verbatim marker. */
export function firstSentenceMatching(input: string, ...patterns: readonly RegExp[]): Marker | null {
  return sentencesOf(input).find((s) => patterns.every((p) => p.test(s.quote))) ?? null;
}
