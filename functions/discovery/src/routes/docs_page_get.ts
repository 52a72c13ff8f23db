import { defineOperation, REVALIDATE_CACHE_CONTROL, staticPublicBody } from "@svc/http";
import { z } from "zod";
import { DOCS_CSP, renderDocsPage } from "../docs";

export const docsPageGet = defineOperation(
  {
    operationId: "getReferencePage",
    method: "get",
    path: "/docs",
    summary: "API reference page, rendered from the OpenAPI document",
    description:
      "For people: an HTML page on which Redoc renders /openapi.json in the browser. Its one script is served by this function " +
      "(/docs/assets/{name}); under its Content-Security-Policy nothing loads from another origin. Revalidated before every use (ETag), " +
      "so it always names the script of the current deploy.",
    tags: ["discovery"],
    auth: "none",
    listing: { spec: "9" },
    cache: "public",
    responses: { 200: { description: "The page.", schema: z.string().describe("An HTML5 document."), contentType: "text/html" } },
  },
  staticPublicBody(renderDocsPage, "text/html; charset=utf-8", {
    "Cache-Control": REVALIDATE_CACHE_CONTROL,
    "Content-Security-Policy": DOCS_CSP,
    "Referrer-Policy": "no-referrer",
  }),
);
