import { describe, expect, it } from "vitest";
import { canonicalize } from "./jcs";

function fromBits(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describe("canonicalize follows RFC 8785", () => {
  it("sorts keys by UTF-16 code units, including non-ASCII and surrogate-pair keys (RFC 8785 3.2.3)", () => {
    const input = JSON.parse(
      '{"\\u20ac":"Euro Sign","\\r":"Carriage Return","\\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One",' +
        '"\\ud83d\\ude00":"Emoji: Grinning Face","\\u0080":"Control","\\u00f6":"Latin Small Letter O With Diaeresis"}',
    );
    expect(canonicalize(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis",' +
        '"\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it("sorts by code units, not code points: a surrogate pair sorts before U+FB33", () => {
    // By code point U+1F600 > U+FB33; by UTF-16 code unit 0xD83D < 0xFB33.
    expect(canonicalize({ "\ufb33": 1, "\ud83d\ude00": 2 })).toBe('{"\ud83d\ude00":2,"\ufb33":1}');
  });

  it("reproduces the RFC 8785 3.2.2 example (literals, numbers, string escapes)", () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],' +
        '"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonicalize(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' + '"string":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it.each([
    [1e21, "1e+21"],
    [1e-7, "1e-7"],
    // biome-ignore lint/correctness/noPrecisionLoss: the literal is the RFC 8785 example, rounded on purpose
    [333333333.33333329, "333333333.3333333"],
    [-0, "0"],
    [4.5, "4.5"],
    [0.002, "0.002"],
    [2e-3, "0.002"],
    [1e30, "1e+30"],
    [1e20, "100000000000000000000"],
    [1e-6, "0.000001"],
    [-1.5, "-1.5"],
    [0, "0"],
  ])("serialises the number %s as %s", (value, expected) => {
    expect(canonicalize(value)).toBe(expected);
    expect(canonicalize([value])).toBe(`[${expected}]`);
  });

  // RFC 8785 appendix B: IEEE 754 bit patterns and their required serialisation.
  it.each([
    ["0000000000000000", "0"],
    ["8000000000000000", "0"],
    ["0000000000000001", "5e-324"],
    ["8000000000000001", "-5e-324"],
    ["7fefffffffffffff", "1.7976931348623157e+308"],
    ["ffefffffffffffff", "-1.7976931348623157e+308"],
    ["4340000000000000", "9007199254740992"],
    ["c340000000000000", "-9007199254740992"],
    ["4430000000000000", "295147905179352830000"],
    ["44b52d02c7e14af5", "9.999999999999997e+22"],
    ["44b52d02c7e14af6", "1e+23"],
    ["44b52d02c7e14af7", "1.0000000000000001e+23"],
    ["444b1ae4d6e2ef4e", "999999999999999700000"],
    ["444b1ae4d6e2ef4f", "999999999999999900000"],
    ["444b1ae4d6e2ef50", "1e+21"],
    ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
    ["3eb0c6f7a0b5ed8d", "0.000001"],
    ["41b3de4355555553", "333333333.3333332"],
    ["41b3de4355555554", "333333333.33333325"],
    ["41b3de4355555555", "333333333.3333333"],
    ["41b3de4355555556", "333333333.3333334"],
    ["41b3de4355555557", "333333333.33333343"],
    ["becbf647612f3696", "-0.0000033333333333333333"],
    ["43143ff3c1cb0959", "1424953923781206.2"],
  ])("serialises the IEEE 754 value 0x%s as %s (appendix B)", (bits, expected) => {
    expect(canonicalize(fromBits(bits))).toBe(expected);
  });

  it.each([
    ["control characters as lower-case \\u00xx", "\u0001\u001f", '"\\u0001\\u001f"'],
    ["the short escapes", '\b\t\n\f\r"\\', '"\\b\\t\\n\\f\\r\\"\\\\"'],
    ["solidus and DEL unescaped", "/\u007f", '"/\u007f"'],
    ["non-ASCII as UTF-8 text, not escaped", "€ αρετή 😀", '"€ αρετή 😀"'],
    ["U+2028 and U+2029 unescaped", "\u2028\u2029", '"\u2028\u2029"'],
  ])("writes strings: %s", (_name, value, expected) => {
    expect(canonicalize(value)).toBe(expected);
  });

  it("writes nested objects and arrays without whitespace, each level sorted", () => {
    const value = {
      z: [3, { b: [true, null], a: "x" }, []],
      a: { y: {}, x: [[1, 2], [{ d: 1, c: 2 }]] },
      m: "",
    };
    expect(canonicalize(value)).toBe('{"a":{"x":[[1,2],[{"c":2,"d":1}]],"y":{}},"m":"","z":[3,{"a":"x","b":[true,null]},[]]}');
  });

  it("does not depend on the insertion order of keys", () => {
    const one = { alpha: 1, beta: { gamma: [1, 2], delta: "d" }, epsilon: null };
    const two = { epsilon: null, beta: { delta: "d", gamma: [1, 2] }, alpha: 1 };
    expect(canonicalize(one)).toBe(canonicalize(two));
  });

  it("omits undefined object members, as JSON.stringify does", () => {
    expect(canonicalize({ b: undefined, a: 1 })).toBe('{"a":1}');
  });

  it("accepts null-prototype objects", () => {
    const value = Object.assign(Object.create(null) as Record<string, unknown>, { b: 2, a: 1 });
    expect(canonicalize(value)).toBe('{"a":1,"b":2}');
  });

  it("parses back to a value equal to the input", () => {
    const value = {
      katorthoma_proximity: "deliberate",
      proximity_floors: { base: "habitual", dikaiosyne: null, aggregate: "habitual" },
      markers: [{ quote: 'I told him "no" — twice\n', start: 0, end: 24 }],
      // biome-ignore lint/correctness/noPrecisionLoss: a number past 2^53, as a client may send one
      numbers: [0, -1, 1.25, 1e-9, 12345678901234567890],
      unicode: "\ud83d\ude00\u00f6\u0000",
    };
    const text = canonicalize(value);
    expect(JSON.parse(text)).toEqual(value);
    expect(canonicalize(JSON.parse(text))).toBe(text);
  });

  it.each<[string, unknown]>([
    ["NaN", NaN],
    ["Infinity", Infinity],
    ["-Infinity", [1, -Infinity]],
    ["undefined at the top level", undefined],
    ["undefined in an array", [1, undefined]],
    ["a function", { f: () => 1 }],
    ["a bigint", { n: 10n }],
    ["a symbol", [Symbol("s")]],
    ["a Date", { at: new Date(0) }],
    ["a Map", new Map([["a", 1]])],
  ])("refuses %s with a TypeError", (_name, value) => {
    expect(() => canonicalize(value)).toThrow(TypeError);
  });

  it("refuses a cycle with a TypeError, but accepts the same object twice side by side", () => {
    const shared = { a: 1 };
    expect(canonicalize({ x: shared, y: shared })).toBe('{"x":{"a":1},"y":{"a":1}}');
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => canonicalize(cyclic)).toThrow(/cyclic/);
  });

  it("names where the refused value sits", () => {
    expect(() => canonicalize({ outer: [{ inner: NaN }] })).toThrow("$.outer[0].inner");
  });
});
