import { findAll, matchAt, partMatches, spanOf, type Lexicon, type Match, type Part } from "../lexicon";
import { sigmoid } from "../scorer";
import { segment as makeSegment } from "../document";
import { contentWordsOf, STOP_WORDS } from "../rules/lexical";
import type { Segment, Token } from "../types";
import { ACTS, DANGERS, EXAM, GIVING, MOTIVES, NOUNS, REFUSAL, SAYING, UNDERTAKING, VALUABLES, WRONGS, type ActType, type Circle, type NounClass } from "./lexicons";
import WEIGHTS_JSON from "./weights.json";

/**
 * The reader of first-person accounts: the author's acts, each a verb with its object, the circle
 * the object belongs to, and whether it is a wrong or a right; then a score that the act is wrong,
 * by a logistic regression over named features, its weights trained in the repository
 * (packages/local/src/judgment_accounts_train.ts). Pure and deterministic: no I/O.
 *
 *   the author's acts  the subject is "I" or "we": "my brother stole" and "she hit me" are not the
 *                      author's acts (they count as `other.*`).
 *   negation           a wrong not done, or refused ("I didn't lie", "I refused to lie"), is a right
 *                      kept (`right.refrained`); a right not done ("I didn't return it") is a wrong
 *                      by omission (`wrong.omitted`).
 *   the circle         of the object: household (family, partner), community (friends, neighbours,
 *                      colleagues, classmates, customers, one's town), humanity (strangers, people
 *                      at large, an owner not known), cosmic (animals and nature), self_preservation
 *                      (one's own body and health). A harm, a care or a neglect touches the head of
 *                      its object ("my neighbour's dog" is the dog: cosmic); a taking, a deceiving, a
 *                      cheating or a returning touches the person whose it was ("my grandmother's
 *                      purse" is the grandmother: household); a pronoun ("I told her") the person or
 *                      animal named before it. A man or a child met in a shared place (school,
 *                      work, the bar) is community. With no one named, each act has its usual
 *                      circle (a theft or a cheating: community; a harm to nature: cosmic; a found
 *                      thing kept or returned: humanity).
 */

export interface AccountSpan {
  readonly start: number;
  readonly end: number;
  readonly quote: string;
}

export interface AccountAct {
  /** What was done, as its kind: a wrong's or a right's name. */
  readonly type: ActType;
  /** wrong: a wrong done or a right left undone; right: a right done or a wrong refused. */
  readonly polarity: "wrong" | "right";
  readonly how: "done" | "refrained" | "omitted";
  readonly circle: Circle;
  /** Whether the circle was read from a word of the account (false: the act's usual circle). */
  readonly named: boolean;
  /** The act with its object, verbatim. */
  readonly span: AccountSpan;
}

export interface AccountReading {
  readonly acts: readonly AccountAct[];
  /** Named features, sorted: act kinds, circles, others' acts, the account's words (`lex.`). */
  readonly features: readonly string[];
  /** The probability that the account reports a wrong. */
  readonly probability: number;
  /** The wording, for an account whose acts the reader does not know: see AccountWording. */
  readonly wording: AccountWording;
}

/**
 * What the account's words say when no act of the reader's lexicons decides it: the words that
 * weighed most towards a wrong (`toWrong`) and towards a right (`toRight`), each quoted, and who
 * the account is about: the first person, animal or natural thing it names (its circle), else null.
 */
export interface AccountWording {
  readonly toWrong: readonly AccountSpan[];
  readonly toRight: readonly AccountSpan[];
  readonly object: { readonly circle: Circle; readonly kind: NounClass["kind"]; readonly span: AccountSpan } | null;
}

export interface AccountWeights {
  readonly version: string;
  readonly bias: number;
  readonly weights: Readonly<Record<string, number>>;
  /**
   * violated: a wrong read at or above it; met: a right read at or below it. wording_violated,
   * wording_met: the same from the words alone, for an account whose acts decide nothing.
   */
  readonly thresholds: { readonly violated: number; readonly met: number; readonly wording_violated: number; readonly wording_met: number };
}

export const ACCOUNT_WEIGHTS: AccountWeights = WEIGHTS_JSON as AccountWeights;

const WRONG_TYPES: ReadonlySet<ActType> = new Set(WRONGS);
/** Acts that touch the head of their object (the dog), not its owner (the neighbour). */
const TOUCH_HEAD: ReadonlySet<ActType> = new Set(["harm", "harm_animal", "cruelty", "neglect", "caring", "protecting", "helping", "humiliation", "harm_nature"]);
/** The usual circle of an act when the account names no one. */
const USUAL_CIRCLE: Readonly<Record<ActType, Circle>> = {
  theft: "community", harm: "community", harm_animal: "cosmic", harm_nature: "cosmic", deception: "community", broken_promise: "community",
  cheating: "community", neglect: "household", unfairness: "community", humiliation: "community", cruelty: "cosmic", intrusion: "community",
  endangering: "humanity", malice: "community", indecency: "community",
  returning: "community", repairing: "community", keeping_word: "community", protecting: "community", truth: "community", helping: "humanity",
  caring: "household", fairness: "community",
};

const SUBJECT_AUTHOR = new Set(["i", "we"]);
const SUBJECT_OTHER = new Set(["he", "she", "they", "you", "it", "someone", "somebody", "everyone", "everybody", "nobody", "who", "whose", "which", "that", "one", "anyone", "people"]);
/** "I was embarrassed", "we got cheated": the author suffered the act, did not do it. */
const PASSIVE = new Set(["was", "were", "been", "being", "be", "got", "get", "is", "am", "are"]);
const NOMINATIVE_OTHER = new Set(["he", "she", "they"]);
const OBJECT_PRONOUNS = new Set(["him", "her", "them", "me", "us", "you"]);
const SKIP = new Set(
  "did do does had have has was were am is are be been being would could should will shall might may must can not never also then just still even always once finally later soon already ever almost nearly only first again anyway sometimes often usually both all really actually".split(" "),
);
const COORDINATORS = new Set(["and", "or", "then", "but", "nor"]);
const CLAUSE_OPENERS = new Set(["when", "while", "because", "after", "before", "since", "as", "until", "although", "though", "if", "so", "whenever", "once"]);
const CLAUSE_BREAKS = new Set([...CLAUSE_OPENERS, "and", "but", "or", "then", "yet"]);
const DETERMINERS = new Set(["a", "an", "the", "some", "another", "this", "that", "his", "her", "their", "its", "whose", "someone's", "somebody's"]);
/** Words of a found thing: kept or returned, it touches a stranger. */
const FOUND = new Set(["found", "find", "dropped", "lost", "left", "forgot", "forgotten"]);

const OBJECT_WINDOW = 10;
/** The most words a "*" of an act's phrase stands for. */
const GAP = 4;

/** The end of `parts` (from part k) matched from token i, a "*" standing for one to GAP words of the sentence, or -1: the longest. */
function matchGapped(tokens: readonly Token[], i: number, parts: readonly Part[], k: number, to: number): number {
  if (k === parts.length) return i;
  const part = parts[k]!;
  if ("any" in part) {
    let best = -1;
    for (let g = 1; g <= GAP && i + g <= to; g++) {
      const x = tokens[i + g - 1]!;
      if (x.kind !== "word" && x.kind !== "number" && !(x.text === "'" || x.text === "’")) break;
      const r = matchGapped(tokens, i + g, parts, k + 1, to);
      if (r > best) best = r;
    }
    return best;
  }
  const t = tokens[i];
  if (i < to && t && partMatches(t, part)) {
    const r = matchGapped(tokens, i + 1, parts, k + 1, to);
    if (r >= 0) return r;
  }
  return part.optional ? matchGapped(tokens, i, parts, k + 1, to) : -1;
}

/** The longest end of a phrase of `phrases` matched at token i, or -1. */
function longestAt(tokens: readonly Token[], i: number, phrases: readonly (readonly Part[])[], to: number): number {
  const t = tokens[i]!;
  let end = -1;
  for (const parts of phrases) {
    const head = parts[0]!;
    if ("word" in head && head.word !== undefined && t.lower !== head.word && t.lower !== `${head.word}'s`) continue;
    const e = matchGapped(tokens, i + 1, parts, 1, to);
    if (e > end) end = e;
  }
  return end;
}

/** Every match of the lexicon, its "*" a gap: leftmost-longest, never overlapping, within a sentence. */
function findGapped(segment: Segment, lex: Lexicon): Array<{ from: number; to: number; sentence: number; negated: boolean }> {
  const out: Array<{ from: number; to: number; sentence: number; negated: boolean }> = [];
  for (const sentence of segment.sentences)
    for (let i = sentence.from; i < sentence.to; i++) {
      const phrases = lex.byFirst.get(segment.tokens[i]!.stem);
      if (!phrases) continue;
      const end = longestAt(segment.tokens, i, phrases, sentence.to);
      if (end > i) {
        out.push({ from: i, to: end, sentence: sentence.index, negated: segment.tokens[i]!.negated });
        i = end - 1;
      }
    }
  return out;
}

/** The act lexicons by first stem, in ACTS order: one lookup per token. */
const ACT_INDEX = new Map<string, Array<{ readonly act: (typeof ACTS)[number]; readonly phrases: readonly (readonly Part[])[] }>>();
for (const act of ACTS)
  for (const [stem, phrases] of act.lex.byFirst) {
    const list = ACT_INDEX.get(stem) ?? [];
    list.push({ act, phrases });
    ACT_INDEX.set(stem, list);
  }

/** Whose act the verb at token v is: the author's, another's. */
/** Acts that open on a preposition ("without asking", "under five names") hang on the verb before. */
const PREPOSITIONS = new Set(["without", "by", "under", "instead", "rather", "after", "before", "while"]);

function subjectOf(tokens: readonly Token[], from: number, v: number, nouns: ReadonlyMap<number, NounAt>): "author" | "other" {
  let mode: "adjacent" | "coordinate" | "infinitive" = PREPOSITIONS.has(tokens[v]!.lower) ? "coordinate" : "adjacent";
  for (let j = v - 1; j >= from; j--) {
    const t = tokens[j]!;
    if (t.kind === "punct") {
      if (t.text === ",") {
        if (mode === "adjacent") mode = "coordinate";
        continue;
      }
      break;
    }
    if (t.kind !== "word") continue;
    const stem = t.stem;
    if (SUBJECT_AUTHOR.has(stem) || SUBJECT_AUTHOR.has(t.lower)) return "author";
    // Right before the verb any of these is its subject; further back only a nominative one is
    // ("got a flat tyre on it, and returned it": "it" is the object of the verb before).
    if (SUBJECT_OTHER.has(t.lower) || SUBJECT_OTHER.has(stem)) {
      if (mode === "adjacent" || NOMINATIVE_OTHER.has(stem)) return "other";
      continue;
    }
    if (SKIP.has(t.lower) || stem === "not" || (t.lower.length > 4 && t.lower.endsWith("ly"))) continue;
    if (t.lower === "to") {
      mode = "infinitive";
      continue;
    }
    if (COORDINATORS.has(t.lower)) {
      if (mode === "adjacent") mode = "coordinate";
      continue;
    }
    if (CLAUSE_OPENERS.has(t.lower)) return "author";
    if (mode === "infinitive" && OBJECT_PRONOUNS.has(t.lower)) return "other";
    if (mode === "adjacent") {
      // A noun right before the verb is its subject ("my brother stole", "the dog bit"); another
      // word is a verb the act hangs on ("I kept shoving", "I went shopping").
      const before = tokens[j - 1];
      const named = nounAt(nouns, j) !== undefined;
      const capital = j > from && t.text.charCodeAt(0) >= 65 && t.text.charCodeAt(0) <= 90;
      if (named || capital || (before && DETERMINERS.has(before.lower)) || before?.lower === "my" || before?.lower === "our") return "other";
      mode = "coordinate";
    }
  }
  // No pronoun before the verb: a sentence that opens on a noun phrase ("The dog next door bit…")
  // has that noun for its subject; one that opens on the verb is the author's ("Took the cash.").
  const opener = tokens[from];
  if (opener && opener.kind === "word" && from < v && (DETERMINERS.has(opener.lower) || ["my", "our", "your"].includes(opener.lower))) return "other";
  return "author";
}

/** The noun covering token j, if any. */
function nounAt(nouns: ReadonlyMap<number, NounAt>, j: number): NounAt | undefined {
  for (let k = j; k >= 0 && j - k < 4; k--) {
    const n = nouns.get(k);
    if (n) return n.to > j ? n : undefined;
  }
  return undefined;
}

interface NounAt {
  readonly circle: Circle;
  readonly kind: NounClass["kind"];
  readonly possessive: boolean;
  readonly from: number;
  readonly to: number;
}

/** Places and groups shared with the people in them: there "a man", "the boy" is one's community. */
const SETTINGS = new Set([
  "team", "class", "classroom", "school", "office", "work", "queue", "bar", "pub", "club", "gym", "church", "neighbourhood", "neighborhood", "street", "estate", "building",
  "shift", "test", "exam", "meeting", "party", "group", "staff", "company", "shop", "store", "cafe", "restaurant", "pharmacy", "lockers", "next", "village", "town",
]);
/** Humanity words that stay humanity wherever they are: strangers and people at large. */
const AT_LARGE = new Set(["stranger", "strangers", "public", "world", "society", "humanity", "owner", "refugee", "refugees", "charity", "beggar", "homeless", "tourist", "citizens", "voters"]);

/** The circle noun starting at each token (the first class that claims it), with a determiner's say. */
function nounsOf(segment: Segment): Map<number, NounAt> {
  const at = new Map<number, NounAt>();
  const tokens = segment.tokens;
  const shared = tokens.some((t) => t.kind === "word" && SETTINGS.has(t.lower));
  // One pass in reading order, so "my friend's mum" knows the friend before the mum.
  for (const sentence of segment.sentences)
    for (let i = sentence.from; i < sentence.to; i++) {
      let m: { from: number; to: number } | undefined;
      let cls: NounClass | undefined;
      for (const entry of NOUN_INDEX.get(tokens[i]!.stem) ?? []) {
        const end = longestExact(tokens, i, entry.phrases, sentence.to);
        if (end > i) {
          m = { from: i, to: end };
          cls = entry.cls;
          break;
        }
      }
      if (!m || !cls) continue;
      i = m.to - 1;
      let circle = cls.circle;
      // "a child", "the new kid", "their son", "my friend's mum": another's household is not the author's.
      if (circle === "household") {
        for (let k = m.from - 1; k >= Math.max(0, m.from - 3); k--) {
          const before = tokens[k]!;
          if (before.kind !== "word" || before.lower === "my" || before.lower === "our") break;
          if (DETERMINERS.has(before.lower)) {
            circle = "humanity";
            break;
          }
          if (/['’]s$/.test(before.lower)) {
            circle = nounAt(at, k)?.circle ?? "humanity";
            break;
          }
        }
      }
      // "the guy who cut in front of me at the bar", "the boy in my class": met where one belongs.
      if (circle === "humanity" && shared && cls.kind === "person" && !AT_LARGE.has(tokens[m.from]!.lower.replace(/['’]s$/, ""))) circle = "community";
      const last = tokens[m.to - 1]!;
      at.set(m.from, { circle, kind: cls.kind, possessive: /['’]s$/.test(last.lower) || (tokens[m.to]?.text === "'" && last.lower.endsWith("s")), from: m.from, to: m.to });
    }
  return at;
}

/** The noun classes by first stem, in NOUNS order. */
const NOUN_INDEX = new Map<string, Array<{ readonly cls: NounClass; readonly phrases: readonly (readonly Part[])[] }>>();
for (const cls of NOUNS)
  for (const [stem, phrases] of cls.lex.byFirst) {
    const list = NOUN_INDEX.get(stem) ?? [];
    list.push({ cls, phrases });
    NOUN_INDEX.set(stem, list);
  }

/** The longest end of a phrase matched at token i, "*" one word (lexicon.ts's matcher), or -1. */
function longestExact(tokens: readonly Token[], i: number, phrases: readonly (readonly Part[])[], to: number): number {
  const t = tokens[i]!;
  let end = -1;
  for (const parts of phrases) {
    const head = parts[0]!;
    if ("word" in head && head.word !== undefined && !partMatches(t, head)) continue;
    const e = matchAt(tokens, i + 1, parts, 1);
    if (e > end && e <= to) end = e;
  }
  return end;
}

/** The nearest person or animal named before token i in the account: what a pronoun stands for. */
function antecedentOf(nouns: ReadonlyMap<number, NounAt>, i: number): NounAt | undefined {
  let best: NounAt | undefined;
  for (const n of nouns.values()) if ((n.kind === "person" || n.kind === "animal") && n.to <= i && (!best || n.from > best.from)) best = n;
  return best;
}

/** The end (exclusive) of the object window after token `end`: the clause's end or OBJECT_WINDOW words. */
function windowEnd(tokens: readonly Token[], end: number, sentenceTo: number): number {
  let k = end;
  let words = 0;
  while (k < sentenceTo && words < OBJECT_WINDOW) {
    const t = tokens[k]!;
    if (t.kind === "punct" || (t.kind === "word" && CLAUSE_BREAKS.has(t.lower))) break;
    if (t.kind === "word") words++;
    k++;
  }
  return k;
}

/** Whether a refusal ("refused to", "resisted the urge to", "instead of") ends just before token i. */
function refusedBefore(refusals: readonly Match[], i: number): boolean {
  return refusals.some((m) => m.to <= i && i - m.to <= 2);
}

function actsOf(segment: Segment): { acts: AccountAct[]; others: Set<string>; nouns: Map<number, NounAt> } {
  const { tokens, sentences } = segment;
  const nouns = nounsOf(segment);
  const valuables = findAll(segment, VALUABLES);
  const exams = findAll(segment, EXAM);
  const refusals = findAll(segment, REFUSAL);
  const acts: AccountAct[] = [];
  const others = new Set<string>();
  const claimed = new Set<number>();
  for (const sentence of sentences) {
    for (let i = sentence.from; i < sentence.to; i++) {
      const t = tokens[i]!;
      if (t.kind !== "word" || claimed.has(i)) continue;
      for (const { act: a, phrases } of ACT_INDEX.get(t.stem) ?? []) {
        const end = longestAt(tokens, i, phrases, sentence.to);
        if (end < 0) continue;
        // A verb's stem on a noun: "the bully's fights", "plates and mugs", "a drowning man".
        const prev = tokens[i - 1];
        if (prev && PASSIVE.has(prev.lower) && /(?:ed|en)$/.test(t.lower)) continue;
        if (prev && prev.kind === "word" && (DETERMINERS.has(prev.lower) || prev.lower === "my" || prev.lower === "our" || prev.lower === "your" || prev.lower === "those")) continue;
        if (t.lower.endsWith("s") && !t.lower.endsWith("ss") && !(prev && ["he", "she", "it", "who", "one"].includes(prev.lower)) && phrases.every((parts) => !("word" in parts[0]! && parts[0]!.word !== undefined))) continue;
        const wEnd = windowEnd(tokens, end, sentence.to);
        const candidates: NounAt[] = [];
        for (let k = i + 1; k < wEnd; k++) {
          const n = nouns.get(k);
          if (n) candidates.push(n);
        }
        // "a stranger's drink" is harm to the stranger; "my son's hair", cut, is not harm to him.
        const beings = candidates.filter((n) => (n.kind === "person" || n.kind === "animal") && !(n.possessive && t.lower === "cut"));
        const objectWords = tokens.slice(end, wEnd).filter((x) => x.kind === "word");
        const pronounObject = objectWords.length > 0 && OBJECT_PRONOUNS.has(objectWords[0]!.lower) && objectWords[0]!.lower !== "me" && objectWords[0]!.lower !== "us";
        // "threw a rock at it": an animal named before in the account.
        const animalBefore = objectWords.some((x) => x.lower === "it") ? [...nouns.values()].find((n) => n.kind === "animal" && n.to <= i) : undefined;
        if (a.need === "being" && beings.length === 0 && !pronounObject && !animalBefore) continue;
        if (animalBefore && beings.length === 0) candidates.push(animalBefore);
        let objectEnd = end;
        if (a.need === "valuable") {
          // Not one's own: "I took my wallet" is no theft, "I took my son to school" none either.
          const first = tokens[end];
          if (first?.lower === "my" || first?.lower === "our") {
            // "my little brother's birthday money" is another's; "my wallet" one's own.
            const owner = candidates.find((n) => n.from > end && n.from <= end + 3);
            if (!owner?.possessive || owner.kind !== "person") continue;
          }
          if (nouns.get(end)?.kind === "person" && !nouns.get(end)!.possessive) continue;
          // "took him to school", "kept them safe"; but "kept her grandmother's ring" is a thing of hers.
          if (first && ["him", "them", "me", "us", "you"].includes(first.lower)) continue;
          const thing = valuables.find((m) => m.from >= end && m.from < wEnd && tokens[m.from - 1]?.lower !== "my" && tokens[m.from - 1]?.lower !== "our");
          // "I found a wallet and kept it": the thing named before, taken up by "it".
          const back = !thing && (first?.lower === "it" || first?.lower === "them") ? valuables.find((m) => m.sentence === t.sentence && m.to <= i) : undefined;
          // "ate my roommate's cake", "took paper home from the office": another's thing.
          const anothers = candidates.find((n) => n.kind === "person" && n.possessive);
          if (!thing && !back && !anothers) continue;
          objectEnd = thing ? thing.to : anothers ? anothers.to : end + 1;
        }
        if (a.need === "anothers") {
          // Something of another person's, named right after the verb: "used my neighbour's wifi".
          const owner = candidates.find((n) => n.kind === "person" && n.possessive && n.from <= end + 3);
          if (!owner) continue;
          objectEnd = owner.to;
        }
        if (a.need === "exam") {
          const paper = exams.find((m) => m.from >= end && m.from < wEnd);
          if (!paper) continue;
          objectEnd = paper.to;
        }
        // The act is the author's.
        const subject = subjectOf(tokens, sentence.from, i, nouns);
        let type: ActType = a.type;
        const headFirst = TOUCH_HEAD.has(type);
        const heads = candidates.filter((n) => !n.possessive);
        const persons = candidates.filter((n) => n.kind === "person" || n.kind === "self");
        const chosen = headFirst ? (heads[0] ?? candidates[0]) : (persons[0] ?? candidates[0]);
        // "I told her", "I kicked her across the room": the being named before in the account.
        const referent = !chosen && (pronounObject || objectWords.length === 0 || ["his", "her", "their"].includes(objectWords[0]!.lower)) ? antecedentOf(nouns, i) : undefined;
        const target = chosen ?? referent;
        if (type === "harm" && target?.kind === "animal") type = "harm_animal";
        if (type === "harm" && target?.kind === "nature") type = "harm_nature";
        let circle: Circle = chosen?.circle ?? referent?.circle ?? USUAL_CIRCLE[type];
        // Cheating wrongs the body whose rules it breaks (a class, a club, an employer), whoever helped.
        if (type === "cheating" && circle !== "household") circle = "community";
        if (!chosen && (type === "theft" || type === "returning") && tokens.slice(sentence.from, sentence.to).some((x) => FOUND.has(x.lower))) circle = "humanity";
        const negated = t.negated || refusedBefore(refusals, i);
        const wrong = WRONG_TYPES.has(type);
        const polarity = wrong !== negated ? "wrong" : "right";
        const how = negated ? (wrong ? "refrained" : "omitted") : "done";
        let last = Math.max(objectEnd, chosen ? chosen.to : end);
        // "my grandmother's" is whose; the quote goes on to what: "my grandmother's purse".
        for (let k = last, words = 0; words < 3 && k < wEnd && /['’]s$/.test(tokens[last - 1]!.lower); k++, words++) {
          const x = tokens[k]!;
          if (x.kind !== "word" || STOP_WORDS.has(x.lower)) break;
          last = k + 1;
          if (nouns.has(k) || valuables.some((m) => m.from === k)) break;
        }
        const span = spanOf(segment, i, last);
        if (subject === "other") others.add(polarity);
        else acts.push({ type, polarity, how, circle, named: chosen !== undefined || referent !== undefined, span: { start: span.start, end: span.end, quote: span.quote } });
        for (let k = i; k < end; k++) claimed.add(k);
        break;
      }
    }
  }
  // Words the account itself belies: "I told my sister it was brilliant when I hadn't read it" is a
  // deception; "I promised to help my friend move, then went to the beach" a promise broken.
  const belied = (lex: typeof SAYING, type: "deception" | "broken_promise", test: (k: number, sentence: { from: number; to: number }) => number) => {
    for (const found of findGapped(segment, lex)) {
      const m = { ...found, span: spanOf(segment, found.from, found.to) };
      if (m.negated || subjectOf(tokens, sentences[m.sentence]!.from, m.from, nouns) !== "author") continue;
      // A saying read as a truth told may yet be belied ("I told the bartender I was 24 although I was 17").
      const covering = acts.findIndex((x) => x.span.start <= m.span.start && x.span.end > m.span.start);
      if (covering >= 0 && acts[covering]!.type !== "truth") continue;
      const sentence = sentences[m.sentence]!;
      let last = -1;
      for (let k = m.to; k < sentence.to && last < 0; k++) last = test(k, sentence);
      // The next sentence, when short, may belie the saying: "I told the landlord it was there. It wasn't."
      const next = sentences[m.sentence + 1];
      if (last < 0 && type === "deception" && next && next.to - next.from <= 8) {
        for (let k = next.from; k < next.to && last < 0; k++) if (tokens[k]!.stem === "not" || tokens[k]!.lower === "actually" || tokens[k]!.lower === "never") last = sentence.to;
      }
      if (last < 0) continue;
      let chosen: NounAt | undefined;
      for (let j = m.to; j < Math.min(last, sentence.to) && !chosen; j++) {
        const n = nouns.get(j);
        if (n && n.kind === "person") chosen = n;
      }
      const span = spanOf(segment, m.from, Math.min(last, sentence.to));
      if (covering >= 0) acts.splice(covering, 1);
      acts.push({ type, polarity: "wrong", how: "done", circle: chosen?.circle ?? USUAL_CIRCLE[type], named: chosen !== undefined, span: { start: span.start, end: span.end, quote: span.quote } });
    }
  };
  const word = (k: number) => tokens[k]?.kind === "word" ? tokens[k]!.lower : "";
  belied(SAYING, "deception", (k, sentence) => {
    const w = word(k);
    if (w === "actually" || w === "falsely" || w === "false" || w === "untrue") return Math.min(k + 2, sentence.to);
    // "... when I hadn't", "though it was mine", "so she would miss it"
    if (w === "when" || w === "though" || w === "although" || w === "but") {
      const who = tokens[k + 1];
      const next = tokens[k + 2];
      if (who && next && SUBJECT_AUTHOR.has(who.stem) && (next.stem === "not" || ["never", "knew", "really", "actually"].includes(next.lower) || (next.lower === "was" && ["only", "really", "actually", "not"].includes(word(k + 3))) || (next.lower === "had" && word(k + 3) === "never"))) return Math.min(k + 4, sentence.to);
      if (who && next && (who.lower === "it" || who.lower === "they") && next.lower === "was" && word(k + 3) === "mine") return Math.min(k + 4, sentence.to);
    }
    if (w === "so" && ["he", "she", "they"].includes(word(k + 1)) && word(k + 2) === "would") return Math.min(k + 4, sentence.to);
    return -1;
  });
  belied(UNDERTAKING, "broken_promise", (k, sentence) => {
    const w = word(k);
    if (!(w === "then" || w === "but" || w === "and" || w === "yet")) return -1;
    for (let j = k + 1; j < Math.min(k + 5, sentence.to); j++) {
      const x = tokens[j]!;
      if (x.stem === "not" || ["never", "forgot", "instead", "went", "pull", "pulled", "backed", "bailed", "cancelled", "canceled", "skipped", "ignored", "kept", "called", "stopped", "didn't", "took", "told", "borrowed", "that"].includes(x.lower)) return Math.min(j + 3, sentence.to);
    }
    return -1;
  });
  // A dangerous thing given or left to a child or an animal: "gave the thirsty 13 year old a glass
  // of wine", "handed my toddler the scissors"; not "kept the knives away from my toddler".
  const dangers = findAll(segment, DANGERS);
  const giving = findAll(segment, GIVING);
  for (const m of giving) {
    if (m.negated || subjectOf(tokens, sentences[m.sentence]!.from, m.from, nouns) !== "author") continue;
    // A giving read as a help ("fed the dog") is read again if what was given is a danger.
    const covering = acts.findIndex((x) => x.span.start <= m.span.start && x.span.end > m.span.start);
    if (covering >= 0 && acts[covering]!.polarity === "wrong") continue;
    const sentence = sentences[m.sentence]!;
    const wEnd = Math.min(sentence.to, windowEnd(tokens, m.to, sentence.to) + 2);
    const danger = dangers.find((d) => d.from >= m.to && d.from < wEnd);
    if (!danger) continue;
    const around = tokens.slice(sentence.from, sentence.to).map((x) => x.lower);
    if (["away", "reach", "locked", "safely", "safe", "supervised", "vet", "prescribed"].some((w) => around.includes(w))) continue;
    let victim: NounAt | undefined;
    for (let k = m.to; k < wEnd && !victim; k++) {
      const n = nouns.get(k);
      if (n && (n.kind === "animal" || (n.kind === "person" && /^(?:baby|babies|child|children|kid|kids|toddler|toddlers|son|daughter|infant|newborn|twins|students?|pupils?|boy|girl|nieces?|nephews?|grandchildren|grandson|granddaughter|brother|sister|year|teenager|teen|minor)$/.test(tokens[n.from]!.lower.replace(/['’]s$/, ""))))) victim = n;
    }
    // "gave him peanut butter cookies" where the sentence names his allergy, or names the child before.
    if (!victim && OBJECT_PRONOUNS.has(tokens[m.to]?.lower ?? "")) {
      const vulnerable = around.some((w) => /^(?:allerg|diabet|pregnan|alcoholic|sober|asthma|epilep)/.test(w));
      for (let k = m.from - 1; k >= sentence.from && !victim; k--) {
        const n = nouns.get(k);
        if (n && (n.kind === "animal" || n.kind === "person") && (vulnerable || n.kind === "animal")) victim = n;
      }
    }
    if (!victim) continue;
    const span = spanOf(segment, m.from, Math.max(danger.to, victim.to, m.to));
    if (covering >= 0) acts.splice(covering, 1);
    acts.push({ type: "endangering", polarity: "wrong", how: "done", circle: victim.circle, named: true, span: { start: span.start, end: span.end, quote: span.quote } });
  }
  // "I knew he was allergic to peanuts, so I added peanuts to his meal": the allergen given.
  for (let k = 0; k + 2 < tokens.length; k++) {
    if (!(tokens[k]!.lower.startsWith("allergic") && tokens[k + 1]!.lower === "to")) continue;
    const allergen = tokens[k + 2]!;
    const sentence = sentences[allergen.sentence]!;
    for (let j = sentence.from; j < sentence.to; j++) {
      if (j === k + 2 || tokens[j]!.stem !== allergen.stem) continue;
      const verb = giving.find((m) => m.sentence === allergen.sentence && m.from < j && j - m.to <= 6 && !m.negated);
      if (!verb || subjectOf(tokens, sentence.from, verb.from, nouns) !== "author") continue;
      if (acts.some((x) => x.type === "endangering" && x.span.start <= verb.span.start && x.span.end > verb.span.start)) break;
      const victim = antecedentOf(nouns, j + 1);
      const span = spanOf(segment, verb.from, j + 1);
      acts.push({ type: "endangering", polarity: "wrong", how: "done", circle: victim?.circle ?? USUAL_CIRCLE.endangering, named: victim !== undefined, span: { start: span.start, end: span.end, quote: span.quote } });
      break;
    }
  }
  // A bad end given for an act of the author's: "I called the police on my neighbour because he is gay".
  for (const m of findGapped(segment, MOTIVES)) {
    if (m.negated) continue;
    const sentence = sentences[m.sentence]!;
    // The author's act: "I" or "we" before the end given ("He hid my shoes as a prank" is not).
    let author = false;
    for (let k = sentence.from; k < m.from && !author; k++) author = tokens[k]!.kind === "word" && SUBJECT_AUTHOR.has(tokens[k]!.stem);
    if (!author) continue;
    if (acts.some((x) => x.polarity === "wrong" && x.span.start >= tokens[sentence.from]!.start && x.span.end <= tokens[sentence.to - 1]!.end)) continue;
    let chosen: NounAt | undefined;
    for (let k = sentence.from; k < sentence.to && !chosen; k++) {
      const n = nouns.get(k);
      if (n && n.kind !== "self") chosen = n;
    }
    // The act is the sentence up to its end: quote from the sentence's first word to the motive's end.
    const span = spanOf(segment, sentence.from, m.to);
    acts.push({ type: "malice", polarity: "wrong", how: "done", circle: chosen?.circle ?? USUAL_CIRCLE.malice, named: chosen !== undefined, span: { start: span.start, end: span.end, quote: span.quote } });
  }
  // What a broken promise promised was not done: "I promised to help… then went to the beach".
  const broken = acts.filter((a) => a.type === "broken_promise");
  const kept = acts.filter((a) => !(a.polarity === "right" && broken.some((b) => b.span.start <= a.span.start && a.span.end <= b.span.end)));
  kept.sort((x, y) => x.span.start - y.span.start);
  return { acts: kept, others, nouns };
}

/** Putting right after a wrong: returning, repairing or owning up after it ("I dented the car and left a note"). */
export function amendsOf(acts: readonly AccountAct[]): boolean {
  const firstWrong = acts.find((a) => a.polarity === "wrong" && a.how === "done");
  return firstWrong !== undefined && acts.some((a) => a.how === "done" && AMENDS.has(a.type) && a.span.start > firstWrong.span.start);
}
const AMENDS: ReadonlySet<ActType> = new Set(["repairing", "returning", "truth", "protecting"]);



/**
 * The features: each act by its kind (`wrong.theft`, `right.returning`; `right.refrained` for a wrong
 * refused, `wrong.omitted` for a right left undone), each circle by the side its act is on
 * (`circle.household.wrong`), acts pulling both ways (`act.mixed`), a wrong put right after it
 * (`act.amends`), and acts of others (`other.wrong`, `other.right`). The account's words are
 * weighed beside them (`lex.<stem>`, as the guardrail's wording; see readAccount).
 */
export function featuresOfActs(acts: readonly AccountAct[], others: ReadonlySet<string>): string[] {
  const features = new Set<string>();
  for (const a of acts) {
    if (a.how === "done") features.add(`${a.polarity}.${a.type}`);
    else features.add(a.how === "refrained" ? "right.refrained" : "wrong.omitted");
    // The circle, by the side it is on: a wrong to the household and a right to it weigh apart.
    features.add(`circle.${a.circle}.${a.polarity}`);
  }
  if (acts.some((a) => a.polarity === "wrong") && acts.some((a) => a.polarity === "right")) features.add("act.mixed");
  if (amendsOf(acts)) features.add("act.amends");
  for (const p of others) features.add(`other.${p}`);
  return [...features].sort();
}

export function probabilityOf(features: readonly string[], weights: AccountWeights = ACCOUNT_WEIGHTS): number {
  let z = weights.bias;
  for (const f of features) z += weights.weights[f] ?? 0;
  return sigmoid(z);
}

/** Words quoted per side of the wording. */
const WORDING_QUOTES = 3;

/** Who the account is about: the first person, animal or natural thing it names, not the author's own body. */
function objectOf(segment: Segment, nouns: ReadonlyMap<number, NounAt>): AccountWording["object"] {
  let self: NounAt | undefined;
  for (const n of nouns.values()) {
    if (n.kind !== "self") return { circle: n.circle, kind: n.kind, span: quoteOf(segment, n.from, n.to) };
    self ??= n;
  }
  return self ? { circle: self.circle, kind: self.kind, span: quoteOf(segment, self.from, self.to) } : null;
}

function quoteOf(segment: Segment, from: number, to: number): AccountSpan {
  const span = spanOf(segment, from, to);
  return { start: span.start, end: span.end, quote: span.quote };
}

/**
 * The account read: the author's acts, the features (the acts' and the account's words), the
 * probability that it reports a wrong, and the wording. The words weigh with the acts: trained on
 * twin accounts that share their topic and differ in what makes the act wrong, a word's weight says
 * how it tilts an account ("without asking", "secretly", "back to her"), and where the lexicons of
 * acts read nothing the words alone may decide (offline_extractor.ts, at their own thresholds).
 */
export function readAccount(text: string, weights: AccountWeights = ACCOUNT_WEIGHTS, segment: Segment = makeSegment("account", "user", true, text)): AccountReading {
  const { acts, others, nouns } = actsOf(segment);
  // A wrong refused is read as a word denied: "I refused to mock her" weighs "mock" as not done.
  const refrained = acts.filter((a) => a.how === "refrained").map((a) => a.span);
  const inRefrained = (i: number) => refrained.some((r) => segment.tokens[i]!.start >= r.start && segment.tokens[i]!.end <= r.end);
  const words = contentWordsOf(segment, 1, new Map(), refrained.length > 0 ? inRefrained : undefined);
  const features = [...new Set([...featuresOfActs(acts, others), ...words.keys()])].sort();
  const weighed = [...words]
    .map(([feature, at]) => ({ weight: weights.weights[feature] ?? 0, at: at[0]! }))
    .filter((w) => w.weight !== 0)
    .sort((a, b) => b.weight - a.weight || a.at - b.at);
  const quoted = (list: typeof weighed) => list.slice(0, WORDING_QUOTES).map((w) => quoteOf(segment, w.at, w.at + 1));
  return {
    acts,
    features,
    probability: probabilityOf(features, weights),
    wording: {
      toWrong: quoted(weighed.filter((w) => w.weight > 0)),
      toRight: quoted(weighed.filter((w) => w.weight < 0).reverse()),
      // An account of what someone else did ("my brother took…") names no one the author acted on.
      object: acts.length === 0 && others.size > 0 ? null : objectOf(segment, nouns),
    },
  };
}
