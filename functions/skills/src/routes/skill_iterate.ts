import { callerSubject, charged, iterate, IterateRequest, IterateResponse, openOrFindChain, planChainIteration } from "@svc/core";
import { chargerOf, defineOperation, ErrorEnvelope, principalOf, sessionOf } from "@svc/http";
import { skillContext } from "./skill_call";

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
  async (c, { body }) => {
    const session = await sessionOf(c);
    const principal = principalOf(c);
    const subject = callerSubject(principal);
    const { chain, chainId } = await openOrFindChain(session.chains, subject, body.chain_id);
    const now = new Date();
    // Every iteration is one unit of the skill (priced per iteration) and one on the chain's own
    // counter, in one atomic plan: a refused iteration moves neither.
    const result = await charged(
      () => chargerOf(c)({ units: 1, extra: (meterSubjectId) => [planChainIteration({ subject: meterSubjectId, tier: principal.tier, chainId, now })] }),
      async () => iterate({ ctx: await skillContext(c), store: session.chains, subject, chain, chainId, request: body, tier: principal.tier, now }),
    );
    return c.json(result);
  },
);
