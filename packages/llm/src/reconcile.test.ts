import {
  ClarificationTriggerCode,
  DeliberationLevel,
  EXTRACTION_SCHEMA_VERSION,
  KatorthomaProximity,
  Layer1Extraction,
  OikeiosisCircle,
  RootPassion,
  type ExtractedPassion,
} from "@svc/core";
import { describe, expect, it } from "vitest";
import { reconcileSamples } from "./reconcile";
import { prng } from "../../../tests/support/extraction";

const INPUT =
  "I told my brother the truth about the money, though I was afraid of his anger. I thought it over for a week before I spoke. " +
  "I was ashamed that I had hidden it. My family deserved honesty, and I paid him back the same day.";

const BASE: Layer1Extraction = {
  schema_version: EXTRACTION_SCHEMA_VERSION,
  situation: { summary: "The person told their brother the truth about money.", act_kind: "past_action" },
  deliberation: { level: "considered", examined_before_acting: true, evidence: ["I thought it over for a week before I spoke"] },
  grave_act: { present: false, harmed_circle: null, quote: null },
  domains: {
    dikaiosyne: { engaged: true, reading: "deliberate", evidence: ["My family deserved honesty"] },
    andreia: { engaged: false, reading: null, evidence: [] },
    sophrosyne: { engaged: false, reading: null, evidence: [] },
  },
  passions: [],
  circles: [],
  ambiguity: { trigger_code: null, slot_fills: [] },
};

/** A valid sample: the base with an edit applied, checked against the schema. */
function sample(edit?: (x: Layer1Extraction) => void): Layer1Extraction {
  const x = structuredClone(BASE);
  edit?.(x);
  return Layer1Extraction.parse(x);
}

const show = (value: unknown) => JSON.stringify(value, null, 2);
const reconcile = (samples: Layer1Extraction[]) => reconcileSamples(samples, INPUT);

const passion = (
  root: ExtractedPassion["root_passion"],
  sub: string | null,
  intensity: "mild" | "strong" = "mild",
  quote: string | null = null,
): ExtractedPassion => ({
  root_passion: root,
  sub_species: sub,
  intensity,
  quote,
});

describe("reconcileSamples: situation", () => {
  it.each([
    [["past_action", "past_action", "proposed_action"], "past_action"],
    [["proposed_action"], "proposed_action"],
    [["past_action", "proposed_action", "reasoning"], "unclear"],
    [["past_action", "proposed_action"], "unclear"],
    [["past_action", "past_action", "proposed_action", "proposed_action", "reasoning"], "unclear"],
    [["past_action", "past_action", "proposed_action", "reasoning", "unclear"], "past_action"],
    [["reasoning", "reasoning", "reasoning", "past_action", "past_action"], "reasoning"],
  ] as const)("act_kind %j -> %s", (kinds, expected) => {
    const result = reconcile(kinds.map((k) => sample((x) => void (x.situation.act_kind = k))));
    expect(result.situation.act_kind, show(result.situation)).toBe(expected);
  });

  it("takes the summary most samples gave", () => {
    const summaries = ["B summary", "A summary", "B summary"];
    expect(reconcile(summaries.map((s) => sample((x) => void (x.situation.summary = s)))).situation.summary).toBe("B summary");
  });

  it("breaks a summary tie by code-unit order, not by sample order", () => {
    const a = sample((x) => void (x.situation.summary = "Zed"));
    const b = sample((x) => void (x.situation.summary = "Alpha"));
    expect(reconcile([a, b]).situation.summary).toBe("Alpha");
    expect(reconcile([b, a]).situation.summary).toBe("Alpha");
  });

  it("always writes the schema version", () => {
    expect(reconcile([sample()]).schema_version).toBe(EXTRACTION_SCHEMA_VERSION);
  });

  it("refuses an empty list of samples", () => {
    expect(() => reconcile([])).toThrow(RangeError);
  });
});

describe("reconcileSamples: deliberation", () => {
  it.each([
    [["principled", "principled", "none"], "principled"],
    [["none", "considered", "exemplary"], "none"],
    [["considered", "principled"], "considered"],
    [["exemplary", "exemplary", "considered", "considered", "none"], "considered"],
    [["habitual", "exemplary", "exemplary", "principled", "none"], "exemplary"],
    [["exemplary"], "exemplary"],
  ] as const)("level %j -> %s (a tie takes the lower rung)", (levels, expected) => {
    const result = reconcile(levels.map((l) => sample((x) => void (x.deliberation.level = l))));
    expect(result.deliberation.level, show(result.deliberation)).toBe(expected);
  });

  it.each([
    [[true, true, false], true],
    [[false, false, null], false],
    [[true, false, null], null],
    [[true, false], null],
    [[null, null, true], null],
    [[true, true, false, false, null], null],
    [[false], false],
  ] as const)("examined_before_acting %j -> %s (a tie is null: not said)", (values, expected) => {
    const result = reconcile(values.map((v) => sample((x) => void (x.deliberation.examined_before_acting = v))));
    expect(result.deliberation.examined_before_acting).toBe(expected);
  });

  it("unites the evidence of all samples, verbatim spans only, deduplicated, most given first", () => {
    const result = reconcile([
      sample((x) => void (x.deliberation.evidence = ["I thought it over for a week before I spoke", "I told my brother the truth"])),
      sample((x) => void (x.deliberation.evidence = ["I thought it over for a week before I spoke", "he thought about it carefully"])),
      sample((x) => void (x.deliberation.evidence = ["I told my brother the truth", "I thought it over for a week before I spoke", "I was ashamed"])),
    ]);
    expect(result.deliberation.evidence).toEqual(["I thought it over for a week before I spoke", "I told my brother the truth", "I was ashamed"]);
  });

  it("caps the evidence at 8", () => {
    const spans = [...new Set(INPUT.split(/\W+/).filter((word) => word.length > 3))];
    expect(spans.length).toBeGreaterThan(8);
    const result = reconcile([
      sample((x) => void (x.deliberation.evidence = spans.slice(0, 8))),
      sample((x) => void (x.deliberation.evidence = spans.slice(-8))),
    ]);
    expect(result.deliberation.evidence).toHaveLength(8);
    for (const quote of result.deliberation.evidence) expect(INPUT).toContain(quote);
  });
});

describe("reconcileSamples: grave act", () => {
  const grave = (harmed: Layer1Extraction["grave_act"]["harmed_circle"], quote: string | null = "I had hidden it") =>
    sample((x) => void (x.grave_act = { present: true, harmed_circle: harmed, quote }));
  const none = (quote: string | null = null) => sample((x) => void (x.grave_act = { present: false, harmed_circle: null, quote }));

  it("is present by majority", () => {
    expect(reconcile([grave("household"), grave("household"), none()]).grave_act).toEqual({
      present: true,
      harmed_circle: "household",
      quote: "I had hidden it",
    });
  });

  it("is absent by majority, with no circle and no quote", () => {
    expect(reconcile([grave("household"), none("I paid him back"), none()]).grave_act).toEqual({ present: false, harmed_circle: null, quote: null });
  });

  it("is present on a tie: a grave act is the safety-relevant reading", () => {
    expect(reconcile([grave("community"), none()]).grave_act.present).toBe(true);
    expect(reconcile([none(), grave("community")]).grave_act.harmed_circle).toBe("community");
  });

  it("takes the harmed circle by majority of the samples that saw a grave act, a tie being null", () => {
    expect(reconcile([grave("household"), grave("community"), grave("household")]).grave_act.harmed_circle).toBe("household");
    expect(reconcile([grave("household"), grave("community"), none()]).grave_act.harmed_circle).toBeNull();
  });

  it("takes its quote only from samples that saw a grave act", () => {
    const result = reconcile([grave("household", null), grave("household", null), none("I had hidden it")]);
    expect(result.grave_act.quote).toBeNull();
  });
});

describe("reconcileSamples: domains", () => {
  type Reading = KatorthomaProximity | null;
  const withJustice = (reading: Reading, evidence: string[] = []) =>
    sample((x) => void (x.domains.dikaiosyne = reading === null ? { engaged: false, reading: null, evidence: [] } : { engaged: true, reading, evidence }));

  it.each([
    [["principled", "deliberate", null], "deliberate"],
    [["principled", null, null], null],
    [["principled", null], "principled"],
    [[null, "habitual"], "habitual"],
    [["sage_like", "reflexive", "principled"], "principled"],
    [["reflexive", "habitual", "deliberate", "principled", "sage_like"], "deliberate"],
    [["habitual", "principled", "sage_like", "sage_like"], "principled"],
    [["sage_like", "sage_like", null, null, null], null],
    [["sage_like", "sage_like", "reflexive", null, null], "sage_like"],
    [[null, null, null], null],
  ] as const)("readings %j -> %s (engaged by at least half; median rung, lower on even counts)", (readings, expected) => {
    const result = reconcile(readings.map((r) => withJustice(r)));
    expect(result.domains.dikaiosyne, show(result.domains.dikaiosyne)).toEqual(
      expected === null ? { engaged: false, reading: null, evidence: [] } : expect.objectContaining({ engaged: true, reading: expected }),
    );
  });

  it("takes domain evidence only from the samples that engaged the domain", () => {
    const unengaged = sample((x) => void (x.domains.dikaiosyne = { engaged: false, reading: null, evidence: ["I was ashamed"] }));
    const result = reconcile([
      withJustice("deliberate", ["My family deserved honesty"]),
      withJustice("principled", ["I paid him back the same day"]),
      unengaged,
    ]);
    expect(result.domains.dikaiosyne.evidence).toEqual(["My family deserved honesty", "I paid him back the same day"]);
  });

  it("reconciles each domain on its own", () => {
    const result = reconcile([
      sample((x) => void (x.domains.andreia = { engaged: true, reading: "habitual", evidence: ["I was afraid of his anger"] })),
      sample((x) => void (x.domains.andreia = { engaged: true, reading: "deliberate", evidence: [] })),
      sample((x) => void (x.domains.sophrosyne = { engaged: true, reading: "reflexive", evidence: [] })),
    ]);
    expect(result.domains.dikaiosyne).toMatchObject({ engaged: true, reading: "deliberate" });
    expect(result.domains.andreia).toEqual({ engaged: true, reading: "habitual", evidence: ["I was afraid of his anger"] });
    expect(result.domains.sophrosyne).toEqual({ engaged: false, reading: null, evidence: [] });
  });
});

describe("reconcileSamples: passions", () => {
  const withPassions = (...passions: ExtractedPassion[]) => sample((x) => void (x.passions = passions));

  it("keeps a root passion a majority reports, drops one a minority reports", () => {
    const result = reconcile([withPassions(passion("phobos", null), passion("lupe", "penthos")), withPassions(passion("phobos", null)), withPassions()]);
    expect(result.passions).toEqual([passion("phobos", null)]);
  });

  it("needs a strict majority: one of two samples is not enough", () => {
    expect(reconcile([withPassions(passion("phobos", null)), withPassions()]).passions).toEqual([]);
  });

  it.each([
    [["aischyne", "aischyne", "agonia"], ["aischyne"]],
    [["aischyne", "agonia", null], [null]],
    [["aischyne", null], [null]],
    [["aischyne", "aischyne"], ["aischyne"]],
  ] as const)("sub-species %j -> %j", (subs, expected) => {
    const result = reconcile(subs.map((s) => withPassions(passion("phobos", s))));
    expect(result.passions.map((p) => p.sub_species)).toEqual(expected);
  });

  it("keeps two sub-species of one root when a majority names each", () => {
    const result = reconcile([
      withPassions(passion("phobos", "aischyne"), passion("phobos", "agonia")),
      withPassions(passion("phobos", "agonia")),
      withPassions(passion("phobos", "aischyne")),
    ]);
    expect(result.passions.map((p) => p.sub_species)).toEqual(["agonia", "aischyne"]);
  });

  it.each([
    [["strong", "strong", "mild"], "strong"],
    [["strong", "mild", "mild"], "mild"],
    [["strong", "mild"], "mild"],
    [["strong", "strong"], "strong"],
    [["strong", "strong", "mild", "mild", "mild"], "mild"],
  ] as const)("intensity %j -> %s (strong only with a strict majority)", (intensities, expected) => {
    const result = reconcile(intensities.map((i) => withPassions(passion("epithumia", "orge", i))));
    expect(result.passions).toEqual([passion("epithumia", "orge", expected)]);
  });

  it("counts intensity among the samples that report the passion", () => {
    const result = reconcile([withPassions(passion("epithumia", "orge", "strong")), withPassions(passion("epithumia", "orge", "strong")), withPassions()]);
    expect(result.passions[0]?.intensity).toBe("strong");
  });

  it("lists passions in the order of the root ladder, whatever the samples' order", () => {
    const both = [passion("lupe", null), passion("epithumia", null)];
    const result = reconcile([withPassions(...both), withPassions(...both.toReversed())]);
    expect(result.passions.map((p) => p.root_passion)).toEqual(["epithumia", "lupe"]);
  });

  it("keeps a passion's quote only when it is verbatim", () => {
    const result = reconcile([
      withPassions(passion("phobos", "aischyne", "mild", "I was ashamed that I had hidden it")),
      withPassions(passion("phobos", "aischyne", "mild", "I felt ashamed")),
      withPassions(passion("phobos", "aischyne", "mild", "I felt ashamed")),
    ]);
    expect(result.passions[0]?.quote).toBe("I was ashamed that I had hidden it");
    expect(reconcile([withPassions(passion("phobos", null, "mild", "I felt ashamed"))]).passions[0]?.quote).toBeNull();
  });
});

describe("reconcileSamples: circles", () => {
  const withCircles = (...circles: Layer1Extraction["circles"]) => sample((x) => void (x.circles = circles));
  const household = (claim: "met" | "violated" | "indeterminate", quote: string | null = null) => ({
    circle: "household" as const,
    obligation_claim: claim,
    quote,
  });

  it("includes a circle a strict majority names", () => {
    expect(reconcile([withCircles(household("met")), withCircles(household("met")), withCircles()]).circles).toEqual([household("met")]);
    expect(reconcile([withCircles(household("met")), withCircles(), withCircles()]).circles).toEqual([]);
    expect(reconcile([withCircles(household("met")), withCircles()]).circles).toEqual([]);
  });

  it.each([
    [["met", "met", "violated"], "met"],
    [["violated", "violated", "met"], "violated"],
    [["met", "violated", "indeterminate"], "indeterminate"],
    [["met", "violated"], "indeterminate"],
    [["met", "met", "violated", "violated", "indeterminate"], "indeterminate"],
  ] as const)("obligation %j -> %s (a tie is indeterminate)", (claims, expected) => {
    const result = reconcile(claims.map((c) => withCircles(household(c))));
    expect(result.circles.map((c) => c.obligation_claim)).toEqual([expected]);
  });

  it("reads a sample that says two things about one circle as indeterminate", () => {
    const result = reconcile([withCircles(household("met"), household("violated")), withCircles(household("indeterminate")), withCircles(household("met"))]);
    expect(result.circles).toEqual([household("indeterminate")]);
  });

  it("takes the quote only from samples that made the reconciled claim", () => {
    const result = reconcile([
      withCircles(household("met", "I paid him back the same day")),
      withCircles(household("met", null)),
      withCircles(household("violated", "I had hidden it")),
    ]);
    expect(result.circles).toEqual([household("met", "I paid him back the same day")]);
  });

  it("prefers the quote most samples gave, then the earliest in the input", () => {
    const a = withCircles(household("met", "I paid him back the same day"));
    const b = withCircles(household("met", "My family deserved honesty"));
    const c = withCircles(household("met", "I paid him back the same day"));
    expect(reconcile([a, b, c]).circles[0]?.quote).toBe("I paid him back the same day");
    expect(reconcile([a, b]).circles[0]?.quote).toBe("My family deserved honesty");
    expect(reconcile([b, a]).circles[0]?.quote).toBe("My family deserved honesty");
  });

  it("drops a quote that is not verbatim", () => {
    expect(reconcile([withCircles(household("met", "I repaid my brother"))]).circles[0]?.quote).toBeNull();
  });

  it("lists circles inner to outer", () => {
    const circles = [
      { circle: "humanity" as const, obligation_claim: "met" as const, quote: null },
      { circle: "household" as const, obligation_claim: "met" as const, quote: null },
    ];
    expect(reconcile([withCircles(...circles), withCircles(...circles.toReversed())]).circles.map((c) => c.circle)).toEqual(["household", "humanity"]);
  });
});

describe("reconcileSamples: ambiguity", () => {
  const withTrigger = (code: ClarificationTriggerCode | null, slots: string[] = []) =>
    sample((x) => void (x.ambiguity = { trigger_code: code, slot_fills: slots }));

  it.each([
    [["ELEMENT_FUSION", "ELEMENT_FUSION", null], "ELEMENT_FUSION"],
    [["ELEMENT_FUSION", "TEMPORAL_AMBIGUITY", null], null],
    [["ELEMENT_FUSION", null], null],
    [["ELEMENT_FUSION", "ELEMENT_FUSION"], "ELEMENT_FUSION"],
    [["ELEMENT_FUSION", "ELEMENT_FUSION", "TEMPORAL_AMBIGUITY", "TEMPORAL_AMBIGUITY", null], null],
    [["SCOPE_AMBIGUITY", "SCOPE_AMBIGUITY", "SCOPE_AMBIGUITY", null, null], "SCOPE_AMBIGUITY"],
    [["SCOPE_AMBIGUITY"], "SCOPE_AMBIGUITY"],
  ] as const)("trigger %j -> %s (only a strict majority raises one)", (codes, expected) => {
    expect(reconcile(codes.map((c) => withTrigger(c))).ambiguity.trigger_code).toBe(expected);
  });

  it("takes the slot fills of the samples that raised the trigger", () => {
    const result = reconcile([
      withTrigger("ELEMENT_FUSION", ["tell him", "pay him"]),
      withTrigger("ELEMENT_FUSION", ["tell him", "pay him"]),
      withTrigger(null, ["other"]),
    ]);
    expect(result.ambiguity).toEqual({ trigger_code: "ELEMENT_FUSION", slot_fills: ["tell him", "pay him"] });
  });

  it("clears the slot fills when no trigger is agreed", () => {
    expect(reconcile([withTrigger("ELEMENT_FUSION", ["a"]), withTrigger(null)]).ambiguity).toEqual({ trigger_code: null, slot_fills: [] });
  });
});

// ---- Properties over generated samples (a seeded generator, so a failure names its seed) ----

const VERBATIM = [
  "I told my brother the truth",
  "I was afraid of his anger",
  "I thought it over for a week",
  "I was ashamed",
  "My family deserved honesty",
  "I paid him back the same day",
];
const INVENTED = ["I lied to him", "we argued for hours", "my sister was there"];
const SUBS: Record<RootPassion, string[]> = { epithumia: ["orge", "philoplousia"], hedone: ["terpsis"], phobos: ["aischyne", "agonia"], lupe: ["penthos"] };

function generator(seed: number) {
  const random = prng(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const chance = (p: number) => random() < p;
  const quote = () => (chance(0.7) ? pick(VERBATIM) : pick(INVENTED));
  const quotes = () => Array.from({ length: Math.floor(random() * 4) }, quote);
  const domain = () =>
    chance(0.5) ? { engaged: true, reading: pick(KatorthomaProximity.options), evidence: quotes() } : { engaged: false, reading: null, evidence: [] };

  const next = (): Layer1Extraction =>
    Layer1Extraction.parse({
      schema_version: EXTRACTION_SCHEMA_VERSION,
      situation: {
        summary: pick(["Told the truth.", "Repaid a debt.", "Confessed."]),
        act_kind: pick(["past_action", "proposed_action", "reasoning", "unclear"] as const),
      },
      deliberation: { level: pick(DeliberationLevel.options), examined_before_acting: pick([true, false, null]), evidence: quotes() },
      grave_act: chance(0.4)
        ? { present: true, harmed_circle: pick([...OikeiosisCircle.options, null]), quote: chance(0.5) ? quote() : null }
        : { present: false, harmed_circle: null, quote: null },
      domains: { dikaiosyne: domain(), andreia: domain(), sophrosyne: domain() },
      passions: RootPassion.options
        .filter(() => chance(0.4))
        .map((root) => passion(root, pick([...SUBS[root], null]), pick(["mild", "strong"] as const), chance(0.6) ? quote() : null)),
      circles: OikeiosisCircle.options
        .filter(() => chance(0.4))
        .map((circle) => ({ circle, obligation_claim: pick(["met", "violated", "indeterminate"] as const), quote: chance(0.6) ? quote() : null })),
      ambiguity: chance(0.5) ? { trigger_code: pick(ClarificationTriggerCode.options), slot_fills: [pick(VERBATIM)] } : { trigger_code: null, slot_fills: [] },
    });

  const shuffle = <T>(values: readonly T[]): T[] => {
    const out = [...values];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  return { next, shuffle, pick, random };
}

function allQuotes(x: Layer1Extraction): string[] {
  return [
    ...x.deliberation.evidence,
    ...(x.grave_act.quote ? [x.grave_act.quote] : []),
    ...Object.values(x.domains).flatMap((d) => d.evidence),
    ...x.passions.flatMap((p) => (p.quote ? [p.quote] : [])),
    ...x.circles.flatMap((c) => (c.quote ? [c.quote] : [])),
  ];
}

const SEEDS = Array.from({ length: 300 }, (_, i) => i + 1);

describe("reconcileSamples: properties", () => {
  it("always yields an extraction the schema accepts unchanged", () => {
    for (const seed of SEEDS) {
      const g = generator(seed);
      const samples = Array.from({ length: 1 + Math.floor(g.random() * 5) }, g.next);
      const result = reconcile(samples);
      const parsed = Layer1Extraction.safeParse(result);
      expect(parsed.success, `seed ${seed}: ${show(parsed.error?.issues)}`).toBe(true);
      expect(parsed.data, `seed ${seed}`).toEqual(result);
    }
  });

  it("keeps only quotes that are verbatim substrings of the input", () => {
    for (const seed of SEEDS) {
      const g = generator(seed);
      const result = reconcile(Array.from({ length: 3 }, g.next));
      for (const quote of allQuotes(result)) expect(INPUT.includes(quote), `seed ${seed}: ${quote}`).toBe(true);
    }
  });

  it("gives the same extraction for the same samples in any order", () => {
    for (const seed of SEEDS) {
      const g = generator(seed);
      const samples = Array.from({ length: g.pick([2, 3, 4, 5]) }, g.next);
      const expected = reconcile(samples);
      for (let i = 0; i < 4; i++) expect(reconcile(g.shuffle(samples)), `seed ${seed}`).toEqual(expected);
    }
  });

  it("lets no single odd sample among three change what the other two agree on", () => {
    for (const seed of SEEDS) {
      const g = generator(seed);
      const [a, b, odd] = [g.next(), g.next(), g.next()];
      const agreed = <T>(read: (x: Layer1Extraction) => T, label: string) => {
        if (JSON.stringify(read(a)) !== JSON.stringify(read(b))) return;
        for (const order of [
          [a, b, odd],
          [odd, a, b],
          [a, odd, b],
        ])
          expect(read(reconcile(order)), `seed ${seed}: ${label}`).toEqual(read(a));
      };
      agreed((x) => x.situation.act_kind, "act_kind");
      agreed((x) => x.deliberation.level, "deliberation.level");
      agreed((x) => x.deliberation.examined_before_acting, "examined_before_acting");
      agreed((x) => x.grave_act.present, "grave_act.present");
      agreed((x) => x.grave_act.present && x.grave_act.harmed_circle, "grave_act.harmed_circle");
      agreed((x) => x.ambiguity.trigger_code, "trigger_code");
      for (const id of ["dikaiosyne", "andreia", "sophrosyne"] as const) {
        agreed((x) => x.domains[id].engaged, `${id}.engaged`);
        agreed((x) => x.domains[id].reading, `${id}.reading`);
      }
      for (const root of RootPassion.options) {
        agreed((x) => x.passions.some((p) => p.root_passion === root), `passion ${root}`);
        agreed((x) => x.passions.filter((p) => p.root_passion === root).map((p) => [p.sub_species, p.intensity]), `passion ${root} sub-species and intensity`);
      }
      for (const circle of OikeiosisCircle.options) {
        agreed((x) => x.circles.find((c) => c.circle === circle)?.obligation_claim ?? "absent", `circle ${circle}`);
      }
    }
  });

  it("returns a lone sample's readings unchanged", () => {
    for (const seed of SEEDS) {
      const g = generator(seed);
      const only = g.next();
      const result = reconcile([only]);
      const { deliberation, domains, passions, circles, ...rest } = result;
      const { deliberation: d0, domains: m0, passions: p0, circles: c0, ...rest0 } = only;
      expect({ ...rest, grave_act: { ...rest.grave_act, quote: null } }, `seed ${seed}`).toEqual({ ...rest0, grave_act: { ...rest0.grave_act, quote: null } });
      expect([deliberation.level, deliberation.examined_before_acting], `seed ${seed}`).toEqual([d0.level, d0.examined_before_acting]);
      expect(
        Object.values(domains).map((d) => d.reading),
        `seed ${seed}`,
      ).toEqual(Object.values(m0).map((d) => d.reading));
      expect(
        passions.map((p) => [p.root_passion, p.sub_species, p.intensity]),
        `seed ${seed}`,
      ).toEqual(p0.map((p) => [p.root_passion, p.sub_species, p.intensity]));
      expect(
        circles.map((c) => [c.circle, c.obligation_claim]),
        `seed ${seed}`,
      ).toEqual(c0.map((c) => [c.circle, c.obligation_claim]));
    }
  });
});
