import type { Rule } from "../types";
import { withSummary } from "./summary";
import { destructionRules } from "./systems_destruction";
import { disinfoRules } from "./systems_disinfo";
import { financeRules } from "./systems_finance";
import { fraudRules } from "./systems_fraud";
import { privacyRules } from "./systems_privacy";
import { securityRules } from "./systems_security";

/**
 * The plain-language rules of the six "systems" harm codes: destruction, weakening_security,
 * exfiltration_privacy, financial_harm, fraud_deception, disinformation. Each rule reads the
 * natural language of the act (and of its context, prefixed "ctx:" by the reader), including the
 * prose inside tool-call arguments; parsed shell/SQL structure is read elsewhere. Each code also
 * emits its summary feature `<code>.plain` (see summary.ts).
 */
export const systemsRules: readonly Rule[] = [
  withSummary("destruction", destructionRules),
  withSummary("weakening_security", securityRules),
  withSummary("exfiltration_privacy", privacyRules),
  withSummary("financial_harm", financeRules),
  withSummary("fraud_deception", fraudRules),
  withSummary("disinformation", disinfoRules),
];
