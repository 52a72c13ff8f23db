import {
  BaselineResult,
  BaselineSubmission,
  checkAgentBinding,
  checkFullAssessmentTier,
  FoundationalResult,
  FoundationalSubmission,
  FullResult,
  FullSubmission,
  RESPONSE_MAX,
  runBaseline,
  runFoundational,
  runFull,
  takeBaselineSlot,
} from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope, PaidTierRequired, principalOf, sessionOf } from "@svc/http";
import { z } from "zod";
import { assessmentContext } from "./context";

const errors = {
  400: { description: "Wrong count, an unknown or repeated id, a response outside 50 to 10,000 characters, an agent_id under 2 characters, or a field these endpoints do not accept (named).", schema: ErrorEnvelope },
  401: { description: "No valid credential.", schema: ErrorEnvelope },
  403: { description: "The key is bound to another agent (or, for the full assessment, is not paid).", schema: ErrorEnvelope },
};

export const foundationalSubmit = defineOperation(
  {
    operationId: "submitFoundational",
    method: "post",
    path: "/api/assessment/foundational",
    summary: "Submit the 14 foundational responses",
    description: "Exactly one response per id FD-01..FD-07 and AM-01..AM-07. Each is examined by the reason engine, then aggregated (spec 2.9). Free.",
    tags: ["assessments"],
    auth: "bearer",
    maxBodyBytes: bodyCapForText(14 * (RESPONSE_MAX + 40)),
    request: { body: FoundationalSubmission },
    responses: { 200: { description: "The result.", schema: FoundationalResult }, ...errors },
  },
  async (c, { body }) => c.json(await runFoundational(await assessmentContext(c), principalOf(c), body)),
);

export const fullSubmit = defineOperation(
  {
    operationId: "submitFull",
    method: "post",
    path: "/api/assessment/full",
    summary: "Submit the 55 responses",
    description:
      "Exactly one response per id across phases 1 to 8, examined concurrently within a bounded pool, then aggregated (spec 2.10). Needs a paid key: a free key gets 403 {error, message, upgrade_url} before its body is read.",
    tags: ["assessments"],
    auth: "bearer",
    precheck: checkFullAssessmentTier,
    maxBodyBytes: bodyCapForText(55 * (RESPONSE_MAX + 40)),
    request: { body: FullSubmission },
    responses: {
      200: { description: "The result.", schema: FullResult },
      ...errors,
      403: { description: "A free key (paid_tier_required, with message and upgrade_url), or a key bound to another agent.", schema: z.union([PaidTierRequired, ErrorEnvelope]) },
    },
  },
  async (c, { body }) => c.json(await runFull(await assessmentContext(c), principalOf(c), body)),
);

export const baselineSubmit = defineOperation(
  {
    operationId: "submitBaseline",
    method: "post",
    path: "/api/baseline/agent",
    summary: "Submit the 4 baseline responses",
    description: "One response per scenario (spec 2.11). One baseline per agent per calendar month, on every tier: a second is refused with 429 saying when the next is allowed.",
    tags: ["assessments"],
    auth: "bearer",
    maxBodyBytes: bodyCapForText(4 * (RESPONSE_MAX + 40)),
    request: { body: BaselineSubmission },
    responses: {
      200: { description: "The result.", schema: BaselineResult },
      ...errors,
      429: { description: "This agent's baseline for the month was already taken.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => {
    const principal = principalOf(c);
    checkAgentBinding(principal, body.agent_id);
    const session = await sessionOf(c);
    const refund = await takeBaselineSlot(session.meter, principal.owner_id, body.agent_id, new Date());
    try {
      return c.json(await runBaseline(await assessmentContext(c), principal, body));
    } catch (err) {
      await refund();
      throw err;
    }
  },
);
