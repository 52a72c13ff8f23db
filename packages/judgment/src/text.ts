import { stemmer } from "stemmer";
import type { Sentence, Token } from "./types";

/**
 * Tokens with offsets, Porter stems, sentences and negation scope: enough structure to read plain
 * language without a model. Hyphens and underscores separate words and are not tokens themselves
 * ("five-star" reads as "five star", "customers_staging_copy" as "customers staging copy"), so a
 * lexicon phrase matches however the words were joined.
 */

/** What a token is; `scanTokens` implements it by hand (several times faster than matchAll). */
export const TOKEN = /[A-Za-z]+(?:['’][A-Za-z]+)*|\d+(?:[.,]\d+)*|[^\sA-Za-z\d_-]/g;

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isDigit = (c: number) => c >= 48 && c <= 57;
/** JavaScript's \s. */
const isSpace = (c: number) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 160 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;

/** The [start, end) of every match of TOKEN in the text, in order. */
export function scanTokens(text: string, emit: (start: number, end: number) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c) || c === 95 || c === 45) {
      i++;
      continue;
    }
    let j = i + 1;
    if (isLetter(c)) {
      while (j < n && isLetter(text.charCodeAt(j))) j++;
      for (let q = text.charCodeAt(j); j + 1 < n && (q === 39 || q === 0x2019) && isLetter(text.charCodeAt(j + 1)); q = text.charCodeAt(j)) {
        j += 2;
        while (j < n && isLetter(text.charCodeAt(j))) j++;
      }
    } else if (isDigit(c)) {
      while (j < n && isDigit(text.charCodeAt(j))) j++;
      for (let q = text.charCodeAt(j); j + 1 < n && (q === 46 || q === 44) && isDigit(text.charCodeAt(j + 1)); q = text.charCodeAt(j)) {
        j += 2;
        while (j < n && isDigit(text.charCodeAt(j))) j++;
      }
    }
    emit(i, j);
    i = j;
  }
}
const PUNCT = new Set([".", ",", ";", ":", "!", "?"]);
/** Words that open a negation scope. */
const NEGATORS = new Set(["not", "no", "never", "nor", "neither", "none", "nobody", "nothing", "cannot"]);
/** Words that close one (with punctuation and the end of a sentence). */
const SCOPE_BREAKS = new Set([
  "but",
  "however",
  "although",
  "though",
  "instead",
  "rather",
  "because",
  "so",
  "then",
  "unless",
  "except",
  // A subordinate clause has its own verb: "no one will notice if we wipe it", "don't wait until they leave".
  "if",
  "when",
  "whenever",
  "once",
  "while",
  "until",
  "after",
  "before",
  "since",
]);
const NEGATION_WINDOW = 6;
/**
 * "instead of deleting them", "rather than permanently wiping": only the two words right after (the
 * act not done, or its adverb and act) are negated; the clause that follows without a comma
 * ("rather than archiving them delete the audit logs") is done.
 */
const CONTRAST_WINDOW = 2;

const stems = new Map<string, string>();
const STEM_CACHE_LIMIT = 50_000;

export function stemOf(lower: string): string {
  let s = stems.get(lower);
  if (s === undefined) {
    s = /^[a-z]+$/.test(lower) ? stemmer(lower) : lower;
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
    stems.set(lower, s);
  }
  return s;
}

// A word's lower case and its stem come from two functions, not one returning both: an object
// per word was a good part of what tokenizing 10,000 characters allocated.

/** A word in lower case, its curly apostrophes straight. */
function lowerOf(word: string): string {
  const lower = word.toLowerCase();
  return lower.includes("’") ? lower.replace(/’/g, "'") : lower;
}

/** The stem of a word in lower case (as `lowerOf` gives it). */
function wordStem(lower: string): string {
  if (!lower.includes("'")) return stemOf(lower);
  // "don't", "can't", "won't": read as a negator.
  if (lower.endsWith("n't") || lower === "cannot") return "not";
  // "it's", "user's": the possessive or clitic is not part of the word's stem.
  return stemOf(lower.replace(/'(s|re|ll|ve|d|m)$/, ""));
}

export function tokenize(text: string): { tokens: Token[]; sentences: Sentence[] } {
  const tokens: Token[] = [];
  const sentences: Sentence[] = [];
  let sentence = 0;
  let sentenceStart = 0;
  let sentenceFrom = 0;
  let negationLeft = 0;
  let lastEnd = 0;
  const closeSentence = (end: number) => {
    if (tokens.length > sentenceFrom) {
      sentences.push({ index: sentence, start: sentenceStart, end, from: sentenceFrom, to: tokens.length });
      sentence++;
    }
    sentenceFrom = tokens.length;
    negationLeft = 0;
  };
  scanTokens(text, (start, end) => {
    const raw = text.slice(start, end);
    // The apostrophe of a plural possessive ("patients' records", "customers’ card numbers") is
    // part of the word before it, not a token between the word and its noun.
    if ((raw === "'" || raw === "’") && start === lastEnd && tokens.length > sentenceFrom) {
      const prev = tokens[tokens.length - 1]!;
      if (prev.kind === "word" && prev.lower.endsWith("s") && !prev.lower.includes("'")) {
        lastEnd = end;
        return;
      }
    }
    // A blank line or a line break before a capital starts a new sentence.
    if (tokens.length > sentenceFrom && start > lastEnd + 0) {
      let breaks = 0;
      for (let k = lastEnd; k < start; k++) if (text.charCodeAt(k) === 10) breaks++;
      const c = raw.charCodeAt(0);
      if (breaks >= 2 || (breaks === 1 && ((c >= 65 && c <= 90) || isDigit(c) || c === 45 || c === 42 || c === 0x2022))) {
        closeSentence(lastEnd);
        sentenceStart = start;
      }
    }
    if (tokens.length === sentenceFrom) sentenceStart = start;
    const first = raw.charCodeAt(0);
    const isWord = (first >= 65 && first <= 90) || (first >= 97 && first <= 122);
    const isNumber = first >= 48 && first <= 57;
    const kind: Token["kind"] = isWord ? "word" : isNumber ? "number" : PUNCT.has(raw) ? "punct" : "symbol";
    const lower = isWord ? lowerOf(raw) : raw;
    const stem = isWord ? wordStem(lower) : raw;
    if (kind === "punct" || SCOPE_BREAKS.has(lower)) negationLeft = 0;
    const negated = negationLeft > 0 && kind === "word";
    tokens.push({ text: raw, lower, stem, start, end, sentence, negated, kind });
    if (negationLeft > 0) negationLeft--;
    if (kind === "word" && (NEGATORS.has(lower) || stem === "not")) negationLeft = NEGATION_WINDOW;
    // "instead of deleting", "rather than paying": the act after them is the one not done.
    const before = tokens[tokens.length - 2]?.lower;
    if ((lower === "of" && before === "instead") || (lower === "than" && before === "rather")) negationLeft = CONTRAST_WINDOW;
    lastEnd = end;
    if ((raw === "." || raw === "!" || raw === "?") && !(isLetter(text.charCodeAt(end)) || isDigit(text.charCodeAt(end)))) {
      closeSentence(end);
    }
  });
  closeSentence(lastEnd);
  return { tokens, sentences };
}

/** Index of the first token starting at or after the offset (tokens in order): a binary search. */
export function firstTokenAt(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid]!.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
