import { DomainError, UnavailableError } from "./errors";

/**
 * A failure of a store itself (the database unreachable, a dropped connection) answers 503
 * `store_unavailable` with a retry hint, never a 500 and never the driver's message; refusals a
 * store decides (domain errors) pass unchanged.
 */
export function storeUnavailable(what: string, cause: unknown): UnavailableError {
  const unavailable = new UnavailableError(`The ${what} store cannot be reached; nothing was written. Try again shortly.`, "store_unavailable", { retry_after: 30 });
  // Kept for whoever inspects the error; the response never carries it.
  Object.defineProperty(unavailable, "cause", { value: cause });
  return unavailable;
}

/** One store call behind the guard. */
export async function readOrUnavailable<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw storeUnavailable(what, err);
  }
}

/** Every method of a store behind the guard. */
export function unavailableOnFailure<T extends object>(store: T, what: string): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      const member: unknown = Reflect.get(target, property, receiver);
      if (typeof member !== "function") return member;
      return (...args: unknown[]) => readOrUnavailable(what, () => (member as (...a: unknown[]) => Promise<unknown>).apply(target, args));
    },
  });
}
