import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import * as z from "zod";
import { ClarificationTriggerCode } from "../enums";

/**
 * Continuation tokens of the clarification turns: a JWT signed HS256 with the service's
 * continuation secret, valid 30 minutes, bound to the SHA-256 of the exact input, to the
 * trigger asked (and those answered before it in the chain), and to the credential that asked.
 * The token itself is stateless; single use is the consult store's (by its id, `jti`).
 */
export const CONTINUATION_TTL_SECONDS = 30 * 60;
/** Questions one consult may ask before it must assess: one per trigger code at most. */
export const MAX_CLARIFICATIONS = 3;
const TOKEN_TYPE = "svc-continuation+jwt";

export interface ContinuationClaims {
  /** Unique per token: what marks it used. */
  readonly tokenId: string;
  readonly inputSha256: string;
  /** The trigger of the question this token answers. */
  readonly trigger: ClarificationTriggerCode;
  /** Triggers asked and answered earlier in the chain, oldest first. */
  readonly answered: readonly ClarificationTriggerCode[];
  /** The credential that asked (callerSubject): `key:<id>`, `user:<sub>` or `operator`. */
  readonly subject: string;
  readonly expiresAt: Date;
}

export type NewContinuation = Omit<ContinuationClaims, "tokenId" | "expiresAt">;

export type ContinuationCheck = { readonly ok: true; readonly claims: ContinuationClaims } | { readonly ok: false; readonly reason: "expired" | "invalid" };

const keyOf = (secret: string) => new TextEncoder().encode(secret);

const Answered = z.array(ClarificationTriggerCode).max(MAX_CLARIFICATIONS - 1);

export async function issueContinuationToken(claims: NewContinuation, secret: string, now: Date): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ih: claims.inputSha256, tc: claims.trigger, ans: [...claims.answered] })
    .setProtectedHeader({ alg: "HS256", typ: TOKEN_TYPE })
    .setJti(crypto.randomUUID())
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
    const answered = Answered.safeParse(payload.ans);
    if (
      protectedHeader.typ !== TOKEN_TYPE ||
      typeof payload.ih !== "string" ||
      typeof payload.sub !== "string" ||
      typeof payload.jti !== "string" ||
      typeof payload.exp !== "number" ||
      !trigger.success ||
      !answered.success ||
      answered.data.includes(trigger.data)
    ) {
      return { ok: false, reason: "invalid" };
    }
    return {
      ok: true,
      claims: {
        tokenId: payload.jti,
        inputSha256: payload.ih,
        trigger: trigger.data,
        answered: answered.data,
        subject: payload.sub,
        expiresAt: new Date(payload.exp * 1000),
      },
    };
  } catch (err) {
    return { ok: false, reason: err instanceof joseErrors.JWTExpired ? "expired" : "invalid" };
  }
}
