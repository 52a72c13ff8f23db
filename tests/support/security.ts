import type { AccessRequirement, CredentialKind } from "@svc/core";
import { describe, expect, it } from "vitest";
import type { LocalRuntime } from "../../packages/local/src/local_runtime";
import { mintApiKey, signUserJwt } from "./credentials";

/**
 * The shared security suite every protected route runs: a missing credential gets 401 with
 * `WWW-Authenticate: Bearer`, a malformed, unknown, revoked or expired one 401 with
 * `WWW-Authenticate: Bearer error="invalid_token"`, every refusal `Cache-Control: no-store`; a credential of
 * the wrong kind or without the needed capability, or a non-operator on an operator route,
 * gets 403 naming what is missing. `call` sends one request with the given Authorization
 * header (or none) and a body the route would otherwise accept.
 */
export interface ProtectedRoute {
  readonly name: string;
  readonly call: (authorization: string | undefined) => Promise<Response>;
  readonly runtime: () => Promise<LocalRuntime>;
  readonly requires?: AccessRequirement;
  /** A credential that passes (used to prove the suite is not vacuous). */
  readonly validCredential: () => Promise<string>;
  /**
   * Sends a body the route refuses with a 400 (a required field missing). When given, every
   * refused credential must get the same 403 with it: authorization comes before validation,
   * so a caller without the right learns nothing of the body's shape.
   */
  readonly callIncomplete?: (authorization: string | undefined) => Promise<Response>;
}

async function expectEnvelope(res: Response, status: number, code: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = JSON.parse(text) as { error: Record<string, unknown> };
  expect(body.error.code, text).toBe(code);
  expect(body.error.request_id, text).toBe(res.headers.get("x-request-id"));
  // RFC 6750 section 3.1: no error code without a credential; invalid_token for a refused one.
  if (status === 401) expect(res.headers.get("www-authenticate"), text).toBe(code === "missing_credential" ? "Bearer" : 'Bearer error="invalid_token"');
  // No refusal of a protected route may be kept by a shared cache.
  expect(res.headers.get("cache-control"), text).toBe("no-store");
  return body.error;
}

const OTHER_KIND: Record<CredentialKind, CredentialKind> = { live: "inst", prac: "live", inst: "prac" };

export function describeSecurity(route: ProtectedRoute): void {
  describe(`security: ${route.name}`, () => {
    it("accepts a valid credential (control)", async () => {
      const res = await route.call(`Bearer ${await route.validCredential()}`);
      expect([401, 403], await res.clone().text()).not.toContain(res.status);
    });

    it.each([
      ["no credential", undefined, "missing_credential"],
      ["a Basic credential", "Basic dXNlcjpwYXNz", "invalid_credential"],
      ["a bare token without the Bearer scheme", "svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "invalid_credential"],
      ["garbage", "Bearer not-a-credential", "invalid_credential"],
      ["an unknown well-formed key", "Bearer svc_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "invalid_credential"],
      ["a key with a bad body", "Bearer svc_prac_short", "invalid_credential"],
    ])("refuses %s with 401", async (_label, header, code) => {
      await expectEnvelope(await route.call(header), 401, code);
    });

    it("refuses a revoked key with 401 revoked_credential", async () => {
      const minted = await mintApiKey(await route.runtime(), { revoked: true, ...grantsFor(route.requires) });
      await expectEnvelope(await route.call(`Bearer ${minted.key}`), 401, "revoked_credential");
    });

    it("refuses an expired key with 401 expired_credential", async () => {
      const minted = await mintApiKey(await route.runtime(), { expiresAt: new Date(Date.now() - 60_000), ...grantsFor(route.requires) });
      await expectEnvelope(await route.call(`Bearer ${minted.key}`), 401, "expired_credential");
    });

    it("refuses an expired or tampered user token with 401", async () => {
      const expired = await signUserJwt("user-expired", { expiresIn: Math.floor(Date.now() / 1000) - 60 });
      await expectEnvelope(await route.call(`Bearer ${expired}`), 401, "expired_credential");
      const valid = await signUserJwt("user-tampered");
      const [header, payload, signature] = valid.split(".");
      const forged = Buffer.from(JSON.stringify({ sub: "someone-else", exp: Math.floor(Date.now() / 1000) + 600 })).toString("base64url");
      await expectEnvelope(await route.call(`Bearer ${header}.${forged}.${signature}`), 401, "invalid_credential");
      expect(payload).toBeTruthy();
    });

    const requires = route.requires;
    const incomplete = route.callIncomplete;
    /** The refusal, with the route's valid body and (when given) with an incomplete one. */
    const expectRefused = async (credential: string, code: string) => {
      const error = await expectEnvelope(await route.call(`Bearer ${credential}`), 403, code);
      if (incomplete) await expectEnvelope(await incomplete(`Bearer ${credential}`), 403, code);
      return error;
    };
    if (incomplete) {
      it("answers an incomplete body from a valid credential with 400 (control: the 403s below are not the body's)", async () => {
        const res = await incomplete(`Bearer ${await route.validCredential()}`);
        expect(res.status, await res.clone().text()).toBe(400);
      });
    }
    if (requires?.operator) {
      it("refuses a non-operator key with 403 operator_only, whatever the body", async () => {
        const minted = await mintApiKey(await route.runtime(), { kind: "prac", tier: "paid", capabilities: ["accreditation_write", "reflect"] });
        const error = await expectRefused(minted.key, "operator_only");
        expect(error.required).toBe("operator");
        if (incomplete) await expectEnvelope(await incomplete(`Bearer ${await signUserJwt("user-not-operator")}`), 403, "operator_only");
      });
    }
    if (requires?.kinds) {
      it("refuses a key of the wrong kind with 403 wrong_credential_kind, whatever the body", async () => {
        const wrong = OTHER_KIND[requires.kinds![0]!];
        const minted = await mintApiKey(await route.runtime(), { ...grantsFor(requires), kind: requires.kinds!.includes(wrong) ? "live" : wrong });
        await expectRefused(minted.key, "wrong_credential_kind");
      });
    }
    if (requires?.capability) {
      it(`refuses a credential without ${requires.capability} with 403 missing_capability, whatever the body`, async () => {
        const minted = await mintApiKey(await route.runtime(), { ...grantsFor(requires), capabilities: [] });
        const error = await expectRefused(minted.key, "missing_capability");
        expect(error.required).toBe(requires.capability);
      });
    }
  });
}

/** Kind, tier and capability that satisfy a requirement, so a test isolates one failure. */
function grantsFor(requires: AccessRequirement | undefined) {
  return {
    kind: requires?.kinds?.[0] ?? ("live" as const),
    tier: requires?.tier ?? ("free" as const),
    capabilities: requires?.capability ? [requires.capability] : [],
  };
}
