import { describe, expect, it } from "vitest";
import { KatorthomaProximity, OikeiosisCircle, RootPassion, type KatorthomaProximity as Proximity } from "../enums";
import { PASSIONS } from "../framework";
import { deriveFromProximity, rankOf } from "../ladders";
import { assess, AssessmentSchema, CIRCLE_PRIORS, ENGINE_VERSION, type Assessment, type ExaminationContext } from "./engine";
import { DeliberationLevel, EXTRACTION_SCHEMA_VERSION, Layer1Extraction, type DomainReading } from "./extraction";
import { canonicalize } from "./jcs";
import { engaged, extraction, notEngaged, prng } from "../../../../tests/support/extraction";

// Layer 2 as tables (one rule per row) and as properties over a few hundred seeded random
// extractions and inputs: the rules of spec 2.12 and issue 5 item 4 hold for every case.

const EXAMINATION: ExaminationContext = { ref: "loop_test", depth_tier: "standard", prior_feedback_ref: null, input_sha256: "0".repeat(64) };
const DOMAINS = ["dikaiosyne", "andreia", "sophrosyne"] as const;
type Domain = (typeof DOMAINS)[number];

const rank = (p: Proximity) => rankOf(KatorthomaProximity, p);
/** A null floor is no constraint at all: it sits above every rung. */
const floorRank = (p: Proximity | null) => (p === null ? Number.POSITIVE_INFINITY : rank(p));

function run(ex: Layer1Extraction, text: string, examination: ExaminationContext = EXAMINATION): Assessment {
  return assess({ extraction: ex, text, examination });
}

/** Every verbatim marker of an assessment: corroboration markers and passion quotes. */
function markersOf(a: Assessment) {
  return [...a.corroboration.claims.flatMap((c) => c.markers), ...a.passions.flatMap((p) => (p.quote ? [p.quote] : []))];
}

// ---------------------------------------------------------------------------------------
// Seeded generator of valid extractions and inputs
// ---------------------------------------------------------------------------------------

// Sentences an account is built from: neutral ones, circle mentions, the account's own
// violations, impulsive and deliberate acts, passions. None contains the appended
// contradiction below, and none of the fabricated quotes.
const SENTENCES = [
  "We met on Monday to go over the plan.",
  "The weather was grey and the office was quiet.",
  "I told my partner the truth about the money.",
  "I kept my promise to my brother.",
  "I helped a stranger who had dropped her bags.",
  "My colleague asked me to cover for him.",
  "I returned the wallet to my neighbour.",
  "I lied to my manager about the deadline.",
  "I ignored my sister when she called.",
  "I hid the defect from our customers.",
  "I snapped at the waiter without thinking.",
  "I signed it on the spot.",
  "I weighed both options for a week.",
  "I slept on it and consulted a friend.",
  "I was furious with the landlord.",
  "I felt anxious the whole evening.",
  "It was my duty, whatever it cost.",
  "I looked after my own health first.",
  "People at large will never hear of it.",
  "I gave the money back",
];
const FABRICATED = ["a quote that never occurs", "nowhere in the account", "I invented this span"];
const CONTRADICTION = "I lied to my colleague.";

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

/** A quote for the extraction: a whole sentence, an inner span, a fabricated string or null. */
function quoteFrom(rand: () => number, sentences: readonly string[]): string | null {
  const roll = rand();
  if (roll < 0.4) return pick(rand, sentences);
  if (roll < 0.65) {
    const s = pick(rand, sentences);
    const start = Math.floor(rand() * (s.length - 1));
    const end = start + 1 + Math.floor(rand() * (s.length - start - 1));
    const span = s.slice(start, end);
    return span.trim() === "" ? s : span;
  }
  if (roll < 0.85) return pick(rand, FABRICATED);
  return null;
}

interface Case {
  readonly seed: number;
  readonly text: string;
  readonly extraction: Layer1Extraction;
}

function generateCase(seed: number): Case {
  const rand = prng(seed);
  const count = 1 + Math.floor(rand() * 5);
  const sentences = Array.from({ length: count }, () => pick(rand, SENTENCES));
  const separator = rand() < 0.7 ? " " : "\n";
  const text = sentences.join(separator);
  const reading = () => pick(rand, KatorthomaProximity.options);
  const domain = (): DomainReading => (rand() < 0.5 ? engaged(reading()) : notEngaged());
  const circles = OikeiosisCircle.options
    .filter(() => rand() < 0.35)
    .map((circle) => ({
      circle,
      obligation_claim: pick(rand, ["met", "violated", "indeterminate"] as const),
      quote: quoteFrom(rand, sentences),
    }));
  const passions = Array.from({ length: Math.floor(rand() * 3) }, () => {
    const root = pick(rand, RootPassion.options);
    const own = PASSIONS.find((p) => p.id === root)!.sub_species.map((s) => s.id);
    const foreign = PASSIONS.filter((p) => p.id !== root).flatMap((p) => p.sub_species.map((s) => s.id));
    const roll = rand();
    const sub_species = roll < 0.4 ? pick(rand, own) : roll < 0.6 ? pick(rand, foreign) : roll < 0.7 ? "unknown" : null;
    return { root_passion: root, sub_species, intensity: pick(rand, ["mild", "strong"] as const), quote: quoteFrom(rand, sentences) };
  });
  const graveCircle = rand() < 0.5 ? pick(rand, OikeiosisCircle.options) : null;
  return {
    seed,
    text,
    extraction: Layer1Extraction.parse({
      schema_version: EXTRACTION_SCHEMA_VERSION,
      situation: { summary: text.slice(0, 1000), act_kind: pick(rand, ["past_action", "proposed_action", "reasoning", "unclear"] as const) },
      deliberation: {
        level: pick(rand, DeliberationLevel.options),
        examined_before_acting: pick(rand, [true, false, null] as const),
        evidence: [],
      },
      grave_act:
        rand() < 0.35 ? { present: true, harmed_circle: graveCircle, quote: quoteFrom(rand, sentences) } : { present: false, harmed_circle: null, quote: null },
      domains: { dikaiosyne: domain(), andreia: domain(), sophrosyne: domain() },
      passions,
      circles,
      ambiguity: { trigger_code: null, slot_fills: [] },
    }),
  };
}

const CASES: readonly Case[] = Array.from({ length: 400 }, (_, i) => generateCase(20261121 + i));
const label = (c: Case) => `seed ${c.seed}: ${JSON.stringify({ text: c.text, extraction: c.extraction })}`;

/** What the corroboration step made of a case (contradictions found, for the non-vacuity checks). */
const contradictions = (a: Assessment) => a.corroboration.claims.filter((c) => c.finding === "contradicted");

// ---------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------

describe("Layer 2 properties over seeded random extractions", () => {
  it("the generator is deterministic and covers the interesting cases", () => {
    expect(generateCase(7)).toEqual(generateCase(7));
    const assessed = CASES.map((c) => run(c.extraction, c.text));
    // Non-vacuity: the properties below are exercised on every branch they speak of.
    expect(assessed.filter((a) => contradictions(a).length > 0).length).toBeGreaterThan(20);
    expect(assessed.filter((a) => a.corroboration.claims.some((c) => c.finding === "corroborated")).length).toBeGreaterThan(20);
    expect(assessed.filter((a) => a.passions.some((p) => p.quote !== null)).length).toBeGreaterThan(20);
    expect(assessed.filter((a) => a.passions.some((p) => p.sub_species === null)).length).toBeGreaterThan(20);
    expect(
      assessed.filter((a) => a.corroboration.claims.some((k) => k.kind === "examined_before_acting" && k.finding === "contradicted")).length,
    ).toBeGreaterThan(5);
    expect(assessed.filter((a) => a.practice.suggestion === undefined).length).toBeGreaterThan(10);
    expect(new Set(assessed.map((a) => a.katorthoma_proximity)).size).toBe(5);
  });

  it("every assessment parses with the published assessment schema and names the engine version", () => {
    for (const c of CASES) {
      const a = run(c.extraction, c.text);
      const parsed = AssessmentSchema.strict().safeParse(a);
      expect(parsed.success, `${label(c)}\n${parsed.error?.message}`).toBe(true);
      expect(a.engine_version, label(c)).toBe(ENGINE_VERSION);
      expect(a.examination, label(c)).toEqual({ ref: EXAMINATION.ref, depth_tier: EXAMINATION.depth_tier, prior_feedback_ref: null });
    }
  });

  it("the aggregate is the minimum over base and the engaged domains, and equals katorthoma_proximity", () => {
    for (const c of CASES) {
      const a = run(c.extraction, c.text);
      const f = a.proximity_floors;
      const readings = [f.base, ...DOMAINS.map((d) => f[d]).filter((r): r is Proximity => r !== null)];
      const minimum = readings.reduce((low, r) => (rank(r) < rank(low) ? r : low));
      expect(f.aggregate, label(c)).toBe(minimum);
      expect(a.katorthoma_proximity, label(c)).toBe(f.aggregate);
      for (const r of readings) expect(rank(f.aggregate), label(c)).toBeLessThanOrEqual(rank(r));
    }
  });

  it("a domain not engaged has a null floor; only a grounded contradiction of a duty to others brings justice in", () => {
    for (const c of CASES) {
      const a = run(c.extraction, c.text);
      for (const d of DOMAINS) {
        const floor = a.proximity_floors[d];
        expect(floor === null, `${d}: ${label(c)}`).toBe(!a.virtue_domains_engaged.includes(d));
        if (c.extraction.domains[d].engaged) {
          expect(floor, `${d}: ${label(c)}`).not.toBeNull();
          expect(rank(floor!), `${d}: ${label(c)}`).toBeLessThanOrEqual(rank(c.extraction.domains[d].reading!));
          continue;
        }
        const othersContradicted = contradictions(a).some((k) => k.kind === "obligation" && k.circle !== "self_preservation");
        if (d === "dikaiosyne" && othersContradicted) {
          expect(floor, label(c)).toBe("habitual");
          expect(
            a.proximity_floors.basis.some((b) => b.startsWith("corroboration:")),
            label(c),
          ).toBe(true);
        } else {
          expect(floor, `${d}: ${label(c)}`).toBeNull();
        }
      }
      expect(a.virtue_domains_engaged[0], label(c)).toBe("phronesis");
    }
  });

  it("senecan_grade and authority_level are derived from the aggregate", () => {
    for (const c of CASES) {
      const a = run(c.extraction, c.text);
      expect({ senecan_grade: a.senecan_grade, authority_level: a.authority_level }, label(c)).toEqual(deriveFromProximity(a.proximity_floors.aggregate));
    }
  });

  it("a contradiction never raises anything: appending a contradicting sentence leaves every floor and the aggregate at or below", () => {
    let lowered = 0;
    for (const c of CASES) {
      // A community claim that can be contradicted, so the appended sentence has something to bite on.
      const withCommunity = c.extraction.circles.some((k) => k.circle === "community")
        ? c.extraction
        : extraction({
            ...c.extraction,
            circles: [...c.extraction.circles, { circle: "community", obligation_claim: c.seed % 2 ? "met" : "indeterminate", quote: null }],
          });
      for (const ex of [c.extraction, withCommunity]) {
        const before = run(ex, c.text);
        const after = run(ex, `${c.text}\n${CONTRADICTION}`);
        const where = `${label({ ...c, extraction: ex })}\nbefore ${JSON.stringify(before.proximity_floors)}\nafter ${JSON.stringify(after.proximity_floors)}`;
        for (const key of ["base", "aggregate", ...DOMAINS] as const) {
          expect(floorRank(after.proximity_floors[key]), `${key}: ${where}`).toBeLessThanOrEqual(floorRank(before.proximity_floors[key]));
        }
        expect(rank(after.katorthoma_proximity), where).toBeLessThanOrEqual(rank(before.katorthoma_proximity));
        // Nor does it make an act more appropriate.
        if (before.is_kathekon === false) expect(after.is_kathekon, where).toBe(false);
        if (after.is_kathekon === true) expect(before.is_kathekon, where).toBe(true);
        // The claims themselves stay as stated.
        expect(
          after.oikeiosis.relevant_circles.map((r) => r.obligation_assessment.status),
          where,
        ).toEqual(before.oikeiosis.relevant_circles.map((r) => r.obligation_assessment.status));
        if (rank(after.katorthoma_proximity) < rank(before.katorthoma_proximity)) lowered++;
      }
    }
    expect(lowered, "the appended contradiction should lower some verdicts").toBeGreaterThan(20);
  });

  it("every marker quote is the input's own text at its offsets; passion quotes likewise or null", () => {
    for (const c of CASES) {
      const a = run(c.extraction, c.text);
      for (const m of markersOf(a)) {
        expect(c.text.slice(m.start, m.end), `${JSON.stringify(m)}: ${label(c)}`).toBe(m.quote);
        expect(m.quote.length, label(c)).toBeGreaterThan(0);
      }
      a.passions.forEach((p, i) => {
        const claimed = c.extraction.passions[i]!.quote;
        if (claimed !== null && c.text.includes(claimed)) expect(p.quote?.quote, label(c)).toBe(claimed);
        else expect(p.quote, label(c)).toBeNull();
      });
    }
  });

  it("the same extraction, input and examination give byte-identical canonical JSON", () => {
    for (const c of CASES.slice(0, 150)) {
      const first = canonicalize(run(c.extraction, c.text));
      const again = canonicalize(run(structuredClone(c.extraction), `${c.text}`, { ...EXAMINATION }));
      expect(again, label(c)).toBe(first);
    }
    // And the examination context is part of the signed object: another ref gives other bytes.
    const c = CASES[0]!;
    expect(canonicalize(run(c.extraction, c.text, { ...EXAMINATION, ref: "loop_other" }))).not.toBe(canonicalize(run(c.extraction, c.text)));
  });

  it("claimed statuses stay verbatim, also when contradicted", () => {
    for (const c of CASES) {
      const text = `${c.text}\n${CONTRADICTION}`;
      const a = run(c.extraction, text);
      const byCircle = new Map(c.extraction.circles.map((k) => [k.circle, k.obligation_claim]));
      expect(a.oikeiosis.relevant_circles.map((r) => r.circle).sort(), label(c)).toEqual([...byCircle.keys()].sort());
      for (const r of a.oikeiosis.relevant_circles) {
        expect(r.obligation_assessment.status, label(c)).toBe(byCircle.get(r.circle));
        expect(r.honourability_grade, label(c)).toBe(CIRCLE_PRIORS[r.circle].honourability);
        expect(r.advantageousness_grade, label(c)).toBe(CIRCLE_PRIORS[r.circle].advantageousness);
      }
      for (const k of a.corroboration.claims.filter((k) => k.kind === "obligation")) {
        expect(k.claimed_status, label(c)).toBe(byCircle.get(k.circle!));
      }
    }
  });

  it("is_kathekon: false when any duty is violated or contradicted, null when none is decided, else true; kathekon_quality only when true", () => {
    for (const c of CASES) {
      const a = run(c.extraction, c.text);
      const violated = c.extraction.circles.some((k) => k.obligation_claim === "violated") || contradictions(a).some((k) => k.kind === "obligation");
      const decided = c.extraction.circles.some((k) => k.obligation_claim !== "indeterminate");
      expect(a.is_kathekon, label(c)).toBe(violated ? false : decided ? true : null);
      if (a.is_kathekon === true) expect(a.kathekon_quality, label(c)).not.toBeNull();
      else expect(a.kathekon_quality, label(c)).toBeNull();
    }
  });

  it("the practice block carries at most one advisory agent-practice-suggestion/v1", () => {
    for (const c of CASES) {
      const a = run(c.extraction, c.text);
      expect(
        Object.keys(a.practice).every((k) => k === "suggestion"),
        label(c),
      ).toBe(true);
      if (a.practice.suggestion) {
        expect(a.practice.suggestion, label(c)).toEqual({
          schema: "agent-practice-suggestion/v1",
          gap: expect.any(String),
          question: expect.any(String),
          advisory: true,
        });
        expect(a.practice.suggestion.question, label(c)).toMatch(/\?/);
      }
    }
  });

  it("passions cap the disposition reading; an unexamined grave act caps it at habitual", () => {
    for (const c of CASES) {
      const a = run(c.extraction, c.text);
      const base = rank(a.proximity_floors.base);
      if (c.extraction.passions.some((p) => p.intensity === "strong")) expect(base, label(c)).toBeLessThanOrEqual(rank("habitual"));
      if (c.extraction.passions.length > 0) expect(base, label(c)).toBeLessThanOrEqual(rank("deliberate"));
      if (c.extraction.grave_act.present && c.extraction.deliberation.examined_before_acting !== true)
        expect(base, label(c)).toBeLessThanOrEqual(rank("habitual"));
      // A grave act said to be examined, which the account itself says was done without thinking, reads reflexive.
      if (a.corroboration.claims.some((k) => k.kind === "examined_before_acting" && k.finding === "contradicted"))
        expect(a.proximity_floors.base, label(c)).toBe("reflexive");
    }
  });

  it("a sub_species is kept only when it belongs to its root passion", () => {
    for (const c of CASES) {
      const a = run(c.extraction, c.text);
      a.passions.forEach((p, i) => {
        const claimed = c.extraction.passions[i]!;
        const own = PASSIONS.find((r) => r.id === claimed.root_passion)!.sub_species.some((s) => s.id === claimed.sub_species);
        expect(p.root_passion, label(c)).toBe(claimed.root_passion);
        expect(p.sub_species, label(c)).toBe(own ? claimed.sub_species : null);
        expect(p.false_judgement, label(c)).toBe(PASSIONS.find((r) => r.id === claimed.root_passion)!.false_judgement);
      });
    }
  });
});

// ---------------------------------------------------------------------------------------
// Tables: one rule per row
// ---------------------------------------------------------------------------------------

describe("the disposition reading (base)", () => {
  it.each([
    ["none", "reflexive"],
    ["habitual", "habitual"],
    ["considered", "deliberate"],
    ["principled", "principled"],
    ["exemplary", "sage_like"],
  ] as const)("deliberation %s reads as %s with nothing else at play", (level, base) => {
    const a = run(extraction({ deliberation: { level } }), "I did it.");
    expect(a.proximity_floors).toEqual({ base, dikaiosyne: null, andreia: null, sophrosyne: null, aggregate: base, basis: [] });
    expect(a.katorthoma_proximity).toBe(base);
  });

  it.each([
    // [level, intensities, expected base]
    ["exemplary", ["strong"], "habitual"],
    ["principled", ["mild", "strong"], "habitual"],
    ["exemplary", ["mild"], "deliberate"],
    ["principled", ["mild", "mild"], "deliberate"],
    ["considered", ["mild"], "deliberate"],
    ["habitual", ["strong"], "habitual"],
    ["none", ["strong"], "reflexive"],
    ["none", ["mild"], "reflexive"],
  ] as const)("deliberation %s with passions %j gives base %s", (level, intensities, base) => {
    const passions = intensities.map((intensity) => ({ root_passion: "phobos" as const, sub_species: "agonia", intensity, quote: null }));
    const a = run(extraction({ deliberation: { level }, passions }), "I was anxious.");
    expect(a.proximity_floors.base).toBe(base);
    const capped =
      rank(base) <
      rank(({ none: "reflexive", habitual: "habitual", considered: "deliberate", principled: "principled", exemplary: "sage_like" } as const)[level]);
    expect(
      a.proximity_floors.basis.some((b) => b.startsWith("passion:")),
      JSON.stringify(a.proximity_floors),
    ).toBe(capped);
  });

  it.each([
    [null, "habitual"],
    [false, "habitual"],
    [true, "principled"],
  ] as const)("a grave act with examined_before_acting %s gives base %s from principled deliberation", (examined, base) => {
    const a = run(
      extraction({
        deliberation: { level: "principled", examined_before_acting: examined },
        grave_act: { present: true, harmed_circle: "community", quote: null },
      }),
      "I reported my colleague to the police.",
    );
    expect(a.proximity_floors.base).toBe(base);
    expect(a.proximity_floors.basis.some((b) => b.startsWith("grave act:"))).toBe(base === "habitual");
  });

  it("the examined-before-acting claim on a grave act is contradicted by 'without thinking' and lowers base to reflexive", () => {
    const ex = extraction({
      deliberation: { level: "principled", examined_before_acting: true },
      grave_act: { present: true, harmed_circle: "community", quote: "I deleted the customer database." },
    });
    const text = "I deleted the customer database. I did it without thinking.";
    const a = run(ex, text);
    expect(a.proximity_floors.base).toBe("reflexive");
    expect(a.katorthoma_proximity).toBe("reflexive");
    const claim = a.corroboration.claims.find((k) => k.kind === "examined_before_acting");
    expect(claim).toEqual({
      id: "examined_before_acting",
      kind: "examined_before_acting",
      circle: "community",
      claimed_status: "examined",
      finding: "contradicted",
      markers: [{ quote: "I did it without thinking.", start: 33, end: 59 }],
    });
    expect(text.slice(33, 59)).toBe("I did it without thinking.");
    // The claim stays in the extraction as stated; only the verdict moved.
    expect(ex.deliberation.examined_before_acting).toBe(true);

    // The same claim, grounded: corroborated, and the reading stands.
    const grounded = run(ex, "I deleted the customer database. I weighed the options with the team first.");
    expect(grounded.corroboration.claims.find((k) => k.kind === "examined_before_acting")?.finding).toBe("corroborated");
    expect(grounded.proximity_floors.base).toBe("principled");
    // Neither said: uncorroborated, and no lowering.
    const silent = run(ex, "I deleted the customer database.");
    expect(silent.corroboration.claims.find((k) => k.kind === "examined_before_acting")).toMatchObject({ finding: "uncorroborated", markers: [] });
    expect(silent.proximity_floors.base).toBe("principled");
  });

  it("the examined-before-acting claim is only checked on a grave act", () => {
    const a = run(extraction({ deliberation: { level: "principled", examined_before_acting: true } }), "I did it without thinking.");
    expect(a.corroboration.claims).toEqual([]);
    expect(a.proximity_floors.base).toBe("principled");
  });
});

describe("domain floors and the aggregate", () => {
  it.each([
    [{ dikaiosyne: "principled" }, "deliberate", "deliberate"],
    [{ dikaiosyne: "habitual" }, "principled", "habitual"],
    [{ andreia: "reflexive", sophrosyne: "sage_like" }, "principled", "reflexive"],
    [{ dikaiosyne: "sage_like", andreia: "sage_like", sophrosyne: "sage_like" }, "sage_like", "sage_like"],
    [{ sophrosyne: "deliberate" }, "sage_like", "deliberate"],
    [{}, "principled", "principled"],
  ] as const)("domains %j over base %s give aggregate %s", (readings, base, aggregate) => {
    const level = ({ reflexive: "none", habitual: "habitual", deliberate: "considered", principled: "principled", sage_like: "exemplary" } as const)[base];
    const domains = Object.fromEntries(DOMAINS.map((d) => [d, d in readings ? engaged((readings as Record<Domain, Proximity>)[d]) : notEngaged()]));
    const a = run(extraction({ deliberation: { level }, domains }), "I did it.");
    expect(a.proximity_floors.aggregate).toBe(aggregate);
    expect(a.katorthoma_proximity).toBe(aggregate);
    for (const d of DOMAINS) expect(a.proximity_floors[d], d).toBe((readings as Partial<Record<Domain, Proximity>>)[d] ?? null);
    expect(a.virtue_domains_engaged).toEqual(["phronesis", ...DOMAINS.filter((d) => d in readings)]);
    expect({ senecan_grade: a.senecan_grade, authority_level: a.authority_level }).toEqual(deriveFromProximity(aggregate));
  });
});

describe("corroboration of circle claims", () => {
  const principledJustice = (circles: Layer1Extraction["circles"]) =>
    extraction({ deliberation: { level: "principled" }, domains: { dikaiosyne: engaged("principled") }, circles });

  it("a met claim whose quote occurs verbatim is corroborated, with the quote at its offsets", () => {
    const text = "Yesterday I kept my promise to my colleague.";
    const a = run(principledJustice([{ circle: "community", obligation_claim: "met", quote: "kept my promise to my colleague" }]), text);
    expect(a.corroboration.claims).toEqual([
      {
        id: "obligation:community",
        kind: "obligation",
        circle: "community",
        claimed_status: "met",
        finding: "corroborated",
        markers: [{ quote: "kept my promise to my colleague", start: 12, end: 43 }],
      },
    ]);
    expect(a.oikeiosis.relevant_circles[0]!.obligation_assessment).toEqual({
      status: "met",
      justification: "Claimed met, and the account's own words support it.",
    });
    expect(a.is_kathekon).toBe(true);
    expect(a.kathekon_quality).toBe("strong");
  });

  it("a met claim whose quote is not in the input is uncorroborated and lowers nothing", () => {
    const a = run(principledJustice([{ circle: "community", obligation_claim: "met", quote: "I paid my colleague back" }]), "I handled it.");
    expect(a.corroboration.claims[0]).toMatchObject({ finding: "uncorroborated", markers: [] });
    expect(a.proximity_floors.dikaiosyne).toBe("principled");
    expect(a.practice.suggestion).toMatchObject({ gap: "uncorroborated:community" });
  });

  it.each([
    ["met", "community"],
    ["indeterminate", "community"],
    ["met", "household"],
    ["indeterminate", "humanity"],
  ] as const)("a %s claim for %s contradicted by the account lowers justice to habitual; the claim stays verbatim", (claimed, circle) => {
    const sentence = { community: "I lied to my colleague.", household: "I lied to my wife.", humanity: "I lied to the public." }[circle];
    const text = `It went fine. ${sentence}`;
    const ex = principledJustice([{ circle, obligation_claim: claimed, quote: "It went fine." }]);
    const a = run(ex, text);
    const claim = a.corroboration.claims.find((k) => k.circle === circle)!;
    expect(claim.finding).toBe("contradicted");
    expect(claim.claimed_status).toBe(claimed);
    expect(claim.markers).toEqual([{ quote: sentence, start: 14, end: 14 + sentence.length }]);
    expect(a.oikeiosis.relevant_circles[0]!.obligation_assessment.status).toBe(claimed);
    expect(a.oikeiosis.relevant_circles[0]!.obligation_assessment.justification).toContain(sentence);
    expect(a.proximity_floors.dikaiosyne).toBe("habitual");
    expect(a.proximity_floors.base).toBe("principled");
    expect(a.proximity_floors.aggregate).toBe("habitual");
    expect(a.proximity_floors.basis).toEqual([`corroboration: the account contradicts its claim about its duty to ${circle}; justice at most habitual`]);
    expect(a.is_kathekon).toBe(false);
    expect(a.kathekon_quality).toBeNull();
    expect(a.practice.suggestion).toMatchObject({ schema: "agent-practice-suggestion/v1", gap: `corroboration:obligation:${circle}` });
    // The same extraction without the contradicting sentence is not lowered.
    expect(run(ex, "It went fine.").proximity_floors.dikaiosyne).toBe("principled");
  });

  it("a contradiction never raises a justice floor already below habitual", () => {
    const ex = extraction({
      deliberation: { level: "none" },
      domains: { dikaiosyne: engaged("reflexive") },
      circles: [{ circle: "community", obligation_claim: "met", quote: null }],
    });
    const a = run(ex, "I lied to my colleague.");
    expect(a.proximity_floors.dikaiosyne).toBe("reflexive");
    expect(a.katorthoma_proximity).toBe("reflexive");
  });

  describe("the basis names a corroboration cap only when it drove a floor", () => {
    it("a contradicted duty to others with justice already below habitual lowers nothing: basis empty", () => {
      const ex = extraction({
        deliberation: { level: "none" },
        domains: { dikaiosyne: engaged("reflexive") },
        circles: [{ circle: "community", obligation_claim: "met", quote: null }],
      });
      const a = run(ex, "I lied to my colleague.");
      expect(a.corroboration.claims[0]).toMatchObject({ circle: "community", finding: "contradicted" });
      expect(a.proximity_floors.basis).toEqual([]);
    });
    it("two contradicted duties: the first caps justice and is named, the second lowers nothing and is not", () => {
      const a = run(
        principledJustice([
          { circle: "household", obligation_claim: "met", quote: null },
          { circle: "community", obligation_claim: "met", quote: null },
        ]),
        "I lied to my wife. I lied to my colleague.",
      );
      expect(a.corroboration.claims.map((k) => k.finding)).toEqual(["contradicted", "contradicted"]);
      expect(a.proximity_floors.dikaiosyne).toBe("habitual");
      expect(a.proximity_floors.basis).toEqual(["corroboration: the account contradicts its claim about its duty to household; justice at most habitual"]);
    });
    it.each([
      ["principled", "habitual", ["corroboration: the account contradicts its claim about self-preservation; disposition at most habitual"]],
      ["habitual", "habitual", []],
      ["none", "reflexive", []],
    ] as const)("a contradicted claim about self-preservation from %s deliberation: base %s, basis %j", (level, base, basis) => {
      const ex = extraction({ deliberation: { level }, circles: [{ circle: "self_preservation", obligation_claim: "met", quote: null }] });
      const a = run(ex, "I neglected my health for months.");
      expect(a.corroboration.claims[0]).toMatchObject({ circle: "self_preservation", finding: "contradicted" });
      expect(a.proximity_floors).toMatchObject({ base, basis });
    });
    it("a grave act said examined but done 'without thinking', from a base already reflexive, lowers nothing: basis empty", () => {
      const ex = extraction({
        deliberation: { level: "none", examined_before_acting: true },
        grave_act: { present: true, harmed_circle: "community", quote: "I deleted the customer database." },
      });
      const a = run(ex, "I deleted the customer database. I did it without thinking.");
      expect(a.corroboration.claims.find((k) => k.kind === "examined_before_acting")?.finding).toBe("contradicted");
      expect(a.proximity_floors).toMatchObject({ base: "reflexive", basis: [] });
    });
  });

  it("a contradicted claim about self-preservation lowers the base, not justice", () => {
    const ex = extraction({ deliberation: { level: "principled" }, circles: [{ circle: "self_preservation", obligation_claim: "met", quote: null }] });
    const a = run(ex, "I neglected my health for months.");
    expect(a.corroboration.claims[0]).toMatchObject({ circle: "self_preservation", finding: "contradicted" });
    expect(a.proximity_floors.base).toBe("habitual");
    expect(a.proximity_floors.dikaiosyne).toBeNull();
    expect(a.virtue_domains_engaged).toEqual(["phronesis"]);
  });

  it("a violated claim is taken as stated: not checked, is_kathekon false", () => {
    const a = run(principledJustice([{ circle: "household", obligation_claim: "violated", quote: null }]), "I kept my promise to my wife.");
    expect(a.corroboration.claims).toEqual([]);
    expect(a.oikeiosis.relevant_circles[0]!.obligation_assessment).toEqual({
      status: "violated",
      justification: "The account itself reports this duty as not met.",
    });
    expect(a.is_kathekon).toBe(false);
    expect(a.kathekon_quality).toBeNull();
  });

  it("a violation cue about a circle the extraction does not claim contradicts nothing", () => {
    const a = run(
      principledJustice([{ circle: "household", obligation_claim: "met", quote: "I kept my promise to my wife." }]),
      "I kept my promise to my wife. I lied to my colleague.",
    );
    expect(a.corroboration.claims.map((k) => k.finding)).toEqual(["corroborated"]);
    expect(a.proximity_floors.dikaiosyne).toBe("principled");
  });
});

describe("appropriateness (is_kathekon, kathekon_quality)", () => {
  it.each([
    ["no circle at all", [], null, null],
    ["only indeterminate claims", [{ circle: "community", obligation_claim: "indeterminate", quote: null }], null, null],
    ["a met claim", [{ circle: "community", obligation_claim: "met", quote: null }], true, "strong"],
    [
      "a met and an indeterminate claim",
      [
        { circle: "community", obligation_claim: "met", quote: null },
        { circle: "household", obligation_claim: "indeterminate", quote: null },
      ],
      true,
      "strong",
    ],
    [
      "a met and a violated claim",
      [
        { circle: "community", obligation_claim: "met", quote: null },
        { circle: "household", obligation_claim: "violated", quote: null },
      ],
      false,
      null,
    ],
  ] as const)("%s: is_kathekon and its quality follow", (_label, circles, isKathekon, quality) => {
    const a = run(extraction({ deliberation: { level: "principled" }, circles: circles as unknown as Layer1Extraction["circles"] }), "We talked.");
    expect(a.is_kathekon).toBe(isKathekon);
    expect(a.kathekon_quality).toBe(quality);
  });

  it.each([
    ["none", "weak"],
    ["habitual", "weak"],
    ["considered", "moderate"],
    ["principled", "strong"],
    ["exemplary", "strong"],
  ] as const)("an appropriate act at deliberation %s is of %s quality", (level, quality) => {
    const a = run(extraction({ deliberation: { level }, circles: [{ circle: "household", obligation_claim: "met", quote: null }] }), "We talked.");
    expect(a.is_kathekon).toBe(true);
    expect(a.kathekon_quality).toBe(quality);
  });

  it("the outermost circle at stake gives the top-level grades; none gives null", () => {
    const a = run(
      extraction({
        circles: [
          { circle: "cosmic", obligation_claim: "met", quote: null },
          { circle: "household", obligation_claim: "met", quote: null },
        ],
      }),
      "We talked.",
    );
    expect(a.oikeiosis.relevant_circles.map((r) => r.circle)).toEqual(["household", "cosmic"]);
    expect([a.honourability_grade, a.advantageousness_grade]).toEqual([CIRCLE_PRIORS.cosmic.honourability, CIRCLE_PRIORS.cosmic.advantageousness]);
    const none = run(extraction(), "We talked.");
    expect([none.honourability_grade, none.advantageousness_grade]).toEqual([null, null]);
  });
});

describe("passions", () => {
  it.each([
    ["epithumia", "orge", "orge"],
    ["phobos", "agonia", "agonia"],
    ["phobos", "orge", null],
    ["lupe", "terpsis", null],
    ["hedone", "unknown", null],
    ["lupe", null, null],
  ] as const)("%s with sub_species %s keeps %s", (root, sub, kept) => {
    const a = run(extraction({ passions: [{ root_passion: root, sub_species: sub, intensity: "mild", quote: null }] }), "I felt it.");
    expect(a.passions[0]!.sub_species).toBe(kept);
    expect(a.passions[0]!.root_passion).toBe(root);
  });

  it("a passion quote is located in the input, or null when it does not occur there", () => {
    const text = "In the meeting I was furious with him.";
    const a = run(
      extraction({
        passions: [
          { root_passion: "epithumia", sub_species: "orge", intensity: "strong", quote: "furious" },
          { root_passion: "phobos", sub_species: null, intensity: "mild", quote: "terrified" },
        ],
      }),
      text,
    );
    expect(a.passions.map((p) => p.quote)).toEqual([{ quote: "furious", start: 21, end: 28 }, null]);
  });

  it.each([
    [[], "considered", "governed"],
    [[], "none", "unexamined"],
    [["mild"], "considered", "disturbed"],
    [["strong"], "considered", "disturbed"],
    [["strong"], "none", "overwhelmed"],
  ] as const)("passions %j at deliberation %s leave the ruling faculty %s", (intensities, level, state) => {
    const passions = intensities.map((intensity) => ({ root_passion: "lupe" as const, sub_species: "penthos", intensity, quote: null }));
    expect(run(extraction({ deliberation: { level }, passions }), "I grieved.").ruling_faculty_state).toBe(state);
  });
});

describe("the practice suggestion", () => {
  it("is absent when nothing qualifies: principled deliberation, no passions, principled domains, corroborated claims", () => {
    const text = "I told my colleague the truth because it was the right thing.";
    const a = run(
      extraction({
        deliberation: { level: "principled", examined_before_acting: true },
        domains: { dikaiosyne: engaged("principled"), andreia: engaged("principled"), sophrosyne: engaged("principled") },
        circles: [{ circle: "community", obligation_claim: "met", quote: "I told my colleague the truth" }],
      }),
      text,
    );
    expect(a.corroboration.claims.map((k) => k.finding)).toEqual(["corroborated"]);
    expect(a.practice).toEqual({});
    expect("suggestion" in a.practice).toBe(false);
  });

  it.each([
    [
      "a contradiction comes first",
      extraction({
        passions: [{ root_passion: "phobos", sub_species: "aischyne", intensity: "strong", quote: null }],
        circles: [{ circle: "community", obligation_claim: "met", quote: null }],
      }),
      "I lied to my colleague.",
      "corroboration:obligation:community",
    ],
    [
      "then a strong passion",
      extraction({ passions: [{ root_passion: "phobos", sub_species: "aischyne", intensity: "strong", quote: null }] }),
      "I hid.",
      "passion:phobos",
    ],
    [
      "then an uncorroborated met claim",
      extraction({ circles: [{ circle: "humanity", obligation_claim: "met", quote: null }] }),
      "We talked.",
      "uncorroborated:humanity",
    ],
    [
      "then the lowest domain below deliberate",
      extraction({ domains: { andreia: engaged("habitual"), sophrosyne: engaged("reflexive") } }),
      "We talked.",
      "domain:sophrosyne",
    ],
  ] as const)("%s", (_label, ex, text, gap) => {
    const a = run(ex, text);
    expect(a.practice.suggestion).toEqual({ schema: "agent-practice-suggestion/v1", gap, question: expect.stringMatching(/\?/), advisory: true });
  });

  it("a mild passion and domains at deliberate or above ask nothing", () => {
    const a = run(
      extraction({ passions: [{ root_passion: "phobos", sub_species: null, intensity: "mild", quote: null }], domains: { andreia: engaged("deliberate") } }),
      "I was afraid.",
    );
    expect(a.practice).toEqual({});
  });
});

describe("the examination block", () => {
  it("carries the ref, depth and prior feedback reference given, and the input hash", () => {
    const a = run(extraction(), "I did it.", { ref: "loop_abc", depth_tier: "deep", prior_feedback_ref: "loop_prev", input_sha256: "f".repeat(64) });
    expect(a.examination).toEqual({ ref: "loop_abc", depth_tier: "deep", prior_feedback_ref: "loop_prev" });
    expect(a.input_sha256).toBe("f".repeat(64));
    expect(a.schema).toBe("l2-assessment/v1");
  });
});
