import { readOwn, StoaDeclarationQuery, StoaEntry } from "@svc/core";
import { defineOperation, ErrorEnvelope, withCaller } from "@svc/http";
import { stoaContext } from "./context";

export const stoaDeclareGet = defineOperation(
  {
    operationId: "getOwnStoaDeclaration",
    method: "get",
    path: "/api/stoa/declare",
    summary: "Read one's own Stoa declaration",
    description:
      "The caller's declaration for the bound agent, or for `agent_id` with an unbound credential. Another owner's declaration of the same agent is a 404 here (it is public in the directory).",
    tags: ["stoa"],
    auth: "bearer",
    listing: { spec: "4.4" },
    request: { query: StoaDeclarationQuery },
    responses: {
      200: { description: "The caller's entry.", schema: StoaEntry },
      400: { description: "`agent_id` missing for a credential bound to no agent, or invalid.", schema: ErrorEnvelope },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: { description: "`agent_not_bound`: a bound key naming another agent.", schema: ErrorEnvelope },
      404: { description: "`declaration_not_found`: the caller has no declaration for the agent.", schema: ErrorEnvelope },
    },
  },
  async (c, { query }) => {
    return c.json(await readOwn({ ctx: withCaller(c, await stoaContext(c)), input: query }));
  },
);
