import * as z from "zod";

/** Version of the framework content, served as the overview `version` (spec section 9). */
export const STOIC_BRAIN_VERSION = "3.0.0";

export const FoundationsSchema = z.object({
  core_premise: z.object({
    statement: z.string().min(1),
    good: z.string().min(1),
    evil: z.string().min(1),
    indifferent: z.string().min(1),
  }),
  dichotomy_of_control: z.object({
    summary: z.string().min(1),
    up_to_us: z.array(z.string().min(1)).min(1),
    not_up_to_us: z.array(z.string().min(1)).min(1),
  }),
  flourishing: z.object({
    term: z.literal("eudaimonia"),
    definition: z.string().min(1),
  }),
  sage: z.object({
    definition: z.string().min(1),
    note: z.string().min(1),
  }),
  cosmic_framework: z.object({
    summary: z.string().min(1),
    logos: z.string().min(1),
    nature: z.string().min(1),
    providence: z.string().min(1),
    living_according_to_nature: z.string().min(1),
  }),
});
export type Foundations = z.infer<typeof FoundationsSchema>;

export const FOUNDATIONS: Foundations = {
  core_premise: {
    statement: "Virtue is the only good, vice the only evil, and everything else is indifferent.",
    good: "Virtue: a settled excellence of reason that is always beneficial and can never be misused.",
    evil: "Vice: a settled corruption of reason, the only thing that truly harms a person.",
    indifferent: "Everything else, such as health, wealth or death, which can be used well or badly and so is neither good nor evil in itself.",
  },
  dichotomy_of_control: {
    summary:
      "Some things are up to us and others are not. Our own judgements and choices are ours to govern; everything outside them is to be met with acceptance and used well.",
    up_to_us: ["judgements", "impulses", "desires", "aversions", "assent", "moral choice", "character"],
    not_up_to_us: ["body", "reputation", "possessions", "external events", "other people's actions", "death"],
  },
  flourishing: {
    term: "eudaimonia",
    definition: "A life that goes well as a whole, which consists in living in agreement with reason and so with nature; virtue alone is sufficient for it.",
  },
  sage: {
    definition: "The sage is the person of perfected reason, whose every act is right, who is free of passions and who feels only the good feelings.",
    note: "The sage is a regulative ideal to measure progress against, not a standard anyone is expected to have reached.",
  },
  cosmic_framework: {
    summary: "The world is one ordered whole pervaded by reason; human reason is a part of it, which is why living by reason is living according to nature.",
    logos: "The rational principle that orders and runs through everything that exists.",
    nature: "The whole, and the constitution of each being within it; for humans, a rational and social nature.",
    providence: "The view that the order of the whole is arranged well, so events are to be understood rather than resented.",
    living_according_to_nature: "Choosing in agreement with one's rational and social nature, and accepting one's part in the larger order.",
  },
};
