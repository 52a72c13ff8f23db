import { AccreditationWriteBody, AccreditationWriteResult, AgentId, writeAccreditation } from "@svc/core";
import { defineOperation, ErrorEnvelope, withCaller } from "@svc/http";
import * as z from "zod";
import { accreditationContext } from "./context";

export const accreditationWrite = defineOperation(
  {
    operationId: "writeAccreditation",
    method: "post",
    path: "/api/accreditation/{agent_id}",
    summary: "Seed or update an agent's accreditation record",
    description:
      "Needs a svc_prac_ key with accreditation_write. Every write rule of spec 4.4 runs before anything is written: agent ids agree with the path, each record field present, only the six nullable fields null, " +
      "dimension_levels all-or-nothing, a seed's grade and authority derived from its typical_proximity, an update's trigger consistent with the stored and submitted records (or, without a grade change, the stored values kept). " +
      "provenance.signed_assessments are taken verbatim from earlier consults: at least one must verify against GET /api/public-key. " +
      "Verified examinations the consult ledger attests for this owner and agent become orientation readings and trust events; the rest are provenance gaps. " +
      "coverage_status, credential_basis and examination_mode are composed by the server. A grade change writes a grade-history row.",
    tags: ["accreditation"],
    auth: "bearer",
    listing: { spec: "4.4, 3.5" },
    requires: { kinds: ["prac"], capability: "accreditation_write" },
    maxBodyBytes: 2 * 1024 * 1024,
    request: {
      params: z.object({ agent_id: AgentId.describe("The agent whose record this is.") }),
      body: AccreditationWriteBody,
    },
    responses: {
      200: { description: "The update was written.", schema: AccreditationWriteResult },
      201: { description: "The seed was written.", schema: AccreditationWriteResult },
      400: {
        description: "A write rule broken: the field is named, with the expected value where one is derived; nothing was written.",
        schema: ErrorEnvelope,
      },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: {
        description:
          "Not a svc_prac_ key with accreditation_write, a key bound to another agent, another owner's record, or `no_examination`: no element verifies against the public key (a forged signature, or one absent or null).",
        schema: ErrorEnvelope,
      },
      404: { description: "An update for an agent without a record.", schema: ErrorEnvelope },
      409: {
        description: "A seed for an agent that has a record (`agent_exists`), or the record changed while this write was checked (`record_changed`).",
        schema: ErrorEnvelope,
      },
      422: {
        description: "`bad_provenance`: provenance is not {signed_assessments: [{assessment, signature, key_id}, …]} with at least one element.",
        schema: ErrorEnvelope,
      },
      503: { description: "The writing credential's harness marker, or the store, cannot be read; nothing was written.", schema: ErrorEnvelope },
    },
  },
  async (c, { params, body }) => {
    const result = await writeAccreditation({ ctx: withCaller(c, await accreditationContext(c)), input: { agent_id: params.agent_id, body } });
    return c.json(result, result.kind === "seed" ? 201 : 200);
  },
);
