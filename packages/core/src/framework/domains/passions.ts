import * as z from "zod";
import { RootPassion } from "../../enums";
import { EupatheiaSchema, PASSIONS, PassionAppearance, PassionTime, RootPassionSchema } from "../passions";
import { domainFileSchema } from "./domain_file";

export const PassionsContentSchema = z.object({
  axes: z.object({
    time: z.array(z.object({ id: PassionTime, description: z.string().min(1) })).length(2),
    appearance: z.array(z.object({ id: PassionAppearance, description: z.string().min(1) })).length(2),
  }),
  roots: z.array(RootPassionSchema).length(4),
  eupatheiai: z.object({
    summary: z.string().min(1),
    feelings: z.array(EupatheiaSchema.extend({ replaces: RootPassion })),
  }),
  diagnosis: z.object({
    summary: z.string().min(1),
    steps: z.array(z.string().min(1)).min(1),
  }),
});

export const PassionsFileSchema = domainFileSchema("passions", PassionsContentSchema);
export type PassionsFile = z.infer<typeof PassionsFileSchema>;

export const PASSIONS_FILE: PassionsFile = {
  id: "passions",
  title: "Passions and good feelings",
  summary: "The four root passions placed on two axes, their sub-species, the good feelings that replace three of them, and how a passion is diagnosed.",
  content: {
    axes: {
      time: [
        { id: "present", description: "The object is already at hand." },
        { id: "future", description: "The object is expected or feared as coming." },
      ],
      appearance: [
        { id: "apparent_good", description: "The object is wrongly judged to be a good." },
        { id: "apparent_evil", description: "The object is wrongly judged to be an evil." },
      ],
    },
    roots: [...PASSIONS],
    eupatheiai: {
      summary:
        "The good feelings are the emotional life of a mind that judges correctly. Each answers a root passion with a true judgement; distress has no counterpart, because a good mind has no present evil to suffer.",
      feelings: PASSIONS.flatMap((root) => (root.eupatheia ? [{ ...root.eupatheia, replaces: root.id }] : [])),
    },
    diagnosis: {
      summary:
        "A passion is an assent to a false judgement of value that produces an excessive impulse. Diagnosis names the judgement, because correcting it, not suppressing the feeling, is the remedy.",
      steps: [
        "Identify the object of the reaction and whether it is at hand or expected.",
        "Ask whether the object is being treated as good or as evil; the two answers locate the root passion.",
        "State the judgement that has been assented to, in the form: this is good or bad for me, and reacting so is fitting.",
        "Check whether the object is within the agent's control; if not, the judgement treats an indifferent as good or evil.",
        "Set aside involuntary first movements such as a start or a flush, which precede assent and are not yet passions.",
        "Name a sub-species only when the pattern clearly fits one; otherwise report the root alone.",
      ],
    },
  },
};
