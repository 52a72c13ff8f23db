import {
  burstExceeded,
  burstRateLimitHeaders,
  limitExceeded,
  meteringUnavailable,
  MeterUnavailableError,
  meterSubject,
  planSkillCall,
  rateLimitHeaders,
  type MeterCounter,
  type MeterOutcome,
  type Principal,
} from "@svc/core";
import type { Context } from "hono";
import type { AppEnv } from "./route";
import { writeLog } from "@svc/runtime";
import type { RouteContract } from "./route";
import { sessionOf } from "./session";

/** What was charged, so a call that then fails upstream can give it back. */
export interface Charge {
  refund(): Promise<void>;
}

const NOTHING_CHARGED: Charge = { refund: async () => undefined };

/** Runs the charged work: if it fails, the charge is given back (a failed call costs nothing) and the error goes on. */
export async function refundOnFailure<T>(charge: Charge, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await charge.refund();
    throw err;
  }
}

/**
 * The meter's place in the request path: after validation and authorization (a refused
 * request costs nothing), before any engine work. First the credential's short burst window,
 * then the skill's allowance or the paid daily limit. Operators are not metered.
 */
export async function meterRequest(c: Context<AppEnv>, principal: Principal, route: RouteContract, body: unknown): Promise<Charge> {
  const subject = meterSubject(principal);
  if (!subject) return NOTHING_CHARGED;
  const config = c.get("config");
  const { meter } = await sessionOf(c);
  const now = new Date();

  try {
    const burst = await meter.burst(subject, config.BURST_LIMIT, config.BURST_WINDOW_SECONDS);
    if (!burst.allowed) {
      for (const [name, value] of Object.entries(burstRateLimitHeaders(burst, config.BURST_WINDOW_SECONDS, now))) c.header(name, value);
      throw burstExceeded(burst, now);
    }
  } catch (err) {
    if (!(err instanceof MeterUnavailableError)) throw err;
    // The burst window only protects the service; losing it must not take the API down.
    warnOutage(c, "burst", err);
  }

  if (!route.skill || route.metering === "by_handler") return NOTHING_CHARGED;
  return charge(c, principal, route, route.meterUnits ? route.meterUnits(body) : 1);
}

/** For `metering: "by_handler"` routes: charges the route's skill once the handler's own checks pass. */
export async function chargeSkill(c: Context<AppEnv>, units: number, extra: (subject: string) => readonly MeterCounter[] = () => []): Promise<Charge> {
  const principal = c.get("principal");
  const route = c.get("route");
  if (!principal || !route?.skill) throw new Error("chargeSkill needs an authenticated, metered route");
  return charge(c, principal, route, units, extra);
}

async function charge(
  c: Context<AppEnv>,
  principal: Principal,
  route: RouteContract,
  units: number,
  extra: (subject: string) => readonly MeterCounter[] = () => [],
): Promise<Charge> {
  const subject = meterSubject(principal);
  const extraCounters = subject ? extra(subject) : [];
  // Operators are not metered; a zero-unit call (a continuation turn) has already been paid.
  if (!subject || !route.skill || (units <= 0 && extraCounters.length === 0)) return NOTHING_CHARGED;
  const config = c.get("config");
  const { meter } = await sessionOf(c);
  const now = new Date();
  const skillPlan =
    units > 0
      ? planSkillCall({
          subject,
          tier: principal.tier,
          skill: route.skill,
          units,
          now,
          paidDailyLimit: (principal.type === "api_key" ? principal.daily_limit : null) ?? config.PAID_DAILY_LIMIT,
        })
      : { counters: [] };
  // Named by the request and a nonce (a request may charge more than once), so the charge moves
  // the counters at most once, however late the store runs it (see the Meter port).
  const plan = { id: `${c.get("requestId")}:${crypto.randomUUID().slice(0, 8)}`, counters: [...skillPlan.counters, ...extraCounters] };
  let outcome: MeterOutcome;
  try {
    outcome = await meter.consume(plan);
  } catch (err) {
    if (!(err instanceof MeterUnavailableError)) throw err;
    warnOutage(c, route.skill, err);
    if ((route.onMeterOutage ?? "closed") === "open") return NOTHING_CHARGED;
    throw meteringUnavailable();
  }
  for (const [name, value] of Object.entries(rateLimitHeaders(outcome.readings, now))) c.header(name, value);
  if (!outcome.allowed) throw limitExceeded(outcome.refusedBy, now);
  return {
    refund: async () => {
      try {
        await meter.refund(plan);
      } catch (err) {
        if (!(err instanceof MeterUnavailableError)) throw err;
        warnOutage(c, `${route.skill} refund`, err);
      }
    },
  };
}

function warnOutage(c: Context<AppEnv>, what: string, err: MeterUnavailableError): void {
  writeLog(c.get("config").LOG_LEVEL, "warn", "meter_unavailable", {
    request_id: c.get("requestId"),
    route: c.get("routePath"),
    what,
    error: err.message,
  });
}
