import { callerSubject, CHAIN_ITERATIONS, iterate, IterateRequest, IterateResponse, openOrFindChain, planChainIteration } from "@svc/core";
import { chargeSkill, defineOperation, ErrorEnvelope, principalOf, sessionOf } from "@svc/http";
import { skillContext } from "./skill_call";

export const skillIterate = defineOperation(
  {
    operationId: "skill_svc_iterate",
    method: "post",
    path: "/api/skill/svc-iterate",
    summary: "svc-iterate: deliberate in iterations",
    description:
      "Send a proposal to open a chain; send a revised one with the chain_id to see it examined against the last. A chain is one unit of the svc-iterate allowance (50 chains a month free); iterations per chain: 1 free, up to 3 paid.",
    tags: ["skills"],
    auth: "bearer",
    skill: "svc-iterate",
    metering: "by_handler",
    request: { body: IterateRequest },
    responses: {
      200: { description: "This iteration, against the last.", schema: IterateResponse },
      400: { description: "A field missing, over its cap, or not accepted.", schema: ErrorEnvelope },
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
    // A new chain draws on the monthly allowance; every iteration on the chain's own counter.
    const charge = await chargeSkill(c, chain ? 0 : 1, (meterSubjectId) => [planChainIteration({ subject: meterSubjectId, tier: principal.tier, chainId, now })]);
    try {
      const result = await iterate({
        ctx: await skillContext(c),
        store: session.chains,
        subject,
        chain,
        chainId,
        request: body,
        maxIterations: CHAIN_ITERATIONS[principal.tier],
      });
      return c.json(result);
    } catch (err) {
      await charge.refund();
      throw err;
    }
  },
);
