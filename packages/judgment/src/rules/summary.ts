import type { HarmCode, Hit, Rule, Span } from "../types";

/**
 * The summary back-off shared by the plain-language rules ("systems" and "people" codes): besides
 * its specific features (`destruction.delete_backups`, `hate.slur_group` ...), each code emits one
 * summary feature `<code>.plain` whenever any of its rules fired. The trainer can weigh it from
 * every case of the code, so a rule seldom seen in training (below the trainer's minimum support)
 * still counts, while the specific features refine it where the data allows.
 */
export function withSummary(code: HarmCode, rules: readonly Rule[]): Rule {
  return (scope, doc) => {
    const hits: Hit[] = [];
    // Most rules find nothing on most reads: a spread of nothing still costs a call.
    for (const r of rules) {
      const own = r(scope, doc);
      if (own.length > 0) hits.push(...own);
    }
    if (hits.length === 0) return hits;
    const spans: Span[] = [];
    for (const h of hits) if (h.spans[0] && spans.length < 3) spans.push(h.spans[0]);
    hits.push({ feature: `${code}.plain`, code, spans, note: `${code.replace(/_/g, " ")} read in plain language` });
    return hits;
  };
}
