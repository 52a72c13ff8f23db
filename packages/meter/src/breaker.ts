import { MeterUnavailableError } from "@svc/core";

/**
 * A circuit breaker in front of the meter's store: after `failureThreshold` failures in a row
 * (time-outs, refused connections) spread over at least `minimumSpanMs`, the store is skipped
 * for `coolDownMs`, so a hung store
 * costs each request nothing instead of the whole time-out; skipped calls reject at once with
 * MeterUnavailableError and follow the route's outage policy. After the cool-down one call
 * goes through as a probe (half-open): its success closes the circuit, its failure opens it
 * again. It lives as long as its process or isolate, shared by every meter on the same store.
 * The span keeps a burst of concurrent calls that time out together on a busy moment (one
 * wave, not a hung store) from refusing every metered call for the cool-down.
 */
export interface CircuitBreaker {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** True while calls are skipped without trying the store (open, or half-open with the probe out). */
  isOpen(): boolean;
}

/** A call the breaker skipped: it never reached the store. */
export class CircuitOpenError extends MeterUnavailableError {}

export interface CircuitBreakerOptions {
  readonly failureThreshold?: number;
  readonly coolDownMs?: number;
  /** The failures in a row must span this long (the Upstash meter passes its time-out). */
  readonly minimumSpanMs?: number;
  readonly clock?: () => number;
}

export const DEFAULT_FAILURE_THRESHOLD = 3;
export const DEFAULT_COOL_DOWN_MS = 5000;

export function createCircuitBreaker(options: CircuitBreakerOptions = {}): CircuitBreaker {
  const threshold = options.failureThreshold ?? DEFAULT_FAILURE_THRESHOLD;
  const coolDownMs = options.coolDownMs ?? DEFAULT_COOL_DOWN_MS;
  const minimumSpanMs = options.minimumSpanMs ?? 0;
  const clock = options.clock ?? Date.now;
  let failures = 0;
  let firstFailureAt = 0;
  let openedAt: number | null = null;
  let probing = false;

  const coolingDown = () => openedAt !== null && clock() - openedAt < coolDownMs;
  const isOpen = () => coolingDown() || (openedAt !== null && probing);

  return {
    isOpen,
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (isOpen()) {
        throw new CircuitOpenError(new Error(`skipped: the store failed ${failures} times in a row (circuit open)`));
      }
      const probe = openedAt !== null;
      if (probe) probing = true;
      try {
        const value = await work();
        failures = 0;
        openedAt = null;
        return value;
      } catch (err) {
        const now = clock();
        if (failures === 0) firstFailureAt = now;
        failures += 1;
        if (probe || (failures >= threshold && now - firstFailureAt >= minimumSpanMs)) openedAt = now;
        throw err;
      } finally {
        if (probe) probing = false;
      }
    },
  };
}
