import { IndifferentsResponse, listIndifferents } from "@svc/core";
import { defineOperation, type RouteListing, staticPublicJson } from "@svc/http";

/** GET /api/indifferents (spec 2.3) and its versioned twin GET /api/v1/indifferents. */
function indifferentsListAt(path: "/api/indifferents" | "/api/v1/indifferents", operationId: string, listing: RouteListing) {
  return defineOperation(
    {
      operationId,
      method: "get",
      path,
      summary: "Preferred and dispreferred indifferents",
      description: "Things neither good nor evil, each with its category, selective value and domain. Public and cacheable.",
      tags: ["overview"],
      auth: "none",
      listing,
      cache: "public",
      responses: { 200: { description: "The indifferents and a note on how to read them.", schema: IndifferentsResponse } },
    },
    staticPublicJson(listIndifferents),
  );
}

export const indifferentsList = indifferentsListAt("/api/indifferents", "listIndifferents", { spec: "4.1, 2.3" });
export const v1IndifferentsList = indifferentsListAt("/api/v1/indifferents", "listIndifferentsV1", { spec: "4.6", planned: true });
