// The CryptoKey type from jose (type only): this tsconfig has no DOM lib to name it.
import { decodeBase64, decodeBase64url, encodeBase64, encodeBase64url, quarterOf } from "./encoding";
import type { CryptoKey } from "jose";
import * as z from "zod";
import { describeIssues } from "./issues";

/**
 * Encryption at rest (spec 8): narratives and signed assessments are stored sealed with
 * AES-256-GCM under a data key named by a key id, so keys can rotate while rows sealed under
 * an older key still open. The key ring is JSON `{ "active": kid, "keys": { kid: base64 } }`,
 * kept in the DATA_KEYS secret in production and in DATA_DIR/data-keys.json for the embedded
 * default. Pure: WebCrypto only, so it runs in Workers and in Node.
 *
 * A sealed value is `v1.<kid>.<iv>.<ciphertext and tag>` (base64url, unpadded): it names its
 * own key, so no column beside it is needed. The version and kid are authenticated with the
 * caller's associated data, so neither can be edited without the tag failing.
 */

const SEAL_VERSION = "v1";
const KEY_LAYER = "dk";
const DATA_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

// "__proto__" matches the pattern, but a record keyed by it would lose that key on copying.
const RESERVED_KID = "__proto__";

const KeyId = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, "expected 1 to 64 characters of [A-Za-z0-9._-]")
  .refine((kid) => kid !== RESERVED_KID, `${RESERVED_KID} cannot be a key id`);

const KeyMaterial = z.string().refine((text) => decodeBase64(text)?.length === DATA_KEY_BYTES, "expected standard base64 of exactly 32 bytes");

// zod's record skips a "__proto__" key (JSON.parse makes it an own key) without an issue, so
// the key would vanish from the ring unnoticed: refuse it before the record sees it.
const Keys = z.preprocess(
  (keys, ctx) => {
    if (typeof keys === "object" && keys !== null && Object.hasOwn(keys, RESERVED_KID)) {
      ctx.addIssue({ code: "custom", message: `${RESERVED_KID} cannot be a key id`, path: [RESERVED_KID] });
    }
    return keys;
  },
  z.record(KeyId, KeyMaterial),
);

const DataKeyRingJson = z
  .strictObject({ active: KeyId, keys: Keys })
  .refine((ring) => Object.hasOwn(ring.keys, ring.active), { message: "the active key id is not in keys", path: ["active"] });

export interface DataKeyRing {
  /** The kid new seals use. */
  active: string;
  /** Every key that can still open rows: base64 of 32 bytes by kid. */
  keys: Record<string, string>;
}

export interface DataKey {
  kid: string;
  /** Standard base64 of 32 random bytes. */
  key: string;
}

export type SealErrorReason = "malformed" | "unknown_key_id" | "authentication_failed";

/** A sealed value that cannot be opened. Never carries the plaintext or key material. */
export class SealError extends Error {
  readonly reason: SealErrorReason;

  constructor(reason: SealErrorReason, message: string) {
    super(message);
    this.name = "SealError";
    this.reason = reason;
  }
}

export interface Sealer {
  /** The kid `seal` uses. */
  readonly activeKeyId: string;
  /** Encrypts under the active key; `associatedData` (a row's id) must be given again to open. */
  seal(plaintext: string, associatedData?: string): Promise<string>;
  /** Decrypts with the key the value names; throws a SealError, never returns unverified text. */
  open(sealed: string, associatedData?: string): Promise<string>;
}

/** `dk-<year>Q<quarter>` of `date`, in UTC: 2026-11-21 gives `dk-2026Q4`. */
export function dataKeyIdFor(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError("dataKeyIdFor needs a valid date");
  return `${KEY_LAYER}-${quarterOf(date)}`;
}

/** 32 fresh random bytes under `kid`. */
export function generateDataKey(kid: string): DataKey {
  const checked = KeyId.safeParse(kid);
  if (!checked.success) throw new RangeError(`invalid data key id: ${describeIssues(checked.error)}`);
  return { kid, key: encodeBase64(crypto.getRandomValues(new Uint8Array(DATA_KEY_BYTES))) };
}

/** A ring of one fresh key named for the quarter of `now`. */
export function generateDataKeyRing(now: Date): DataKeyRing {
  const { kid, key } = generateDataKey(dataKeyIdFor(now));
  return { active: kid, keys: { [kid]: key } };
}

/**
 * A new ring whose active key is fresh, named for the quarter of `now` (with `-2`, `-3`...
 * when that name is taken). The old keys stay so their rows still open; an operator removes
 * one only once no row sealed under it is retained.
 */
export function rotateDataKeyRing(ring: DataKeyRing, now: Date): DataKeyRing {
  const base = dataKeyIdFor(now);
  let kid = base;
  for (let n = 2; Object.hasOwn(ring.keys, kid); n++) kid = `${base}-${n}`;
  const { key } = generateDataKey(kid);
  return { active: kid, keys: { ...ring.keys, [kid]: key } };
}

/** Parses the stored ring; throws an Error naming the offending field. */
export function parseDataKeyRing(json: string): DataKeyRing {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (err) {
    throw new Error(`data key ring is not valid JSON: ${(err as Error).message}`);
  }
  return checkedRing(raw);
}

function checkedRing(raw: unknown): DataKeyRing {
  const parsed = DataKeyRingJson.safeParse(raw);
  if (!parsed.success) throw new Error(`data key ring is invalid: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

/** The stored form of a ring, the inverse of parseDataKeyRing. */
export function serializeDataKeyRing(ring: DataKeyRing): string {
  return `${JSON.stringify({ active: ring.active, keys: ring.keys }, null, 2)}\n`;
}

/**
 * A sealer over `ring` (validated here; a bad ring throws at once, not at the first seal).
 * Each key is imported on first use and cached in this closure, so a sealer built once per
 * process or request pays the import once per key.
 */
export function createSealer(ring: DataKeyRing): Sealer {
  const checked = checkedRing(ring);
  // A Map, not the record: a kid read from a sealed value must never reach Object.prototype.
  const material = new Map(Object.entries(checked.keys));
  const imported = new Map<string, Promise<CryptoKey>>();

  const keyFor = (kid: string): Promise<CryptoKey> => {
    let key = imported.get(kid);
    if (!key) {
      const raw = decodeBase64(material.get(kid) as string) as Uint8Array<ArrayBuffer>;
      key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
      imported.set(kid, key);
    }
    return key;
  };

  return {
    activeKeyId: checked.active,

    async seal(plaintext, associatedData) {
      const kid = checked.active;
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const ciphertext = await crypto.subtle.encrypt(
        { name: "AES-GCM", iv, additionalData: authenticatedBytes(kid, associatedData), tagLength: TAG_BYTES * 8 },
        await keyFor(kid),
        new TextEncoder().encode(plaintext),
      );
      return `${SEAL_VERSION}.${kid}.${encodeBase64url(iv)}.${encodeBase64url(new Uint8Array(ciphertext))}`;
    },

    async open(sealed, associatedData) {
      const { kid, iv, ciphertext } = parseSealed(sealed);
      if (!material.has(kid)) throw new SealError("unknown_key_id", `sealed under unknown data key id ${kid}`);
      let plaintext: ArrayBuffer;
      try {
        plaintext = await crypto.subtle.decrypt(
          { name: "AES-GCM", iv, additionalData: authenticatedBytes(kid, associatedData), tagLength: TAG_BYTES * 8 },
          await keyFor(kid),
          ciphertext,
        );
      } catch {
        throw new SealError("authentication_failed", `sealed value under ${kid} failed authentication: wrong key, wrong associated data, or altered`);
      }
      return new TextDecoder("utf-8", { fatal: true }).decode(plaintext);
    },
  };
}

// The header is authenticated with the caller's associated data. A kid has no NUL, so the
// bytes name one (kid, associated data) pair; an absent associated data is the empty string.
function authenticatedBytes(kid: string, associatedData: string | undefined): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`${SEAL_VERSION}.${kid}\u0000${associatedData ?? ""}`);
}

// base64url never contains ".", so the last two fields are the IV and ciphertext and the kid
// (which may contain ".") is everything between the version and them.
const SEALED_PATTERN = /^v1\.([A-Za-z0-9._-]{1,64})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

function parseSealed(sealed: string): { kid: string; iv: Uint8Array<ArrayBuffer>; ciphertext: Uint8Array<ArrayBuffer> } {
  const match = typeof sealed === "string" ? SEALED_PATTERN.exec(sealed) : null;
  if (!match) throw new SealError("malformed", "not a sealed value: expected v1.<kid>.<iv>.<ciphertext>");
  const [, kid, ivText, ciphertextText] = match as unknown as [string, string, string, string];
  const iv = decodeBase64url(ivText);
  if (iv?.length !== IV_BYTES) throw new SealError("malformed", `malformed sealed value: the IV is not canonical base64url of ${IV_BYTES} bytes`);
  const ciphertext = decodeBase64url(ciphertextText);
  if (!ciphertext || ciphertext.length < TAG_BYTES)
    throw new SealError("malformed", "malformed sealed value: the ciphertext is not canonical base64url of at least a tag");
  return { kid, iv, ciphertext };
}
