import { findAll, lexicon, matchAt, matchOf, partMatches, type Lexicon, type Match, type Part } from "../lexicon";
import { memo, memoised } from "../memo";
import type { HarmCode, Rule, Segment, Span } from "../types";

/**
 * Shared machinery of the plain-language rules for the "systems" harm codes (destruction,
 * weakening_security, exfiltration_privacy, financial_harm, fraud_deception, disinformation).
 * A rule is declared, not coded: an act lexicon near an object lexicon in one sentence, optionally
 * with a qualifier that must also sit near them, and optionally a blocker that, present in the same
 * sentence, cancels the reading ("anonymised", "debunk"). Matches are cached per segment and
 * lexicon for the lifetime of the segment, so rules that share a lexicon scan it once.
 */


/** Every lexicon of the systems rules, matched together in one pass over a segment's tokens. */
const REGISTRY: Lexicon[] = [];
const INDEX_OF = new Map<Lexicon, number>();
/** A phrase of a registered lexicon: its parts and the lexicon's index. */
interface Tagged {
  readonly idx: number;
  readonly parts: readonly Part[];
  /** The head is marked "=word": the token must be that word, not just share its stem. */
  readonly exactHead: boolean;
}
/** Every registered lexicon's phrases starting at a stem: by their second stem, and the rest (second part a wildcard, optional, or none). */
interface Entry {
  readonly bySecond: ReadonlyMap<string, readonly Tagged[]>;
  readonly rest: readonly Tagged[];
}
let combined: Map<string, Entry> | null = null;

/** A lexicon (as `lexicon()`), registered so that all are matched in a single pass per segment. */
export function lex(name: string, phrases: readonly string[]): Lexicon {
  const l = lexicon(name, phrases);
  INDEX_OF.set(l, REGISTRY.length);
  REGISTRY.push(l);
  combined = null;
  return l;
}

/** first stem -> the phrases of every lexicon starting there, indexed again by their second stem. */
function combinedIndex(): Map<string, Entry> {
  if (combined) return combined;
  const bySeconds = new Map<string, Map<string, Tagged[]>>();
  const rests = new Map<string, Tagged[]>();
  REGISTRY.forEach((l, idx) => {
    for (const [stem, phrases] of l.byFirst) {
      for (const parts of phrases as readonly (readonly Part[])[]) {
        const head = parts[0]!;
        const tagged: Tagged = { idx, parts, exactHead: "word" in head && head.word !== undefined };
        const second = parts[1];
        if (second && !("any" in second) && !second.optional) {
          let bySecond = bySeconds.get(stem);
          if (!bySecond) bySeconds.set(stem, (bySecond = new Map()));
          const list = bySecond.get(second.stem) ?? [];
          list.push(tagged);
          bySecond.set(second.stem, list);
        } else {
          const list = rests.get(stem) ?? [];
          list.push(tagged);
          rests.set(stem, list);
        }
      }
    }
  });
  const map = new Map<string, Entry>();
  for (const stem of new Set([...bySeconds.keys(), ...rests.keys()])) map.set(stem, { bySecond: bySeconds.get(stem) ?? new Map(), rest: rests.get(stem) ?? [] });
  combined = map;
  return map;
}

/**
 * Leftmost-longest, non-overlapping matches of every registered lexicon (findAll's semantics), in
 * one pass: per token, one lookup by its stem and one by the next token's stem for all lexicons.
 */
/** A lexicon without a match in the segment (most of them, on most segments): one shared, frozen list. */
const NONE: readonly Match[] = Object.freeze([]);
/** Scratch of matchAllRegistered, sized to the registry (never re-entered: it calls nothing that matches). */
let scratch: { next: Int32Array; best: Int32Array; touched: Int32Array; ended: Int32Array } | null = null;

function matchAllRegistered(segment: Segment): readonly (Match[] | undefined)[] {
  const index = combinedIndex();
  const size = REGISTRY.length;
  if (scratch?.next.length !== size)
    scratch = { next: new Int32Array(size), best: new Int32Array(size).fill(-1), touched: new Int32Array(size), ended: new Int32Array(size) };
  /** Per lexicon: its matches, or nothing when it has none. */
  const out: (Match[] | undefined)[] = new Array(size);
  /** Per lexicon: the token its last match ended at (a lexicon's matches never overlap); reset below for the lexicons that matched. */
  const next = scratch.next;
  /** Per lexicon: the longest end found from the current token, or -1 (back to -1 once used). */
  const best = scratch.best;
  const touched = scratch.touched;
  /** The lexicons that matched, so `next` is reset for them alone. */
  const ended = scratch.ended;
  let matched = 0;
  const tokens = segment.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const entry = index.get(t.stem);
    if (!entry) continue;
    const sentence = t.sentence;
    const nextStem = tokens[i + 1]?.stem;
    let n = 0;
    for (let pass = 0; pass < 2; pass++) {
      const list: readonly Tagged[] | undefined = pass === 0 ? (nextStem === undefined ? undefined : entry.bySecond.get(nextStem)) : entry.rest;
      if (list === undefined) continue;
      for (let j = 0; j < list.length; j++) {
        const p: Tagged = list[j]!;
        const idx = p.idx;
        if (next[idx]! > i) continue;
        if (p.exactHead && !partMatches(t, p.parts[0] as { stem: string; word?: string })) continue;
        const end = matchAt(tokens, i + 1, p.parts, 1);
        if (end > best[idx]! && end > i && tokens[end - 1]!.sentence === sentence) {
          if (best[idx] === -1) touched[n++] = idx;
          best[idx] = end;
        }
      }
    }
    for (let k = 0; k < n; k++) {
      const idx = touched[k]!;
      const end = best[idx]!;
      const list = out[idx];
      if (list === undefined) {
        out[idx] = [matchOf(segment, i, end)];
        ended[matched++] = idx;
      } else list.push(matchOf(segment, i, end));
      next[idx] = end;
      best[idx] = -1;
    }
  }
  for (let k = 0; k < matched; k++) next[ended[k]!] = 0;
  return out;
}

/**
 * The lexicon's matches in the segment, computed once per segment (memo.ts): a registered
 * lexicon's with every other registered one, in one pass (keyed by the combined index, which a
 * later registration replaces), any other by itself (keyed by the lexicon).
 */
export function matches(segment: Segment, l: Lexicon): readonly Match[] {
  const idx = INDEX_OF.get(l);
  if (idx === undefined) return memo(segment, l, (s) => findAll(s, l));
  return memo(segment, combinedIndex(), matchAllRegistered)[idx] ?? NONE;
}

/** Per token, how many word or number tokens precede it: gaps count words, not JSON punctuation. */
const wordsBefore = memoised((segment: Segment): Int32Array => {
  const tokens = segment.tokens;
  const w = new Int32Array(tokens.length + 1);
  for (let i = 0; i < tokens.length; i++) {
    const k = tokens[i]!.kind;
    w[i + 1] = w[i]! + (k === "word" || k === "number" ? 1 : 0);
  }
  return w;
});

interface Calls {
  /** Per token: the index of the "(" opening the outermost call it sits in (its name included), or -1. */
  readonly id: Int32Array;
  /** Per token: part of a call's name ("send_email", "bank.transfer"). */
  readonly name: Uint8Array;
}
/** What may join the parts of a call's name: nothing, "_", "-" ("post_review", "bulk-update"). */
const JOINED = /^[_-]*$/;

/**
 * Calls written in the text (`send_email(to=..., body=...)`, `bank.transfer({...})`): the name is
 * the act and the arguments are its objects, however many sentences or JSON words lie between.
 */
const callsOf = memoised((segment: Segment): Calls => {
  const tokens = segment.tokens;
  const id = new Int32Array(tokens.length).fill(-1);
  const name = new Uint8Array(tokens.length);
  let depth = 0;
  let open = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.text === "(") {
      const prev = tokens[i - 1];
      if (depth === 0 && prev && prev.kind === "word" && JOINED.test(segment.text.slice(prev.end, t.start))) {
        open = i;
        depth = 1;
        // The name: the touching run of words and dots before "(".
        let j = i - 1;
        while (j >= 0) {
          const tj = tokens[j]!;
          if (tj.kind !== "word" && tj.text !== ".") break;
          name[j] = 1;
          id[j] = open;
          const before = tokens[j - 1];
          if (!before || !JOINED.test(segment.text.slice(before.end, tj.start))) break;
          j--;
        }
      } else if (depth > 0) depth++;
    } else if (t.text === ")" && depth > 0) {
      depth--;
      id[i] = open;
      if (depth === 0) open = -1;
      continue;
    }
    if (depth > 0) id[i] = open;
  }
  return { id, name };
});

/** Same sentence, or inside the same written call. */
function together(a: Match, b: Match): boolean {
  if (a.sentence === b.sentence) return true;
  const c = callsOf(a.segment).id;
  return c[a.from]! >= 0 && c[a.from] === c[b.from];
}

/** The act is a call's name and the other match lies in that call's arguments. */
function argumentOf(act: Match, b: Match): boolean {
  const c = callsOf(act.segment);
  return c.name[act.from] === 1 && c.id[act.from]! >= 0 && c.id[act.from] === c.id[b.from];
}

/** A blocker that only opens a longer object ("test" in "test results") does not block it. */
const inside = (b: Match, o: Match) => b.from === o.from && b.to < o.to;

/** Words strictly between two matches of the same segment (0 when they touch or overlap). */
const gapOf = (a: Match, b: Match) => {
  const w = wordsBefore(a.segment);
  return b.from >= a.to ? w[b.from]! - w[a.to]! : a.from >= b.to ? w[a.from]! - w[b.to]! : 0;
};

export interface PairSpec {
  readonly feature: string;
  readonly code: HarmCode;
  readonly note: string;
  /** The act ("wipe", "forward"); negated acts never count. */
  readonly act: Lexicon;
  /** What it is done to ("production database"); may be negated only if `objectMayBeNegated`. */
  readonly object: Lexicon;
  /** Tokens between act and object, at most (default 10). */
  readonly window?: number;
  /** Object must follow the act. */
  readonly ordered?: boolean;
  /** A qualifier that must also be in the sentence, within `needWindow` of the act or the object. */
  readonly need?: Lexicon;
  readonly needWindow?: number;
  /**
   * Any non-negated match of this in the same sentence cancels the pair; with `blockWindow`, only
   * one within that many words before the object, or right after it ("staging customer bucket",
   * "ledger_tmp table").
   */
  readonly block?: Lexicon;
  readonly blockWindow?: number;
  /** Further blockers, each with its own window (none: the whole sentence). */
  readonly blocks?: readonly { readonly lex: Lexicon; readonly window?: number }[];
  /** Whether a negated object still counts ("no export first": the object is negated, the act is not). */
  readonly objectMayBeNegated?: boolean;
}

const MAX_PAIRS = 2;

/** Words right before an act that decline it. */
const COUNTER = lex("counter_act", [
  "instead of", "rather than", "refuse to", "refusing to", "refused to", "decline to", "declined to", "declining to",
  "avoid", "avoiding", "without", "stop", "stopped", "prevent", "prevents", "preventing", "against", "warn against",
  "warned against", "forbid", "prohibit", "prohibits", "ban", "banned", "detect", "detects", "detecting", "flag", "flagged",
  "report", "reported", "reporting", "block", "blocks", "blocked", "blocking", "deny", "denied",
  "spot", "spotting", "identify", "identifying", "recognise", "recognize", "debunk", "debunking", "expose", "exposing",
]);

/** Words that join two acts: "report and send" does not decline "send". */
const CONJUNCTIONS = new Set(["and", "or", "then", "but", "so", "also", "plus", "nor"]);

/** The act at `from` is declined by a counter-act right before it, or one word before ("refuse to ever send"). */
function declined(seg: Segment, counter: readonly Match[], from: number): boolean {
  // A loop, not some() with a closure: it runs for every act of every rule.
  for (const c of counter) if (c.to === from || (c.to === from - 1 && seg.tokens[from - 1]!.kind === "word" && !CONJUNCTIONS.has(seg.tokens[from - 1]!.lower))) return true;
  return false;
}

// The two checks of a pair below are loops, not find/some with closures: they run for every act
// and object of every pair rule, and the closures were most of what a read allocated.

/** The first qualifier near the act or the object (in the act's call, or within `window` words of either). */
function qualifierOf(needs: readonly Match[], a: Match, o: Match, inCall: boolean, window: number): Match | undefined {
  for (const n of needs)
    if (!n.negated && n.from !== a.from && n.from !== o.from && together(a, n) && ((inCall && argumentOf(a, n)) || gapOf(n, a) <= window || gapOf(n, o) <= window)) return n;
  return undefined;
}

/** A blocker cancels the pair: anywhere in the act's sentence, or (with a window) just before the object or right after it. */
function blocked(blockers: readonly { m: readonly Match[]; window: number | undefined }[], a: Match, o: Match): boolean {
  for (const { m, window } of blockers)
    for (const b of m)
      if (!b.negated && !inside(b, o) && (window === undefined ? together(a, b) : together(o, b) && gapOf(b, o) <= (b.from < o.from ? window : 1))) return true;
  return false;
}

/** A rule that fires once (one hit, up to two act/object pairs as spans) when act meets object. */
export function pairRule(spec: PairSpec): Rule {
  const window = spec.window ?? 10;
  const needWindow = spec.needWindow ?? 10;
  return (scope) => {
    const spans: Span[] = [];
    let found = 0;
    for (const seg of scope.segments) {
      const acts = matches(seg, spec.act);
      if (acts.length === 0) continue;
      const objs = matches(seg, spec.object);
      if (objs.length === 0) continue;
      const needs = spec.need ? matches(seg, spec.need) : null;
      if (needs && needs.length === 0) continue;
      const blockers: Array<{ m: readonly Match[]; window: number | undefined }> = [];
      if (spec.block) blockers.push({ m: matches(seg, spec.block), window: spec.blockWindow });
      for (const b of spec.blocks ?? []) blockers.push({ m: matches(seg, b.lex), window: b.window });
      const counter = matches(seg, COUNTER);
      for (const a of acts) {
        if (a.negated || found >= MAX_PAIRS) continue;
        // "instead of paying", "rather than deleting", "refuse to send": the act is declined.
        if (declined(seg, counter, a.from)) continue;
        for (const o of objs) {
          if (o.from === a.from || !together(a, o)) continue;
          if (o.negated && !spec.objectMayBeNegated) continue;
          if (spec.ordered && o.from < a.to) continue;
          const inCall = argumentOf(a, o);
          if (!inCall && gapOf(a, o) > window) continue;
          let q: Match | undefined;
          if (needs) {
            q = qualifierOf(needs, a, o, inCall, needWindow);
            if (!q) continue;
          }
          if (blocked(blockers, a, o)) continue;
          spans.push(a.span, o.span);
          if (q) spans.push(q.span);
          found++;
          break;
        }
      }
      if (found >= MAX_PAIRS) break;
    }
    if (found === 0) return [];
    return [{ feature: spec.feature, code: spec.code, spans: dedupe(spans), note: spec.note }];
  };
}

export interface PhraseSpec {
  readonly feature: string;
  readonly code: HarmCode;
  readonly note: string;
  /** Phrases specific enough to fire alone ("backdate the contract", "pump and dump"). */
  readonly phrases: Lexicon;
  readonly block?: Lexicon;
}

/** A rule that fires when one of its (already specific) phrases occurs, not negated. */
export function phraseRule(spec: PhraseSpec): Rule {
  return (scope) => {
    const spans: Span[] = [];
    for (const seg of scope.segments) {
      const phrases = matches(seg, spec.phrases);
      if (phrases.length === 0) continue;
      const blocks = spec.block ? matches(seg, spec.block).filter((b) => !b.negated) : [];
      const counter = matches(seg, COUNTER);
      for (const m of phrases) {
        if (m.negated) continue;
        if (declined(seg, counter, m.from)) continue;
        if (blocks.some((b) => b.sentence === m.sentence)) continue;
        spans.push(m.span);
        if (spans.length >= 3) break;
      }
      if (spans.length >= 3) break;
    }
    if (spans.length === 0) return [];
    return [{ feature: spec.feature, code: spec.code, spans, note: spec.note }];
  };
}

function dedupe(spans: Span[]): Span[] {
  const seen = new Set<string>();
  const out: Span[] = [];
  for (const s of spans) {
    const k = `${s.field}:${s.start}:${s.end}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(s);
  }
  return out;
}

/** Run every rule of a list; the order of the list is the order of the hits. */
/** Alternative readings of one feature: the hits of the first that fires, so a feature is one hit. */
export function firstOf(rules: readonly Rule[]): Rule {
  return (scope, doc) => {
    for (const r of rules) {
      const hits = r(scope, doc);
      if (hits.length > 0) return hits;
    }
    return [];
  };
}

