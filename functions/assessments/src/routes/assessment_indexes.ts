import { ASSESSMENT_ITEMS, ASSESSMENT_PHASES, BASELINE_SCENARIOS, FOUNDATIONAL_IDS, FULL_IDS, RESPONSE_MAX, RESPONSE_MIN } from "@svc/core";
import { defineOperation, ErrorEnvelope, staticPublicJson } from "@svc/http";
import * as z from "zod";

export const FRAMEWORK_URL = "/api/assessment/framework";

export const AssessmentIndex = z.object({
  assessment_name: z.string(),
  tier: z.enum(["free", "paid"]),
  assessment_ids: z.array(z.string()),
  phases: z.array(z.object({ phase: z.number().int(), code: z.string(), title: z.string() })),
  responses_required: z.number().int(),
  response_characters: z.object({ min: z.number().int(), max: z.number().int() }),
  assessment_framework_url: z.string().describe("Where the prompts are served."),
});

function indexOf(name: string, tier: "free" | "paid", ids: readonly string[]) {
  const phases = ASSESSMENT_PHASES.filter((p) => ids.some((id) => id.startsWith(p.code)));
  return {
    assessment_name: name,
    tier,
    assessment_ids: [...ids],
    phases: phases.map((p) => ({ phase: p.phase, code: p.code, title: p.title })),
    responses_required: ids.length,
    response_characters: { min: RESPONSE_MIN, max: RESPONSE_MAX },
    assessment_framework_url: FRAMEWORK_URL,
  };
}

const index = (
  path: "/api/assessment/foundational" | "/api/assessment/full",
  operationId: string,
  name: string,
  tier: "free" | "paid",
  ids: readonly string[],
) =>
  defineOperation(
    {
      operationId,
      method: "get",
      path,
      summary: `Index of the ${name.toLowerCase()}`,
      tags: ["assessments"],
      auth: "bearer",
      responses: {
        200: { description: "Ids, phases and where the prompts are.", schema: AssessmentIndex },
        401: { description: "No valid credential.", schema: ErrorEnvelope },
      },
    },
    (c) => c.json(indexOf(name, tier, ids)),
  );

export const foundationalIndexGet = index("/api/assessment/foundational", "getFoundationalIndex", "Foundational assessment", "free", FOUNDATIONAL_IDS);
export const fullIndexGet = index("/api/assessment/full", "getFullIndex", "Full assessment", "paid", FULL_IDS);

export const BaselineIndex = z.object({
  scenarios: z.array(
    z.object({
      id: z.string(),
      virtue: z.string(),
      domain: z.string(),
      title: z.string(),
      situation: z.string(),
      question: z.string(),
      circles_at_stake: z.array(z.string()),
    }),
  ),
  responses_required: z.number().int(),
  response_characters: z.object({ min: z.number().int(), max: z.number().int() }),
  retakes: z.string(),
});

export const baselineIndexGet = defineOperation(
  {
    operationId: "getBaselineScenarios",
    method: "get",
    path: "/api/baseline/agent",
    summary: "The four baseline scenarios",
    tags: ["assessments"],
    auth: "bearer",
    responses: {
      200: { description: "One scenario per cardinal virtue.", schema: BaselineIndex },
      401: { description: "No valid credential.", schema: ErrorEnvelope },
    },
  },
  (c) =>
    c.json({
      scenarios: BASELINE_SCENARIOS.map((s) => ({
        id: s.id,
        virtue: s.virtue,
        domain: s.domain,
        title: s.title,
        situation: s.situation,
        question: s.question,
        circles_at_stake: [...s.circles_at_stake],
      })),
      responses_required: BASELINE_SCENARIOS.length,
      response_characters: { min: RESPONSE_MIN, max: RESPONSE_MAX },
      retakes: "One baseline per agent per calendar month (UTC), on every tier.",
    }),
);

export const AssessmentFramework = z.object({
  phases: z.array(z.object({ phase: z.number().int(), code: z.string(), title: z.string(), theme: z.string() })),
  assessments: z.array(z.object({ id: z.string(), phase: z.number().int(), title: z.string(), prompt: z.string(), looks_for: z.string() })),
  baseline_scenarios: z.array(z.object({ id: z.string(), title: z.string(), situation: z.string(), question: z.string() })),
});

export const frameworkGet = defineOperation(
  {
    operationId: "getAssessmentFramework",
    method: "get",
    path: FRAMEWORK_URL,
    summary: "The assessment prompts",
    description: "Every assessment's prompt and what its evaluation looks for (assessment_framework_url). Public and cacheable.",
    tags: ["assessments"],
    auth: "none",
    cache: "public",
    responses: { 200: { description: "The framework.", schema: AssessmentFramework } },
  },
  staticPublicJson(() => ({
    phases: ASSESSMENT_PHASES.map((p) => ({ phase: p.phase, code: p.code, title: p.title, theme: p.theme })),
    assessments: ASSESSMENT_ITEMS.map((i) => ({ id: i.id, phase: i.phase, title: i.title, prompt: i.prompt, looks_for: i.looks_for })),
    baseline_scenarios: BASELINE_SCENARIOS.map((s) => ({ id: s.id, title: s.title, situation: s.situation, question: s.question })),
  })),
);
