import { sha256 } from "@noble/hashes/sha2.js";
/**
 * Byte encodings shared by keys, signatures, sealed values and hashes. Decoding is strict:
 * only the canonical encoding of some bytes decodes, so no two strings stand for one value
 * (an altered padding bit is refused, not silently ignored).
 */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function encodeBase64url(bytes: Uint8Array): string {
  return encodeBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return undefined;
  const bytes = Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  return encodeBase64(bytes) === text ? bytes : undefined;
}

export function decodeBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  return decodeBase64(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
}

const HEX_BYTES = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += HEX_BYTES[b]!;
  return out;
}

const UTF8 = new TextEncoder();

/**
 * Texts up to this size are hashed in JavaScript (@noble/hashes, audited): WebCrypto's digest
 * is an asynchronous job, and in Node each one costs ~80 µs of the thread whatever its length,
 * more than hashing 8 KiB (a guardrail call hashes twice: the credential and the act). Longer
 * texts go to WebCrypto, off the thread in Node and native on Workers.
 */
const INLINE_HASH_MAX_BYTES = 8 * 1024;

/** SHA-256 of the UTF-8 text, hex. */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = UTF8.encode(text);
  return toHex(bytes.length <= INLINE_HASH_MAX_BYTES ? sha256(bytes) : new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
}

/** `<year>Q<quarter>` of a date in UTC (2026-11-21 gives `2026Q4`): how key ids name their quarter. */
export function quarterOf(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError("quarterOf needs a valid date");
  return `${date.getUTCFullYear()}Q${Math.floor(date.getUTCMonth() / 3) + 1}`;
}
