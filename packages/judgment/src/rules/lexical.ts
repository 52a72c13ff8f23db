import { spanOf } from "../lexicon";
import type { Rule, Segment, Span } from "../types";

/**
 * The wording: one code-less feature `lex.<stem>` per distinct content word of the act (and, in the
 * context scope, of the user's own turns; never the background or tool outputs), `lex.not_<stem>`
 * when the word sits in a negator's scope. The trainer weighs each word from the twin pairs of the
 * corpus, where harmful and benign twins share their topic and differ in what makes the act wrong,
 * so a word's weight says how it tilts an act already read as harmful ("fake", "secretly", "my
 * own", "staging"). The words never make a reason on their own: the scorer counts them only when a
 * harm rule has fired (see isHarm in scorer.ts), and the reader shows them as one summary of the
 * wording with the words that weighed most.
 */

/** Words too common to say anything about an act. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  "a an the to of and or in on for is it its that this these those with i we you he she they be been being at as by from my our your his her their so are was were will would can could me us him them do does did have has had am if then than there here what which who whom into onto about over just also very".split(" "),
);

/** Occurrences quoted per word. */
const QUOTES = 2;

/**
 * The content words of a segment as features, `lex.<stem>` or `lex.not_<stem>` in a negator's
 * scope, each with the tokens where it occurs (at most `quotes` of them), in first-seen order.
 * The guardrail's wording and the reader of accounts' wording both read words this way.
 */
export function contentWordsOf(
  segment: Segment,
  quotes: number = QUOTES,
  into: Map<string, number[]> = new Map(),
  /** Tokens a reader knows to be negated beyond the negators' scope ("I refused to mock her"). */
  negatedAlso?: (i: number) => boolean,
): Map<string, number[]> {
  segment.tokens.forEach((t, i) => {
    if (t.kind !== "word" || t.lower.length < 2 || STOP_WORDS.has(t.lower)) return;
    const feature = `lex.${t.negated || negatedAlso?.(i) ? "not_" : ""}${t.stem}`;
    const at = into.get(feature);
    if (!at) into.set(feature, [i]);
    else if (at.length < quotes) at.push(i);
  });
  return into;
}

export const lexicalRule: Rule = (scope) => {
  // Context-scope hits get their "ctx:" prefix from the reader; only the user's turns count there.
  const segments = scope.kind === "action" ? scope.segments : scope.segments.filter((s) => s.role === "user");
  const spans = new Map<string, Span[]>();
  for (const segment of segments)
    for (const [feature, at] of contentWordsOf(segment)) {
      const quoted = spans.get(feature) ?? [];
      for (const i of at) if (quoted.length < QUOTES) quoted.push(spanOf(segment, i, i + 1));
      spans.set(feature, quoted);
    }
  return [...spans].map(([feature, quoted]) => ({ feature, code: null, spans: quoted }));
};
