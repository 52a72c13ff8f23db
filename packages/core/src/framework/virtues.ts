import * as z from "zod";
import { CardinalVirtue, VirtueDomain } from "../enums";

/** Lowercase ASCII transliteration, the form every sub-virtue id takes. */
const TransliteratedId = z.string().regex(/^[a-z]+$/);

export const SubVirtueSchema = z.object({
  id: TransliteratedId.describe("Sub-virtue id, the transliterated Greek term."),
  name: z.string().min(1).describe("English name of the sub-virtue."),
  greek_name: z.string().min(1).optional().describe("The Greek term in Greek script."),
  definition: z.string().min(1),
});
export type SubVirtue = z.infer<typeof SubVirtueSchema>;

export const VirtueSchema = z.object({
  id: CardinalVirtue,
  name: z.string().min(1),
  domain_id: VirtueDomain,
  greek_name: z.string().min(1),
  definition: z.string().min(1),
  sub_virtues: z.array(SubVirtueSchema).length(4),
});
export type Virtue = z.infer<typeof VirtueSchema>;

/** The four cardinal virtues, in the order of the CardinalVirtue enum. */
export const VIRTUES: readonly Virtue[] = [
  {
    id: "wisdom",
    name: "Wisdom",
    domain_id: "phronesis",
    greek_name: "φρόνησις",
    definition:
      "Knowing what is good, what is bad and what is neither, and applying that knowledge to the choice in hand. It guides the other virtues by showing what each situation actually requires.",
    sub_virtues: [
      {
        id: "euboulia",
        name: "Good deliberation",
        greek_name: "εὐβουλία",
        definition: "Weighing the options so as to find the course that is genuinely good, not merely convenient.",
      },
      {
        id: "synesis",
        name: "Understanding",
        greek_name: "σύνεσις",
        definition: "Seeing clearly what a situation is and what is really at stake in it.",
      },
      {
        id: "anchinoia",
        name: "Quick-wittedness",
        greek_name: "ἀγχίνοια",
        definition: "Finding the fitting response promptly when there is no time for long reflection.",
      },
      {
        id: "pronoia",
        name: "Foresight",
        greek_name: "πρόνοια",
        definition: "Anticipating consequences and preparing for them, so that events are not met unconsidered.",
      },
    ],
  },
  {
    id: "justice",
    name: "Justice",
    domain_id: "dikaiosyne",
    greek_name: "δικαιοσύνη",
    definition:
      "Knowing how to give each person what is due to them, grounded in the kinship of all rational beings. It turns action toward the common good rather than private advantage.",
    sub_virtues: [
      {
        id: "eusebeia",
        name: "Piety",
        greek_name: "εὐσέβεια",
        definition: "Right relation to the rational order of the whole and acceptance of one's place in it.",
      },
      {
        id: "chrestotes",
        name: "Kindness",
        greek_name: "χρηστότης",
        definition: "A settled readiness to do good to others for their own sake.",
      },
      {
        id: "koinonike",
        name: "Sociability",
        greek_name: "κοινωνική",
        definition: "Living well with others as a member of a shared community and honouring the bonds it creates.",
      },
      {
        id: "epieikeia",
        name: "Fair dealing",
        greek_name: "ἐπιείκεια",
        definition: "Treating others equitably, applying rules with attention to the particular case.",
      },
    ],
  },
  {
    id: "courage",
    name: "Courage",
    domain_id: "andreia",
    greek_name: "ἀνδρεία",
    definition:
      "Knowing what is truly to be feared and what is not, so that one keeps doing right whatever the external cost. It bears hardship without mistaking pain or loss for real harm.",
    sub_virtues: [
      {
        id: "karteria",
        name: "Endurance",
        greek_name: "καρτερία",
        definition: "Holding to a right course through difficulty, pain or delay.",
      },
      {
        id: "tharsos",
        name: "Confidence",
        greek_name: "θάρσος",
        definition: "Steadiness that comes from knowing that nothing external can damage one's character.",
      },
      {
        id: "megalopsychia",
        name: "Magnanimity",
        greek_name: "μεγαλοψυχία",
        definition: "Greatness of mind that stays above whatever fortune gives or takes away.",
      },
      {
        id: "philoponia",
        name: "Industriousness",
        greek_name: "φιλοπονία",
        definition: "Willingness to take on hard work when duty calls for it.",
      },
    ],
  },
  {
    id: "temperance",
    name: "Temperance",
    domain_id: "sophrosyne",
    greek_name: "σωφροσύνη",
    definition:
      "Knowing what to choose and what to avoid where desire is involved, so that impulse stays within the measure reason sets. It orders appetite rather than merely suppressing it.",
    sub_virtues: [
      {
        id: "eutaxia",
        name: "Orderliness",
        greek_name: "εὐταξία",
        definition: "Doing things at the right time and in the right sequence.",
      },
      {
        id: "kosmiotes",
        name: "Propriety",
        greek_name: "κοσμιότης",
        definition: "Conduct and bearing that fit one's roles and circumstances.",
      },
      {
        id: "enkrateia",
        name: "Self-control",
        greek_name: "ἐγκράτεια",
        definition: "Keeping to what reason has judged right when desire pulls the other way.",
      },
      {
        id: "aidos",
        name: "Modesty",
        greek_name: "αἰδώς",
        definition: "A healthy regard for deserved censure that keeps one away from what is shameful.",
      },
    ],
  },
];

/** The cardinal virtue whose domain id is `domain`. */
export function virtueByDomain(domain: VirtueDomain): Virtue {
  const virtue = VIRTUES.find((v) => v.domain_id === domain);
  // VIRTUES covers every VirtueDomain (checked by the framework tests).
  if (!virtue) throw new RangeError(`no virtue for domain ${domain}`);
  return virtue;
}
