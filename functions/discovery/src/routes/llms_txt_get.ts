import { defineOperation, staticPublicBody } from "@svc/http";
import * as z from "zod";
import { renderListingPlainText } from "../artifacts";

export const llmsTxtGet = defineOperation(
  {
    operationId: "getListingText",
    method: "get",
    path: "/llms.txt",
    summary: "The listing as plain text, for agents",
    tags: ["discovery"],
    auth: "none",
    cache: "public",
    responses: { 200: { description: "One line per route and per skill.", schema: z.string(), contentType: "text/plain" } },
  },
  staticPublicBody(renderListingPlainText, "text/plain; charset=utf-8"),
);
