import { z } from "zod";

/** A free-text field: required, not blank, at most `max` characters (named in the messages). */
export function textField(field: string, max: number) {
  return z
    .string()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} is limited to ${max} characters`)
    .refine((text) => text.trim().length > 0, `${field} must not be blank`);
}

/** An optional free-text field: may be absent or empty, at most `max` characters. */
export function optionalTextField(field: string, max: number) {
  return z.string().max(max, `${field} is limited to ${max} characters`).optional();
}
