import { defineOperation, staticPublicBody } from "@svc/http";
import * as z from "zod";
import { renderOpenApi } from "../artifacts";

export const openApiGet = defineOperation(
  {
    operationId: "getOpenApiDocument",
    method: "get",
    path: "/openapi.json",
    summary: "OpenAPI 3.1 document of every served route",
    description: "Generated at build time from the zod route contracts of every function.",
    tags: ["discovery"],
    auth: "none",
    listing: { spec: "9" },
    cache: "public",
    responses: { 200: { description: "The document.", schema: z.record(z.string(), z.unknown()) } },
  },
  staticPublicBody(renderOpenApi),
);
