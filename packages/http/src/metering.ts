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
  type Admission,
  type ChargedPlan,
  type Meter,
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
 * request costs nothing), before any engine work. The credential's short burst window and,
 * for a route charged at entry, one unit of its skill, in one call of the meter (one round
 * trip to its store): a call the burst window refuses is charged nothing. Operators are not
 * metered. A store outage passes the burst window by (it only protects the service) and leaves
 * the charge to the route's outage policy.
 */
export async function meterRequest(c: Context<AppEnv>, principal: Principal, route: RouteContract): Promise<Charge> {
  const subject = meterSubject(principal);
  if (!subject) return NOTHING_CHARGED;
  const config = c.get("config");
  const { meter } = await sessionOf(c);
  const now = new Date();
  const routeCharge = route.charge && (route.charge.at ?? "entry") === "entry" ? route.charge : undefined;
  const planned = routeCharge ? planOf(c, principal, routeCharge, { units: 1 }, now) : null;
  let admission: Admission;
  try {
    admission = await meter.admit({ subject, limit: config.BURST_LIMIT, windowSeconds: config.BURST_WINDOW_SECONDS }, planned?.plan);
  } catch (err) {
    if (!(err instanceof MeterUnavailableError)) throw err;
    warnOutage(c, "burst", err);
    if (!routeCharge || !planned) return NOTHING_CHARGED;
    warnOutage(c, routeCharge.skill, err);
    return unmetered(routeCharge, planned);
  }
  if (!admission.burst.allowed) {
    for (const [name, value] of Object.entries(burstRateLimitHeaders(admission.burst, config.BURST_WINDOW_SECONDS, now))) c.header(name, value);
    throw burstExceeded(admission.burst, now);
  }
  return routeCharge && planned && admission.charge ? settled(c, meter, routeCharge, planned.plan, admission.charge, now) : NOTHING_CHARGED;
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
    const now = new Date();
    const planned = planOf(c, principal, route.charge, request, now);
    if (!planned) return NOTHING_CHARGED;
    const { meter } = await sessionOf(c);
    let outcome: MeterOutcome;
    try {
      outcome = await meter.consume(planned.plan);
    } catch (err) {
      if (!(err instanceof MeterUnavailableError)) throw err;
      warnOutage(c, route.charge.skill, err);
      return unmetered(route.charge, planned);
    }
    return settled(c, meter, route.charge, planned.plan, outcome, now);
  };
}

interface Planned {
  readonly plan: ChargedPlan;
  /** The plan holds a limit that holds for everyone (the monthly baseline): no outage waives it. */
  readonly always: boolean;
}

/** The counters a charge moves, as one named plan; null when it moves none. */
function planOf(c: Context<AppEnv>, principal: Principal, routeCharge: RouteCharge, request: ChargeRequest, now: Date): Planned | null {
  const subject = meterSubject(principal);
  const always = request.always ?? [];
  const extra = subject && request.extra ? request.extra(subject) : [];
  const config = c.get("config");
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
  if (counters.length === 0) return null;
  // Named by the request and a nonce (a request may charge more than once), so the charge moves
  // the counters at most once, however late the store runs it (see the Meter port).
  return { plan: { id: `${c.get("requestId")}:${crypto.randomUUID().slice(0, 8)}`, counters }, always: always.length > 0 };
}

/** A charge the store could not take: served uncharged where the route fails open, else 503. */
function unmetered(routeCharge: RouteCharge, planned: Planned): Charge {
  if (routeCharge.onOutage === "open" && !planned.always) return NOTHING_CHARGED;
  throw meteringUnavailable();
}

/** The outcome of a charge: its RateLimit headers, then a refusal, or the charge to give back if the work fails. */
function settled(c: Context<AppEnv>, meter: Meter, routeCharge: RouteCharge, plan: ChargedPlan, outcome: MeterOutcome, now: Date): Charge {
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
