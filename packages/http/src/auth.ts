import { apiKeyKind, hashApiKey, principalFromKey, digestsEqual, Tier, UnauthenticatedError, userOwnerId, OPERATOR_OWNER_ID, type Principal } from "@svc/core";
import type { Context } from "hono";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import type { AppEnv } from "./route";
import type { ServiceEnv } from "@svc/runtime";
import { sessionOf } from "./session";

/**
 * Authentication: only `Authorization: Bearer <credential>` is read. The credential is the
 * operator key, an API key (svc_live_/svc_prac_/svc_inst_) or a human user's JWT.
 */

const OPERATOR: Principal = Object.freeze({
  type: "operator",
  owner_id: OPERATOR_OWNER_ID,
  tier: "paid",
  capabilities: Object.freeze(["operator"] as const),
});

interface CachedKey {
  readonly principal: Principal;
  readonly credentialId: string;
  readonly expiresAt: number;
}

// Checked keys, per isolate: a key is read from the database at most once per
// KEY_CACHE_TTL_SECONDS, which is also the bound within which a revocation takes effect
// elsewhere. Bounded so a flood of distinct keys cannot grow it without limit.
const keyCache = new Map<string, CachedKey>();
const KEY_CACHE_MAX_ENTRIES = 10_000;

// JWKS fetchers per URL, per isolate: jose caches the fetched keys and refreshes on rotation.
const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export function forgetCachedCredential(credentialId: string): void {
  for (const [hash, entry] of keyCache) if (entry.credentialId === credentialId) keyCache.delete(hash);
}

export function clearCredentialCache(): void {
  keyCache.clear();
}

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export async function authenticate(c: Context<AppEnv>): Promise<Principal> {
  const header = c.req.header("Authorization");
  if (!header) throw new UnauthenticatedError("This route needs a credential: Authorization: Bearer <credential>.", "missing_credential");
  const match = BEARER.exec(header);
  if (!match) throw new UnauthenticatedError("Only the Authorization: Bearer <credential> form is accepted.", "invalid_credential");
  const token = match[1]!;
  const config = c.get("config");

  // One digest of the credential serves both the operator check and the key lookup.
  const hash = await hashApiKey(token);
  if (config.OPERATOR_API_KEY && digestsEqual(hash, await operatorKeyHash(config.OPERATOR_API_KEY))) return OPERATOR;
  if (apiKeyKind(token)) return authenticateApiKey(c, hash, config);
  if (JWT_SHAPE.test(token) && (config.JWT_SECRET || config.JWT_JWKS_URL)) return authenticateUser(token, config);
  throw new UnauthenticatedError("The credential is not recognised.", "invalid_credential");
}

// The operator key's digest per configured value, per process or isolate.
const operatorHashes = new Map<string, Promise<string>>();

function operatorKeyHash(key: string): Promise<string> {
  let hash = operatorHashes.get(key);
  if (!hash) {
    if (operatorHashes.size >= 4) operatorHashes.clear();
    hash = hashApiKey(key);
    operatorHashes.set(key, hash);
  }
  return hash;
}

async function authenticateApiKey(c: Context<AppEnv>, hash: string, config: ServiceEnv): Promise<Principal> {
  const now = Date.now();
  const cached = keyCache.get(hash);
  if (cached && cached.expiresAt > now) return cached.principal;
  keyCache.delete(hash);

  const { credentials } = await sessionOf(c);
  const key = await credentials.useByHash(hash, new Date(now));
  if (!key) {
    const known = await credentials.findByHash(hash);
    if (known?.revoked_at) throw new UnauthenticatedError("This API key has been revoked.", "revoked_credential");
    if (known?.expires_at) throw new UnauthenticatedError("This API key has expired.", "expired_credential");
    throw new UnauthenticatedError("The credential is not recognised.", "invalid_credential");
  }
  const principal = principalFromKey(key);
  const ttlMs = config.KEY_CACHE_TTL_SECONDS * 1000;
  const keyExpiry = key.expires_at ? Date.parse(key.expires_at) : Number.POSITIVE_INFINITY;
  if (ttlMs > 0) {
    if (keyCache.size >= KEY_CACHE_MAX_ENTRIES) keyCache.delete(keyCache.keys().next().value!);
    keyCache.set(hash, { principal, credentialId: key.id, expiresAt: Math.min(now + ttlMs, keyExpiry) });
  }
  return principal;
}

async function authenticateUser(token: string, config: ServiceEnv): Promise<Principal> {
  const options = {
    ...(config.JWT_ISSUER ? { issuer: config.JWT_ISSUER } : {}),
    ...(config.JWT_AUDIENCE ? { audience: config.JWT_AUDIENCE } : {}),
  };
  let payload: JWTPayload;
  try {
    if (config.JWT_SECRET) {
      ({ payload } = await jwtVerify(token, new TextEncoder().encode(config.JWT_SECRET), { ...options, algorithms: ["HS256"] }));
    } else {
      const url = config.JWT_JWKS_URL!;
      let jwks = jwksByUrl.get(url);
      if (!jwks) {
        jwks = createRemoteJWKSet(new URL(url));
        jwksByUrl.set(url, jwks);
      }
      ({ payload } = await jwtVerify(token, jwks, options));
    }
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new UnauthenticatedError("The token has expired.", "expired_credential");
    throw new UnauthenticatedError("The token could not be verified.", "invalid_credential");
  }
  if (typeof payload.sub !== "string" || payload.sub.length === 0 || payload.sub.length > 128) {
    throw new UnauthenticatedError("The token names no subject (sub).", "invalid_credential");
  }
  const tier = Tier.safeParse(payload.tier);
  return { type: "user", owner_id: userOwnerId(payload.sub), tier: tier.success ? tier.data : "free", capabilities: [] };
}
