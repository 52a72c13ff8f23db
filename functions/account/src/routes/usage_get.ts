import { readUsage, UsageResponse } from "@svc/core";
import { defineOperation, ErrorEnvelope, principalOf, sessionOf } from "@svc/http";

export const usageGet = defineOperation(
  {
    operationId: "getUsage",
    method: "get",
    path: "/api/usage",
    summary: "The caller's usage",
    description:
      "Per skill: units used this calendar month (UTC), the free allowance and when it resets; on the paid tier, today's calls against the daily limit.",
    tags: ["account"],
    auth: "bearer",
    listing: { spec: "8" },
    responses: {
      200: { description: "Usage for the current periods.", schema: UsageResponse },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      503: { description: "The meter's store is unreachable.", schema: ErrorEnvelope },
    },
  },
  async (c) => {
    const { meter } = await sessionOf(c);
    const principal = principalOf(c);
    return c.json(await readUsage({ meter, principal, now: new Date(), paidDailyLimit: c.get("config").PAID_DAILY_LIMIT }));
  },
);
