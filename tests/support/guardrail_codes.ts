/** The reason engine's codes in a guardrail answer, written out from the spec; every other code is a harm code of the offline reader. */
export const ENGINE_CODES: ReadonlySet<string> = new Set([
  "distress_signal",
  "grave_harm_to_others",
  "grave_act",
  "contradicted_claim",
  "duty_not_met",
  "acting_under_strong_passion",
  "passion_present",
  "unexamined",
]);
