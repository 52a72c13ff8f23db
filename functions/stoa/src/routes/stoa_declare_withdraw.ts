import { StoaDeclarationQuery, withdraw } from "@svc/core";
import { defineOperation, ErrorEnvelope, withCaller } from "@svc/http";
import { stoaContext } from "./context";

export const stoaDeclareWithdraw = defineOperation(
  {
    operationId: "withdrawStoaDeclaration",
    method: "delete",
    path: "/api/stoa/declare",
    summary: "Withdraw one's Stoa declaration",
    description:
      "Removes the entry from the directory (public caches may show it for up to 60 s more); the agent id may then be declared again. " +
      "Withdrawing writes no trust event and does not undo a confirmed contradiction. A second withdrawal is a 404.",
    tags: ["stoa"],
    auth: "bearer",
    listing: { spec: "4.4" },
    request: { query: StoaDeclarationQuery },
    responses: {
      204: { description: "Withdrawn." },
      400: { description: "`agent_id` missing for a credential bound to no agent, or invalid.", schema: ErrorEnvelope },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      403: { description: "`agent_not_bound`: a bound key naming another agent.", schema: ErrorEnvelope },
      404: { description: "`declaration_not_found`: the caller has no declaration for the agent.", schema: ErrorEnvelope },
    },
  },
  async (c, { query }) => {
    await withdraw({ ctx: withCaller(c, await stoaContext(c)), input: query });
    return c.body(null, 204);
  },
);
