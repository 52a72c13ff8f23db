import * as z from "zod";
import { ASSESSMENT_ITEMS, ASSESSMENT_PHASES, BASELINE_SCENARIOS, FOUNDATIONAL_IDS, FULL_IDS } from "./framework";
import { RESPONSE_MAX, RESPONSE_MIN } from "./submissions";

/**
 * The assessments' public indexes (spec 2.9 to 2.11): which ids each assessment takes, its
 * phases and where the prompts are; the baseline's scenarios; the whole framework of prompts.
 */

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
export type AssessmentIndex = z.infer<typeof AssessmentIndex>;

/** The index of the foundational (free) or the full (paid) assessment. */
export function assessmentIndex(kind: "foundational" | "full"): AssessmentIndex {
  const [name, tier, ids] =
    kind === "foundational" ? (["Foundational assessment", "free", FOUNDATIONAL_IDS] as const) : (["Full assessment", "paid", FULL_IDS] as const);
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
export type BaselineIndex = z.infer<typeof BaselineIndex>;

/** The four baseline scenarios, one per cardinal virtue. */
export function baselineIndex(): BaselineIndex {
  return {
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
  };
}

export const AssessmentFramework = z.object({
  phases: z.array(z.object({ phase: z.number().int(), code: z.string(), title: z.string(), theme: z.string() })),
  assessments: z.array(z.object({ id: z.string(), phase: z.number().int(), title: z.string(), prompt: z.string(), looks_for: z.string() })),
  baseline_scenarios: z.array(z.object({ id: z.string(), title: z.string(), situation: z.string(), question: z.string() })),
});
export type AssessmentFramework = z.infer<typeof AssessmentFramework>;

/** Every assessment's prompt and what its evaluation looks for, with the baseline's scenarios. */
export function assessmentFramework(): AssessmentFramework {
  return {
    phases: ASSESSMENT_PHASES.map((p) => ({ phase: p.phase, code: p.code, title: p.title, theme: p.theme })),
    assessments: ASSESSMENT_ITEMS.map((i) => ({ id: i.id, phase: i.phase, title: i.title, prompt: i.prompt, looks_for: i.looks_for })),
    baseline_scenarios: BASELINE_SCENARIOS.map((s) => ({ id: s.id, title: s.title, situation: s.situation, question: s.question })),
  };
}
