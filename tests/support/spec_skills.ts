/**
 * The pricing table of spec section 8, written out from the spec: the tests' oracle, kept apart
 * from core's SKILLS (the implementation) so a test compares the two rather than one with itself.
 */

/** The evaluation skills (100 calls a month free). */
export const EVALUATION_SKILLS = ["svc-decide", "svc-audit", "svc-converse", "svc-scenario", "svc-reflect", "svc-classify", "svc-prioritise", "svc-moderate"];

/** The marketplace skills (50 calls a month free). */
export const MARKETPLACE_SKILLS = [
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

/** Every skill's free monthly allowance; null when unlimited. */
export const SPEC_FREE_ALLOWANCE: Readonly<Record<string, number | null>> = {
  "svc-guard": 500,
  "svc-reason": 30,
  "svc-score": 100,
  "svc-iterate": 50,
  ...Object.fromEntries(EVALUATION_SKILLS.map((id) => [id, 100])),
  ...Object.fromEntries(MARKETPLACE_SKILLS.map((id) => [id, 50])),
  "svc-diagnose": 25,
  "svc-profile": 25,
  "svc-context": null,
};
