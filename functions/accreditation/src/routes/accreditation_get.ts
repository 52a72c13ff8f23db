import { AccreditationReadBack, AgentId, readAccreditation } from "@svc/core";
import { defineOperation, ErrorEnvelope } from "@svc/http";
import * as z from "zod";
import { accreditationContext } from "./context";

export const accreditationGet = defineOperation(
  {
    operationId: "getAccreditation",
    method: "get",
    path: "/api/accreditation/{agent_id}",
    summary: "The public read-back of an accreditation record",
    description:
      "Public. The record's data with, for each field, what it rests on (field_basis) and its provenance label (field_provenance: agent-reported, server-computed, seeded-default, not-assessed, unknown); the fields submitted as null; the recent grade history.",
    tags: ["accreditation"],
    auth: "none",
    listing: { spec: "4.4, 2.14" },
    request: { params: z.object({ agent_id: AgentId }) },
    responses: {
      200: { description: "The read-back envelope.", schema: AccreditationReadBack },
      404: { description: "The agent has no accreditation record.", schema: ErrorEnvelope },
    },
  },
  async (c, { params }) => {
    const body = await readAccreditation({ ctx: await accreditationContext(c), input: params });
    c.header("Cache-Control", "public, max-age=60");
    return c.json(body);
  },
);
