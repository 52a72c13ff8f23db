/**
 * The deployment lacks, or has malformed, something a request needs (a variable, a secret, a
 * service binding): the operator's mistake, never the caller's. The HTTP layer renders it as
 * 500 bad_environment naming `variable`; /healthz answers not ready.
 */
export class BadEnvironmentError extends Error {
  constructor(
    message: string,
    readonly variable: string,
  ) {
    super(message);
    this.name = "BadEnvironmentError";
  }
}
