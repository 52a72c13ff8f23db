import * as z from "zod";
import { encodeBase64url, sha256Hex } from "./encoding";
import { Capability, CredentialKind, ExaminationMode, Tier } from "./enums";

/**
 * Credentials: API keys for agents, JWTs for human users, and the operator. Pure: key
 * format, hashing (WebCrypto) and the store port; the database adapter implements the port.
 */

export const API_KEY_PREFIX: Readonly<Record<CredentialKind, string>> = {
  live: "svc_live_",
  prac: "svc_prac_",
  inst: "svc_inst_",
};

/** 24 random bytes = 192 bits, base64url: well above the 128 bits required. */
const KEY_RANDOM_BYTES = 24;
const KEY_BODY = /^[A-Za-z0-9_-]{32}$/;
/** Characters of the key kept in clear for display (prefix plus four). */
const DISPLAY_PREFIX_LENGTH = 13;

export function generateApiKey(kind: CredentialKind): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_RANDOM_BYTES));
  return `${API_KEY_PREFIX[kind]}${encodeBase64url(bytes)}`;
}

/** The kind of a well-formed API key, or null when the token is not one. */
export function apiKeyKind(token: string): CredentialKind | null {
  for (const kind of CredentialKind.options) {
    const prefix = API_KEY_PREFIX[kind];
    if (token.startsWith(prefix) && KEY_BODY.test(token.slice(prefix.length))) return kind;
  }
  return null;
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}

/**
 * SHA-256 of the key, hex. The key is 192 random bits, so a fast unsalted hash is enough: a
 * stolen table cannot be brute-forced back to keys, and lookups stay one indexed read.
 */
export async function hashApiKey(key: string): Promise<string> {
  return sha256Hex(key);
}

/** Compares two hex digests of the same length in time independent of where they differ. */
export function digestsEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Owner ids name whose records are whose, qualified by the kind of owner so that a human user
 * and a key owner can never share records (docs/decisions.md, "Owners"): `user:<JWT sub>`,
 * `key:<name the operator gave the key's owner>`, or `operator` for the deployment's operator
 * key. No qualified id equals another kind's, whatever the sub or name.
 */
export const OPERATOR_OWNER_ID = "operator";
const USER_OWNER_PREFIX = "user:";
const KEY_OWNER_PREFIX = "key:";
const OWNER_NAME_MAX = 128;

/** The owner id of a human user, from the JWT's `sub` taken as it is. */
export function userOwnerId(sub: string): string {
  return `${USER_OWNER_PREFIX}${sub}`;
}

/** The owner id of an API key's owner, from its name (an already qualified `key:` id is kept). */
export function keyOwnerId(name: string): string {
  return name.startsWith(KEY_OWNER_PREFIX) ? name : `${KEY_OWNER_PREFIX}${name}`;
}

/**
 * The name an operator gives a key's owner (admin keys, --owner): stored as `key:<name>`. A
 * `key:` id copied from a listing names the same owner; a `user:` id is refused, since a key
 * never acts for a human user.
 */
export const KeyOwnerName = z
  .string()
  .trim()
  .min(1)
  .max(KEY_OWNER_PREFIX.length + OWNER_NAME_MAX)
  .regex(/^[^\s]+$/, "must not contain spaces")
  .refine((name) => !name.startsWith(USER_OWNER_PREFIX), "names a human user (user:…); a key's owner is its own kind of owner and is stored as key:<name>")
  .refine((name) => name !== KEY_OWNER_PREFIX, "needs a name after key:")
  .refine((name) => name.length <= OWNER_NAME_MAX || name.startsWith(KEY_OWNER_PREFIX), `is limited to ${OWNER_NAME_MAX} characters`);

/** A qualified owner id as records and listings carry it: `user:<sub>`, `key:<name>` or `operator`. */
export const OwnerId = z
  .string()
  .trim()
  .max(USER_OWNER_PREFIX.length + OWNER_NAME_MAX)
  .regex(/^(?:operator|(?:user|key):[^\s]+)$/, "must be a qualified owner id: user:<sub>, key:<name> or operator");
export const AgentId = z
  .string()
  .trim()
  .min(2)
  .max(128)
  .regex(/^[^\s]+$/, "must not contain spaces");

/** A stored API key as the service sees it: never the secret, only its hash. */
export const StoredApiKey = z.object({
  id: z.uuid(),
  kind: CredentialKind,
  key_prefix: z.string().describe("The first characters of the key, for recognising it."),
  owner_id: z.string().describe("The owner id of the key's records: key:<name>.").meta({ example: "key:acme" }),
  agent_id: z.string().nullable(),
  tier: Tier,
  capabilities: z.array(Capability),
  daily_limit: z.number().int().positive().nullable().describe("Paid keys: calls per UTC day; null means the deployment default."),
  label: z.string().nullable(),
  harness_marker: ExaminationMode.nullable().describe(
    "How this credential's agent runs examinations (pre_decision_harness or post_decision_check); null when not declared. An accreditation write sets the record's examination_mode from it.",
  ),
  created_at: z.string().describe("ISO 8601."),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type StoredApiKey = z.infer<typeof StoredApiKey>;

export interface NewApiKey {
  readonly id: string;
  readonly kind: CredentialKind;
  readonly key_prefix: string;
  readonly key_hash: string;
  readonly owner_id: string;
  readonly agent_id: string | null;
  readonly tier: Tier;
  readonly capabilities: readonly Capability[];
  readonly daily_limit: number | null;
  readonly label: string | null;
  readonly harness_marker?: ExaminationMode | null;
  readonly expires_at: Date | null;
}

export interface ApiKeyListQuery {
  readonly owner_id?: string;
  readonly include_revoked: boolean;
  readonly limit: number;
  /** Keys created strictly before this one (cursor). */
  readonly before_id?: string;
}

/** The store port for credentials; implemented over Postgres in @svc/db. */
export interface CredentialStore {
  insert(key: NewApiKey): Promise<StoredApiKey>;
  /** The key with this hash if it is neither revoked nor expired at `now`; records the use. */
  useByHash(keyHash: string, now: Date): Promise<StoredApiKey | null>;
  /** Any key with this hash, whatever its state (to tell revoked from unknown). */
  findByHash(keyHash: string): Promise<StoredApiKey | null>;
  list(query: ApiKeyListQuery): Promise<StoredApiKey[]>;
  /** Revokes the key; an already revoked key keeps its first revocation time. Null when unknown. */
  revoke(id: string, at: Date): Promise<StoredApiKey | null>;
  /** The credential's harness marker, read fresh (never from a cache); throws when the store cannot be read. */
  harnessMarker(id: string): Promise<ExaminationMode | null>;
}

/** Who is calling, once authenticated. */
export type Principal =
  | {
      readonly type: "api_key";
      readonly credential_id: string;
      readonly kind: CredentialKind;
      readonly owner_id: string;
      readonly agent_id: string | null;
      readonly tier: z.infer<typeof Tier>;
      readonly capabilities: readonly Capability[];
      readonly daily_limit: number | null;
    }
  | {
      readonly type: "user";
      readonly owner_id: string;
      readonly tier: z.infer<typeof Tier>;
      readonly capabilities: readonly Capability[];
    }
  | {
      readonly type: "operator";
      readonly owner_id: "operator";
      readonly tier: "paid";
      readonly capabilities: readonly Capability[];
    };

export function principalFromKey(key: StoredApiKey): Principal {
  return {
    type: "api_key",
    credential_id: key.id,
    kind: key.kind,
    // Stored qualified; qualifying again is a no-op that keeps even a stray raw row out of the user namespace.
    owner_id: keyOwnerId(key.owner_id),
    agent_id: key.agent_id,
    tier: key.tier,
    capabilities: key.capabilities,
    daily_limit: key.daily_limit,
  };
}

export function hasCapability(principal: Principal, capability: Capability): boolean {
  return principal.type === "operator" || principal.capabilities.includes(capability) || principal.capabilities.includes("operator");
}
