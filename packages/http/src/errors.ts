import { DomainError, meteringUnavailable, MeterUnavailableError, type DomainErrorKind } from "@svc/core";
import { BadEnvironmentError } from "@svc/runtime";
import * as z from "zod";

/** The one error envelope every failure leaves through. */
export const ErrorEnvelope = z
  .object({
    error: z
      .object({
        code: z.string().describe("Machine-readable reason, snake_case."),
        message: z.string().describe("What went wrong, for a person."),
        field: z.string().optional().describe("The offending input field, where there is one."),
        request_id: z.string().describe("Echo of the X-Request-Id response header."),
      })
      .catchall(z.unknown()),
  })
  .describe("Error envelope shared by every route.");
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** The paid-tier refusal: the spec repeats `message` and names `upgrade_url` beside `error`. */
export const PaidTierRequired = ErrorEnvelope.extend({
  message: z.string().describe("The same message as error.message."),
  upgrade_url: z.string().describe("Where to get a paid key."),
}).describe("403 paid_tier_required: the error envelope plus message and upgrade_url.");

export const STATUS_OF_KIND: Readonly<Record<DomainErrorKind, number>> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  limit_exceeded: 429,
  unavailable: 503,
  upstream: 502,
  unprocessable: 422,
};

/** A failure that belongs to the HTTP layer itself (body too large, wrong method...). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export interface RenderedError {
  status: number;
  body: ErrorEnvelope;
  headers: Record<string, string>;
}

/**
 * Maps any thrown value to the envelope. Unknown errors become a 500 whose message never
 * carries the internal text (it is logged instead).
 */
export function renderError(thrown: unknown, requestId: string): RenderedError {
  // A meter outage that reached here unhandled is still the client's 503, never a 500.
  const err = thrown instanceof MeterUnavailableError ? meteringUnavailable() : thrown;
  if (err instanceof BadEnvironmentError) {
    return { status: 500, headers: {}, body: { error: { code: "bad_environment", message: err.message, field: err.variable, request_id: requestId } } };
  }
  if (err instanceof HttpError) {
    return {
      status: err.status,
      headers: err.headers,
      body: { error: { ...err.extra, code: err.code, message: err.message, ...fieldOf(err.field), request_id: requestId } },
    };
  }
  if (err instanceof DomainError) {
    const retryAfter = err.extra?.retry_after;
    return {
      status: STATUS_OF_KIND[err.kind],
      headers: {
        ...(err.kind === "unauthenticated" ? { "WWW-Authenticate": bearerChallenge(err.code) } : {}),
        ...(typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : {}),
      },
      body: { ...err.topLevel, error: { ...err.extra, code: err.code, message: err.message, ...fieldOf(err.field), request_id: requestId } },
    };
  }
  return {
    status: 500,
    headers: {},
    body: {
      error: {
        code: "internal_error",
        message: "The service failed to handle this request. It has been logged; quote the request id when reporting it.",
        request_id: requestId,
      },
    },
  };
}

/**
 * RFC 6750 section 3.1: a request with no credential gets the bare challenge (no error code);
 * one whose credential was refused (unknown, malformed, expired, revoked) gets invalid_token.
 */
function bearerChallenge(code: string): string {
  return code === "missing_credential" ? "Bearer" : 'Bearer error="invalid_token"';
}

function fieldOf(field: string | undefined): { field?: string } {
  return field === undefined ? {} : { field };
}
