import { describe, expect, it } from "vitest";
import { displayNameField, isInvisibleText } from "./text";

// Display names others read must show what they say: no controls, no bidirectional controls,
// something visible. Each refusal names the field.

const name = displayNameField("display_name", 80);

describe("displayNameField", () => {
  it.each([
    ["a control character", "A\u0007B"],
    ["a tab", "A\tB"],
    ["a C1 control", "A\u009BB"],
    ...["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069", "\u200E", "\u200F", "\u061C"].map((c) => [
      `the bidirectional control U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`,
      `abc${c}def`,
    ]),
    ["only zero-width spaces", "\u200B\u200B"],
    ["only a word joiner and a BOM", "\u2060\uFEFF"],
    ["only Hangul fillers", "\u3164\u115F\u1160\uFFA0"],
    ["only a soft hyphen and a variation selector", "\u00AD\uFE0F"],
    ["only the braille blank", "\u2800"],
    ["only spaces of other kinds", "\u2003\u3000\u00A0"],
    ["nothing after trimming", "   "],
  ])("refuses %s, naming the field in the message", (_label, value) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toContain("display_name");
  });

  it.each(["Careful Agent", "Ἐπίκτητος", "محمد", "עברית", "東京", "Agent 👩‍💻", "क्षत्रिय", "Zoë\u00A0Careful", "a\u200Db"])("accepts %s", (value) => {
    expect(name.safeParse(value)).toEqual({ success: true, data: value });
  });

  it("trims surrounding whitespace", () => {
    expect(name.parse("  Careful  ")).toBe("Careful");
  });
});

describe("isInvisibleText", () => {
  it("is true for text that shows nothing and false once one visible character is there", () => {
    expect(isInvisibleText("")).toBe(true);
    expect(isInvisibleText("\u200B\u2060\uFEFF\u3164 ")).toBe(true);
    expect(isInvisibleText("\u200Bx")).toBe(false);
  });
});
