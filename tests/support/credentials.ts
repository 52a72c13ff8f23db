import { displayPrefix, generateApiKey, hashApiKey, keyOwnerId, type Capability, type CredentialKind, type Tier } from "@svc/core";
import { credentialStore } from "@svc/db";
import { SignJWT } from "jose";
import type { LocalRuntime } from "../../packages/local/src/local_runtime";
import { freshOwner } from "./database";

export const TEST_OPERATOR_KEY = "test-operator-key-0123456789";
export const TEST_JWT_SECRET = "test-jwt-secret-that-is-long-enough-0123456789";

export interface MintOptions {
  readonly kind?: CredentialKind;
  readonly tier?: Tier;
  readonly capabilities?: readonly Capability[];
  readonly owner?: string;
  readonly agent?: string | null;
  readonly revoked?: boolean;
  readonly expiresAt?: Date | null;
  readonly dailyLimit?: number | null;
  readonly harnessMarker?: "pre_decision_harness" | "post_decision_check" | null;
}

export interface MintedKey {
  readonly key: string;
  readonly id: string;
  /** The key's owner id, as records carry it: key:<name>. */
  readonly owner: string;
}

/** Writes an API key straight through the repository and returns its plaintext. */
export async function mintApiKey(runtime: LocalRuntime, options: MintOptions = {}): Promise<MintedKey> {
  const kind = options.kind ?? "live";
  const key = generateApiKey(kind);
  // Stored as the admin API stores it: the owner id key:<name>.
  const owner = keyOwnerId(options.owner ?? freshOwner());
  const store = credentialStore(await runtime.database());
  const stored = await store.insert({
    id: crypto.randomUUID(),
    kind,
    key_prefix: displayPrefix(key),
    key_hash: await hashApiKey(key),
    owner_id: owner,
    agent_id: options.agent ?? null,
    tier: options.tier ?? "free",
    capabilities: options.capabilities ?? [],
    daily_limit: options.dailyLimit ?? null,
    label: null,
    harness_marker: options.harnessMarker ?? null,
    expires_at: options.expiresAt ?? null,
  });
  if (options.revoked) await store.revoke(stored.id, new Date());
  return { key, id: stored.id, owner };
}

/** A human user's token signed with the test secret. */
export async function signUserJwt(
  sub: string,
  options: { expiresIn?: string | number; secret?: string; issuer?: string; audience?: string; claims?: Record<string, unknown> } = {},
): Promise<string> {
  let jwt = new SignJWT({ ...options.claims }).setProtectedHeader({ alg: "HS256" }).setSubject(sub).setIssuedAt();
  if (options.issuer) jwt = jwt.setIssuer(options.issuer);
  if (options.audience) jwt = jwt.setAudience(options.audience);
  jwt = jwt.setExpirationTime(options.expiresIn ?? "10m");
  return jwt.sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}
