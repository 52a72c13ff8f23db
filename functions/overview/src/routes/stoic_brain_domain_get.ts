import { DomainFileId, StoicBrainDomainResponse, stoicBrainDomain } from "@svc/core";
import { defineOperation, publicJson } from "@svc/http";
import * as z from "zod";

export const stoicBrainDomainGet = defineOperation(
  {
    operationId: "getStoicBrainDomain",
    method: "get",
    path: "/api/stoic-brain/{domain}",
    summary: "One domain file of the framework",
    description: "psychology, passions, virtue, value, action, progress or scoring.",
    tags: ["overview"],
    auth: "none",
    listing: { spec: "2.4" },
    cache: "public",
    request: { params: z.object({ domain: DomainFileId.describe("Domain file id.") }) },
    responses: { 200: { description: "The domain file.", schema: StoicBrainDomainResponse } },
  },
  (c, { params }) => publicJson(c, stoicBrainDomain(params.domain)),
);
