import { describe, expect, it } from "vitest";
import { CardinalVirtue, KatorthomaProximity, OikeiosisCircle, RootPassion, SenecanGrade, VirtueDomain } from "../enums";
import { DECISION_WEIGHTS, PROXIMITY_DERIVATION, SIMPLE_PROXIMITY_OF } from "../ladders";
import {
  DOMAIN_FILES,
  DecisionWeightsSchema,
  DomainFileId,
  DomainFileSchema,
  FOUNDATIONS,
  FoundationsSchema,
  GRADE_TRANSITIONS,
  INDIFFERENTS,
  IndifferentSchema,
  PASSIONS,
  RootPassionSchema,
  STOIC_BRAIN_VERSION,
  VIRTUES,
  VirtueSchema,
  domainFile,
  rootPassionOfSubSpecies,
  virtueByDomain,
} from ".";

function duplicates(ids: readonly string[]): string[] {
  return ids.filter((id, i) => ids.indexOf(id) !== i);
}

const EXPECTED_SUB_VIRTUES = {
  wisdom: { domain: "phronesis", subs: ["euboulia", "synesis", "anchinoia", "pronoia"] },
  justice: { domain: "dikaiosyne", subs: ["eusebeia", "chrestotes", "koinonike", "epieikeia"] },
  courage: { domain: "andreia", subs: ["karteria", "tharsos", "megalopsychia", "philoponia"] },
  temperance: { domain: "sophrosyne", subs: ["eutaxia", "kosmiotes", "enkrateia", "aidos"] },
} as const;

const EXPECTED_PREFERRED = [
  "life",
  "health",
  "strength",
  "beauty",
  "intact_senses",
  "wealth",
  "reputation",
  "noble_birth",
  "freedom",
  "friendship",
  "knowledge",
  "natural_ability",
];
const EXPECTED_DISPREFERRED = ["death", "disease", "pain", "disability", "poverty", "dishonour", "exile", "loneliness", "ugliness", "low_birth"];

const EXPECTED_SUB_SPECIES = {
  epithumia: ["orge", "eros", "pothos", "philedonia", "philoplousia", "philodoxia"],
  hedone: ["kelesis", "epichairekakia", "terpsis"],
  phobos: ["deima", "oknos", "aischyne", "thambos", "thorybos", "agonia"],
  lupe: ["eleos", "phthonos", "zelotypia", "penthos", "achos"],
} as const;

describe("virtues", () => {
  it("parse with VirtueSchema", () => {
    for (const v of VIRTUES) expect(VirtueSchema.safeParse(v).error).toBeUndefined();
  });

  it("are exactly the four cardinal virtues, in enum order, with their domains and sub-virtues", () => {
    expect(VIRTUES.map((v) => v.id)).toEqual(CardinalVirtue.options);
    for (const v of VIRTUES) {
      const expected = EXPECTED_SUB_VIRTUES[v.id];
      expect(v.domain_id, v.id).toBe(expected.domain);
      expect(
        v.sub_virtues.map((s) => s.id),
        v.id,
      ).toEqual(expected.subs);
    }
  });

  it("have unique sub-virtue ids across all virtues", () => {
    const ids = VIRTUES.flatMap((v) => v.sub_virtues.map((s) => s.id));
    expect(ids).toHaveLength(16);
    expect(duplicates(ids)).toEqual([]);
  });

  it("are found by domain for every virtue domain", () => {
    for (const domain of VirtueDomain.options) expect(virtueByDomain(domain).domain_id).toBe(domain);
    expect(virtueByDomain("andreia").id).toBe("courage");
  });
});

describe("indifferents", () => {
  it("parse with IndifferentSchema and have unique ids", () => {
    for (const i of INDIFFERENTS) expect(IndifferentSchema.safeParse(i).error).toBeUndefined();
    expect(duplicates(INDIFFERENTS.map((i) => i.id))).toEqual([]);
  });

  it("are the 12 preferred and 10 dispreferred of the domain facts", () => {
    const ids = (category: string) => INDIFFERENTS.filter((i) => i.category === category).map((i) => i.id);
    expect(ids("preferred")).toEqual(EXPECTED_PREFERRED);
    expect(ids("dispreferred")).toEqual(EXPECTED_DISPREFERRED);
    expect(INDIFFERENTS).toHaveLength(22);
  });
});

describe("passions", () => {
  it("parse with RootPassionSchema and are the four roots in enum order", () => {
    for (const p of PASSIONS) expect(RootPassionSchema.safeParse(p).error).toBeUndefined();
    expect(PASSIONS.map((p) => p.id)).toEqual(RootPassion.options);
  });

  it("sit on the two axes as the domain facts place them", () => {
    const axes = Object.fromEntries(PASSIONS.map((p) => [p.id, `${p.time}/${p.appearance}`]));
    expect(axes).toEqual({
      epithumia: "future/apparent_good",
      hedone: "present/apparent_good",
      phobos: "future/apparent_evil",
      lupe: "present/apparent_evil",
    });
  });

  it("carry the 20 sub-species under the right roots", () => {
    for (const p of PASSIONS)
      expect(
        p.sub_species.map((s) => s.id),
        p.id,
      ).toEqual(EXPECTED_SUB_SPECIES[p.id]);
    const all = PASSIONS.flatMap((p) => p.sub_species.map((s) => s.id));
    expect(all).toHaveLength(20);
    expect(duplicates(all)).toEqual([]);
  });

  it("map eupatheiai to roots, with none for lupe", () => {
    const eupatheia = Object.fromEntries(PASSIONS.map((p) => [p.id, p.eupatheia?.id ?? null]));
    expect(eupatheia).toEqual({ epithumia: "boulesis", hedone: "chara", phobos: "eulabeia", lupe: null });
  });

  it("find the root of a sub-species", () => {
    expect(rootPassionOfSubSpecies("orge")).toBe("epithumia");
    expect(rootPassionOfSubSpecies("terpsis")).toBe("hedone");
    expect(rootPassionOfSubSpecies("aischyne")).toBe("phobos");
    expect(rootPassionOfSubSpecies("achos")).toBe("lupe");
    expect(rootPassionOfSubSpecies("chara")).toBeUndefined();
    expect(rootPassionOfSubSpecies("")).toBeUndefined();
  });
});

describe("foundations", () => {
  it("parse with FoundationsSchema", () => {
    expect(FoundationsSchema.safeParse(FOUNDATIONS).error).toBeUndefined();
    expect(STOIC_BRAIN_VERSION).toBe("3.0.0");
  });

  it("split the dichotomy of control as the spec lists it", () => {
    expect(FOUNDATIONS.dichotomy_of_control.up_to_us).toEqual(["judgements", "impulses", "desires", "aversions", "assent", "moral choice", "character"]);
    expect(FOUNDATIONS.dichotomy_of_control.not_up_to_us).toEqual(["body", "reputation", "possessions", "external events", "other people's actions", "death"]);
  });
});

describe("decision weights", () => {
  it("sum to 100 and parse", () => {
    const sum = Object.values(DECISION_WEIGHTS).reduce((a, b) => a + b, 0);
    expect(sum).toBe(100);
    expect(DecisionWeightsSchema.safeParse(DECISION_WEIGHTS).error).toBeUndefined();
  });

  it("reject weights that do not sum to 100", () => {
    expect(DecisionWeightsSchema.safeParse({ ...DECISION_WEIGHTS, wisdom: 31 }).success).toBe(false);
  });
});

describe("domain files", () => {
  it("are the seven of the hub, in order, each parsing with the envelope", () => {
    expect(DOMAIN_FILES.map((f) => f.id)).toEqual(["psychology", "passions", "virtue", "value", "action", "progress", "scoring"]);
    expect(DomainFileId.options).toEqual(DOMAIN_FILES.map((f) => f.id));
    for (const f of DOMAIN_FILES) expect(DomainFileSchema.safeParse(f).error, f.id).toBeUndefined();
  });

  it("are reachable by id", () => {
    for (const id of DomainFileId.options) expect(domainFile(id).id).toBe(id);
  });

  it("reject content that belongs to another domain", () => {
    const psychology = domainFile("psychology");
    expect(DomainFileSchema.safeParse({ ...psychology, id: "scoring" }).success).toBe(false);
  });

  it("psychology lists the causal sequence and the circles inner to outer", () => {
    const file = domainFile("psychology");
    if (file.id !== "psychology") throw new Error("wrong file");
    expect(file.content.causal_sequence.map((s) => s.id)).toEqual(["phantasia", "synkatathesis", "horme", "praxis"]);
    expect(file.content.oikeiosis.circles.map((c) => c.id)).toEqual(OikeiosisCircle.options);
  });

  it("passions builds its roots and eupatheiai from the passions module", () => {
    const file = domainFile("passions");
    if (file.id !== "passions") throw new Error("wrong file");
    expect(file.content.roots).toEqual(PASSIONS);
    expect(file.content.eupatheiai.feelings.map((e) => [e.id, e.replaces])).toEqual([
      ["boulesis", "epithumia"],
      ["chara", "hedone"],
      ["eulabeia", "phobos"],
    ]);
  });

  it("virtue carries the four virtues and the 30/25/25/20 weights", () => {
    const file = domainFile("virtue");
    if (file.id !== "virtue") throw new Error("wrong file");
    expect(file.content.virtues.map((v) => v.id)).toEqual(CardinalVirtue.options);
    expect(file.content.decision_layer.weights).toEqual({ wisdom: 30, justice: 25, courage: 25, temperance: 20 });
  });

  it("value carries every indifferent", () => {
    const file = domainFile("value");
    if (file.id !== "value") throw new Error("wrong file");
    expect(file.content.classes.map((c) => c.id)).toEqual(["good", "evil", "indifferent"]);
    expect(file.content.indifferents.map((i) => i.id)).toEqual(INDIFFERENTS.map((i) => i.id));
  });

  it("action lists Cicero's five questions in order and the kathekon quality levels", () => {
    const file = domainFile("action");
    if (file.id !== "action") throw new Error("wrong file");
    expect(file.content.deliberation_questions.map((q) => [q.order, q.id])).toEqual([
      [1, "is_honourable"],
      [2, "which_more_honourable"],
      [3, "is_advantageous"],
      [4, "which_more_advantageous"],
      [5, "honourable_prevails"],
    ]);
    expect(file.content.kathekon_quality_levels.map((l) => l.id)).toEqual(["weak", "moderate", "strong"]);
  });

  it("progress lists the grades low to high and the transition thresholds", () => {
    const file = domainFile("progress");
    if (file.id !== "progress") throw new Error("wrong file");
    expect(file.content.grades.map((g) => g.id)).toEqual(SenecanGrade.options);
    expect(file.content.grades.find((g) => g.id === "grade_3")?.proximity).toBe("habitual");
    expect(GRADE_TRANSITIONS.map((t) => [t.from, t.to, t.min_share_percent, t.min_actions])).toEqual([
      ["reflexive", "habitual", 55, 20],
      ["habitual", "deliberate", 60, 40],
      ["deliberate", "principled", 65, 60],
      ["principled", "sage_like", 75, 80],
    ]);
    expect(file.content.transitions.downgrade.signals_required).toBe(2);
    expect(file.content.direction_of_travel.values.map((v) => v.id)).toEqual(["improving", "stable", "declining"]);
  });

  it("scoring carries the ladder, the derivation tables and the minimum rule", () => {
    const file = domainFile("scoring");
    if (file.id !== "scoring") throw new Error("wrong file");
    expect(file.content.proximity_ladder.map((l) => l.id)).toEqual(KatorthomaProximity.options);
    expect(file.content.proximity_derivation).toEqual(PROXIMITY_DERIVATION);
    expect(file.content.proximity_derivation.habitual).toEqual({ senecan_grade: "grade_3", authority_level: "guided" });
    expect(file.content.simple_proximity.mapping).toEqual(SIMPLE_PROXIMITY_OF);
    expect(file.content.dimension_levels.map((l) => l.id)).toEqual(["emerging", "developing", "established", "advanced"]);
    expect(file.content.dimensions.map((d) => d.id)).toEqual(["passion_reduction", "judgement_quality", "disposition_stability", "oikeiosis_extension"]);
    expect(file.content.aggregation.rule).toBe("minimum");
  });
});
