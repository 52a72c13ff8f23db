import * as z from "zod";
import { CardinalVirtue, IndifferentCategory, IndifferentDomain, SelectiveValue, VirtueDomain } from "./enums";
import {
  DecisionWeightsSchema,
  DOMAIN_FILES,
  DomainFileId,
  DomainFileSchema,
  domainFile,
  FOUNDATIONS,
  FoundationsSchema,
  INDIFFERENTS,
  STOIC_BRAIN_VERSION,
  VIRTUES,
} from "./framework";
import { DECISION_WEIGHTS } from "./ladders";

/**
 * The public conceptual overview (spec 2.2 to 2.4, 4.1): pure builders of the response shapes
 * from the framework content, each with the zod schema the OpenAPI document is drawn from.
 */

const OVERVIEW_NOTE =
  "A conceptual overview of the Stoic framework, offered for reflection. It is advisory only and not a prescriptive judgement of any person or action.";

const Note = z.string().describe("States that the overview is for reflection: advisory, not prescriptive judgement.");
const Version = z
  .string()
  .regex(/^\d+\.\d+\.\d+$/)
  .describe("Version of the framework content, semantic-version shape.")
  .meta({ example: STOIC_BRAIN_VERSION });

/** Base path of the domain files; each is served at `${DOMAIN_FILE_BASE_PATH}/{domain}`. */
export const DOMAIN_FILE_BASE_PATH = "/api/stoic-brain";

export const VirtueOverview = z
  .object({
    id: CardinalVirtue.describe("Cardinal virtue id."),
    name: z.string().describe("English name of the virtue.").meta({ example: "Wisdom" }),
    sub_virtues: z
      .array(
        z.object({
          id: z.string().describe("Sub-virtue id, the transliterated Greek term.").meta({ example: "euboulia" }),
          name: z.string().describe("English name of the sub-virtue.").meta({ example: "Good deliberation" }),
        }),
      )
      .describe("The four sub-virtues of this virtue."),
    definition: z.string().describe("What the virtue is, in a few sentences."),
    domain_id: VirtueDomain.describe("Virtue domain id used by the scoring and reasoning responses."),
  })
  .describe("A cardinal virtue.");
export type VirtueOverview = z.infer<typeof VirtueOverview>;

export const VirtuesResponse = z
  .object({
    virtues: z.array(VirtueOverview).describe("The four cardinal virtues."),
    note: Note,
  })
  .describe("The four cardinal virtues and their sub-virtues.");
export type VirtuesResponse = z.infer<typeof VirtuesResponse>;

export const IndifferentOverview = z
  .object({
    id: z.string().describe("Indifferent id, snake_case.").meta({ example: "health" }),
    name: z.string().describe("English name.").meta({ example: "Health" }),
    category: IndifferentCategory.describe("Preferred (accords with nature) or dispreferred."),
    description: z.string().describe("Why the thing is worth selecting or avoiding yet is neither good nor evil."),
    selective_value: SelectiveValue.describe("Weight the thing carries when selecting, low to high."),
    domain: IndifferentDomain.describe("Where the thing lies: the body, external circumstances, or capacities of the mind."),
  })
  .describe("A thing that is neither good nor evil.");
export type IndifferentOverview = z.infer<typeof IndifferentOverview>;

export const IndifferentsResponse = z
  .object({
    indifferents: z.array(IndifferentOverview).describe("The preferred indifferents, then the dispreferred."),
    note: Note,
  })
  .describe("Things neither good nor evil, preferred and dispreferred.");
export type IndifferentsResponse = z.infer<typeof IndifferentsResponse>;

export const StoicBrainResponse = z
  .object({
    version: Version,
    foundations: z
      .object({
        dichotomy_of_control: z.string().describe("What is up to us and what is not."),
        sage_definition: z.string().describe("Who the sage is."),
        flourishing: z.string().describe("What flourishing (eudaimonia) consists in."),
      })
      .describe("The foundations of the framework in brief."),
    virtues: z.array(VirtueOverview).describe("The four cardinal virtues, as in GET /api/virtues."),
    indifferents: z.array(IndifferentOverview).describe("The indifferents, as in GET /api/indifferents."),
    note: Note,
  })
  .describe("Overview of the Stoic framework the service reasons with.");
export type StoicBrainResponse = z.infer<typeof StoicBrainResponse>;

export const DomainFileReference = z
  .object({
    id: DomainFileId,
    title: z.string().describe("Title of the domain file."),
    summary: z.string().describe("What the domain file covers."),
    path: z
      .string()
      .describe("Path that serves the domain file.")
      .meta({ example: `${DOMAIN_FILE_BASE_PATH}/psychology` }),
  })
  .describe("A domain file named by the hub.");
export type DomainFileReference = z.infer<typeof DomainFileReference>;

const FoundationsShape = FoundationsSchema.shape;

export const StoicBrainHubResponse = z
  .object({
    version: Version,
    core_premise: FoundationsShape.core_premise.describe("Virtue the only good, vice the only evil, everything else indifferent."),
    dichotomy_of_control: FoundationsShape.dichotomy_of_control.describe("What is up to us and what is not, as lists."),
    flourishing: FoundationsShape.flourishing.describe("Flourishing (eudaimonia) and what it consists in."),
    sage: FoundationsShape.sage.describe("The sage, a regulative ideal."),
    cosmic_framework: FoundationsShape.cosmic_framework.describe("The rational order the framework places human reason in."),
    decision_layer: z.object({ weights: DecisionWeightsSchema }).describe("How the decision layer weighs the four cardinal virtues."),
    domain_files: z.array(DomainFileReference).describe("The seven domain files, in order."),
    note: Note,
  })
  .describe("Machine-readable hub of the framework, naming its seven domain files.");
export type StoicBrainHubResponse = z.infer<typeof StoicBrainHubResponse>;

export const StoicBrainDomainResponse = z
  .object({
    version: Version,
    domain: DomainFileSchema.describe("The domain file: id, title, summary and its domain-specific content."),
  })
  .describe("One domain file of the framework.");
export type StoicBrainDomainResponse = z.infer<typeof StoicBrainDomainResponse>;

function virtueOverviews(): VirtueOverview[] {
  return VIRTUES.map((v) => ({
    id: v.id,
    name: v.name,
    sub_virtues: v.sub_virtues.map((s) => ({ id: s.id, name: s.name })),
    definition: v.definition,
    domain_id: v.domain_id,
  }));
}

function indifferentOverviews(): IndifferentOverview[] {
  return INDIFFERENTS.map((i) => ({
    id: i.id,
    name: i.name,
    category: i.category,
    description: i.description,
    selective_value: i.selective_value,
    domain: i.domain,
  }));
}

/** GET /api/virtues (spec 2.2). */
export function listVirtues(): VirtuesResponse {
  return { virtues: virtueOverviews(), note: OVERVIEW_NOTE };
}

/** GET /api/indifferents (spec 2.3). */
export function listIndifferents(): IndifferentsResponse {
  return { indifferents: indifferentOverviews(), note: OVERVIEW_NOTE };
}

/** GET /api/stoic-brain (spec 2.4). */
export function stoicBrainOverview(): StoicBrainResponse {
  return {
    version: STOIC_BRAIN_VERSION,
    foundations: {
      dichotomy_of_control: FOUNDATIONS.dichotomy_of_control.summary,
      sage_definition: FOUNDATIONS.sage.definition,
      flourishing: FOUNDATIONS.flourishing.definition,
    },
    virtues: virtueOverviews(),
    indifferents: indifferentOverviews(),
    note: OVERVIEW_NOTE,
  };
}

/** The richer machine-readable hub of spec 2.4, naming the seven domain files. */
export function stoicBrainHub(): StoicBrainHubResponse {
  const { core_premise, dichotomy_of_control, flourishing, sage, cosmic_framework } = FOUNDATIONS;
  return {
    version: STOIC_BRAIN_VERSION,
    core_premise: { ...core_premise },
    dichotomy_of_control: {
      summary: dichotomy_of_control.summary,
      up_to_us: [...dichotomy_of_control.up_to_us],
      not_up_to_us: [...dichotomy_of_control.not_up_to_us],
    },
    flourishing: { ...flourishing },
    sage: { ...sage },
    cosmic_framework: { ...cosmic_framework },
    decision_layer: { weights: { ...DECISION_WEIGHTS } },
    domain_files: DOMAIN_FILES.map((f) => ({
      id: f.id,
      title: f.title,
      summary: f.summary,
      path: `${DOMAIN_FILE_BASE_PATH}/${f.id}`,
    })),
    note: OVERVIEW_NOTE,
  };
}

/** One domain file, served at `${DOMAIN_FILE_BASE_PATH}/{domain}`. */
export function stoicBrainDomain(id: DomainFileId): StoicBrainDomainResponse {
  // A deep copy: the domain files are shared framework content that no caller may change.
  return { version: STOIC_BRAIN_VERSION, domain: structuredClone(domainFile(id)) };
}
