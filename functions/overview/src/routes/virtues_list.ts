import { listVirtues, VirtuesResponse } from "@svc/core";
import { defineOperation, type RouteListing, staticPublicJson } from "@svc/http";

/** GET /api/virtues (spec 2.2) and its versioned twin GET /api/v1/virtues: the same document. */
function virtuesListAt(path: "/api/virtues" | "/api/v1/virtues", operationId: string, listing: RouteListing) {
  return defineOperation(
    {
      operationId,
      method: "get",
      path,
      summary: "The four cardinal virtues",
      description: "Each virtue with its domain id, definition and four sub-virtues. Public and cacheable.",
      tags: ["overview"],
      auth: "none",
      listing,
      cache: "public",
      responses: { 200: { description: "The virtues and a note on how to read them.", schema: VirtuesResponse } },
    },
    staticPublicJson(listVirtues),
  );
}

export const virtuesList = virtuesListAt("/api/virtues", "listVirtues", { spec: "4.1, 2.2" });
export const v1VirtuesList = virtuesListAt("/api/v1/virtues", "listVirtuesV1", { spec: "4.6", planned: true });
