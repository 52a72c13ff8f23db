import * as z from "zod";
import { IndifferentCategory, IndifferentDomain, SelectiveValue } from "../../enums";
import { FOUNDATIONS } from "../foundations";
import { INDIFFERENTS, IndifferentSchema } from "../indifferents";
import { describedLevel, domainFileSchema } from "./domain_file";

export const ValueClass = z.enum(["good", "evil", "indifferent"]).describe("The three classes of value.");
export type ValueClass = z.infer<typeof ValueClass>;

export const ValueContentSchema = z.object({
  classes: z.array(describedLevel(ValueClass)).length(3),
  indifferent_categories: z.array(describedLevel(IndifferentCategory)).length(2),
  selective_value_levels: z.array(describedLevel(SelectiveValue)).length(3),
  indifferent_domains: z.array(describedLevel(IndifferentDomain)).length(3),
  selection_rule: z.string().min(1),
  indifferents: z.array(IndifferentSchema).min(1),
});

export const ValueFileSchema = domainFileSchema("value", ValueContentSchema);
export type ValueFile = z.infer<typeof ValueFileSchema>;

const premise = FOUNDATIONS.core_premise;

export const VALUE_FILE: ValueFile = {
  id: "value",
  title: "Value: good, evil and indifferent",
  summary: "What is good, what is evil, and how the many things in between are still worth choosing or avoiding.",
  content: {
    classes: [
      { id: "good", description: premise.good },
      { id: "evil", description: premise.evil },
      { id: "indifferent", description: premise.indifferent },
    ],
    indifferent_categories: [
      { id: "preferred", description: "Indifferents that accord with nature and are reasonable to select when nothing better is at stake." },
      { id: "dispreferred", description: "Indifferents contrary to nature that are reasonable to avoid, though never at the cost of virtue." },
    ],
    selective_value_levels: [
      { id: "low", description: "Carries little weight in selection and yields readily to other considerations." },
      { id: "moderate", description: "Carries real weight but is commonly outweighed by duties to others." },
      { id: "high", description: "Weighs heavily in selection, yet still counts for nothing against virtue." },
    ],
    indifferent_domains: [
      { id: "body", description: "Conditions of the body, such as health, strength or pain." },
      { id: "external", description: "Circumstances outside the person, such as wealth, standing or company." },
      { id: "soul_adjacent", description: "Capacities of the mind that are not virtue itself, such as learning or natural gifts." },
    ],
    selection_rule:
      "Select preferred indifferents and avoid dispreferred ones in proportion to their selective value, always with reservation, and never trade any of them for a wrong act.",
    indifferents: [...INDIFFERENTS],
  },
};
