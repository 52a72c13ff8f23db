/**
 * RFC 8785, the JSON Canonicalization Scheme: the exact bytes a signed assessment's signature
 * covers, so any verifier that parses the JSON and canonicalises it again gets the same bytes.
 * Object keys sorted by UTF-16 code units, no whitespace, strings and numbers serialised as
 * ECMAScript's JSON.stringify does (which is what RFC 8785 prescribes). Values JSON cannot
 * carry faithfully (NaN, Infinity, bigint, functions, symbols, undefined in an array, cycles,
 * non-plain objects such as Date or Map) are refused with a TypeError rather than silently
 * changed; an `undefined` object member is omitted, as JSON.stringify omits it.
 */
export function canonicalize(value: unknown): string {
  return serialise(value, "$", new Set());
}

function serialise(value: unknown, path: string, ancestors: Set<object>): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "string":
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`JCS cannot represent ${value} (at ${path})`);
      // JSON.stringify of a finite number is ECMAScript's Number-to-String, with -0 as "0".
      return JSON.stringify(value);
    case "object":
      break;
    default:
      throw new TypeError(`JCS cannot represent a value of type ${typeof value} (at ${path})`);
  }
  if (ancestors.has(value)) throw new TypeError(`JCS cannot represent a cyclic structure (at ${path})`);
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      return `[${value.map((item, index) => serialise(item, `${path}[${index}]`, ancestors)).join(",")}]`;
    }
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      throw new TypeError(`JCS accepts plain objects only, not ${proto?.constructor?.name ?? "this object"} (at ${path})`);
    }
    const record = value as Record<string, unknown>;
    // The default sort compares UTF-16 code units, exactly as RFC 8785 section 3.2.3 asks.
    const members = Object.keys(record)
      .sort()
      .filter((key) => record[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${serialise(record[key], `${path}.${key}`, ancestors)}`);
    return `{${members.join(",")}}`;
  } finally {
    ancestors.delete(value);
  }
}
