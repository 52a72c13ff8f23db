import type { CounterReading, MeterCounter } from "@svc/core";

/** A meter reading of a svc-score monthly allowance (100, resetting on 2026-12-01), with `counter` overriding its fields. */
export const reading = (counter: Partial<MeterCounter>, used: number): CounterReading => ({
  counter: {
    key: "usage:key:k:svc-score:2026-11",
    limit: 100,
    units: 1,
    resetAt: Date.parse("2026-12-01T00:00:00Z") / 1000,
    policy: "monthly_allowance",
    skill: "svc-score",
    ...counter,
  },
  used,
});
