import * as z from "zod";
import { AuthorityLevel, ControlClarity, DimensionLevel, KatorthomaProximity, ProfileDimension, SenecanGrade, SimpleProximity } from "../../enums";
import { PROXIMITY_DERIVATION, PROXIMITY_LADDER, SIMPLE_PROXIMITY_OF } from "../../ladders";
import { describedLevel, domainFileSchema } from "./domain_file";

export const ScoringContentSchema = z.object({
  proximity_ladder: z.array(z.object({ id: KatorthomaProximity, rank: z.number().int().min(0), description: z.string().min(1) })).length(5),
  proximity_derivation: z.record(KatorthomaProximity, z.object({ senecan_grade: SenecanGrade, authority_level: AuthorityLevel })),
  simple_proximity: z.object({
    summary: z.string().min(1),
    levels: z.array(describedLevel(SimpleProximity)).length(3),
    mapping: z.record(KatorthomaProximity, SimpleProximity),
  }),
  dimensions: z.array(describedLevel(ProfileDimension)).length(4),
  dimension_levels: z.array(describedLevel(DimensionLevel)).length(4),
  control_clarity_levels: z.array(describedLevel(ControlClarity)).length(3),
  aggregation: z.object({
    rule: z.literal("minimum"),
    over: z.array(z.enum(["base", "engaged_domains"])).length(2),
    summary: z.string().min(1),
  }),
});

export const ScoringFileSchema = domainFileSchema("scoring", ScoringContentSchema);
export type ScoringFile = z.infer<typeof ScoringFileSchema>;

const PROXIMITY_TEXT: Readonly<Record<KatorthomaProximity, string>> = {
  reflexive: "The act follows an impression without examination; a passion or habit decides.",
  habitual: "The act follows a learned pattern that is often appropriate, but the reasons behind it are not examined.",
  deliberate: "The options were weighed and the act is justified, though some value judgements remain unexamined.",
  principled: "The act flows from examined principles applied consistently, with indifferents kept in their place.",
  sage_like: "The act shows what perfected reason would do: right in content, motive and manner.",
};

export const SCORING_FILE: ScoringFile = {
  id: "scoring",
  title: "Scoring",
  summary:
    "The proximity ladder and what each level derives, the three-level reading of the simple endpoints, the profile dimensions, and how readings are aggregated.",
  content: {
    proximity_ladder: PROXIMITY_LADDER.map((id, rank) => ({ id, rank, description: PROXIMITY_TEXT[id] })),
    proximity_derivation: { ...PROXIMITY_DERIVATION },
    simple_proximity: {
      summary:
        "The simple scoring endpoints report three levels. A reflexive act reads as contrary, a habitual one as progressing, and anything deliberate or above as deliberate.",
      levels: [
        { id: "contrary", description: "The act runs against reason, driven by a passion or an unexamined impression." },
        { id: "progressing", description: "The act is on the way to reason but rests on habit rather than examined judgement." },
        { id: "deliberate", description: "The act was reasoned through with virtue in view." },
      ],
      mapping: { ...SIMPLE_PROXIMITY_OF },
    },
    dimensions: [
      { id: "passion_reduction", description: "How far passions have given way to correct judgements." },
      { id: "judgement_quality", description: "How well impressions are examined before assent." },
      { id: "disposition_stability", description: "How consistently good reasoning holds across situations and under pressure." },
      { id: "oikeiosis_extension", description: "How far concern reaches beyond the self toward humanity and the whole." },
    ],
    dimension_levels: [
      { id: "emerging", description: "Occasional signs, not yet dependable." },
      { id: "developing", description: "Present in easy cases, unreliable in hard ones." },
      { id: "established", description: "Dependable in most situations." },
      { id: "advanced", description: "Steady even under strain." },
    ],
    control_clarity_levels: [
      { id: "weak", description: "What is up to the agent and what is not are often confused." },
      { id: "moderate", description: "The distinction is usually drawn but slips under pressure." },
      { id: "strong", description: "The distinction is drawn clearly and governs the reasoning." },
    ],
    aggregation: {
      rule: "minimum",
      over: ["base", "engaged_domains"],
      summary:
        "The aggregate katorthoma proximity is the lowest of the base reading and the readings of each engaged virtue domain: reasoning is only as close to the virtuous act as its weakest engaged part.",
    },
  },
};
