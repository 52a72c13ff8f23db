import { StoicBrainHubResponse, stoicBrainHub } from "@svc/core";
import { defineOperation, staticPublicJson } from "@svc/http";

export const stoicBrainHubGet = defineOperation(
  {
    operationId: "getStoicBrainHub",
    method: "get",
    path: "/api/stoic-brain/hub",
    summary: "Machine-readable encoding of the framework",
    description:
      "Core premise, dichotomy of control, flourishing, the sage, the cosmic framework, the decision weights and the seven domain files with their addresses.",
    tags: ["overview"],
    auth: "none",
    listing: { spec: "2.4" },
    cache: "public",
    responses: { 200: { description: "The hub.", schema: StoicBrainHubResponse } },
  },
  staticPublicJson(stoicBrainHub),
);
