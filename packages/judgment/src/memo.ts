/**
 * What the rules derive from one segment or one document (matches of the lexicons, the parsed
 * code, tool-turn ranges ...), computed once per read and kept on the object itself.
 *
 * Safe because a Doc and its Segments are built per read by `documentOf` and never changed: a
 * value derived from them alone is the same however often, and in whatever order, the rules ask.
 * It dies with the document.
 *
 * Kept on the object, not in a WeakMap keyed by it: V8's young-generation collector does not
 * free a WeakMap's values when their key dies, it keeps and promotes them, so every read's
 * derived data reached the old generation and waited for a full collection (on the 5k+5k bench,
 * 5 MB promoted per scavenge with WeakMaps, 1.4 MB with the memo on the object).
 */
export type Memo = Map<object, unknown>;

/** An object carrying a memo: a Segment or a Doc. */
export interface Memoised {
  readonly memo: Memo;
}

/**
 * The value under `key` on the owner, computed by `compute(owner)` the first time it is asked
 * for. Allocates nothing once computed (it sits on hot paths): pass a function that captures
 * nothing where it is called often.
 */
export function memo<O extends Memoised, V>(owner: O, key: object, compute: (owner: O) => V): V {
  const slot = owner.memo;
  let v = slot.get(key) as V | undefined;
  if (v === undefined && !slot.has(key)) {
    v = compute(owner);
    slot.set(key, v);
  }
  return v as V;
}

/** `compute`, remembered per owner (the function itself is the key). */
export function memoised<O extends Memoised, V>(compute: (owner: O) => V): (owner: O) => V {
  return (owner) => memo(owner, compute, compute);
}
