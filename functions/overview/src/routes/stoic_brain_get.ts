import { StoicBrainResponse, stoicBrainOverview } from "@svc/core";
import { defineOperation, staticPublicJson } from "@svc/http";

export const stoicBrainGet = defineOperation(
  {
    operationId: "getStoicBrain",
    method: "get",
    path: "/api/stoic-brain",
    summary: "Overview of the framework",
    description: "Version, the three foundations, the virtues and the indifferents (spec 2.4). Public and cacheable.",
    tags: ["overview"],
    auth: "none",
    listing: { spec: "4.1, 2.4" },
    cache: "public",
    responses: { 200: { description: "The overview.", schema: StoicBrainResponse } },
  },
  staticPublicJson(stoicBrainOverview),
);
