import { AgentId, readTrustRecord, TrustRecord } from "@svc/core";
import { defineOperation, ErrorEnvelope } from "@svc/http";
import * as z from "zod";
import { accreditationContext } from "./context";

export const trustRecordGet = defineOperation(
  {
    operationId: "getTrustRecord",
    method: "get",
    path: "/api/trust-record/{agent_id}",
    summary: "The public trust record of an agent",
    description:
      "Public. Per-domain levels composed live from server-minted trust events (decay realised at read, reflect history only lowering or holding, the justice latch surfaced), " +
      "the minimum-domain aggregate, confidence, coverage, sparse, what the record attests and does not, the 50 most recent orientation readings and provenance gaps with their true totals. " +
      "404 with no examined evidence and no gap entry; 503 (never cached) when the store cannot be read.",
    tags: ["accreditation"],
    auth: "none",
    listing: { spec: "4.4, 2.15, 3.6" },
    request: { params: z.object({ agent_id: AgentId }) },
    responses: {
      200: { description: "The trust record.", schema: TrustRecord },
      404: { description: "No examined trust evidence and no provenance-gap entry.", schema: ErrorEnvelope },
      503: {
        description: "The store is unavailable (trust_store_unavailable), or the surface is dark on this deployment (trust_record_dark); never cached.",
        schema: ErrorEnvelope,
      },
    },
  },
  async (c, { params }) => {
    // Set before composing: an error response (503) keeps it, and must never be cached.
    c.header("Cache-Control", "no-store");
    const body = await readTrustRecord({ ctx: await accreditationContext(c), input: params });
    c.header("Cache-Control", "public, max-age=60");
    return c.json(body);
  },
);
