import { describe, expect, it } from "vitest";
import { canonicalize } from "./jcs";
import { assess } from "./engine";
import { EXTRACTION_SCHEMA_VERSION, Layer1Extraction } from "./extraction";
import { offlineExtractor } from "./offline";
import { extractOffline, OFFLINE_EXTRACTOR } from "./offline_extractor";
import { prng } from "../../../../tests/support/extraction";

// The offline extractor (Layer 1 without a model): representative accounts give the expected
// readings, its output always satisfies the published extraction schema, and it is
// deterministic.

const EXAMINATION = { ref: "loop_offline", depth_tier: "standard" as const, prior_feedback_ref: null, input_sha256: "0".repeat(64) };

function extract(text: string, answeredTrigger: string | null = null): Layer1Extraction {
  const out = extractOffline({ text, answeredTriggers: answeredTrigger ? [answeredTrigger] : [] });
  const parsed = Layer1Extraction.safeParse(out);
  expect(parsed.success, `${text}\n${parsed.error?.message}`).toBe(true);
  return out;
}

describe("offline extractor: representative accounts", () => {
  it("impulsive anger at a partner: no deliberation, anger, household at stake; Layer 2 reads it reflexive", () => {
    const text = "I was furious and yelled at my partner without thinking.";
    const ex = extract(text);
    expect(ex.deliberation).toEqual({ level: "none", examined_before_acting: false, evidence: ["without thinking"] });
    expect(ex.passions).toEqual([{ root_passion: "epithumia", sub_species: "orge", intensity: "strong", quote: "furious" }]);
    expect(ex.circles.map((c) => c.circle)).toEqual(["household"]);
    expect(ex.situation.act_kind).toBe("past_action");
    expect(ex.ambiguity.trigger_code).toBeNull();
    const a = assess({ extraction: ex, text, examination: EXAMINATION });
    expect(a.proximity_floors.base).toBe("reflexive");
    expect(a.katorthoma_proximity).toBe("reflexive");
    expect(a.ruling_faculty_state).toBe("overwhelmed");
  });

  it("a kept promise to a colleague: community met, justice engaged, quoted verbatim", () => {
    const text = "I kept my promise to my colleague and finished the report.";
    const ex = extract(text);
    // The quote is the act read, with its object: a verbatim span of the account.
    const act = "kept my promise to my colleague";
    expect(ex.circles).toEqual([{ circle: "community", obligation_claim: "met", quote: act }]);
    expect(ex.domains.dikaiosyne).toEqual({ engaged: true, reading: "deliberate", evidence: [act] });
    expect(ex.grave_act.present).toBe(false);
    const a = assess({ extraction: ex, text, examination: EXAMINATION });
    expect(a.is_kathekon).toBe(true);
    expect(a.corroboration.claims).toEqual([
      {
        id: "obligation:community",
        kind: "obligation",
        circle: "community",
        claimed_status: "met",
        finding: "corroborated",
        markers: [{ quote: act, start: 2, end: 2 + act.length }],
      },
    ]);
  });

  it("a lie to a manager: community violated, justice reflexive", () => {
    const ex = extract("I lied to my manager about the deadline.");
    expect(ex.circles).toEqual([{ circle: "community", obligation_claim: "violated", quote: "I lied to my manager about the deadline." }]);
    expect(ex.domains.dikaiosyne.reading).toBe("reflexive");
  });

  it("weighed and principled: principled deliberation, examined before acting", () => {
    const ex = extract("I weighed both options and told my manager the truth because it was the right thing.");
    expect(ex.deliberation.level).toBe("principled");
    expect(ex.deliberation.examined_before_acting).toBe(true);
    expect(ex.circles[0]).toMatchObject({ circle: "community", obligation_claim: "met" });
  });

  it("a grave act names the circle it harms and quotes its sentence", () => {
    const ex = extract("The launch went badly. I deleted the customer database to hide it from the team.");
    expect(ex.grave_act).toEqual({ present: true, harmed_circle: "community", quote: "I deleted the customer database to hide it from the team." });
    expect(ex.domains.dikaiosyne.engaged).toBe(true);
  });

  it("fear engages courage; indulgence engages temperance", () => {
    const fear = extract("I was too scared to speak and stayed silent in the meeting.");
    expect(fear.domains.andreia).toMatchObject({ engaged: true, reading: "reflexive" });
    expect(fear.passions.some((p) => p.root_passion === "phobos")).toBe(true);
    const binge = extract("I gave in and binged on the whole cake.");
    expect(binge.domains.sophrosyne).toMatchObject({ engaged: true, reading: "reflexive" });
    expect(binge.domains.andreia.engaged).toBe(false);
  });

  it("an account with no reasoning shown reads as habitual, with no domain engaged", () => {
    const ex = extract("I went for a walk after lunch.");
    expect(ex.deliberation).toEqual({ level: "habitual", examined_before_acting: null, evidence: [] });
    expect(Object.values(ex.domains).every((d) => !d.engaged && d.reading === null)).toBe(true);
    expect(ex.passions).toEqual([]);
    expect(ex.circles).toEqual([]);
  });
});

describe("offline extractor: passions read with negation and attribution, through the reader of accounts", () => {
  it('a denied passion is no passion: "I was not angry when…" reads no anger', () => {
    for (const text of [
      "I was not angry when he took my parking space.",
      "I wasn't angry when my neighbour's tree fell on my fence; I asked him to share the cost.",
      "I felt no fear at all and walked in.",
    ]) {
      expect(extract(text).passions, text).toEqual([]);
    }
  });

  it("someone else's passion is not the author's: \"my boss was furious, I stayed calm\" reads none", () => {
    for (const text of [
      "My boss was furious, I stayed calm.",
      "He was furious about the deadline, so I stayed late.",
      "She felt jealous of her sister, so I talked to her.",
    ]) {
      expect(extract(text).passions, text).toEqual([]);
    }
  });

  it('"it made me furious" is the author\'s anger, strong, quoted verbatim', () => {
    const ex = extract("When he laughed at my work it made me furious.");
    expect(ex.passions).toEqual([{ root_passion: "epithumia", sub_species: "orge", intensity: "strong", quote: "furious" }]);
  });

  it.each([
    ["I was so angry I threw my phone at the wall.", "epithumia", "orge", "strong"],
    ["I felt a flash of irritation at the waiter.", "epithumia", "orge", "mild"],
    ["I was terrified of losing my job.", "phobos", null, "strong"],
    ["I panicked and hung up.", "phobos", "thorybos", "strong"],
    ["I was ashamed of my debts.", "phobos", "aischyne", "mild"],
    ["I was envious of my cousin's success.", "lupe", "phthonos", "mild"],
    ["I've been grieving since my father died.", "lupe", "penthos", "mild"],
    ["I was thrilled when my rival lost his job.", "hedone", "epichairekakia", "strong"],
    ["I did it to impress my boss.", "epithumia", "philodoxia", "mild"],
  ] as const)("%s -> %s/%s %s", (text, root, sub, intensity) => {
    expect(extract(text).passions).toMatchObject([{ root_passion: root, sub_species: sub, intensity }]);
  });

  it("a proposed act and an act done are told apart by the author's verbs", () => {
    expect(extract("I'm going to take some cash from the till at work.").situation.act_kind).toBe("proposed_action");
    expect(extract("I will give the waitress the tip.").situation.act_kind).toBe("proposed_action");
    expect(extract("I took some cash from the till at work.").situation.act_kind).toBe("past_action");
    expect(extract("I told him I will pay it back.").situation.act_kind).toBe("past_action");
    expect(extract("Is it wrong to keep the change?").situation.act_kind).toBe("proposed_action");
  });

  it("deliberation carries its evidence, and a promise given as the reason reads principled", () => {
    const ex = extract("I left work early to be at my son's play, because I'd given him my word.");
    expect(ex.deliberation.level).toBe("principled");
    expect(ex.deliberation.examined_before_acting).toBe(true);
    expect(ex.deliberation.evidence.every((q) => "I left work early to be at my son's play, because I'd given him my word.".includes(q))).toBe(true);
  });

  it("fear faced engages courage with its evidence; a temper held engages temperance", () => {
    const brave = extract("I was scared, but I called the police when I saw him beating someone.");
    expect(brave.domains.andreia).toMatchObject({ engaged: true, reading: "deliberate" });
    expect(brave.domains.andreia.evidence).toContain("scared");
    const calm = extract("I wasn't annoyed when the waiter spilled soup on me. Accidents happen.");
    expect(calm.domains.sophrosyne).toMatchObject({ engaged: true, reading: "deliberate" });
    expect(calm.passions).toEqual([]);
  });
});

describe("offline extractor: ambiguity triggers", () => {
  it("two 'Should I' questions fuse two decisions: ELEMENT_FUSION with both as slot fills", () => {
    const ex = extract("Should I tell her? Should I quit?");
    expect(ex.ambiguity).toEqual({ trigger_code: "ELEMENT_FUSION", slot_fills: ["Should I tell her?", "Should I quit?"] });
    // A question about what to do is an act still to decide, as the language model's reading defines it.
    expect(ex.situation.act_kind).toBe("proposed_action");
  });

  it("an act already done and still to be done: TEMPORAL_AMBIGUITY", () => {
    const ex = extract("I already did it and I will do it again?");
    expect(ex.ambiguity.trigger_code).toBe("TEMPORAL_AMBIGUITY");
    expect(ex.ambiguity.slot_fills).toEqual(["I will", "I already"]);
  });

  it("a short account naming no one, about 'it': SCOPE_AMBIGUITY", () => {
    expect(extract("I did it anyway.").ambiguity).toEqual({ trigger_code: "SCOPE_AMBIGUITY", slot_fills: ["it"] });
  });

  it("a single clear question asks nothing", () => {
    expect(extract("Should I tell my brother that I crashed his car last week?").ambiguity).toEqual({ trigger_code: null, slot_fills: [] });
  });

  it.each([
    ["Should I tell her? Should I quit?", "ELEMENT_FUSION"],
    ["I already did it and I will do it again?", "TEMPORAL_AMBIGUITY"],
    ["I did it anyway.", "SCOPE_AMBIGUITY"],
  ])("an answered trigger is not fired again: %s", (text, trigger) => {
    expect(extract(text).ambiguity.trigger_code).toBe(trigger);
    expect(extract(text, trigger).ambiguity).toEqual({ trigger_code: null, slot_fills: [] });
    // Another answered trigger does not suppress this one.
    const other = ["ELEMENT_FUSION", "TEMPORAL_AMBIGUITY", "SCOPE_AMBIGUITY"].find((t) => t !== trigger)!;
    expect(extract(text, other).ambiguity.trigger_code).toBe(trigger);
  });

  it("the port passes the answered triggers through and is labelled offline-lexical/v1", async () => {
    expect(offlineExtractor.name).toBe(OFFLINE_EXTRACTOR);
    expect(OFFLINE_EXTRACTOR).toBe("offline-lexical/v1");
    const request = {
      input: "Should I tell her? Should I quit?",
      context: null,
      domain_context: null,
      clarification_response: "The first one.",
      depth: "standard" as const,
    };
    expect((await offlineExtractor.extract({ ...request, answered_triggers: [] })).ambiguity.trigger_code).toBe("ELEMENT_FUSION");
    expect((await offlineExtractor.extract({ ...request, answered_triggers: ["ELEMENT_FUSION"] })).ambiguity.trigger_code).toBeNull();
    expect((await offlineExtractor.extract({ ...request, answered_triggers: ["SCOPE_AMBIGUITY", "ELEMENT_FUSION"] })).ambiguity.trigger_code).toBeNull();
  });

  it("reads the input only: the clarification answer is never folded into the account", async () => {
    const answer = "I meant the question about quitting my job at the bank.";
    const ex = await offlineExtractor.extract({
      input: "Should I tell her? Should I quit?",
      context: "Some context about my colleague.",
      domain_context: null,
      clarification_response: answer,
      answered_triggers: ["ELEMENT_FUSION"],
      depth: "standard",
    });
    expect(ex.situation.summary).toBe("Should I tell her? Should I quit?");
    expect(JSON.stringify(ex)).not.toContain("bank");
    expect(JSON.stringify(ex)).not.toContain("colleague");
  });
});

// A small seeded generator of accounts, to check the schema and determinism over many inputs.
const FRAGMENTS = [
  "Should I tell her?",
  "Should I quit?",
  "I already did it.",
  "I will do it again.",
  "I lied to my manager.",
  "I kept my promise to my son.",
  "I was furious.",
  "I felt anxious and afraid.",
  "I weighed the options.",
  "I snapped without thinking.",
  "I stole from the company.",
  "I helped a stranger.",
  "I binged on sweets.",
  "I resisted the temptation.",
  "It was my duty.",
  "Nothing much happened.",
  "I ignored the neighbours",
  "  ",
  "\n",
  "?!",
  "I was thrilled and delighted.",
  "I envy my sister.",
  "the planet",
  "because it was right",
];

describe("offline extractor: schema and determinism over generated accounts", () => {
  const accounts = Array.from({ length: 300 }, (_, i) => {
    const rand = prng(4242 + i);
    const n = 1 + Math.floor(rand() * 6);
    return Array.from({ length: n }, () => FRAGMENTS[Math.floor(rand() * FRAGMENTS.length)]!).join(rand() < 0.5 ? " " : "");
  });

  it("always produces an extraction the published schema accepts, quoting only the input", () => {
    for (const text of accounts) {
      const ex = extract(text);
      expect(ex.schema_version).toBe(EXTRACTION_SCHEMA_VERSION);
      expect("orientation_observations" in ex, text).toBe(false);
      const quotes = [ex.grave_act.quote, ...ex.circles.map((c) => c.quote), ...ex.passions.map((p) => p.quote), ...ex.deliberation.evidence];
      for (const q of quotes) if (q !== null) expect(text, JSON.stringify(q)).toContain(q);
      for (const d of Object.values(ex.domains)) expect(d.engaged, text).toBe(d.reading !== null);
    }
  });

  it("is deterministic: the same input gives the same canonical bytes", () => {
    for (const text of accounts) {
      expect(canonicalize(extractOffline({ text })), text).toBe(canonicalize(extractOffline({ text: `${text}` })));
    }
  });

  it("handles the empty and whitespace-only account without breaking the schema", () => {
    for (const text of ["", "   ", "\n\n"]) expect(extract(text).situation.summary).toBe("(empty)");
  });

  it("keeps a circle's quote within the schema's 500 characters when its sentence is longer, still verbatim", () => {
    const text = `My colleague and I ${"then we worked on it for a long time and ".repeat(20)}it was good`;
    const ex = extract(text);
    expect(ex.circles).toHaveLength(1);
    expect(ex.circles[0]!.quote!.length).toBe(500);
    expect(text.startsWith(ex.circles[0]!.quote!)).toBe(true);
  });

  it("takes an account at the 5,000-character cap", () => {
    const text = "I kept my promise to my colleague. ".repeat(200).slice(0, 5000);
    const ex = extract(text);
    expect(ex.situation.summary.length).toBeLessThanOrEqual(1000);
  });
});
