import {
  burstExceeded,
  limitExceeded,
  meteringUnavailable,
  MeterUnavailableError,
  meterSubject,
  planSkillCall,
  NOTHING_CHARGED,
  type Charge,
  type ChargeRequest,
  type Charger,
  type MeterOutcome,
  type Principal,
} from "@svc/core";
import type { Context } from "hono";
import { writeLog } from "@svc/runtime";
import { burstRateLimitHeaders, rateLimitHeaders } from "./ratelimit";
import type { AppEnv, RouteCharge, RouteContract } from "./route";
import { sessionOf } from "./session";

/**
 * The meter's place in the request path: after validation and authorization (a refused
 * request costs nothing), before any engine work. First the credential's short burst window,
 * then, for a route charged at entry, one unit of its skill. Operators are not metered.
 */
export async function meterRequest(c: Context<AppEnv>, principal: Principal, route: RouteContract): Promise<Charge> {
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

  if (!route.charge || (route.charge.at ?? "entry") !== "entry") return NOTHING_CHARGED;
  return charge(c, principal, route.charge, { units: 1 });
}

/**
 * The request's Charger, for a route charged by its service (`charge.at: "service"`): it charges
 * the route's skill for the caller, with the service's own counters, in one atomic plan.
 */
export function chargerOf(c: Context<AppEnv>): Charger {
  return async (request) => {
    const principal = c.get("principal");
    const route = c.get("route");
    if (!principal || !route?.charge) throw new Error("a charge needs an authenticated route that declares one");
    return charge(c, principal, route.charge, request);
  };
}

async function charge(c: Context<AppEnv>, principal: Principal, routeCharge: RouteCharge, request: ChargeRequest): Promise<Charge> {
  const subject = meterSubject(principal);
  const always = request.always ?? [];
  const extra = subject && request.extra ? request.extra(subject) : [];
  const config = c.get("config");
  const now = new Date();
  const skillCounters =
    subject && request.units > 0
      ? planSkillCall({
          subject,
          tier: principal.tier,
          skill: routeCharge.skill,
          units: request.units,
          now,
          paidDailyLimit: (principal.type === "api_key" ? principal.daily_limit : null) ?? config.PAID_DAILY_LIMIT,
        }).counters
      : [];
  // Operators are not metered (only limits that hold for everyone reach them); a zero-unit call
  // (a clarification turn) has already been paid.
  const counters = [...skillCounters, ...extra, ...always];
  if (counters.length === 0) return NOTHING_CHARGED;
  const { meter } = await sessionOf(c);
  // Named by the request and a nonce (a request may charge more than once), so the charge moves
  // the counters at most once, however late the store runs it (see the Meter port).
  const plan = { id: `${c.get("requestId")}:${crypto.randomUUID().slice(0, 8)}`, counters };
  let outcome: MeterOutcome;
  try {
    outcome = await meter.consume(plan);
  } catch (err) {
    if (!(err instanceof MeterUnavailableError)) throw err;
    warnOutage(c, routeCharge.skill, err);
    // A limit that holds for everyone (the monthly baseline) is never waived by an outage.
    if ((routeCharge.onOutage ?? "closed") === "open" && always.length === 0) return NOTHING_CHARGED;
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
        warnOutage(c, `${routeCharge.skill} refund`, err);
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
