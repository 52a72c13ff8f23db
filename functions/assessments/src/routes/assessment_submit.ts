import {
  BaselineResult,
  BaselineSubmission,
  checkFullAssessmentTier,
  FoundationalResult,
  FoundationalSubmission,
  FullResult,
  FullSubmission,
  RESPONSE_MAX,
  submitBaseline,
  submitFoundational,
  submitFull,
} from "@svc/core";
import { bodyCapForText, defineOperation, ErrorEnvelope, PaidTierRequired } from "@svc/http";
import * as z from "zod";
import { assessmentContext } from "./context";

const errors = {
  400: {
    description:
      "Wrong count, an unknown or repeated id, a response outside 50 to 10,000 characters, an agent_id under 2 characters, or a field these endpoints do not accept (named).",
    schema: ErrorEnvelope,
  },
  401: { description: "No valid credential.", schema: ErrorEnvelope },
  403: { description: "The key is bound to another agent (or, for the full assessment, is not paid).", schema: ErrorEnvelope },
  429: { description: "The svc-reason loops left this month (free) or today (paid) are fewer than the responses to examine.", schema: ErrorEnvelope },
};

export const foundationalSubmit = defineOperation(
  {
    operationId: "submitFoundational",
    method: "post",
    path: "/api/assessment/foundational",
    summary: "Submit the 14 foundational responses",
    description:
      "Exactly one response per id FD-01..FD-07 and AM-01..AM-07. Each is examined by the reason engine, then aggregated (spec 2.9). Open to free keys; each examined response is one svc-reason loop (14 in all), charged before any examination.",
    tags: ["assessments"],
    auth: "bearer",
    listing: { spec: "4.3, 2.9" },
    charge: { skill: "svc-reason", at: "service" },
    maxBodyBytes: bodyCapForText(14 * (RESPONSE_MAX + 40)),
    request: { body: FoundationalSubmission },
    responses: { 200: { description: "The result.", schema: FoundationalResult }, ...errors },
  },
  async (c, { body }) => c.json(await submitFoundational({ ctx: await assessmentContext(c), input: body })),
);

export const fullSubmit = defineOperation(
  {
    operationId: "submitFull",
    method: "post",
    path: "/api/assessment/full",
    summary: "Submit the 55 responses",
    description:
      "Exactly one response per id across phases 1 to 8, examined concurrently within a bounded pool, then aggregated (spec 2.10). Needs a paid key: a free key gets 403 {error, message, upgrade_url} before its body is read. Each examined response is one svc-reason loop (55 in all), counted against the daily limit and billed.",
    tags: ["assessments"],
    auth: "bearer",
    listing: { spec: "4.3, 2.10", requires: "paid key" },
    charge: { skill: "svc-reason", at: "service" },
    precheck: checkFullAssessmentTier,
    maxBodyBytes: bodyCapForText(55 * (RESPONSE_MAX + 40)),
    request: { body: FullSubmission },
    responses: {
      200: { description: "The result.", schema: FullResult },
      ...errors,
      403: {
        description: "A free key (paid_tier_required, with message and upgrade_url), or a key bound to another agent.",
        schema: z.union([PaidTierRequired, ErrorEnvelope]),
      },
    },
  },
  async (c, { body }) => c.json(await submitFull({ ctx: await assessmentContext(c), input: body })),
);

export const baselineSubmit = defineOperation(
  {
    operationId: "submitBaseline",
    method: "post",
    path: "/api/baseline/agent",
    summary: "Submit the 4 baseline responses",
    description:
      "One response per scenario (spec 2.11). One baseline per agent per calendar month, on every tier: a second is refused with 429 saying when the next is allowed. Each examined response is one svc-reason loop (4 in all).",
    tags: ["assessments"],
    auth: "bearer",
    listing: { spec: "4.3, 2.11" },
    charge: { skill: "svc-reason", at: "service" },
    maxBodyBytes: bodyCapForText(4 * (RESPONSE_MAX + 40)),
    request: { body: BaselineSubmission },
    responses: {
      200: { description: "The result.", schema: BaselineResult },
      ...errors,
      429: { description: "This agent's baseline for the month was already taken, or too few svc-reason loops are left.", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => c.json(await submitBaseline({ ctx: await assessmentContext(c), input: body })),
);
