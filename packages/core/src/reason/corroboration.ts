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
    "family", "wife", "husband", "partner", "spouse", "child", "children", "kids?", "son", "daughter",
    "mother", "father", "mum", "mom", "dad", "parents?", "brother", "sister", "home", "household",
  ]),
  community: word([
    "colleagues?", "co-?workers?", "team(?:mate)?s?", "boss", "manager", "employees?", "company", "clients?",
    "customers?", "neighbou?rs?", "friends?", "community", "users?", "staff", "school", "landlord", "tenants?",
  ]),
  humanity: word(["people", "strangers?", "everyone", "anyone", "no one", "nobody", "the public", "humanity", "society", "citizens", "refugees?", "others"]),
  cosmic: word(["nature", "the planet", "the environment", "future generations", "the world", "the universe", "animals"]),
};

/** Cues that the account itself says a duty was not met. */
export const VIOLATION_CUES = word([
  "lied", "lie to", "lying", "deceived?", "deceiving", "misled", "mislead", "cheated", "cheat", "stole", "steal", "betrayed?", "broke (?:my|a|the) promise",
  "break (?:my|a|the) promise", "ignored", "ignore", "neglected", "neglect", "abandoned", "abandon", "hid", "hide", "concealed", "conceal",
  "covered up", "cover up", "blame", "without (?:telling|asking|consent)",
  "didn'?t tell", "did not tell", "never told", "behind (?:his|her|their|my) back", "blamed", "took credit",
  "humiliated", "threatened", "harmed", "hurt", "fired .{0,20} without", "exploited",
]);

/** Cues that an act was examined before it was done. */
export const DELIBERATION_CUES = word([
  "considered", "weighed", "reflected", "thought (?:it )?(?:through|about|carefully)", "deliberated", "asked for advice",
  "consulted", "slept on it", "took (?:time|a moment) to", "reviewed", "paused", "looked at (?:the|both) (?:options|sides)",
]);

/** Cues that an act was done without examination. */
export const IMPULSIVITY_CUES = word([
  "without thinking", "didn'?t think", "did not think", "impulsively", "on impulse", "in the heat of the moment",
  "snapped", "immediately", "on the spot", "before I could think", "lost my temper", "blurted", "rashly", "instantly",
]);

/** The first sentence matching every given pattern, as a verbatim marker. */
export function firstSentenceMatching(input: string, ...patterns: readonly RegExp[]): Marker | null {
  return sentencesOf(input).find((s) => patterns.every((p) => p.test(s.quote))) ?? null;
}
