import type { BurstOutcome, CounterReading } from "@svc/core";

/**
 * The IETF RateLimit-Policy and RateLimit response headers (draft-ietf-httpapi-ratelimit-headers)
 * for the meter's readings: the HTTP rendering of what the meter counted.
 */

/** IETF RateLimit-Policy / RateLimit header values (draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitHeaders(readings: readonly CounterReading[], now: Date): Record<string, string> {
  const limited = readings.filter((r) => r.counter.limit !== null);
  if (limited.length === 0) return {};
  const nowSeconds = now.getTime() / 1000;
  const name = (r: CounterReading) =>
    r.counter.policy === "daily_limit" ? "daily" : r.counter.policy === "chain_iterations" ? `${r.counter.skill}-chain` : `${r.counter.skill}-monthly`;
  const window = (r: CounterReading) => (r.counter.policy === "daily_limit" ? 86_400 : r.counter.policy === "chain_iterations" ? 2_592_000 : 2_592_000);
  const policy = limited.map((r) => `"${name(r)}";q=${r.counter.limit};w=${window(r)}`).join(", ");
  const state = limited
    .map((r) => `"${name(r)}";r=${Math.max(0, r.counter.limit! - r.used)};t=${Math.max(0, Math.ceil(r.counter.resetAt - nowSeconds))}`)
    .join(", ");
  return { "RateLimit-Policy": policy, RateLimit: state };
}

/** The same headers for the credential's short burst window, so a burst 429 says when to retry. */
export function burstRateLimitHeaders(outcome: BurstOutcome, windowSeconds: number, now: Date): Record<string, string> {
  const resetSeconds = Math.max(0, Math.ceil((outcome.resetAtMs - now.getTime()) / 1000));
  return {
    "RateLimit-Policy": `"burst";q=${outcome.limit};w=${windowSeconds}`,
    RateLimit: `"burst";r=${Math.max(0, outcome.remaining)};t=${resetSeconds}`,
  };
}
