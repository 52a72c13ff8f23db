import { IterateRequest, IterateResponse, iterateChain } from "@svc/core";
import { defineOperation, ErrorEnvelope } from "@svc/http";
import { iterateContext } from "./context";

export const skillIterate = defineOperation(
  {
    operationId: "skill_svc_iterate",
    method: "post",
    path: "/api/skill/svc-iterate",
    summary: "svc-iterate: deliberate in iterations",
    description:
      "Send a proposal to open a chain; send a revised one with the chain_id to see it examined against the last. Each iteration is one svc-iterate unit (on the paid tier each counts against the daily limit and is billed); iterations per chain: 1 free (so the free allowance of 50 counts chains), up to 3 paid.",
    tags: ["skills"],
    auth: "bearer",
    listing: { spec: "8" },
    charge: { skill: "svc-iterate", at: "service" },
    request: { body: IterateRequest },
    responses: {
      200: { description: "This iteration, against the last.", schema: IterateResponse },
      400: { description: "A field missing, over its cap, or not accepted; a blank proposal.", schema: ErrorEnvelope },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
      404: { description: "No chain of yours has this chain_id.", schema: ErrorEnvelope },
      429: { description: "Iterations of this chain, or chains this month, exhausted.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => c.json(await iterateChain({ ctx: await iterateContext(c), input: body })),
);
