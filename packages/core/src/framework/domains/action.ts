import * as z from "zod";
import { KathekonQuality } from "../../enums";
import { describedLevel, domainFileSchema } from "./domain_file";

export const DeliberationQuestionId = z
  .enum(["is_honourable", "which_more_honourable", "is_advantageous", "which_more_advantageous", "honourable_prevails"])
  .describe("Cicero's five deliberation questions, in order.");
export type DeliberationQuestionId = z.infer<typeof DeliberationQuestionId>;

export const ActionContentSchema = z.object({
  kathekon: z.string().min(1),
  katorthoma: z.string().min(1),
  relation: z.string().min(1),
  kathekon_quality_levels: z.array(describedLevel(KathekonQuality)).length(3),
  deliberation_questions: z.array(z.object({ order: z.number().int().min(1).max(5), id: DeliberationQuestionId, question: z.string().min(1) })).length(5),
  reservation_clause: z.object({
    summary: z.string().min(1),
    formula: z.string().min(1),
  }),
});

export const ActionFileSchema = domainFileSchema("action", ActionContentSchema);
export type ActionFile = z.infer<typeof ActionFileSchema>;

export const ACTION_FILE: ActionFile = {
  id: "action",
  title: "Right action",
  summary: "Appropriate acts and perfect acts, how to rate an appropriate act, how to deliberate, and how to act with reservation.",
  content: {
    kathekon:
      "An appropriate act: one that fits the agent's nature, roles and circumstances and for which a reasonable justification can be given. Anyone can perform one, whatever their motive.",
    katorthoma:
      "A perfect act: an appropriate act done from a fully virtuous disposition, for the right reasons and in the right way. Only the sage performs these reliably.",
    relation:
      "Every perfect act is appropriate, but not every appropriate act is perfect; progress is the narrowing of that gap, which is what katorthoma proximity measures.",
    kathekon_quality_levels: [
      { id: "weak", description: "The act can be defended, but its justification is thin or leans on convenience." },
      { id: "moderate", description: "A reasonable justification covers the main considerations and the agent's roles." },
      {
        id: "strong",
        description: "The act clearly fits the agent's nature, roles and circumstances, and its justification would satisfy a careful observer.",
      },
    ],
    deliberation_questions: [
      { order: 1, id: "is_honourable", question: "Is the act honourable, that is, consistent with virtue?" },
      { order: 2, id: "which_more_honourable", question: "If several options are honourable, which is more so?" },
      { order: 3, id: "is_advantageous", question: "Is the act advantageous, that is, does it secure preferred indifferents?" },
      { order: 4, id: "which_more_advantageous", question: "If several options are advantageous, which is more so?" },
      {
        order: 5,
        id: "honourable_prevails",
        question: "Where the honourable and the advantageous seem to conflict, the honourable prevails: an advantage bought with wrongdoing is no advantage.",
      },
    ],
    reservation_clause: {
      summary: "Pursue outcomes that are not up to you with an unspoken condition, so that if they fail the aim was still right and no passion follows.",
      formula: "I will do this, if nothing prevents it.",
    },
  },
};
