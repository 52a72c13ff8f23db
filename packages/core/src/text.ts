import * as z from "zod";

/**
 * A free-text field: required, not blank, at most `max` characters (named in the messages). An
 * empty string is said to be empty, once: the blank check does not run after it.
 */
export function textField(field: string, max: number) {
  return z
    .string()
    .min(1, { error: `${field} must not be empty`, abort: true })
    .max(max, `${field} is limited to ${max} characters`)
    .refine((text) => text.trim().length > 0, `${field} must not be blank`);
}

/** An optional free-text field: may be absent or empty, at most `max` characters. */
export function optionalTextField(field: string, max: number) {
  return z.string().max(max, `${field} is limited to ${max} characters`).optional();
}

// Display text others read (a name in a public directory) must show what it says.
// C0/C1 controls (Cc) have no place in a name.
const CONTROL = /\p{Cc}/u;
// Bidirectional controls reorder the text after them, so a name could read as another.
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
// What shows nothing: whitespace, format characters (Cf), the other default-ignorable code
// points (U+115F, U+3164 Hangul fillers, variation selectors, ...) and the braille blank.
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** True when every character of `text` is invisible (or there is none). */
export function isInvisibleText(text: string): boolean {
  return text.replace(INVISIBLE, "").length === 0;
}

/**
 * A name shown to others (a Stoa display name): trimmed, 1 to `max` characters, without
 * control or bidirectional control characters, and with at least one visible character.
 */
export function displayNameField(field: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, `${field} must hold more than whitespace`)
    .max(max, `${field} is limited to ${max} characters`)
    .refine((name) => !CONTROL.test(name), `${field} must not contain control characters`)
    .refine((name) => !BIDI_CONTROL.test(name), `${field} must not contain bidirectional control characters (they change how the text reads)`)
    .refine((name) => !isInvisibleText(name), `${field} must hold at least one visible character`);
}
