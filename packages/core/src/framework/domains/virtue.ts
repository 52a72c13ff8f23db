import * as z from "zod";
import { DECISION_WEIGHTS } from "../../ladders";
import { VIRTUES, VirtueSchema } from "../virtues";
import { domainFileSchema } from "./domain_file";

const Weight = z.number().int().min(0).max(100);

/** Percent weight of each cardinal virtue in the decision layer; the four sum to 100. */
export const DecisionWeightsSchema = z
  .object({
    wisdom: Weight.describe("Weight of wisdom, in percent."),
    justice: Weight.describe("Weight of justice, in percent."),
    courage: Weight.describe("Weight of courage, in percent."),
    temperance: Weight.describe("Weight of temperance, in percent."),
  })
  .refine((w) => w.wisdom + w.justice + w.courage + w.temperance === 100, { message: "weights must sum to 100" })
  .describe("Decision layer weights per cardinal virtue, in percent; they sum to 100.");
export type DecisionWeights = z.infer<typeof DecisionWeightsSchema>;

export const VirtueContentSchema = z.object({
  unity_of_virtue: z.string().min(1),
  virtues: z.array(VirtueSchema).length(4),
  decision_layer: z.object({
    summary: z.string().min(1),
    weights: DecisionWeightsSchema,
  }),
});

export const VirtueFileSchema = domainFileSchema("virtue", VirtueContentSchema);
export type VirtueFile = z.infer<typeof VirtueFileSchema>;

export const VIRTUE_FILE: VirtueFile = {
  id: "virtue",
  title: "Virtue",
  summary: "The four cardinal virtues with their sub-virtues, why they form one whole, and how the decision layer weighs them.",
  content: {
    unity_of_virtue:
      "The virtues are aspects of one knowledge of how to live, applied to different kinds of situation. Whoever has one fully has all, and a failure in one shows a gap in the whole.",
    virtues: [...VIRTUES],
    decision_layer: {
      summary:
        "The share of attention each virtue receives when options are weighed; wisdom weighs most because it directs the others. The weights guide deliberation and do not turn an assessment into a numeric score.",
      weights: { ...DECISION_WEIGHTS },
    },
  },
};
