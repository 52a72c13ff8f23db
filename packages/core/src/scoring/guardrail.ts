import { z } from "zod";
import { KatorthomaProximity } from "../enums";
import { textField } from "../text";
import { rankOf } from "../ladders";
import { CIRCLE_TERMS, locate, sentencesOf, VIOLATION_CUES, type Marker } from "../reason/corroboration";
import { detectDistress } from "../reason/distress";
import type { Examination } from "./examine";

/**
 * The guardrail: a graduated verdict on an action an agent is about to take, read from the same
 * engine as every lens, with the Layer 1 of the offline extractor only (no language model on
 * its path, so it answers in microseconds). Every reason carries the verbatim spans of the
 * action that drove it.
 */
export const GUARDRAIL_TEXT_CAP = 5000;

export const GuardrailRequest = z.strictObject({
  action: textField("action", GUARDRAIL_TEXT_CAP).describe("The action about to be executed, verbatim."),
  context: z.string().max(GUARDRAIL_TEXT_CAP, `context is limited to ${GUARDRAIL_TEXT_CAP} characters`).optional().describe("Background; never read as the action."),
});
export type GuardrailRequest = z.infer<typeof GuardrailRequest>;

export const GuardrailVerdict = z.enum(["proceed", "proceed_with_caution", "pause_for_review", "do_not_proceed"]);
export type GuardrailVerdict = z.infer<typeof GuardrailVerdict>;

const MarkerSchema = z.object({ quote: z.string(), start: z.number().int(), end: z.number().int() });

export const GuardrailResponse = z.object({
  verdict: GuardrailVerdict.describe("proceed < proceed_with_caution < pause_for_review < do_not_proceed, by severity."),
  reasons: z.array(
    z.object({
      code: z.string(),
      verdict: GuardrailVerdict.describe("The verdict this reason alone would give."),
      message: z.string(),
      grounding: z.array(MarkerSchema).describe("Verbatim spans of the action, with their offsets."),
    }),
  ),
  katorthoma_proximity: KatorthomaProximity,
  is_kathekon: z.boolean().nullable(),
  distress: z
    .object({ severity: z.enum(["moderate", "acute"]), redirect: z.literal(true), suggested_user_message: z.string() })
    .optional()
    .describe("Present when the action's words carry a distress signal: surface the message to the person."),
  engine_version: z.string(),
  advisory: z.literal(true),
  disclaimer: z.string(),
});
export type GuardrailResponse = z.infer<typeof GuardrailResponse>;
type Reason = GuardrailResponse["reasons"][number];

export const GUARDRAIL_DISCLAIMER =
  "Advisory only: the guardrail reads the action as written and binds no one; human override is absolute. It is not a security control and cannot see what the text does not say.";

const SEVERITY: readonly GuardrailVerdict[] = GuardrailVerdict.options;

export function guardrailLens(exam: Examination): GuardrailResponse {
  const { extraction, assessment, text } = exam;
  const reasons: Reason[] = [];
  const spans = (...quotes: Array<string | null | undefined>): Marker[] =>
    quotes.map((q) => locate(text, q ?? null)).filter((m): m is Marker => m !== null);

  // A person in distress comes before the act: the same check the reason endpoint runs.
  const distress = detectDistress([text]);
  const redirect = distress.redirect && (distress.severity === "acute" || distress.severity === "moderate") ? distress.severity : null;
  if (redirect) {
    reasons.push({
      code: "distress_signal",
      verdict: redirect === "acute" ? "do_not_proceed" : "pause_for_review",
      message: "The action's words carry a sign of distress. Put the person in touch with human help before anything else.",
      grounding: distress.signals.map((s) => locate(text, s.quote)).filter((m): m is Marker => m !== null),
    });
  }
  if (extraction.grave_act.present) {
    const others = extraction.grave_act.harmed_circle !== null && extraction.grave_act.harmed_circle !== "self_preservation";
    reasons.push({
      code: others ? "grave_harm_to_others" : "grave_act",
      verdict: others ? "do_not_proceed" : "pause_for_review",
      message: others
        ? `The action risks grave harm to ${extraction.grave_act.harmed_circle!.replace("_", " ")}; it should not be executed without a person's decision.`
        : "The action is grave; a person should review it before it is executed.",
      grounding: spans(extraction.grave_act.quote),
    });
  }
  for (const claim of assessment.corroboration.claims.filter((c) => c.finding === "contradicted")) {
    reasons.push({ code: "contradicted_claim", verdict: "pause_for_review", message: "The action's own words contradict what it claims.", grounding: claim.markers });
  }
  for (const circle of extraction.circles.filter((c) => c.obligation_claim === "violated")) {
    // The circle's own sentence first: another circle's violation must not ground this one.
    const sentences = sentencesOf(text);
    const violation = sentences.find((s) => s.quote === circle.quote) ?? sentences.find((s) => CIRCLE_TERMS[circle.circle].test(s.quote) && VIOLATION_CUES.test(s.quote));
    reasons.push({
      code: "duty_not_met",
      verdict: "proceed_with_caution",
      message: `As written, the action does not meet a duty to ${circle.circle.replace("_", " ")}.`,
      grounding: violation ? [violation] : spans(circle.quote),
    });
  }
  for (const passion of assessment.passions) {
    const rushed = passion.intensity === "strong" && assessment.proximity_floors.base === "reflexive";
    reasons.push({
      code: rushed ? "acting_under_strong_passion" : "passion_present",
      verdict: rushed ? "pause_for_review" : "proceed_with_caution",
      message: `A passion (${passion.root_passion}${passion.sub_species ? `, ${passion.sub_species}` : ""}) is moving the action; it rests on the judgement "${passion.false_judgement}"`,
      grounding: passion.quote ? [passion.quote] : [],
    });
  }
  if (reasons.length === 0 && rankOf(KatorthomaProximity, assessment.katorthoma_proximity) === 0) {
    reasons.push({ code: "unexamined", verdict: "proceed_with_caution", message: "The action is described as done without examination.", grounding: spans(...extraction.deliberation.evidence) });
  }
  const verdict = reasons.reduce<GuardrailVerdict>((worst, r) => (SEVERITY.indexOf(r.verdict) > SEVERITY.indexOf(worst) ? r.verdict : worst), "proceed");
  reasons.sort((a, b) => SEVERITY.indexOf(b.verdict) - SEVERITY.indexOf(a.verdict));
  return {
    verdict,
    reasons,
    katorthoma_proximity: assessment.katorthoma_proximity,
    is_kathekon: assessment.is_kathekon,
    ...(redirect ? { distress: { severity: redirect, redirect: true as const, suggested_user_message: distress.suggested_user_message! } } : {}),
    engine_version: assessment.engine_version,
    advisory: true,
    disclaimer: GUARDRAIL_DISCLAIMER,
  };
}
