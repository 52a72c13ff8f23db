import { defineOperation, publicBaseUrl, publicBody } from "@svc/http";
import * as z from "zod";
import { renderLlmsTxt } from "../artifacts";

export const llmsTxtGet = defineOperation(
  {
    operationId: "getListingText",
    method: "get",
    path: "/llms.txt",
    summary: "Every served route as a link with its purpose, for agents",
    description:
      "llms.txt (llmstxt.org): an H1, a blockquote summary, then one H2 section per function of `- [METHOD /path](url): purpose` lines; links are absolute, on PUBLIC_BASE_URL or the address the request reached.",
    tags: ["discovery"],
    auth: "none",
    listing: { spec: "4.6" },
    cache: "public",
    responses: { 200: { description: "The routes as markdown links.", schema: z.string(), contentType: "text/plain" } },
  },
  (c) => publicBody(c, renderLlmsTxt(publicBaseUrl(c)), "text/plain; charset=utf-8"),
);
