import * as z from "zod";
import {
  AuthorityLevel,
  CorroborationFinding,
  KathekonQuality,
  KatorthomaProximity,
  ObligationStatus,
  OikeiosisCircle,
  RootPassion,
  SenecanGrade,
  VirtueDomain,
  type OikeiosisCircle as Circle,
} from "../enums";
import { PASSIONS } from "../framework";
import { deriveFromProximity, lowestOf, rankOf } from "../ladders";
import { CIRCLE_TERMS, deliberationSentence, firstSentenceMatching, locate, VIOLATION_CUES } from "./corroboration";
import type { DeliberationLevel, Layer1Extraction } from "./extraction";

/**
 * Layer 2: the deterministic assessment. Pure: the same extraction, input and examination
 * context always give the same object (and so the same signed bytes). Every rule is listed
 * in docs/reason-engine.md; ENGINE_VERSION names this rule set inside the signed object.
 */
export const ENGINE_VERSION = "l2-rules/2026.11.1";
export const ASSESSMENT_SCHEMA = "l2-assessment/v1";

export const DepthTier = z.enum(["quick", "standard", "deep"]).describe("How deeply the consult is examined.");
export type DepthTier = z.infer<typeof DepthTier>;

export interface ExaminationContext {
  readonly ref: string;
  readonly depth_tier: DepthTier;
  readonly prior_feedback_ref: string | null;
  readonly input_sha256: string;
}

const Grade = z.enum(["low", "moderate", "high", "highest"]);
const MarkerSchema = z.object({ quote: z.string(), start: z.number().int(), end: z.number().int() });

export const AssessmentSchema = z.object({
  schema: z.literal(ASSESSMENT_SCHEMA),
  engine_version: z.string(),
  examination: z.object({ ref: z.string(), depth_tier: DepthTier, prior_feedback_ref: z.string().nullable() }),
  input_sha256: z.string().describe("SHA-256 (hex) of the exact input the assessment examined."),
  katorthoma_proximity: KatorthomaProximity.describe("Equals proximity_floors.aggregate."),
  proximity_floors: z.object({
    base: KatorthomaProximity.describe("The disposition reading."),
    dikaiosyne: KatorthomaProximity.nullable(),
    andreia: KatorthomaProximity.nullable(),
    sophrosyne: KatorthomaProximity.nullable(),
    aggregate: KatorthomaProximity.describe("The minimum over base and the engaged domains."),
    basis: z.array(z.string()).describe("What lowered a reading below its extracted value (e.g. corroboration); empty when none did."),
  }),
  senecan_grade: SenecanGrade,
  authority_level: AuthorityLevel,
  is_kathekon: z.boolean().nullable(),
  kathekon_quality: KathekonQuality.nullable(),
  virtue_domains_engaged: z.array(VirtueDomain),
  passions: z.array(
    z.object({
      root_passion: RootPassion,
      sub_species: z.string().nullable(),
      false_judgement: z.string(),
      intensity: z.enum(["mild", "strong"]),
      quote: MarkerSchema.nullable(),
    }),
  ),
  ruling_faculty_state: z.enum(["governed", "unexamined", "disturbed", "overwhelmed"]),
  honourability_grade: Grade.nullable(),
  advantageousness_grade: Grade.nullable(),
  oikeiosis: z.object({
    relevant_circles: z.array(
      z.object({
        circle: OikeiosisCircle,
        obligation_assessment: z.object({ status: ObligationStatus, justification: z.string() }),
        honourability_grade: Grade,
        advantageousness_grade: Grade,
      }),
    ),
  }),
  corroboration: z.object({
    scope: z.string(),
    claims: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(["obligation", "examined_before_acting"]),
        circle: OikeiosisCircle.nullable(),
        claimed_status: z.string(),
        finding: CorroborationFinding,
        markers: z.array(MarkerSchema),
      }),
    ),
  }),
  practice: z.object({
    suggestion: z.object({ schema: z.literal("agent-practice-suggestion/v1"), gap: z.string(), question: z.string(), advisory: z.literal(true) }).optional(),
  }),
});
export type Assessment = z.infer<typeof AssessmentSchema>;
type Proximity = z.infer<typeof KatorthomaProximity>;
type Claim = Assessment["corroboration"]["claims"][number];

const BASE_OF_DELIBERATION: Record<DeliberationLevel, Proximity> = {
  none: "reflexive",
  habitual: "habitual",
  considered: "deliberate",
  principled: "principled",
  exemplary: "sage_like",
};

/** Fixed doctrinal priors per circle: what is at stake in honour and in advantage. */
export const CIRCLE_PRIORS: Readonly<Record<Circle, { honourability: z.infer<typeof Grade>; advantageousness: z.infer<typeof Grade> }>> = {
  self_preservation: { honourability: "moderate", advantageousness: "high" },
  household: { honourability: "high", advantageousness: "high" },
  community: { honourability: "high", advantageousness: "moderate" },
  humanity: { honourability: "highest", advantageousness: "moderate" },
  cosmic: { honourability: "highest", advantageousness: "low" },
};

const CIRCLE_WORDS: Record<Circle, string> = {
  self_preservation: "yourself",
  household: "your household",
  community: "your community",
  humanity: "people at large",
  cosmic: "the wider order of things",
};

const min = (a: Proximity, b: Proximity): Proximity => (rankOf(KatorthomaProximity, a) <= rankOf(KatorthomaProximity, b) ? a : b);

export function assess(input: { extraction: Layer1Extraction; text: string; examination: ExaminationContext }): Assessment {
  const { extraction, text, examination } = input;
  const basis: string[] = [];

  // 1. The disposition reading, capped by passion and by an unexamined grave act.
  let base = BASE_OF_DELIBERATION[extraction.deliberation.level];
  const strongest = extraction.passions.some((p) => p.intensity === "strong") ? "strong" : extraction.passions.length > 0 ? "mild" : null;
  const passionCap: Proximity | null = strongest === "strong" ? "habitual" : strongest === "mild" ? "deliberate" : null;
  if (passionCap && rankOf(KatorthomaProximity, passionCap) < rankOf(KatorthomaProximity, base)) {
    base = passionCap;
    basis.push(`passion: a ${strongest} passion caps the disposition reading at ${passionCap}`);
  }
  if (
    extraction.grave_act.present &&
    extraction.deliberation.examined_before_acting !== true &&
    rankOf(KatorthomaProximity, base) > rankOf(KatorthomaProximity, "habitual")
  ) {
    base = "habitual";
    basis.push("grave act: a grave act not said to be examined first caps the disposition reading at habitual");
  }

  // 2. The domain readings, as extracted (null when a domain is not engaged).
  const floors: Record<"dikaiosyne" | "andreia" | "sophrosyne", Proximity | null> = {
    dikaiosyne: extraction.domains.dikaiosyne.reading,
    andreia: extraction.domains.andreia.reading,
    sophrosyne: extraction.domains.sophrosyne.reading,
  };

  // 3. Corroboration against the verbatim input; a grounded contradiction only lowers, and is
  // named in the basis only when it did lower (or engaged) a floor.
  const claims: Claim[] = [];
  const contradictedCircles = new Set<Circle>();
  const circles = [...extraction.circles].sort((a, b) => rankOf(OikeiosisCircle, a.circle) - rankOf(OikeiosisCircle, b.circle));
  for (const claim of circles) {
    if (claim.obligation_claim === "violated") continue;
    const contradiction = firstSentenceMatching(text, CIRCLE_TERMS[claim.circle], VIOLATION_CUES);
    const support = claim.obligation_claim === "met" ? locate(text, claim.quote) : null;
    const finding = contradiction ? "contradicted" : support ? "corroborated" : "uncorroborated";
    claims.push({
      id: `obligation:${claim.circle}`,
      kind: "obligation",
      circle: claim.circle,
      claimed_status: claim.obligation_claim,
      finding,
      markers: contradiction ? [contradiction] : support ? [support] : [],
    });
    if (finding === "contradicted") {
      contradictedCircles.add(claim.circle);
      if (claim.circle === "self_preservation") {
        if (rankOf(KatorthomaProximity, base) > rankOf(KatorthomaProximity, "habitual")) {
          base = "habitual";
          basis.push("corroboration: the account contradicts its claim about self-preservation; disposition at most habitual");
        }
      } else {
        const capped = floors.dikaiosyne === null ? "habitual" : min(floors.dikaiosyne, "habitual");
        if (capped !== floors.dikaiosyne) {
          floors.dikaiosyne = capped;
          basis.push(`corroboration: the account contradicts its claim about its duty to ${claim.circle}; justice at most habitual`);
        }
      }
    }
  }
  if (extraction.grave_act.present && extraction.deliberation.examined_before_acting === true) {
    const impulsive = deliberationSentence(text, "impulse");
    const examined = deliberationSentence(text, "examined");
    const finding = impulsive ? "contradicted" : examined ? "corroborated" : "uncorroborated";
    claims.push({
      id: "examined_before_acting",
      kind: "examined_before_acting",
      circle: extraction.grave_act.harmed_circle,
      claimed_status: "examined",
      finding,
      markers: impulsive ? [impulsive] : examined ? [examined] : [],
    });
    if (impulsive && base !== "reflexive") {
      base = "reflexive";
      basis.push("corroboration: the account says the grave act was done without examination; disposition reflexive");
    }
  }

  // 4. The aggregate is the minimum over the base and every engaged domain.
  const readings = [base, ...Object.values(floors).filter((f): f is Proximity => f !== null)];
  const aggregate = lowestOf(KatorthomaProximity, readings) ?? base;
  const derived = deriveFromProximity(aggregate);

  // 5. Appropriateness: undecidable without a duty the account speaks to.
  const violated = extraction.circles.some((c) => c.obligation_claim === "violated") || contradictedCircles.size > 0;
  const decided = extraction.circles.some((c) => c.obligation_claim !== "indeterminate");
  const is_kathekon = violated ? false : decided ? true : null;
  const kathekon_quality =
    is_kathekon !== true ? null : rankOf(KatorthomaProximity, aggregate) <= 1 ? "weak" : aggregate === "deliberate" ? "moderate" : "strong";

  const passions = extraction.passions.map((p) => {
    const root = PASSIONS.find((r) => r.id === p.root_passion)!;
    const known = p.sub_species !== null && root.sub_species.some((s) => s.id === p.sub_species);
    return {
      root_passion: p.root_passion,
      sub_species: known ? p.sub_species : null,
      false_judgement: root.false_judgement,
      intensity: p.intensity,
      quote: locate(text, p.quote),
    };
  });

  const ruling_faculty_state =
    strongest === "strong" && base === "reflexive"
      ? "overwhelmed"
      : strongest
        ? "disturbed"
        : extraction.deliberation.level === "none"
          ? "unexamined"
          : "governed";

  const relevant = circles.map((c) => {
    const claim = claims.find((k) => k.circle === c.circle && k.kind === "obligation");
    return {
      circle: c.circle,
      obligation_assessment: { status: c.obligation_claim, justification: justify(c.obligation_claim, claim) },
      honourability_grade: CIRCLE_PRIORS[c.circle].honourability,
      advantageousness_grade: CIRCLE_PRIORS[c.circle].advantageousness,
    };
  });
  // The widest circle at stake governs: when honour and advantage conflict, honour prevails.
  const outermost = relevant.at(-1);

  const engaged: Array<z.infer<typeof VirtueDomain>> = ["phronesis"];
  if (floors.dikaiosyne !== null) engaged.push("dikaiosyne");
  if (floors.andreia !== null) engaged.push("andreia");
  if (floors.sophrosyne !== null) engaged.push("sophrosyne");

  const assessment: Assessment = {
    schema: ASSESSMENT_SCHEMA,
    engine_version: ENGINE_VERSION,
    examination: { ref: examination.ref, depth_tier: examination.depth_tier, prior_feedback_ref: examination.prior_feedback_ref },
    input_sha256: examination.input_sha256,
    katorthoma_proximity: aggregate,
    proximity_floors: { base, ...floors, aggregate, basis },
    senecan_grade: derived.senecan_grade,
    authority_level: derived.authority_level,
    is_kathekon,
    kathekon_quality,
    virtue_domains_engaged: engaged,
    passions,
    ruling_faculty_state,
    honourability_grade: outermost?.honourability_grade ?? null,
    advantageousness_grade: outermost?.advantageousness_grade ?? null,
    oikeiosis: { relevant_circles: relevant },
    corroboration: {
      scope: "Claims checked against the verbatim input only; not a fact-check, and blind to text that did not arrive.",
      claims,
    },
    practice: {},
  };
  const suggestion = practiceSuggestion(assessment, floors);
  if (suggestion) assessment.practice = { suggestion };
  return assessment;
}

function justify(status: z.infer<typeof ObligationStatus>, claim: Claim | undefined): string {
  if (status === "violated") return "The account itself reports this duty as not met.";
  if (!claim) return "No claim was checked.";
  const claimed = status === "met" ? "Claimed met" : "Claimed indeterminate";
  if (claim.finding === "contradicted")
    return `${claimed}, but the account's own words contradict it ("${claim.markers[0]!.quote}"); the verdict is lowered, the claim is left as stated.`;
  if (claim.finding === "corroborated") return `${claimed}, and the account's own words support it.`;
  return `${claimed}; nothing in the account confirms or contradicts it.`;
}

/** At most one question naming the most important gap, or none. Advisory only. */
function practiceSuggestion(
  assessment: Assessment,
  floors: Record<"dikaiosyne" | "andreia" | "sophrosyne", Proximity | null>,
): Assessment["practice"]["suggestion"] | undefined {
  const make = (gap: string, question: string) => ({ schema: "agent-practice-suggestion/v1" as const, gap, question, advisory: true as const });
  const contradicted = assessment.corroboration.claims.find((c) => c.finding === "contradicted");
  if (contradicted) {
    return make(
      `corroboration:${contradicted.id}`,
      `Your account makes a claim and also says "${contradicted.markers[0]!.quote}". Which of the two describes what was actually done, and what would it take to set it right?`,
    );
  }
  const strong = assessment.passions.find((p) => p.intensity === "strong");
  if (strong) {
    const root = PASSIONS.find((r) => r.id === strong.root_passion)!;
    const sub = strong.sub_species ? root.sub_species.find((s) => s.id === strong.sub_species)?.name.toLowerCase() : null;
    return make(
      `passion:${strong.root_passion}`,
      `What judgement made the ${sub ?? root.name.toLowerCase()} feel justified? Test it: is it true that "${root.false_judgement}"`,
    );
  }
  const uncorroborated = assessment.corroboration.claims.find((c) => c.finding === "uncorroborated" && c.claimed_status === "met" && c.circle);
  if (uncorroborated) {
    return make(`uncorroborated:${uncorroborated.circle}`, `What, concretely, did you do that met your duty to ${CIRCLE_WORDS[uncorroborated.circle!]}?`);
  }
  const lowest = (Object.entries(floors) as Array<[string, Proximity | null]>)
    .filter((entry): entry is [string, Proximity] => entry[1] !== null)
    .sort((a, b) => rankOf(KatorthomaProximity, a[1]) - rankOf(KatorthomaProximity, b[1]))[0];
  if (lowest && rankOf(KatorthomaProximity, lowest[1]) < rankOf(KatorthomaProximity, "deliberate")) {
    const questions: Record<string, string> = {
      dikaiosyne: "Who else is affected by this act, and what does each of them fairly expect of you?",
      andreia: "What were you avoiding, and what would acting well despite it have looked like?",
      sophrosyne: "Where did wanting more, or sooner, decide for you, and what would the measured choice have been?",
    };
    return make(`domain:${lowest[0]}`, questions[lowest[0]]!);
  }
  return undefined;
}

/** Server-side orientation observation of one examination (never supplied by a caller). */
export function orientationOf(assessment: Assessment): { direction: "toward" | "away" | "indeterminate"; basis: string } {
  const rank = rankOf(KatorthomaProximity, assessment.katorthoma_proximity);
  if (rank >= rankOf(KatorthomaProximity, "deliberate")) return { direction: "toward", basis: `aggregate proximity ${assessment.katorthoma_proximity}` };
  if (rank === 0) return { direction: "away", basis: "aggregate proximity reflexive" };
  return { direction: "indeterminate", basis: "aggregate proximity habitual" };
}
