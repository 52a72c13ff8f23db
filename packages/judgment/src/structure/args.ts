/**
 * A tolerant reader of tool-call arguments as agents write them: JSON objects (`{"to": "a@b"}`),
 * Python/JS literals (`{'k': True, k2: None}`), keyword arguments (`to='a@b', amount=3000`) and
 * positional values. It never throws: what it cannot read becomes a bare word. Every leaf keeps
 * its offsets in the source text, so a hit can quote the value verbatim.
 */

export type Scalar = string | number | boolean | null;

export interface Leaf {
  /** The key path ("settings.mfa", "attachments[0]"); positional values have "" keys. */
  readonly path: string;
  /** The innermost key, lower case ("" for a positional or list value). */
  readonly key: string;
  /** Every key on the path, lower case (for "filter.plan" both "filter" and "plan"). */
  readonly keys: readonly string[];
  readonly value: Scalar;
  /** The raw text of the value (for strings: without the quotes). */
  readonly raw: string;
  /** Offsets of the raw text in the source. */
  readonly start: number;
  readonly end: number;
  /** How many items the list holding this value has (0 when not in a list). */
  readonly listSize: number;
}

const MAX_LEAVES = 400;
const MAX_DEPTH = 12;

class Reader {
  i: number;
  readonly leaves: Leaf[] = [];
  constructor(
    readonly s: string,
    start: number,
    readonly end: number,
  ) {
    this.i = start;
  }

  ws(): void {
    const s = this.s;
    while (this.i < this.end) {
      const c = s.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.i++;
      else break;
    }
  }

  push(path: string, keys: readonly string[], value: Scalar, raw: string, start: number, end: number, listSize: number): void {
    if (this.leaves.length >= MAX_LEAVES) return;
    const key = keys.length > 0 ? keys[keys.length - 1]! : "";
    this.leaves.push({ path, key, keys, value, raw, start, end, listSize });
  }

  /** A quoted string starting at this.i; returns [inner start, inner end, decoded]. */
  str(): [number, number, string] {
    const s = this.s;
    const q = s[this.i]!;
    const from = ++this.i;
    let out = "";
    while (this.i < this.end && s[this.i] !== q) {
      if (s[this.i] === "\\" && this.i + 1 < this.end) {
        const n = s[this.i + 1]!;
        out += n === "n" ? "\n" : n === "t" ? "\t" : n;
        this.i += 2;
      } else out += s[this.i++]!;
    }
    const to = this.i;
    if (this.i < this.end) this.i++;
    return [from, to, out];
  }

  /** A bare token up to a delimiter: numbers, true/false/None, identifiers, `acct 7711-0099`. */
  bare(stops: string): [number, number] {
    const s = this.s;
    const from = this.i;
    let depth = 0;
    while (this.i < this.end) {
      const c = s[this.i]!;
      if (depth === 0 && stops.includes(c)) break;
      if (c === "(" || c === "[" || c === "{") depth++;
      else if (c === ")" || c === "]" || c === "}") {
        if (depth === 0) break;
        depth--;
      } else if (c === "'" || c === '"') {
        this.str();
        continue;
      }
      this.i++;
    }
    let to = this.i;
    while (to > from && /\s/.test(s[to - 1]!)) to--;
    return [from, to];
  }

  value(path: string, keys: readonly string[], depth: number, listSize: number, stops: string): void {
    this.ws();
    if (this.i >= this.end) return;
    const c = this.s[this.i]!;
    if (depth > MAX_DEPTH) {
      this.bare(stops);
      return;
    }
    if (c === "{") {
      this.object(path, keys, depth);
      return;
    }
    if (c === "[" || (c === "(" && depth > 0)) {
      this.list(path, keys, depth, c === "[" ? "]" : ")");
      return;
    }
    if (c === '"' || c === "'" || c === "`") {
      const [from, to, decoded] = this.str();
      this.push(path, keys, decoded, this.s.slice(from, to), from, to, listSize);
      return;
    }
    const [from, to] = this.bare(stops);
    if (to <= from) {
      if (this.i === from) this.i++;
      return;
    }
    const raw = this.s.slice(from, to);
    const lower = raw.toLowerCase();
    let value: Scalar = raw;
    if (lower === "true") value = true;
    else if (lower === "false") value = false;
    else if (lower === "null" || lower === "none" || lower === "undefined" || lower === "nil") value = null;
    else if (/^-?\d+(\.\d+)?$/.test(raw)) value = Number(raw);
    this.push(path, keys, value, raw, from, to, listSize);
  }

  object(path: string, keys: readonly string[], depth: number): void {
    this.i++; // {
    for (;;) {
      this.ws();
      if (this.i >= this.end) return;
      const c = this.s[this.i]!;
      if (c === "}") {
        this.i++;
        return;
      }
      if (c === ",") {
        this.i++;
        continue;
      }
      const before = this.i;
      let key: string;
      if (c === '"' || c === "'") key = this.str()[2];
      else {
        const [from, to] = this.bare(":,}");
        key = this.s.slice(from, to);
      }
      this.ws();
      if (this.s[this.i] === ":") {
        this.i++;
        const k = key.toLowerCase();
        this.value(path ? `${path}.${key}` : key, [...keys, k], depth + 1, 0, ",}");
      } else if (this.i === before) this.i++;
    }
  }

  list(path: string, keys: readonly string[], depth: number, close: string): void {
    this.i++; // [ or (
    const save = this.i;
    // Count the items first (cheap, one level), so leaves know the size of their list.
    let size = 0;
    {
      let d = 0;
      let j = this.i;
      let sawItem = false;
      const s = this.s;
      while (j < this.end) {
        const ch = s[j]!;
        if (ch === '"' || ch === "'") {
          const q = ch;
          j++;
          while (j < this.end && s[j] !== q) j += s[j] === "\\" ? 2 : 1;
          j++;
          sawItem = true;
          continue;
        }
        if (ch === "[" || ch === "{" || ch === "(") d++;
        else if (ch === "]" || ch === "}" || ch === ")") {
          if (d === 0) break;
          d--;
        } else if (ch === "," && d === 0) {
          if (sawItem) size++;
          sawItem = false;
          j++;
          continue;
        }
        if (!/\s/.test(ch)) sawItem = true;
        j++;
      }
      if (sawItem) size++;
    }
    this.i = save;
    let n = 0;
    for (;;) {
      this.ws();
      if (this.i >= this.end) return;
      const c = this.s[this.i]!;
      if (c === close || c === "]" || c === ")") {
        this.i++;
        return;
      }
      if (c === ",") {
        this.i++;
        continue;
      }
      const before = this.i;
      this.value(`${path}[${n}]`, keys, depth + 1, size, `,${close}`);
      n++;
      if (this.i === before) this.i++;
    }
  }

  /** Top level of a call's arguments: kwargs, positional values, or one object. */
  args(): void {
    for (;;) {
      this.ws();
      if (this.i >= this.end) return;
      const c = this.s[this.i]!;
      if (c === ",") {
        this.i++;
        continue;
      }
      const before = this.i;
      const m = /^([A-Za-z_][\w.]*)\s*=(?!=)/.exec(this.s.slice(this.i, Math.min(this.end, this.i + 80)));
      if (m) {
        this.i += m[0].length;
        const key = m[1]!;
        this.value(key, [key.toLowerCase()], 1, 0, ",");
      } else this.value("", [], 0, 0, ",");
      if (this.i === before) this.i++;
    }
  }
}

/** The leaves of a call's argument text s[start, end). */
export function readArgs(s: string, start: number, end: number): Leaf[] {
  const r = new Reader(s, start, end);
  try {
    r.args();
  } catch {
    // Tolerant by design: whatever was read so far stands.
  }
  return r.leaves;
}
