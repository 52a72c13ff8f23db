import { scanTokens, stemOf } from "./text";
import type { Segment, Span, Token } from "./types";

/**
 * Lexicons: phrases compiled to stem sequences, matched against a segment's tokens through an
 * index by first stem, so a lexicon of thousands of phrases costs a map lookup per phrase start.
 * In a phrase, "*" stands for any one word and "?word" for an optional word: "delete ? all * files"
 * matches "delete all the files", "delete the files" and "delete all log files".
 * "=word" matches that word exactly (lower case, or with "'s"), not every word sharing its stem:
 * "=police" does not match "policy" (both stem to "polic"), "=news" does not match "new".
 */
/** One word of a compiled phrase: a stem (exactly `word` when marked "=word"), optional or not, or any one word. */
export type Part = { readonly stem: string; readonly optional: boolean; readonly word?: string } | { readonly any: true };

export interface Lexicon {
  readonly name: string;
  /** first stem -> phrases starting with it */
  readonly byFirst: ReadonlyMap<string, readonly (readonly Part[])[]>;
}

export function lexicon(name: string, phrases: readonly string[]): Lexicon {
  const byFirst = new Map<string, Part[][]>();
  for (const phrase of phrases) {
    const words = phraseWords(phrase);
    const parts: Part[] = words.map((w): Part => {
      if (w === "*") return { any: true as const };
      const optional = w.startsWith("?");
      if (optional) w = w.slice(1);
      if (w.startsWith("=") && w.length > 1) {
        const word = w.slice(1).replace(/’/g, "'");
        return { stem: stemWord(word), optional, word };
      }
      return { stem: stemWord(w), optional };
    });
    // A leading optional word: the phrase with it required, and the phrase without it.
    const variants: Part[][] = [];
    const expand = (ps: Part[]) => {
      const head = ps[0];
      if (head && !("any" in head) && head.optional) {
        expand([{ ...head, optional: false }, ...ps.slice(1)]);
        expand(ps.slice(1));
      } else variants.push(ps);
    };
    expand(parts);
    for (const v of variants) {
      const first = v[0];
      if (!first || "any" in first) throw new Error(`lexicon ${name}: phrase "${phrase}" must start with a word`);
      const list = byFirst.get(first.stem) ?? [];
      list.push(v);
      byFirst.set(first.stem, list);
    }
  }
  return { name, byFirst };
}

/**
 * A phrase's words, cut as the text's tokens are cut ("5g" is "5 g", "0.0.0.0/0" is "0.0.0.0 / 0",
 * "webhook.site" is "webhook . site"), so that every phrase can match; a "?" or "=" mark applies
 * to each token of its word.
 */
function phraseWords(phrase: string): string[] {
  const out: string[] = [];
  for (const raw of phrase.toLowerCase().replace(/[-_]/g, " ").split(/\s+/)) {
    if (!raw) continue;
    if (raw === "*") {
      out.push(raw);
      continue;
    }
    const mark = raw.startsWith("?") ? "?" : "";
    let w = mark ? raw.slice(1) : raw;
    const exact = w.startsWith("=") && w.length > 1 ? "=" : "";
    if (exact) w = w.slice(1);
    scanTokens(w, (s, e) => out.push(mark + exact + w.slice(s, e)));
  }
  return out;
}

function stemWord(w: string): string {
  const lower = w.replace(/’/g, "'");
  if (lower.endsWith("n't") || lower === "cannot") return "not";
  return stemOf(lower.replace(/'(s|re|ll|ve|d|m)$/, ""));
}

export interface Match {
  readonly segment: Segment;
  /** Token indices [from, to). */
  readonly from: number;
  readonly to: number;
  readonly negated: boolean;
  readonly sentence: number;
  readonly span: Span;
}

/** The token is the part's word: same stem and, for an exact ("=word") part, the same word. */
export function partMatches(t: Token, part: { readonly stem: string; readonly word?: string }): boolean {
  if (t.stem !== part.stem) return false;
  return part.word === undefined || t.lower === part.word || t.lower === `${part.word}'s`;
}

/** The end of `parts` (from part k) matched from token i, or -1: the one matcher every lexicon reader uses. */
export function matchAt(tokens: readonly Token[], i: number, parts: readonly Part[], k: number): number {
  if (k === parts.length) return i;
  const part = parts[k]!;
  const t = tokens[i];
  if ("any" in part) {
    if (t?.kind !== "word") return -1;
    return matchAt(tokens, i + 1, parts, k + 1);
  }
  if (t && partMatches(t, part)) {
    const r = matchAt(tokens, i + 1, parts, k + 1);
    if (r >= 0) return r;
  }
  return part.optional ? matchAt(tokens, i, parts, k + 1) : -1;
}

export function spanOf(segment: Segment, from: number, to: number): Span {
  const start = segment.tokens[from]!.start;
  const end = segment.tokens[to - 1]!.end;
  return { field: segment.field, start, end, quote: segment.text.slice(start, end) };
}

/**
 * A match whose span (an object and a slice of the text) is built the first time it is asked
 * for, then kept: most matches are only compared by position and never quoted. The span is the
 * one `spanOf` gives, so what is read is the same whenever it is asked.
 */
class LazyMatch implements Match {
  readonly negated: boolean;
  readonly sentence: number;
  private built: Span | undefined = undefined;
  constructor(
    readonly segment: Segment,
    readonly from: number,
    readonly to: number,
  ) {
    const t = segment.tokens[from]!;
    this.negated = t.negated;
    this.sentence = t.sentence;
  }
  get span(): Span {
    return (this.built ??= spanOf(this.segment, this.from, this.to));
  }
}

/** The match of tokens [from, to) of the segment: negated and in the sentence as its first token. */
export function matchOf(segment: Segment, from: number, to: number): Match {
  return new LazyMatch(segment, from, to);
}

/** Every occurrence of the lexicon's phrases in the segment: leftmost-longest, never overlapping. */
export function findAll(segment: Segment, lex: Lexicon): Match[] {
  const out: Match[] = [];
  const tokens = segment.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const phrases = lex.byFirst.get(tokens[i]!.stem);
    if (!phrases) continue;
    let best = -1;
    for (const parts of phrases) {
      const head = parts[0]!;
      if ("word" in head && head.word !== undefined && !partMatches(tokens[i]!, head)) continue;
      const end = matchAt(tokens, i + 1, parts, 1);
      if (end > best && tokens[end - 1]!.sentence === tokens[i]!.sentence) best = end;
    }
    if (best > i) {
      out.push(matchOf(segment, i, best));
      i = best - 1;
    }
  }
  return out;
}

/** Matches of the lexicon in any of the segments, negated ones left out unless asked for. */
export function find(segments: readonly Segment[], lex: Lexicon, options: { keepNegated?: boolean } = {}): Match[] {
  const out: Match[] = [];
  for (const s of segments) for (const m of findAll(s, lex)) if (options.keepNegated || !m.negated) out.push(m);
  return out;
}

/**
 * Pairs of matches of two lexicons in the same sentence (a within `window` tokens of b, either
 * order unless `ordered`): the act and its object ("delete" ... "production database").
 */
export function near(
  segments: readonly Segment[],
  a: Lexicon,
  b: Lexicon,
  options: { window?: number; ordered?: boolean; keepNegated?: boolean } = {},
): Array<[Match, Match]> {
  const window = options.window ?? 12;
  const out: Array<[Match, Match]> = [];
  for (const s of segments) {
    const as = findAll(s, a).filter((m) => options.keepNegated || !m.negated);
    if (as.length === 0) continue;
    const bs = findAll(s, b);
    for (const x of as)
      for (const y of bs) {
        if (x.sentence !== y.sentence) continue;
        const gap = y.from >= x.to ? y.from - x.to : x.from - y.to;
        if (gap > window) continue;
        if (options.ordered && y.from < x.to) continue;
        if (x.from === y.from) continue;
        out.push([x, y]);
      }
  }
  return out;
}
