import { sha256Hex } from "./encoding";
import { ConflictError, UnprocessableError, ValidationError } from "./errors";
import { canonicalize } from "./reason/jcs";

/**
 * Idempotency-Key, with Stripe's semantics: the first request with a key claims it for its
 * caller; a retry with the same key and the same request gets the stored response back (nothing
 * runs, nothing is charged); the same key on another request is refused. Records live 24 hours.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_MAX = 255;
/** How long a finished call's response is replayed. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/**
 * How long a claim holds while its call runs. A call that never finishes (its process killed)
 * leaves a claim that a retry may take over after this, so it must outlast the slowest call
 * (a deep consult with language-model retries takes about two minutes at most).
 */
export const IDEMPOTENCY_LEASE_SECONDS = 10 * 60;

/** Printable ASCII (space to tilde), 1 to 255 characters, as Stripe accepts. */
const ACCEPTABLE_KEY = /^[\x20-\x7e]{1,255}$/;

/** The header's value, or undefined when absent; a malformed value is a 400 naming the header. */
export function parseIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!ACCEPTABLE_KEY.test(value)) {
    throw new ValidationError(
      "invalid_header",
      `${IDEMPOTENCY_KEY_HEADER}: must be 1 to ${IDEMPOTENCY_KEY_MAX} printable ASCII characters (a UUID v4 is a good choice).`,
      IDEMPOTENCY_KEY_HEADER,
    );
  }
  return value;
}

/** What identifies a request under a key: its method, path (with query) and canonical body. */
export interface IdempotentRequest {
  /** Whose key space: the credential (callerSubject), so two callers never share a key. */
  readonly subject: string;
  readonly key: string;
  readonly method: string;
  readonly path: string;
  readonly bodySha256: string;
}

/** SHA-256 of the body's RFC 8785 form: the same JSON with other spacing or key order matches. */
export function bodyFingerprint(body: unknown): Promise<string> {
  return sha256Hex(body === undefined ? "" : canonicalize(body));
}

export interface StoredResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The body is a Sealer value, opened with idempotencySealContext as associated data. */
  readonly sealed: boolean;
}

/** What a stored body is sealed to: its caller and key, so it opens in no other record. */
export function idempotencySealContext(subject: string, key: string): string {
  return `idempotency:${subject}:${key}`;
}

/** A key's record as the store holds it. */
export interface IdempotencyRecord {
  readonly method: string;
  readonly path: string;
  readonly bodySha256: string;
  readonly claimId: string;
  readonly lockedUntil: Date;
  /** Null while the claimed call runs. */
  readonly response: StoredResponse | null;
  readonly expiresAt: Date;
}

/** The port: Postgres in every deployment, so all Workers share it and it survives restarts. */
export interface IdempotencyStore {
  /**
   * Claims the key atomically for `claimId`: inserted when absent, taken over when the record
   * expired or its call was abandoned (lease over, same request). Returns the record as it now
   * stands (ours when its claimId is ours), or null when it vanished meanwhile (purged).
   */
  claim(request: IdempotentRequest, claim: { claimId: string; now: Date; lockedUntil: Date; expiresAt: Date }): Promise<IdempotencyRecord | null>;
  /** Stores the finished call's response under our claim; the record then lives to expiresAt. */
  complete(subject: string, key: string, claimId: string, response: StoredResponse, expiresAt: Date): Promise<void>;
  /** Drops our claim, so a retry runs the call again. */
  release(subject: string, key: string, claimId: string): Promise<void>;
  /** Deletes expired records; returns how many. */
  purgeExpired(now: Date): Promise<number>;
}

export type IdempotencyClaim = { readonly kind: "claimed"; readonly claimId: string } | { readonly kind: "replay"; readonly response: StoredResponse };

/**
 * Claims the key before anything runs or is charged. Our claim: run the call. A finished call
 * with the same request: replay it. A call still running: 409. Another request: 422.
 */
export async function claimIdempotencyKey(input: { store: IdempotencyStore; request: IdempotentRequest; now: Date }): Promise<IdempotencyClaim> {
  const { store, request, now } = input;
  const claimId = crypto.randomUUID();
  const lockedUntil = new Date(now.getTime() + IDEMPOTENCY_LEASE_SECONDS * 1000);
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_SECONDS * 1000);
  // A record purged between the insert and the read is claimed again on the next pass.
  for (let attempt = 0; attempt < 3; attempt++) {
    const record = await store.claim(request, { claimId, now, lockedUntil, expiresAt });
    if (!record) continue;
    if (record.claimId === claimId) return { kind: "claimed", claimId };
    if (record.method !== request.method || record.path !== request.path || record.bodySha256 !== request.bodySha256) {
      throw new UnprocessableError(
        `${IDEMPOTENCY_KEY_HEADER} was already used with another request (${record.method} ${record.path}${record.path === request.path ? " with another body" : ""}) in the last 24 hours; use a new key for a new request.`,
        "idempotency_key_reused",
        IDEMPOTENCY_KEY_HEADER,
      );
    }
    if (record.response) return { kind: "replay", response: record.response };
    const retryAfter = Math.max(1, Math.min(5, Math.ceil((record.lockedUntil.getTime() - now.getTime()) / 1000)));
    throw new ConflictError(
      `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed; retry shortly to get its result.`,
      "idempotency_key_in_use",
      {
        retry_after: retryAfter,
      },
    );
  }
  throw new Error("the idempotency record kept vanishing while it was claimed");
}

/**
 * Whether a finished call's response is kept for replay. Kept: every answer that follows from
 * the request (2xx, and 4xx such as a 404 or 409 the call reached). Released for a retry to run
 * again: 429 (an allowance or burst refusal, which a later retry may pass) and every 5xx (a
 * failure of ours or an outage; a charged call that fails is refunded).
 */
export function keepsIdempotentResponse(status: number): boolean {
  return status < 500 && status !== 429;
}
