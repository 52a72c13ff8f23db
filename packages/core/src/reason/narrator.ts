import { PASSIONS, VIRTUES } from "../framework";
import type { Assessment } from "./engine";

/**
 * Layer 3 without a language model: plain prose composed from the signed assessment, so the
 * narrative never says more than the assessment does. Labelled `offline-narrator` in meta.
 */
export const OFFLINE_NARRATOR = "offline-narrator/v1";

const PROXIMITY_PROSE: Record<Assessment["katorthoma_proximity"], string> = {
  reflexive: "acted on reflex, before reason had its say",
  habitual: "followed custom more than a reasoned choice",
  deliberate: "was weighed before it was done",
  principled: "was chosen from principle",
  sage_like: "comes close to what a sage would have done",
};

export function narrateOffline(assessment: Assessment): string {
  const parts: string[] = [];
  parts.push(`As presented, the act ${PROXIMITY_PROSE[assessment.katorthoma_proximity]} (proximity: ${assessment.katorthoma_proximity}).`);
  const domains = assessment.virtue_domains_engaged
    .map((d) => VIRTUES.find((v) => v.domain_id === d)?.name.toLowerCase())
    .filter((name): name is string => Boolean(name));
  if (domains.length > 0) parts.push(`It engages ${domains.join(", ")}.`);
  if (assessment.is_kathekon === true) parts.push(`It reads as an appropriate act, of ${assessment.kathekon_quality} quality.`);
  else if (assessment.is_kathekon === false) parts.push("It falls short of an appropriate act: a duty the account speaks to was not met.");
  else parts.push("Whether it was an appropriate act cannot be told from the account alone.");
  for (const passion of assessment.passions) {
    const root = PASSIONS.find((r) => r.id === passion.root_passion)!;
    parts.push(`${root.name} is at work (${passion.intensity}); it rests on the judgement "${root.false_judgement}" The correction: ${root.remedy}`);
  }
  const contradicted = assessment.corroboration.claims.filter((c) => c.finding === "contradicted");
  if (contradicted.length > 0)
    parts.push("The account's own words contradict one of its claims, so the reading was lowered; the claim itself is left as stated.");
  if (assessment.practice.suggestion) parts.push(`A question to take forward: ${assessment.practice.suggestion.question}`);
  parts.push("This is a reading for reflection, not a verdict: it measures how the choice was reasoned, not whether the facts are true.");
  return parts.join(" ");
}
