/**
 * Reading columns back the same way on every driver: PGlite, node-postgres and the Neon driver
 * return timestamps as Date or as text, and json/jsonb as parsed values or as text.
 */

/** A timestamp column as an ISO 8601 string. */
export const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

/** A json/jsonb column as its value. */
export const json = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);
