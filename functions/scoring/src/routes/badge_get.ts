import { badgeSvg, NotFoundError } from "@svc/core";
import { defineOperation, publicBody, sessionOf } from "@svc/http";
import * as z from "zod";

export const badgeGet = defineOperation(
  {
    operationId: "getBadge",
    method: "get",
    path: "/api/badge/{id}",
    summary: "SVG badge of a scored document",
    description: "Public to whoever holds the address; shows the reading, not the text. Accessible (role img, title, description; AA contrast) and cacheable.",
    tags: ["scoring"],
    auth: "none",
    listing: { spec: "4.6" },
    cache: "public",
    request: { params: z.object({ id: z.uuid().describe("The scored document's id.") }) },
    responses: { 200: { description: "The badge.", schema: z.string(), contentType: "image/svg+xml" } },
  },
  async (c, { params }) => {
    const doc = await (await sessionOf(c)).documents.find(params.id);
    if (!doc) throw new NotFoundError("No scored document has this id.");
    return publicBody(c, badgeSvg(doc), "image/svg+xml; charset=utf-8");
  },
);
