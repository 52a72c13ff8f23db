import type { HarmCode, Hit, Rule, Span } from "../types";
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
 * prose inside tool-call arguments; parsed shell/SQL structure is read elsewhere.
 *
 * Besides its specific features (`destruction.delete_backups` ...), each code emits one summary
 * feature `<code>.plain` whenever any of its rules fired: a back-off the trainer can weigh from
 * every case of the code, so a rule seldom seen in training (below the trainer's minimum support)
 * still counts, while the specific features refine it where the data allows.
 */
function withSummary(code: HarmCode, rules: readonly Rule[]): Rule {
  return (scope, doc) => {
    const hits: Hit[] = [];
    for (const r of rules) hits.push(...r(scope, doc));
    if (hits.length === 0) return hits;
    const spans: Span[] = [];
    for (const h of hits) if (h.spans[0] && spans.length < 3) spans.push(h.spans[0]);
    hits.push({ feature: `${code}.plain`, code, spans, note: `${code.replace(/_/g, " ")} read in plain language` });
    return hits;
  };
}

export const systemsRules: readonly Rule[] = [
  withSummary("destruction", destructionRules),
  withSummary("weakening_security", securityRules),
  withSummary("exfiltration_privacy", privacyRules),
  withSummary("financial_harm", financeRules),
  withSummary("fraud_deception", fraudRules),
  withSummary("disinformation", disinfoRules),
];
