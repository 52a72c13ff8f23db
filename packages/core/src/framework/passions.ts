import * as z from "zod";
import { RootPassion } from "../enums";

const TransliteratedId = z.string().regex(/^[a-z]+$/);

export const PassionTime = z.enum(["present", "future"]).describe("Whether the object is at hand or expected.");
export type PassionTime = z.infer<typeof PassionTime>;

export const PassionAppearance = z.enum(["apparent_good", "apparent_evil"]).describe("Whether the object is taken to be good or evil.");
export type PassionAppearance = z.infer<typeof PassionAppearance>;

export const EupatheiaSchema = z.object({
  id: TransliteratedId,
  name: z.string().min(1),
  definition: z.string().min(1),
});
export type Eupatheia = z.infer<typeof EupatheiaSchema>;

export const PassionSubSpeciesSchema = z.object({
  id: TransliteratedId,
  name: z.string().min(1),
  definition: z.string().min(1),
});
export type PassionSubSpecies = z.infer<typeof PassionSubSpeciesSchema>;

export const RootPassionSchema = z.object({
  id: RootPassion,
  name: z.string().min(1),
  greek_name: z.string().min(1),
  time: PassionTime,
  appearance: PassionAppearance,
  definition: z.string().min(1),
  false_judgement: z.string().min(1).describe("The false judgement the passion rests on."),
  remedy: z.string().min(1).describe("The corrected judgement that dissolves the passion."),
  eupatheia: EupatheiaSchema.nullable().describe("The rational good feeling that takes its place; null when there is none."),
  sub_species: z.array(PassionSubSpeciesSchema).min(1),
});
export type RootPassionEntry = z.infer<typeof RootPassionSchema>;

/** The four root passions, in the order of the RootPassion enum. */
export const PASSIONS: readonly RootPassionEntry[] = [
  {
    id: "epithumia",
    name: "Appetite",
    greek_name: "ἐπιθυμία",
    time: "future",
    appearance: "apparent_good",
    definition: "An irrational reaching after something expected, taken to be a good.",
    false_judgement: "This thing I do not yet have is truly good, and I must get it.",
    remedy: "What I am reaching for is at most a preferred indifferent; the only good is the quality of my own choices, which is already in my power.",
    eupatheia: {
      id: "boulesis",
      name: "Wish",
      definition: "A reasoned reaching after what is genuinely good, held calmly.",
    },
    sub_species: [
      { id: "orge", name: "Anger", definition: "Appetite to punish someone believed to have wronged one undeservedly." },
      { id: "eros", name: "Erotic passion", definition: "A consuming urge toward union with another, driven by their apparent beauty." },
      { id: "pothos", name: "Longing", definition: "Appetite for someone or something that is absent." },
      { id: "philedonia", name: "Love of pleasure", definition: "A standing craving for pleasures." },
      { id: "philoplousia", name: "Love of wealth", definition: "A standing craving for riches." },
      { id: "philodoxia", name: "Love of honour", definition: "A standing craving for recognition and esteem." },
    ],
  },
  {
    id: "hedone",
    name: "Pleasure",
    greek_name: "ἡδονή",
    time: "present",
    appearance: "apparent_good",
    definition: "An irrational swelling of the mind over something present, taken to be a good.",
    false_judgement: "What I have now is a real good, and being elated by it is fitting.",
    remedy: "What is present is indifferent; the only fitting elation is at acting well.",
    eupatheia: {
      id: "chara",
      name: "Joy",
      definition: "A reasoned elation at what is genuinely good, such as one's own right action.",
    },
    sub_species: [
      { id: "kelesis", name: "Enchantment", definition: "Pleasure that captivates through the eyes or ears and carries judgement away." },
      { id: "epichairekakia", name: "Malicious joy", definition: "Pleasure at another person's misfortune." },
      { id: "terpsis", name: "Delight", definition: "Pleasure that slackens the mind and turns it away from effort." },
    ],
  },
  {
    id: "phobos",
    name: "Fear",
    greek_name: "φόβος",
    time: "future",
    appearance: "apparent_evil",
    definition: "An irrational shrinking from something expected, taken to be an evil.",
    false_judgement: "What may happen to me is truly bad and must be avoided at any cost.",
    remedy: "What threatens lies outside my control and cannot harm my character; only my own wrongdoing is to be avoided.",
    eupatheia: {
      id: "eulabeia",
      name: "Caution",
      definition: "A reasoned avoidance of what is genuinely bad, namely one's own wrongdoing.",
    },
    sub_species: [
      { id: "deima", name: "Terror", definition: "Fear strong enough to overwhelm judgement." },
      { id: "oknos", name: "Hesitancy", definition: "Fear of coming effort or action that stalls the agent." },
      { id: "aischyne", name: "Shame", definition: "Fear of disgrace in the eyes of others." },
      { id: "thambos", name: "Astonishment", definition: "Fear provoked by something unfamiliar or unexpected." },
      { id: "thorybos", name: "Panic", definition: "Fear that rushes and scatters thought." },
      { id: "agonia", name: "Anguish", definition: "Fear of failure or defeat." },
    ],
  },
  {
    id: "lupe",
    name: "Distress",
    greek_name: "λύπη",
    time: "present",
    appearance: "apparent_evil",
    definition: "An irrational contraction of the mind over something present, taken to be an evil.",
    false_judgement: "Something bad has happened to me, and it is right to be crushed by it.",
    remedy: "What has happened is indifferent; the only real harm would be to respond to it badly.",
    // No rational counterpart: the sage has no present evil to feel, since vice is absent.
    eupatheia: null,
    sub_species: [
      { id: "eleos", name: "Pity", definition: "Distress at another's suffering, taken as undeserved." },
      { id: "phthonos", name: "Envy", definition: "Distress at another's good fortune." },
      { id: "zelotypia", name: "Jealousy", definition: "Distress that another shares something one wanted for oneself." },
      { id: "penthos", name: "Grief", definition: "Distress at a death or loss, especially one felt as untimely." },
      { id: "achos", name: "Heavy distress", definition: "Distress that weighs the mind down until it cannot act." },
    ],
  },
];

/** The root passion a sub-species belongs to; undefined for an unknown id. */
export function rootPassionOfSubSpecies(id: string): RootPassion | undefined {
  return PASSIONS.find((root) => root.sub_species.some((s) => s.id === id))?.id;
}
