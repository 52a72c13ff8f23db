import * as z from "zod";

/** The skills of the pricing table (spec section 8). */
export const SkillCategory = z.enum(["guard", "substrate", "scoring", "iteration", "evaluation", "marketplace", "premium", "context"]);
export type SkillCategory = z.infer<typeof SkillCategory>;

export const SkillSchema = z.object({
  id: z
    .string()
    .regex(/^svc-[a-z]+$/)
    .describe("Skill identifier, e.g. svc-guard."),
  category: SkillCategory,
  free_monthly_allowance: z.number().int().positive().nullable().describe("Free-tier allowance per calendar month (UTC); null means unlimited."),
  unit: z.enum(["call", "loop", "chain"]).describe("What one unit of the allowance counts."),
  paid_price_usd: z.number().nonnegative().describe("Indicative paid price per unit in US dollars (approximate)."),
  indicative_speed: z.string().describe("Indicative latency, an estimate."),
});
export type Skill = z.infer<typeof SkillSchema>;

const EVALUATION = ["svc-decide", "svc-audit", "svc-converse", "svc-scenario", "svc-reflect", "svc-classify", "svc-prioritise", "svc-moderate"];
const MARKETPLACE = [
  "svc-premortem",
  "svc-negotiate",
  "svc-invest",
  "svc-pivot",
  "svc-retro",
  "svc-align",
  "svc-resolve",
  "svc-coach",
  "svc-govern",
  "svc-compliance",
  "svc-educate",
  "svc-identity",
];
const PREMIUM = ["svc-diagnose", "svc-profile"];

export const SKILLS: readonly Skill[] = [
  { id: "svc-guard", category: "guard", free_monthly_allowance: 500, unit: "call", paid_price_usd: 0.0025, indicative_speed: "under 100 ms" },
  {
    id: "svc-reason",
    category: "substrate",
    free_monthly_allowance: 30,
    unit: "loop",
    paid_price_usd: 0.18,
    indicative_speed: "about 13 s agent, 36 s human standard (observed)",
  },
  { id: "svc-score", category: "scoring", free_monthly_allowance: 100, unit: "call", paid_price_usd: 0.18, indicative_speed: "about 2 s" },
  { id: "svc-iterate", category: "iteration", free_monthly_allowance: 50, unit: "chain", paid_price_usd: 0.18, indicative_speed: "about 2 s per iteration" },
  ...EVALUATION.map((id) => ({
    id,
    category: "evaluation" as const,
    free_monthly_allowance: 100,
    unit: "call" as const,
    paid_price_usd: 0.18,
    indicative_speed: "2 to 3 s",
  })),
  ...MARKETPLACE.map((id) => ({
    id,
    category: "marketplace" as const,
    free_monthly_allowance: 50,
    unit: "call" as const,
    paid_price_usd: 0.18,
    indicative_speed: "3 to 4 s",
  })),
  ...PREMIUM.map((id) => ({
    id,
    category: "premium" as const,
    free_monthly_allowance: 25,
    unit: "call" as const,
    paid_price_usd: 0.5,
    indicative_speed: "2 to 3 s",
  })),
  { id: "svc-context", category: "context", free_monthly_allowance: null, unit: "call", paid_price_usd: 0, indicative_speed: "under 50 ms" },
];

export const SkillId = z.enum(SKILLS.map((s) => s.id) as [string, ...string[]]);
export type SkillId = z.infer<typeof SkillId>;
