import { memoised } from "../memo";
import { matchAt, matchOf, type Lexicon, type Part } from "../lexicon";
import { stemOf } from "../text";
import type { Hit, Segment, Span, Token } from "../types";

/**
 * Helpers shared by the modifier, aggravator and injected-instruction rules: matches found by
 * lexicon or by exact lower-case word, dropped when negated or when a blocker word ("without",
 * "skip", "no") sits just before them in the same sentence, and hits built from the matches.
 */

export interface Found {
  readonly segment: Segment;
  readonly from: number;
  readonly to: number;
  readonly span: Span;
}

/** Stems of the words given (lexicons stem the same way). */
export function stems(words: readonly string[]): ReadonlySet<string> {
  return new Set(words.map((w) => stemOf(w.toLowerCase())));
}

/** Words that, just before a mitigating phrase, undo it: "without her consent", "skip the backup". */
export const UNDOING = stems([
  "without", "skip", "skipping", "skipped", "no", "not", "never", "lack", "lacking", "absent", "missing", "minus", "bypass",
  "ignore", "ignoring", "forget", "forgo", "forgoing", "avoid", "nobody", "none", "neither", "nor", "non", "un", "instead",
]);

/** True when a blocker stem sits in the `window` words before the match, in its sentence. */
export function blockedBefore(segment: Segment, from: number, blockers: ReadonlySet<string>, window = 3): boolean {
  const tokens = segment.tokens;
  const sentence = tokens[from]!.sentence;
  let seen = 0;
  for (let i = from - 1; i >= 0 && seen < window; i--) {
    const t = tokens[i]!;
    if (t.sentence !== sentence) break;
    if (t.kind === "punct" && t.text !== "-" && t.text !== "'") break;
    if (t.kind !== "word") continue;
    seen++;
    if (blockers.has(t.stem)) return true;
  }
  return false;
}

/** Matches of a regular expression (global, linear) in the segments' text, as spans. */
export function findRegex(segments: readonly Segment[], re: RegExp, accept?: (s: Segment, m: RegExpExecArray) => boolean): Span[] {
  const out: Span[] = [];
  for (const s of segments) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(s.text)) !== null) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      if (accept && !accept(s, m)) continue;
      out.push({ field: s.field, start: m.index, end: m.index + m[0].length, quote: m[0] });
    }
  }
  return out;
}

const MAX_SPANS = 4;

/** One hit for a feature from its matches (or spans), or none when nothing matched. */
export function hitOf(feature: string, note: string, found: readonly (Found | Span)[]): Hit[] {
  if (found.length === 0) return [];
  const spans = found.slice(0, MAX_SPANS).map((f) => ("span" in f ? f.span : f));
  return [{ feature, code: null, spans, note }];
}

/** Whether the segment text just before token i is a given character (a path: "/dev", "/tmp"). */
export function charBefore(s: Segment, i: number): string {
  const start = s.tokens[i]!.start;
  return start > 0 ? s.text[start - 1]! : "";
}

const OFF_VALUES = new Set(["false", "null", "none", "off", "disabled", "no", "0", "nil"]);

/**
 * A JSON-ish flag turned off right after the words: `"notify_occupant": false`, `dry_run=0`,
 * `"override_limits": false`. Up to three more key words may sit before the ":" or "=".
 */
export function switchedOff(s: Segment, to: number): boolean {
  let words = 0;
  let sawSep = false;
  for (let i = to; i < s.tokens.length; i++) {
    const t = s.tokens[i]!;
    if (t.kind === "word" || t.kind === "number") {
      if (sawSep) return OFF_VALUES.has(t.lower);
      if (++words > 3) return false;
      continue;
    }
    if (t.text === ":" || t.text === "=") {
      sawSep = true;
      continue;
    }
    if (t.text === '"' || t.text === "'") continue;
    return false;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Many lexicons read in one pass: one map lookup per token for all of them, instead of one pass
// per lexicon (the modifiers have two dozen lexicons; reading them one by one cost a millisecond
// on 10k characters).



type Entry<T> = { readonly bySecond: Map<string, T[]>; readonly rest: T[] };
type Phrase = { readonly parts: readonly Part[]; readonly tag: number };
type Literal = { readonly words: readonly string[]; readonly tag: number };

export interface MultiLexicon {
  readonly size: number;
  /** Phrases by first stem, then by second stem (those whose second part is a wildcard or optional sit in `rest`). */
  readonly byFirst: ReadonlyMap<string, Entry<Phrase>>;
  /** Literal phrases (exact lower-case words), by first word then second word. */
  readonly byLower: ReadonlyMap<string, Entry<Literal>>;
}

/** Words of a literal phrase as the tokenizer cuts them (hyphens and underscores separate words). */
function literalWords(phrase: string): string[] {
  return phrase.toLowerCase().replace(/’/g, "'").match(/[a-z]+(?:'[a-z]+)*|\d+(?:[.,]\d+)*|[^\sa-z\d_-]/g) ?? [];
}

function entry<T>(map: Map<string, Entry<T>>, key: string): Entry<T> {
  let e = map.get(key);
  if (!e) {
    e = { bySecond: new Map(), rest: [] };
    map.set(key, e);
  }
  return e;
}

function file<T>(e: Entry<T>, second: string | null, item: T): void {
  if (second === null) e.rest.push(item);
  else {
    const list = e.bySecond.get(second) ?? [];
    list.push(item);
    e.bySecond.set(second, list);
  }
}

/**
 * Lexicons merged under one index; a match keeps the index (tag) of its lexicon. `literals[tag]`
 * adds exact-word phrases for words whose stems collide ("approved" vs "approve").
 */
export function multiLexicon(lexicons: readonly Lexicon[], literals: readonly (readonly string[] | undefined)[] = []): MultiLexicon {
  const byFirst = new Map<string, Entry<Phrase>>();
  lexicons.forEach((lex, tag) => {
    for (const [first, list] of lex.byFirst as ReadonlyMap<string, readonly (readonly Part[])[]>)
      for (const parts of list) {
        const second = parts[1];
        file(entry(byFirst, first), second && !("any" in second) && !second.optional ? second.stem : null, { parts, tag });
      }
  });
  const byLower = new Map<string, Entry<Literal>>();
  literals.forEach((list, tag) => {
    for (const phrase of list ?? []) {
      const words = literalWords(phrase);
      if (words.length === 0) continue;
      file(entry(byLower, words[0]!), words[1] ?? null, { words, tag });
    }
  });
  return { size: Math.max(lexicons.length, literals.length), byFirst, byLower };
}

function literalEnd(tokens: readonly Token[], i: number, words: readonly string[]): number {
  let k = 1;
  while (k < words.length && tokens[i + k]?.lower === words[k]) k++;
  return k === words.length ? i + k : -1;
}

/** Every lexicon's matches in the segments (longest per position per lexicon), grouped by tag. */
export function findMulti(segments: readonly Segment[], multi: MultiLexicon): Found[][] {
  const out: Found[][] = [];
  for (let k = 0; k < multi.size; k++) out.push([]);
  const best = new Int32Array(multi.size).fill(-1);
  const touched = new Int32Array(multi.size);
  for (const s of segments) {
    const tokens = s.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      const phrases = multi.byFirst.get(t.stem);
      const literals = multi.byLower.get(t.lower);
      if (phrases === undefined && literals === undefined) continue;
      const next = tokens[i + 1];
      const sentence = t.sentence;
      let n = 0;
      for (let pass = 0; pass < 4; pass++) {
        let list: readonly (Phrase | Literal)[] | undefined;
        if (pass === 0) list = phrases?.rest;
        else if (pass === 1) list = phrases && next ? phrases.bySecond.get(next.stem) : undefined;
        else if (pass === 2) list = literals?.rest;
        else list = literals && next ? literals.bySecond.get(next.lower) : undefined;
        if (list === undefined) continue;
        for (let j = 0; j < list.length; j++) {
          const item: Phrase | Literal = list[j]!;
          const end = pass < 2 ? matchAt(tokens, i + 1, (item as Phrase).parts, 1) : literalEnd(tokens, i, (item as Literal).words);
          const tag = item.tag;
          if (end > best[tag]! && tokens[end - 1]!.sentence === sentence) {
            if (best[tag] === -1) touched[n++] = tag;
            best[tag] = end;
          }
        }
      }
      if (n > 1) touched.subarray(0, n).sort();
      for (let k = 0; k < n; k++) {
        const tag = touched[k]!;
        out[tag]!.push(matchOf(s, i, best[tag]!));
        best[tag] = -1;
      }
    }
  }
  return out;
}

/** Whether a stem of `set` sits, outside a negation and outside the match itself, in the match's sentence. */
export function sentenceHas(f: Found, set: ReadonlySet<string>): boolean {
  const sentence = f.segment.sentences[f.segment.tokens[f.from]!.sentence];
  if (!sentence) return false;
  for (let i = sentence.from; i < sentence.to; i++) {
    if (i >= f.from && i < f.to) continue;
    const t = f.segment.tokens[i]!;
    if (!t.negated && set.has(t.stem)) return true;
  }
  return false;
}

/** Drop negated matches and ones undone by a blocker just before them. */
export function clean(found: readonly Found[], blockers: ReadonlySet<string> | null, window = 3): Found[] {
  return found.filter((f) => !f.segment.tokens[f.from]!.negated && !(blockers && blockedBefore(f.segment, f.from, blockers, window)));
}

// ---------------------------------------------------------------------------------------------
// A conversation flattened into the context field ("user: ...\ntool: ...") keeps its tool turns
// out of the context scope, as the reader does for structured messages: tool outputs are data.

const ROLE_LINE = /^[ \t]*(user|human|system|assistant|ai|tool|function|observation|tool_output|tool result)\s*(?:\([^)\n]{0,60}\))?\s*:/gim;
const TOOL_ROLES = new Set(["tool", "function", "observation", "tool_output", "tool result"]);
/** Offsets [start, end) of the tool turns of a flattened conversation in a context segment. */
export const toolRanges = memoised((s: Segment): ReadonlyArray<readonly [number, number]> => {
  const out: Array<[number, number]> = [];
  if (s.role === "context") {
    const labels = [...s.text.matchAll(ROLE_LINE)];
    labels.forEach((m, k) => {
      if (!TOOL_ROLES.has(m[1]!.toLowerCase())) return;
      out.push([m.index, k + 1 < labels.length ? labels[k + 1]!.index : s.text.length]);
    });
  }
  return out;
});

/** Drop the matches that sit in a tool turn of a flattened conversation. */
export function outsideToolTurns(found: readonly Found[]): Found[] {
  return found.filter((f) => {
    const ranges = toolRanges(f.segment);
    if (ranges.length === 0) return true;
    const at = f.span.start;
    return !ranges.some(([a, b]) => at >= a && at < b);
  });
}
