import { matchAt, partMatches, spanOf, type Lexicon, type Match, type Part } from "../lexicon";
import { segment } from "../document";
import type { Segment, Span, Token } from "../types";

/**
 * What the readers of first-person accounts share: the account as one segment, and a little
 * grammar over its tokens: who a clause is about (the author, "I" or "we", or someone else), and
 * whether a word is denied ("I wasn't angry", "without any fear"). Deterministic and shallow: a
 * walk over the words of the sentence, no parse.
 */

/** The account as the lexicons read it: one segment, field "input". */
export function accountSegment(text: string): Segment {
  return segment("input", "user", true, text);
}

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

/** The author as a subject ("I", "I'm", "we'd"): their contractions are single tokens. */
export const AUTHOR_SUBJECTS = set("i i'm i'd i've i'll we we're we'd we've we'll");
/** The author as an object or owner. */
const AUTHOR_OBJECTS = set("me us myself ourselves my our mine");
/** Someone else as a subject. */
export const OTHER_SUBJECTS = set(
  "he she they you he's she's they're they've they'd he'd she'd you're you'd you've who whoever everyone everybody someone somebody nobody people anyone anybody",
);
/** Someone else as an object or owner. */
const OTHER_OBJECTS = set("him her them his their your its hers theirs himself herself themselves");

/** Verbs that link a subject to how it feels: "I was furious", "she felt jealous", "he got scared". */
export const LINKING = set(
  "have has had having am is are was were be been being feel feels felt feeling get gets got getting become becomes became grow grows grew growing seem seems seemed look looks looked sound sounded went turned remain remained stay stayed",
);
/** Words a walk to the subject passes over: degree, aspect, auxiliaries, articles, quantities of a feeling. */
const PASS_OVER = set(
  "so too very really quite rather pretty extremely incredibly absolutely utterly completely totally deeply terribly just still even already also always ever suddenly genuinely secretly honestly briefly increasingly frankly truly fairly somewhat slightly mildly a an the bit little lot of such more most less kind sort all would could might must should will shall did do does start started starting began begin beginning actually starting to in with by from out at for some any much no not never flash sting pang surge wave twinge rush fit burst touch hint spark moment bout jolt stab tinge sense feeling wee tiny huge real great sudden growing rising quiet own",
);

/** Whose a word is, read from its clause. */
export type Holder = "author" | "other" | null;

const isWord = (t: Token | undefined): t is Token => t !== undefined && t.kind === "word";
const isPossessiveNoun = (t: Token) => t.lower.endsWith("'s") && !AUTHOR_SUBJECTS.has(t.lower) && !OTHER_SUBJECTS.has(t.lower) && t.lower !== "it's" && t.lower !== "that's" && t.lower !== "what's" && t.lower !== "there's";
const STOPS = new Set([".", "!", "?", ";", ":"]);
/** Verbs that make their object feel: "made me feel ashamed", "left him shaking". */
const CAUSATIVE = set("made make makes making left leaves leaving got gets let lets");
/** How far a walk to the subject goes: a clause, not a run-on page (and a bound on the cost). */
const WALK = 40;

/**
 * Who holds the feeling or does the act named by tokens [from, to): the owner right before it
 * ("my anger", "his rage", "made me furious", "made him furious"), else the subject of its clause
 * found by walking back over degree words, auxiliaries and linking verbs ("I was so angry", "my
 * boss was furious", "the woman was in a total panic"), else the first person named after it
 * ("Furious, I grabbed..."). Null when the sentence names no one.
 */
export function holderOf(tokens: readonly Token[], from: number): Holder {
  const sentence = tokens[from]!.sentence;
  let linked = false;
  let adjacent = true;
  for (let i = from - 1; i >= 0 && i >= from - WALK; i--) {
    const t = tokens[i]!;
    if (t.sentence !== sentence || (t.kind === "punct" && STOPS.has(t.text))) break;
    if (t.kind !== "word") {
      adjacent = false;
      continue;
    }
    const w = t.lower;
    if (AUTHOR_SUBJECTS.has(w)) return "author";
    if (OTHER_SUBJECTS.has(w)) return "other";
    if (adjacent && AUTHOR_OBJECTS.has(w)) return "author";
    if (adjacent && (OTHER_OBJECTS.has(w) || isPossessiveNoun(t))) return "other";
    if (LINKING.has(w)) {
      linked = true;
      adjacent = false;
      continue;
    }
    if (PASS_OVER.has(w) || w.endsWith("ly") || t.stem === "not") continue;
    // "made me feel ashamed", "part of me was thrilled": the author as the one who feels.
    if (linked && (w === "me" || w === "us" || w === "him" || w === "them" || w === "her")) {
      const before = tokens[i - 1]?.lower ?? "";
      const partOf = before === "of" && tokens[i - 2]?.lower === "part";
      if (CAUSATIVE.has(before) || partOf) return w === "me" || w === "us" ? "author" : "other";
    }
    // After a linking verb, the first other word is the subject's head: a noun ("my boss was furious").
    if (linked && w !== "and" && w !== "or" && w !== "but" && w !== "then" && w !== "it" && w !== "this" && w !== "that" && w !== "which") return "other";
    adjacent = false;
  }
  // A detached phrase before its clause: "Furious, I slammed the door", "Out of jealousy, I read
  // her messages". The subject is the first word after the comma; without a comma ("Angry
  // customers called") the word qualifies a noun, no one's feeling the account tells.
  let comma = -1;
  for (let i = from + 1; i < tokens.length && i <= from + 8; i++) {
    const t = tokens[i]!;
    if (t.sentence !== sentence || (t.kind === "punct" && t.text !== ",")) break;
    if (t.text === ",") {
      comma = i;
      break;
    }
  }
  const after = comma >= 0 ? tokens[comma + 1] : undefined;
  if (after && after.sentence === sentence && isWord(after)) {
    if (AUTHOR_SUBJECTS.has(after.lower)) return "author";
    if (OTHER_SUBJECTS.has(after.lower)) return "other";
  }
  return null;
}

/** Adverbs and auxiliaries between a subject and its verb: "I then quickly", "I'd already", "we just". */
const BEFORE_VERB = set(
  "then just also still already even never always really quickly quietly finally accidentally deliberately immediately had have has would could did do does was were didn't don't had've 'd to not",
);
const COORDINATION = set("and or but then");

/**
 * The doer of the verb at `from`: the subject right before it ("I hit", "my car hit", "a van hit"),
 * passing adverbs and auxiliaries; through a coordination ("I stopped, called an ambulance and
 * stayed"), the first subject pronoun further back. Null when none is named.
 */
export function agentOf(tokens: readonly Token[], from: number): Holder {
  const sentence = tokens[from]!.sentence;
  let coordinated = false;
  for (let i = from - 1; i >= 0 && i >= from - WALK; i--) {
    const t = tokens[i]!;
    if (t.sentence !== sentence || (t.kind === "punct" && STOPS.has(t.text))) break;
    if (t.kind !== "word") {
      if (t.text === ",") coordinated = true;
      continue;
    }
    const w = t.lower;
    if (AUTHOR_SUBJECTS.has(w)) return "author";
    if (OTHER_SUBJECTS.has(w)) return "other";
    if (BEFORE_VERB.has(w) || w.endsWith("ly") || t.stem === "not") continue;
    if (COORDINATION.has(w)) {
      coordinated = true;
      continue;
    }
    // A noun right before the verb is its subject: someone or something else.
    if (!coordinated) return "other";
  }
  return null;
}

/** Words that, a few words before, deny what follows though they are not negators of the tokenizer. */
const DENIERS = set("without free lack lacking absence");
/** After a negator, these keep the feeling affirmed: "I couldn't hide my anger", "couldn't stop shaking". */
const UNDENYING = set("help hide stop believe contain control shake bear stand wait sleep concentrate think");

/**
 * Whether the word at `from` is denied: in the tokenizer's negation scope ("I wasn't angry", "I felt
 * no resentment", "I never got jealous") unless the negator governs another verb that affirms it
 * ("I couldn't hide my anger", "I've never been so angry"), or just after "without" ("without any fear").
 */
export function denied(tokens: readonly Token[], from: number): boolean {
  const sentence = tokens[from]!.sentence;
  for (let i = from - 1, seen = 0; i >= 0 && seen < 4; i--) {
    const t = tokens[i]!;
    if (t.sentence !== sentence || t.kind === "punct") break;
    seen++;
    if (DENIERS.has(t.lower)) return true;
  }
  if (!tokens[from]!.negated) return false;
  for (let i = from - 1; i >= 0 && i >= from - 12; i--) {
    const t = tokens[i]!;
    if (t.sentence !== sentence) break;
    if (t.stem === "not" || t.lower === "never" || t.lower === "no") {
      for (let k = i + 1; k < from; k++) {
        const w = tokens[k]!.lower;
        if (UNDENYING.has(w) || UNDENYING.has(tokens[k]!.stem)) return false;
        if (t.lower === "never" && w === "been" && ["so", "as", "more"].includes(tokens[k + 1]?.lower ?? "")) return false;
      }
      return true;
    }
  }
  return true;
}

/** A verbatim span of the account, at most 500 characters (the schema's cap on a quote). */
export function quoteOf(segment: Segment, from: number, to: number): Span {
  const start = segment.tokens[from]!.start;
  const end = Math.min(segment.tokens[to - 1]!.end, start + 500);
  return { field: segment.field, start, end, quote: segment.text.slice(start, end) };
}

/** Several lexicons read in one pass: each phrase under its first stem, tagged with its lexicon's index. */
export type TaggedIndex = ReadonlyMap<string, ReadonlyArray<{ readonly parts: readonly Part[]; readonly tag: number }>>;

export function taggedIndex(lexicons: readonly Lexicon[]): TaggedIndex {
  const index = new Map<string, Array<{ parts: readonly Part[]; tag: number }>>();
  lexicons.forEach((lex, tag) => {
    for (const [stem, list] of lex.byFirst) {
      const into = index.get(stem) ?? [];
      for (const parts of list) into.push({ parts, tag });
      index.set(stem, into);
    }
  });
  return index;
}

/** The phrases of every lexicon of the index in the segment, leftmost-longest, never overlapping; on a tie the lexicon listed first. */
export function taggedMatches(segment: Segment, index: TaggedIndex): Array<{ readonly m: Match; readonly tag: number }> {
  const tokens = segment.tokens;
  const out: Array<{ m: Match; tag: number }> = [];
  for (let i = 0; i < tokens.length; i++) {
    const candidates = index.get(tokens[i]!.stem);
    if (!candidates) continue;
    let best = -1;
    let bestTag = -1;
    for (const { parts, tag } of candidates) {
      const head = parts[0]!;
      if ("word" in head && head.word !== undefined && !partMatches(tokens[i]!, head)) continue;
      const end = matchAt(tokens, i + 1, parts, 1);
      if (end <= i || tokens[end - 1]!.sentence !== tokens[i]!.sentence) continue;
      if (end > best || (end === best && tag < bestTag)) {
        best = end;
        bestTag = tag;
      }
    }
    if (best > i) {
      out.push({ m: { segment, from: i, to: best, negated: tokens[i]!.negated, sentence: tokens[i]!.sentence, span: spanOf(segment, i, best) }, tag: bestTag });
      i = best - 1;
    }
  }
  return out;
}
