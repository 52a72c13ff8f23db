import * as z from "zod";
import { CausalSequenceIntegrity, OikeiosisCircle } from "../../enums";
import { describedLevel, domainFileSchema } from "./domain_file";

export const CausalStage = z.enum(["phantasia", "synkatathesis", "horme", "praxis"]).describe("Stage of the mind's causal sequence, in order.");
export type CausalStage = z.infer<typeof CausalStage>;

export const PsychologyContentSchema = z.object({
  causal_sequence: z.array(z.object({ id: CausalStage, name: z.string().min(1), gloss: z.string().min(1) })).length(4),
  hegemonikon: z.object({ name: z.string().min(1), description: z.string().min(1) }),
  causal_sequence_integrity: z.array(describedLevel(CausalSequenceIntegrity)).length(3),
  oikeiosis: z.object({
    summary: z.string().min(1),
    circles: z.array(z.object({ id: OikeiosisCircle, name: z.string().min(1), description: z.string().min(1) })).length(5),
  }),
});

export const PsychologyFileSchema = domainFileSchema("psychology", PsychologyContentSchema);
export type PsychologyFile = z.infer<typeof PsychologyFileSchema>;

export const PSYCHOLOGY_FILE: PsychologyFile = {
  id: "psychology",
  title: "Psychology: from impression to action",
  summary: "How an action comes about in a rational mind, where responsibility enters, and how concern widens from the self outward.",
  content: {
    causal_sequence: [
      {
        id: "phantasia",
        name: "Impression",
        gloss: "Something appears to the mind, often already carrying a suggested value. It arrives unbidden and is not yet our doing.",
      },
      {
        id: "synkatathesis",
        name: "Assent",
        gloss:
          "The mind accepts or withholds acceptance of the impression. This is the point of responsibility, where a false value judgement is either let in or refused.",
      },
      {
        id: "horme",
        name: "Impulse",
        gloss:
          "Assent to an impression that something is to be done sets the mind moving toward or away from it. Excessive impulse from a false judgement is a passion.",
      },
      {
        id: "praxis",
        name: "Action",
        gloss: "The impulse issues in conduct. The act carries the quality of the judgement behind it.",
      },
    ],
    hegemonikon: {
      name: "Ruling faculty",
      description:
        "The commanding part of the mind, which receives impressions, gives or withholds assent and issues impulses. Its condition is the person's character.",
    },
    causal_sequence_integrity: [
      { id: "compromised", description: "Impressions pass straight into action with no examination at the point of assent." },
      {
        id: "partially_compromised",
        description: "Some impressions are examined before assent, but others drive action unchecked.",
      },
      { id: "intact", description: "Impressions are tested before assent, so impulse and action follow examined judgements." },
    ],
    oikeiosis: {
      summary:
        "Oikeiosis is the natural process of coming to treat things as one's own. It begins with care for oneself and, as reason matures, extends outward until it takes in all rational beings.",
      circles: [
        { id: "self_preservation", name: "Self", description: "Care for one's own life, body and mind." },
        { id: "household", name: "Household", description: "Family and those closest to one." },
        { id: "community", name: "Community", description: "Neighbours, colleagues and fellow citizens." },
        { id: "humanity", name: "Humanity", description: "Every human being, as a fellow rational creature." },
        {
          id: "cosmic",
          name: "Cosmos",
          description: "The whole rational order, of which each person is a part.",
        },
      ],
    },
  },
};
