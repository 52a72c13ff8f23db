/**
 * Typed domain errors. Services in core throw these; the HTTP layer maps each `kind` to a
 * status and renders the one error envelope. `code` is the machine-readable reason a client
 * branches on; `field` names the offending input where there is one; `extra` carries the
 * additional keys the spec names for some refusals (for example `upgrade_url`).
 */
export type DomainErrorKind =
  | "validation"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "unprocessable"
  | "limit_exceeded"
  | "unavailable"
  | "upstream";

export interface DomainErrorOptions {
  field?: string;
  extra?: Record<string, unknown>;
  /** Keys a spec-mandated body carries beside the envelope (e.g. the 403 of the full assessment). */
  topLevel?: Record<string, unknown>;
}

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: string;
  readonly field: string | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly topLevel: Record<string, unknown> | undefined;

  constructor(kind: DomainErrorKind, code: string, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.name = "DomainError";
    this.kind = kind;
    this.code = code;
    this.field = options.field;
    this.extra = options.extra;
    this.topLevel = options.topLevel;
  }
}

export class ValidationError extends DomainError {
  constructor(code: string, message: string, field?: string, extra?: Record<string, unknown>) {
    super("validation", code, message, { field, extra });
    this.name = "ValidationError";
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string, code = "not_found", extra?: Record<string, unknown>) {
    super("not_found", code, message, { extra });
    this.name = "NotFoundError";
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, code = "conflict", extra?: Record<string, unknown>) {
    super("conflict", code, message, { extra });
    this.name = "ConflictError";
  }
}

/** Well-formed JSON whose content cannot be processed as what it claims to be: 422. */
export class UnprocessableError extends DomainError {
  constructor(message: string, code: string, field?: string) {
    super("unprocessable", code, message, { field });
    this.name = "UnprocessableError";
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string, code = "forbidden", extra?: Record<string, unknown>, topLevel?: Record<string, unknown>) {
    super("forbidden", code, message, { extra, ...(topLevel ? { topLevel } : {}) });
    this.name = "ForbiddenError";
  }
}

export class UnauthenticatedError extends DomainError {
  constructor(message: string, code = "unauthenticated") {
    super("unauthenticated", code, message);
    this.name = "UnauthenticatedError";
  }
}

export class LimitExceededError extends DomainError {
  constructor(message: string, code: string, extra?: Record<string, unknown>) {
    super("limit_exceeded", code, message, { extra });
    this.name = "LimitExceededError";
  }
}

/** A service we depend on (the language model) failed to give a usable answer: 502. */
export class UpstreamError extends DomainError {
  constructor(message: string, code: string, extra?: Record<string, unknown>) {
    super("upstream", code, message, { extra });
    this.name = "UpstreamError";
  }
}

export class UnavailableError extends DomainError {
  constructor(message: string, code = "unavailable", extra?: Record<string, unknown>) {
    super("unavailable", code, message, { extra });
    this.name = "UnavailableError";
  }
}
