import { DiscoveryListing } from "@svc/core";
import { defineOperation, staticPublicBody } from "@svc/http";
import { renderListing } from "../artifacts";

export const discoveryListingGet = defineOperation(
  {
    operationId: "getDiscoveryListing",
    method: "get",
    path: "/.well-known/discovery.json",
    summary: "Every route of the service",
    description: "Method, path, auth, owning function and whether it is served, plus the skills of the pricing table.",
    tags: ["discovery"],
    auth: "none",
    listing: { spec: "4.6" },
    cache: "public",
    responses: { 200: { description: "The listing.", schema: DiscoveryListing } },
  },
  staticPublicBody(renderListing),
);
