import { decodeBase64, encodeBase64, quarterOf } from "../encoding";
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import * as z from "zod";
import { canonicalize } from "./jcs";
import { describeIssues } from "../issues";

/**
 * Signing of the Layer 2 assessment (spec 2.12, 5.9): an Ed25519 signature over the RFC 8785
 * canonical JSON of `assessment.assessment`, in standard base64, next to a `key_id` naming
 * the layer and the quarter of the key (`l2-2026Q4`). The key ring is JSON `{ "keys": [...] }`,
 * kept in the SIGNING_KEYS secret in production and in DATA_DIR/signing-keys.json for the
 * embedded default. Pure: WebCrypto and jose only, so it runs in Workers and in Node.
 */

/** Signed assessments are retained 90 days (spec 8), so a retired key stays published as long. */
export const SIGNED_ASSESSMENT_RETENTION_DAYS = 90;

const DAY_MS = 86_400_000;
const KEY_LAYER = "l2";
const ED25519_SIGNATURE_BYTES = 64;

/** `l2-<year>Q<quarter>` of `date`, in UTC: 2026-11-21 gives `l2-2026Q4`. */
export function keyIdFor(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError("keyIdFor needs a valid date");
  return `${KEY_LAYER}-${quarterOf(date)}`;
}

function quarterStart(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3, 1);
}

// An Ed25519 key's x and d are 32 bytes: 43 characters of unpadded base64url.
const Ed25519KeyPart = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "expected 43 characters of base64url (32 bytes)");
const Timestamp = z.iso.datetime({ offset: true });

const PublicJwk = z
  .object({ kty: z.literal("OKP"), crv: z.literal("Ed25519"), x: Ed25519KeyPart })
  .loose()
  .refine((jwk) => !("d" in jwk), { message: "a public key must not carry the private part d", path: ["d"] });
const PrivateJwk = z.object({ kty: z.literal("OKP"), crv: z.literal("Ed25519"), x: Ed25519KeyPart, d: Ed25519KeyPart }).loose();

const KeyRecord = z
  .strictObject({
    kid: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, "expected 1 to 64 characters of [A-Za-z0-9._-]"),
    private_jwk: PrivateJwk,
    public_jwk: PublicJwk,
    created_at: Timestamp,
    retired_at: Timestamp.nullable(),
  })
  .refine((r) => r.private_jwk.x === r.public_jwk.x, {
    message: "private_jwk and public_jwk are not one key pair (x differs)",
    path: ["public_jwk", "x"],
  });

const KeyRingJson = z.strictObject({ keys: z.array(KeyRecord) }).superRefine((ring, ctx) => {
  const seen = new Set<string>();
  ring.keys.forEach((record, index) => {
    if (seen.has(record.kid)) ctx.addIssue({ code: "custom", message: `duplicate kid ${record.kid}`, path: ["keys", index, "kid"] });
    seen.add(record.kid);
  });
});

export interface SigningKeyRecord {
  kid: string;
  private_jwk: JWK;
  public_jwk: JWK;
  created_at: string;
  retired_at: string | null;
}

export interface KeyRing {
  records: SigningKeyRecord[];
}

export const SignedAssessment = z
  .object({
    assessment: z.record(z.string(), z.unknown()).describe("The signed object: its RFC 8785 canonical JSON is what the signature covers."),
    signature: z.string().describe("Standard base64 (with padding) of the Ed25519 signature over the UTF-8 bytes of the JCS form of `assessment`."),
    key_id: z.string().describe("Names the layer and quarter of the signing key; look it up by `kid` in GET /api/public-key.").meta({ example: "l2-2026Q4" }),
  })
  .describe("A Layer 2 assessment with its Ed25519 signature.");
export type SignedAssessment = z.infer<typeof SignedAssessment>;

export const PublishedKey = z.strictObject({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: z.string().describe("The public key, base64url (RFC 8037)."),
  kid: z.string().meta({ example: "l2-2026Q4" }),
  alg: z.literal("EdDSA"),
  use: z.literal("sig"),
});
export type PublishedKey = z.infer<typeof PublishedKey>;

export const PublicKeySet = z
  .strictObject({ keys: z.array(PublishedKey) })
  .describe("JWKS of the assessment signing keys: the active key and retired keys still inside the 90-day retention window.");
export type PublicKeySet = z.infer<typeof PublicKeySet>;

export type VerificationResult = { valid: true; key_id: string } | { valid: false; reason: string };

/** A fresh Ed25519 key pair as a ring record, named for the quarter of `now` unless `kid` is given. */
export async function generateSigningKey(now: Date, kid: string = keyIdFor(now)): Promise<SigningKeyRecord> {
  const { privateKey, publicKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  const { kty, crv, x, d } = await exportJWK(privateKey);
  const exportedPublic = await exportJWK(publicKey);
  return {
    kid,
    private_jwk: { kty, crv, x, d },
    public_jwk: { kty: exportedPublic.kty, crv: exportedPublic.crv, x: exportedPublic.x },
    created_at: now.toISOString(),
    retired_at: null,
  };
}

/** Parses the stored ring (`{ "keys": [...] }`); throws an Error naming the offending field. */
export function parseKeyRing(json: string): KeyRing {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (err) {
    throw new Error(`signing key ring is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = KeyRingJson.safeParse(raw);
  if (!parsed.success) throw new Error(`signing key ring is invalid: ${describeIssues(parsed.error)}`);
  return { records: parsed.data.keys as SigningKeyRecord[] };
}

/** The stored form of a ring, the inverse of parseKeyRing. */
export function serializeKeyRing(ring: KeyRing): string {
  return `${JSON.stringify({ keys: ring.records }, null, 2)}\n`;
}

// A key is in force from created_at until retired_at: this lets an operator stage next
// quarter's key in the secret ahead of time (published at once, used from its created_at).
function inForce(record: SigningKeyRecord, now: Date): boolean {
  const at = now.getTime();
  return Date.parse(record.created_at) <= at && (record.retired_at === null || Date.parse(record.retired_at) > at);
}

function newestInForce(ring: KeyRing, now: Date): SigningKeyRecord | undefined {
  return ring.records
    .filter((record) => inForce(record, now))
    .reduce<SigningKeyRecord | undefined>(
      (newest, record) => (!newest || Date.parse(record.created_at) > Date.parse(newest.created_at) ? record : newest),
      undefined,
    );
}

/** The key that signs at `now`: the newest record created by then and not yet retired. */
export function activeKey(ring: KeyRing, now: Date): SigningKeyRecord {
  const active = newestInForce(ring, now);
  if (!active) throw new Error(`no active signing key at ${now.toISOString()}: every key is retired or not yet valid`);
  return active;
}

/**
 * A new ring with a fresh key for the quarter of `now` when the active key belongs to an
 * earlier quarter (or there is none); the keys it replaces are retired at `now`. Returns the
 * same ring when nothing changes.
 */
export async function rotate(ring: KeyRing, now: Date): Promise<KeyRing> {
  const active = newestInForce(ring, now);
  if (active && quarterStart(new Date(active.created_at)) >= quarterStart(now)) return ring;
  const taken = new Set(ring.records.map((record) => record.kid));
  let kid = keyIdFor(now);
  for (let n = 2; taken.has(kid); n++) kid = `${keyIdFor(now)}-${n}`;
  const fresh = await generateSigningKey(now, kid);
  const retiredAt = now.toISOString();
  return {
    records: [...ring.records.map((record) => (inForce(record, now) ? { ...record, retired_at: retiredAt } : record)), fresh],
  };
}

/**
 * The JWKS served at GET /api/public-key: keys not retired (including staged ones) and keys
 * retired within `retentionDays`, so every retained signed assessment stays verifiable.
 * Built field by field: no private part can leak.
 */
export function publicKeySet(ring: KeyRing, now: Date, retentionDays: number = SIGNED_ASSESSMENT_RETENTION_DAYS): PublicKeySet {
  const oldestRetirement = now.getTime() - retentionDays * DAY_MS;
  return {
    keys: ring.records
      .filter((record) => record.retired_at === null || Date.parse(record.retired_at) >= oldestRetirement)
      .map((record) => ({ kty: "OKP", crv: "Ed25519", x: String(record.public_jwk.x), kid: record.kid, alg: "EdDSA", use: "sig" })),
  };
}

// Strict: exactly the canonical padded encoding of 64 bytes, so no two strings decode to one
// signature (a changed padding bit must not pass as the same signature).
function signatureBytes(signature: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]{86}==$/.test(signature)) return undefined;
  const bytes = decodeBase64(signature);
  return bytes?.length === ED25519_SIGNATURE_BYTES ? bytes : undefined;
}

/** The bytes a signature covers: UTF-8 of the JCS form. Throws a TypeError for a value JSON cannot carry. */
export function signedBytes(assessment: Record<string, unknown>): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(canonicalize(assessment));
}

// Imported private keys by their JWK, per process or isolate: a key ring is parsed once per
// secret value, so each of its keys is imported once, not on every signature.
const importedKeys = new WeakMap<object, Promise<CryptoKey>>();

function privateKeyOf(record: SigningKeyRecord): Promise<CryptoKey> {
  let key = importedKeys.get(record.private_jwk);
  if (!key) {
    // An OKP JWK always imports as a CryptoKey (only `oct` gives raw bytes).
    key = importJWK(record.private_jwk, "EdDSA") as Promise<CryptoKey>;
    // A failed import is not remembered: the next signature tries again.
    key.catch(() => importedKeys.delete(record.private_jwk));
    importedKeys.set(record.private_jwk, key);
  }
  return key;
}

export async function signAssessment(assessment: Record<string, unknown>, record: SigningKeyRecord): Promise<SignedAssessment> {
  const privateKey = await privateKeyOf(record);
  const signature = await crypto.subtle.sign("Ed25519", privateKey, signedBytes(assessment));
  return { assessment, signature: encodeBase64(new Uint8Array(signature)), key_id: record.kid };
}

// Verification takes any JWKS: other keys (other kty, other fields) may sit beside ours.
const AnyKeySet = z.object({ keys: z.array(z.object({ kid: z.string().optional() }).loose()) });

function invalid(reason: string): VerificationResult {
  return { valid: false, reason };
}

/**
 * Checks a signed assessment against a key set (the JWKS of GET /api/public-key), as a third
 * party would: find the key by `key_id`, canonicalise `assessment` with JCS, verify Ed25519.
 * Never throws: every failure is a `reason`.
 */
export async function verifyAssessment(signed: unknown, jwks: unknown): Promise<VerificationResult> {
  const envelope = SignedAssessment.safeParse(signed);
  if (!envelope.success) return invalid(`malformed signed assessment: ${describeIssues(envelope.error)}`);
  const keySet = AnyKeySet.safeParse(jwks);
  if (!keySet.success) return invalid(`malformed key set: ${describeIssues(keySet.error)}`);
  const { key_id: keyId, signature } = envelope.data;
  const jwk = keySet.data.keys.find((key) => key.kid === keyId);
  if (!jwk) return invalid(`unknown key id ${keyId}`);
  if (
    jwk.kty !== "OKP" ||
    jwk.crv !== "Ed25519" ||
    typeof jwk.x !== "string" ||
    (jwk.alg !== undefined && jwk.alg !== "EdDSA" && jwk.alg !== "Ed25519") ||
    (jwk.use !== undefined && jwk.use !== "sig")
  ) {
    return invalid(`key ${keyId} is not an Ed25519 signing key`);
  }
  const signatureRaw = signatureBytes(signature);
  if (!signatureRaw) return invalid("bad signature encoding: expected standard padded base64 of a 64-byte Ed25519 signature");
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    // The caller's own object, not zod's copy, so exactly what was received is canonicalised.
    bytes = signedBytes((signed as { assessment: Record<string, unknown> }).assessment);
  } catch (err) {
    return invalid(`malformed assessment: ${(err as Error).message}`);
  }
  let publicKey: CryptoKey;
  try {
    publicKey = await importJWK({ kty: "OKP" as const, crv: "Ed25519", x: jwk.x }, "EdDSA");
  } catch {
    return invalid(`key ${keyId} is not a valid Ed25519 public key`);
  }
  try {
    const matches = await crypto.subtle.verify("Ed25519", publicKey, signatureRaw, bytes);
    return matches ? { valid: true, key_id: keyId } : invalid("signature mismatch");
  } catch (err) {
    return invalid(`verification failed: ${(err as Error).message}`);
  }
}
