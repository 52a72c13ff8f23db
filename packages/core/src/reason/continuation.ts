import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { ClarificationTriggerCode } from "../enums";

/**
 * Continuation tokens of the clarification turn: stateless (a JWT signed HS256 with the
 * service's continuation secret), valid 30 minutes, bound to the SHA-256 of the exact input,
 * to the trigger that was asked, and to the caller.
 */
export const CONTINUATION_TTL_SECONDS = 30 * 60;
const TOKEN_TYPE = "svc-continuation+jwt";

export interface ContinuationClaims {
  readonly inputSha256: string;
  readonly trigger: ClarificationTriggerCode;
  readonly subject: string;
}

export type ContinuationCheck =
  | { readonly ok: true; readonly claims: ContinuationClaims }
  | { readonly ok: false; readonly reason: "expired" | "invalid" };

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function issueContinuationToken(claims: ContinuationClaims, secret: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ih: claims.inputSha256, tc: claims.trigger })
    .setProtectedHeader({ alg: "HS256", typ: TOKEN_TYPE })
    .setSubject(claims.subject)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CONTINUATION_TTL_SECONDS)
    .sign(keyOf(secret));
}

export async function checkContinuationToken(token: string, secret: string, now: Date): Promise<ContinuationCheck> {
  try {
    const { payload, protectedHeader } = await jwtVerify(token, keyOf(secret), {
      algorithms: ["HS256"],
      typ: TOKEN_TYPE,
      currentDate: now,
    });
    const trigger = ClarificationTriggerCode.safeParse(payload.tc);
    if (protectedHeader.typ !== TOKEN_TYPE || typeof payload.ih !== "string" || typeof payload.sub !== "string" || !trigger.success) {
      return { ok: false, reason: "invalid" };
    }
    return { ok: true, claims: { inputSha256: payload.ih, trigger: trigger.data, subject: payload.sub } };
  } catch (err) {
    return { ok: false, reason: err instanceof joseErrors.JWTExpired ? "expired" : "invalid" };
  }
}
