import type { HarmCode, Hit, Segment, Span } from "../types";

/** A verbatim span of a segment's text, trimmed of surrounding blanks. */
export function spanAt(segment: Segment, start: number, end: number): Span {
  const text = segment.text;
  let a = Math.max(0, start);
  let b = Math.min(text.length, end);
  while (a < b && /\s/.test(text[a]!)) a++;
  while (b > a && /\s/.test(text[b - 1]!)) b--;
  return { field: segment.field, start: a, end: b, quote: text.slice(a, b) };
}

/** Collects hits, one per feature and span, in the order found. */
export class Hits {
  readonly list: Hit[] = [];
  private readonly seen = new Set<string>();

  add(feature: string, code: HarmCode | null, spans: readonly Span[], note: string): void {
    const key = `${feature}|${spans.map((s) => `${s.field}:${s.start}:${s.end}`).join(",")}`;
    if (this.seen.has(key) || spans.length === 0) return;
    this.seen.add(key);
    this.list.push({ feature, code, spans, note });
  }
}
