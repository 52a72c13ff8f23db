import { describe, expect, it } from "vitest";
import { burstRateLimitHeaders, rateLimitHeaders } from "./ratelimit";
import { reading } from "../../../tests/support/readings";

const at = (iso: string) => new Date(iso);
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe("rateLimitHeaders", () => {
  const now = at("2026-11-30T23:00:00Z");

  it("formats a free monthly allowance", () => {
    expect(rateLimitHeaders([reading({}, 40)], now)).toEqual({
      "RateLimit-Policy": '"svc-score-monthly";q=100;w=2592000',
      RateLimit: '"svc-score-monthly";r=60;t=3600',
    });
  });

  it("formats a paid call: the daily limit, leaving out the unlimited usage counter", () => {
    const daily = reading({ key: "daily:key:k:2026-11-30", policy: "daily_limit", limit: 500, resetAt: seconds("2026-12-01T00:00:00Z") }, 12);
    const usage = reading({ policy: "usage", limit: null }, 340);
    expect(rateLimitHeaders([daily, usage], now)).toEqual({
      "RateLimit-Policy": '"daily";q=500;w=86400',
      RateLimit: '"daily";r=488;t=3600',
    });
  });

  it("lists several limited counters in order", () => {
    const headers = rateLimitHeaders([reading({ policy: "daily_limit", limit: 5 }, 1), reading({}, 2)], now);
    expect(headers["RateLimit-Policy"]).toBe('"daily";q=5;w=86400, "svc-score-monthly";q=100;w=2592000');
    expect(headers.RateLimit).toBe('"daily";r=4;t=3600, "svc-score-monthly";r=98;t=3600');
  });

  it("never shows a negative remaining or reset", () => {
    const headers = rateLimitHeaders([reading({ resetAt: seconds("2026-11-30T22:00:00Z") }, 150)], now);
    expect(headers.RateLimit).toBe('"svc-score-monthly";r=0;t=0');
  });

  it("rounds the seconds to reset up", () => {
    const headers = rateLimitHeaders([reading({}, 0)], at("2026-11-30T23:59:59.400Z"));
    expect(headers.RateLimit).toBe('"svc-score-monthly";r=100;t=1');
  });

  it("is empty when no counter has a limit", () => {
    expect(rateLimitHeaders([reading({ policy: "usage", limit: null }, 3)], now)).toEqual({});
    expect(rateLimitHeaders([], now)).toEqual({});
  });
});

describe("burstRateLimitHeaders", () => {
  it("names the burst window, what is left of it and when it resets, rounded up", () => {
    const now = at("2026-11-30T23:00:00Z");
    const headers = burstRateLimitHeaders({ allowed: false, limit: 60, remaining: -2, resetAtMs: now.getTime() + 4_200 }, 10, now);
    expect(headers).toEqual({ "RateLimit-Policy": '"burst";q=60;w=10', RateLimit: '"burst";r=0;t=5' });
  });
});
