import * as z from "zod";
import { KathekonQuality, RootPassion, SimpleProximity, VirtueDomain } from "../enums";
import { PASSIONS, VIRTUES } from "../framework";
import { toSimpleProximity } from "../ladders";
import { SCORING_DISCLAIMER } from "../reason/consult";
import type { Examination } from "../reason/examine";

/** Spec 2.5 passion object: a refused sub-species is null. */
export const PassionFinding = z.object({
  root_passion: RootPassion,
  sub_species: z.string().nullable().describe("The sub-species id, or null when it cannot be told."),
  false_judgement: z.string().describe("The false judgement the passion rests on."),
});

export const ActionScore = z.object({
  katorthoma_proximity: SimpleProximity,
  is_kathekon: z.boolean().nullable().describe("Null when the engine cannot decide from the account."),
  kathekon_quality: KathekonQuality.nullable(),
  passions_detected: z.array(PassionFinding),
  virtue_domains_engaged: z.array(VirtueDomain),
  improvement_path: z.string(),
  disclaimer: z.string(),
});
export type ActionScore = z.infer<typeof ActionScore>;

const passionsOf = (exam: Examination) =>
  exam.assessment.passions.map((p) => ({ root_passion: p.root_passion, sub_species: p.sub_species, false_judgement: p.false_judgement }));

/** The improvement path: the engine's practice question when it has one, else the lowest domain's. */
function improvementPath(exam: Examination): string {
  const suggestion = exam.assessment.practice.suggestion;
  if (suggestion) return suggestion.question;
  const floors = exam.assessment.proximity_floors;
  if (floors.aggregate === "sage_like" || floors.aggregate === "principled") {
    return "Keep the habit that shaped this choice: name the principle before acting, and check it again afterwards.";
  }
  return "Before a similar choice, pause long enough to ask which judgement is moving you, and whether it is true.";
}

/** Spec 2.5: score of a past action. */
export function actionScoreLens(exam: Examination): ActionScore {
  return {
    katorthoma_proximity: toSimpleProximity(exam.assessment.katorthoma_proximity),
    is_kathekon: exam.assessment.is_kathekon,
    kathekon_quality: exam.assessment.kathekon_quality,
    passions_detected: passionsOf(exam),
    virtue_domains_engaged: exam.assessment.virtue_domains_engaged,
    improvement_path: improvementPath(exam),
    disclaimer: SCORING_DISCLAIMER,
  };
}

export const Advice = z.object({
  wisdom_guidance: z.string(),
  is_kathekon: z.boolean().nullable(),
  kathekon_quality: KathekonQuality.nullable(),
  passions_to_examine: z.array(PassionFinding),
  virtue_considerations: z.partialRecord(VirtueDomain, z.string()).describe("One question per virtue domain id: phronesis always, and each engaged domain."),
  alternative_perspectives: z.array(z.string()),
  disclaimer: z.string(),
});
export type Advice = z.infer<typeof Advice>;

const DOMAIN_QUESTIONS: Record<z.infer<typeof VirtueDomain>, (goal: string | null) => string> = {
  phronesis: (goal) =>
    goal
      ? `Is "${goal}" truly good, or only preferred, and is this the wisest way to pursue it?`
      : "What is actually at stake here, and what is only preferred or dispreferred?",
  dikaiosyne: () => "Who else is affected, and what does each of them fairly expect of you?",
  andreia: () => "What would you do if fear of the outcome had no say?",
  sophrosyne: () => "Where is wanting more, or sooner, pulling at this decision, and what would the measured choice be?",
};

/** Spec 2.6: advice on a proposed action, by Cicero's questions and the engine's findings. */
export function adviceLens(exam: Examination, goal: string | null): Advice {
  const a = exam.assessment;
  const engaged = new Set(a.virtue_domains_engaged);
  const considerations = Object.fromEntries(
    VirtueDomain.options.filter((d) => engaged.has(d) || d === "phronesis").map((d) => [d, DOMAIN_QUESTIONS[d](goal)]),
  ) as Record<z.infer<typeof VirtueDomain>, string>;
  const guidance: string[] = ["First ask whether the action is honourable, then whether it is advantageous; where the two conflict, the honourable prevails."];
  if (a.is_kathekon === false) guidance.push("As described, the action fails a duty the account itself names; look for a course that keeps it.");
  if (a.passions.length > 0) guidance.push("A passion is in play; decide once the judgement behind it has been tested, not before.");
  if (a.corroboration.claims.some((c) => c.finding === "contradicted"))
    guidance.push("The account contradicts one of its own claims; settle which is true before acting.");
  const outer = a.oikeiosis.relevant_circles.at(-1);
  const perspectives = [
    "How would a person you admire for their integrity act here, and why?",
    outer
      ? `Seen from the widest circle at stake (${outer.circle.replace("_", " ")}), what would the act look like?`
      : "Seen from the point of view of everyone it touches, what would the act look like?",
    "Which part of the outcome is up to you, and which is not? Act on the first and accept the second.",
  ];
  return {
    wisdom_guidance: guidance.join(" "),
    is_kathekon: a.is_kathekon,
    kathekon_quality: a.kathekon_quality,
    passions_to_examine: passionsOf(exam),
    virtue_considerations: considerations,
    alternative_perspectives: perspectives,
    disclaimer: SCORING_DISCLAIMER,
  };
}

/** Names of framework items, for lenses that speak in words. */
export const virtueNameOf = (domain: z.infer<typeof VirtueDomain>) => VIRTUES.find((v) => v.domain_id === domain)?.name ?? domain;
export const passionNameOf = (root: z.infer<typeof RootPassion>) => PASSIONS.find((p) => p.id === root)?.name ?? root;
