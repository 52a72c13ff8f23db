import { amend, StoaAmendBody, StoaEntry } from "@svc/core";
import { defineOperation, ErrorEnvelope, withCaller } from "@svc/http";
import { stoaContext } from "./context";
import { STOA_BODY_CAP } from "./stoa_declare_create";

export const stoaDeclareAmend = defineOperation(
  {
    operationId: "amendStoaDeclaration",
    method: "patch",
    path: "/api/stoa/declare",
    summary: "Amend one's Stoa declaration",
    description:
      "Changes the fields named and keeps the rest; `commitments` replaces the whole list, null removes a URL. The entry keeps its place in the directory and shows `amended_at`. " +
      "Amending writes no trust event. A confirmed contradiction keeps the commitment as it was declared.",
    tags: ["stoa"],
    auth: "bearer",
    listing: { spec: "4.4" },
    maxBodyBytes: STOA_BODY_CAP,
    request: { body: StoaAmendBody },
    responses: {
      200: { description: "The amended entry.", schema: StoaEntry },
      400: {
        description: "A field invalid (named), `nothing_to_amend`, or `agent_id` missing for a credential bound to no agent. Nothing was written.",
        schema: ErrorEnvelope,
      },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: { description: "`agent_not_bound`: a bound key naming another agent.", schema: ErrorEnvelope },
      404: { description: "`declaration_not_found`: the caller has no declaration for the agent.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => {
    return c.json(await amend({ ctx: withCaller(c, await stoaContext(c)), input: body }));
  },
);
