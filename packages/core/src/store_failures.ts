import { DomainError, UnavailableError } from "./errors";

/** Seconds a client is told to wait before retrying a call the store could not serve. */
export const STORE_RETRY_AFTER_SECONDS = 30;

/**
 * A failure of a store itself (the database unreachable, a dropped connection, a timeout)
 * answers 503 `store_unavailable` with a retry hint, never a 500 and never the driver's
 * message; refusals a store decides (domain errors) pass unchanged.
 */
export function storeUnavailable(what: string, cause: unknown): UnavailableError {
  const unavailable = new UnavailableError(`The ${what} store cannot be reached. Try again shortly.`, "store_unavailable", {
    retry_after: STORE_RETRY_AFTER_SECONDS,
  });
  // Kept for the log; the response never carries it.
  Object.defineProperty(unavailable, "cause", { value: cause });
  return unavailable;
}

// SQLSTATE classes of a server that cannot serve now: connection exception, transaction
// rollback (serialization, deadlock), insufficient resources, operator intervention (shutdown,
// statement timeout), system error. Any other error the server answers with is about the
// statement itself (a bug, not an outage) and stays a 500.
const OUTAGE_SQLSTATE_CLASSES = new Set(["08", "40", "53", "57", "58"]);

/** True for a failure to reach or hear the store; false for an error the server answered with about the statement. */
export function isStoreOutage(err: unknown): boolean {
  const { code, severity } = (err ?? {}) as { code?: unknown; severity?: unknown };
  const answeredByServer = typeof severity === "string" && typeof code === "string" && /^[0-9A-Z]{5}$/.test(code);
  return !answeredByServer || OUTAGE_SQLSTATE_CLASSES.has((code as string).slice(0, 2));
}

/** One store call behind the guard. */
export async function readOrUnavailable<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof DomainError || !isStoreOutage(err)) throw err;
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
