import { describe, expect, it } from "vitest";
import {
  detectDistress,
  DISTRESS_MESSAGE,
  DISTRESS_RULES,
  DistressAssessmentSchema,
  DistressSignalKind,
  DistressSignalSchema,
  type DistressLevel,
  type DistressSignalKind as Kind,
} from "./distress";

interface Positive {
  text: string;
  severity: DistressLevel;
  kinds: Kind[];
}

// Positive cases across the tiers: expected severity and the signal kinds that must be found.
const POSITIVES: Positive[] = [
  // tier 1: explicit -> acute
  { text: "I want to die.", severity: "acute", kinds: ["suicidal_ideation"] },
  { text: "Honestly, I just wanna die.", severity: "acute", kinds: ["suicidal_ideation"] },
  { text: "I don\u2019t want to be here anymore.", severity: "acute", kinds: ["suicidal_ideation"] },
  { text: "I DON'T WANT TO LIVE ANYMORE", severity: "acute", kinds: ["suicidal_ideation"] },
  { text: "I'm thinking about killing myself tonight.", severity: "acute", kinds: ["suicidal_ideation"] },
  { text: "I have decided to end my life.", severity: "acute", kinds: ["suicidal_ideation"] },
  { text: "Sometimes I want to end it all.", severity: "acute", kinds: ["suicidal_ideation"] },
  { text: "There is no reason to live.", severity: "acute", kinds: ["suicidal_ideation"] },
  { text: "My family would be better off without me.", severity: "acute", kinds: ["suicidal_ideation"] },
  { text: "I wish I were dead.", severity: "acute", kinds: ["suicidal_ideation"] },
  { text: "I've been having suicidal thoughts again.", severity: "acute", kinds: ["suicidal_ideation"] },
  { text: "I'm not going to pretend: I want to kill myself.", severity: "acute", kinds: ["suicidal_ideation"] },
  { text: "I don't want to kill myself but I keep thinking about it.", severity: "acute", kinds: ["suicidal_ideation"] },
  { text: "I've been cutting myself again.", severity: "acute", kinds: ["self_harm"] },
  { text: "I want to hurt myself.", severity: "acute", kinds: ["self_harm"] },
  { text: "I will hurt myself tonight.", severity: "acute", kinds: ["self_harm"] },
  { text: "I'm going to cut myself after the meeting.", severity: "acute", kinds: ["self_harm"] },
  { text: "I took all my pills an hour ago.", severity: "acute", kinds: ["active_crisis"] },
  { text: "I'm in crisis and I don't know what to do.", severity: "acute", kinds: ["active_crisis"] },
  { text: "Goodbye forever, everyone.", severity: "acute", kinds: ["farewell"] },
  { text: "This is my last message. Thank you for everything.", severity: "acute", kinds: ["farewell"] },
  // tier 2: philosophically coded -> moderate
  { text: "The Stoics say death is indifferent, so it doesn\u2019t matter if I die.", severity: "moderate", kinds: ["indifference_to_own_life"] },
  { text: "I'm ready to take the open door Epictetus talked about.", severity: "moderate", kinds: ["open_door"] },
  { text: "Epictetus said the door is always open, and I think it's time I walked through it.", severity: "moderate", kinds: ["open_door"] },
  { text: "I will do what Cato did.", severity: "moderate", kinds: ["open_door"] },
  { text: "I am worthless.", severity: "moderate", kinds: ["worthlessness"] },
  { text: "I can't go on like this.", severity: "moderate", kinds: ["collapse_of_will"] },
  { text: "Nothing I do matters anymore; virtue is pointless for me.", severity: "moderate", kinds: ["virtue_as_futility"] },
  { text: "No one would miss me if I disappeared.", severity: "moderate", kinds: ["isolation"] },
  { text: "I've put my affairs in order.", severity: "moderate", kinds: ["finality"] },
  { text: "I'm done with life. My wife left me.", severity: "moderate", kinds: ["collapse_of_will", "loss"] },
  // tier 2 combined -> acute
  { text: "It doesn't matter if I die. I've put my affairs in order.", severity: "acute", kinds: ["indifference_to_own_life", "finality"] },
  { text: "I am worthless. My wife died last year and I have no one left.", severity: "acute", kinds: ["worthlessness", "loss", "isolation"] },
  { text: "I can't go on like this. I want to kill myself.", severity: "acute", kinds: ["collapse_of_will", "suicidal_ideation"] },
  // tier 3 alone -> mild (no redirect)
  { text: "My father passed away last month and I'm still grieving.", severity: "mild", kinds: ["loss"] },
  { text: "I feel like such a burden to my family.", severity: "mild", kinds: ["burden"] },
  { text: "I've been struggling with depression for years.", severity: "mild", kinds: ["long_struggle"] },
  { text: "I feel so alone lately.", severity: "mild", kinds: ["isolation"] },
  { text: "I feel hopeless about the future.", severity: "mild", kinds: ["despair"] },
  {
    text: "My wife died last year. I have no one left. I've been struggling with this for years.",
    severity: "mild",
    kinds: ["loss", "isolation", "long_struggle"],
  },
];

// Negative cases: the known false positives and ordinary ethical dilemmas. No signal at all.
const NEGATIVES: string[] = [
  "We need to kill the process before the deploy.",
  "This deadline is killing me, should I ask for an extension?",
  "I'd die for a coffee right now.",
  "He laid down a suicide squeeze bunt in the ninth inning; was it honourable to hide the signal?",
  "The project died when funding stopped; should I tell investors?",
  "We announced end of life of the product without telling support.",
  "In his letters, Seneca's death is described calmly. What does it teach about fear?",
  "Cato chose death rather than live under Caesar. Was that virtuous?",
  "What did the Stoics think about suicide? Was it a 'rational exit'?",
  "Is the \u2018open door\u2019 in Epictetus an endorsement of suicide?",
  "Epictetus says the door is always open. What did he mean?",
  "The Stoics hold that death is an indifferent; how should I think about my fear of flying?",
  "I lied to my boss about the deadline.",
  "I was angry and snapped at my colleague.",
  "I've been killing myself to meet this deadline and I skipped my daughter's recital.",
  "I cut myself a slice of cake and took the last piece at the office.",
  "I cut myself shaving this morning and was late for the meeting.",
  "I'm useless at spreadsheets, so I let a colleague take the blame.",
  "I'm taking my life back after the divorce and want to set boundaries.",
  "I'm dying to know what Marcus Aurelius would say about my promotion.",
  "I could kill for a vacation; is it wrong to call in sick?",
  "The unexamined life is not worth living, says Socrates.",
  "I would never kill myself, but I want to understand why Seneca obeyed Nero.",
  "Should I end my contract with the supplier early?",
  "My phone died during the meeting so I missed the vote.",
  "I want to die on this hill: the report must be accurate.",
  "Marcus Aurelius says to think of death daily, and I have practised that for a year.",
  "I'm writing an essay about suicide in Stoic philosophy.",
  "I've been thinking about suicide in Stoic philosophy for my seminar.",
  "I'm going to end it with my business partner before the audit.",
  "I'm ready to die whenever fate decides, as Marcus teaches; should I still buy life insurance?",
];

const signalQuotesAreVerbatim = (texts: readonly string[]) => {
  for (const s of detectDistress(texts).signals)
    expect(
      texts.some((t) => t.includes(s.quote)),
      `quote ${JSON.stringify(s.quote)}`,
    ).toBe(true);
};

describe("detectDistress: positive cases", () => {
  it("has at least 25 positive cases spanning the three tiers", () => {
    expect(POSITIVES.length).toBeGreaterThanOrEqual(25);
    const tiers = new Set(POSITIVES.flatMap((p) => detectDistress([p.text]).signals.map((s) => s.tier)));
    expect([...tiers].sort()).toEqual([1, 2, 3]);
  });

  describe.each(POSITIVES)("$text", ({ text, severity, kinds }) => {
    const result = detectDistress([text]);

    it(`is ${severity}`, () => {
      expect(result.severity).toBe(severity);
    });

    it("finds the expected kinds", () => {
      expect([...new Set(result.signals.map((s) => s.kind))].sort()).toEqual([...new Set(kinds)].sort());
    });

    it("redirects with the message exactly for acute and moderate", () => {
      const redirects = severity === "acute" || severity === "moderate";
      expect(result.redirect).toBe(redirects);
      expect(result.suggested_user_message).toBe(redirects ? DISTRESS_MESSAGE : null);
    });

    it("quotes verbatim spans of the text", () => {
      expect(result.signals.length).toBeGreaterThan(0);
      for (const s of result.signals) expect(text).toContain(s.quote);
    });

    it("is a valid DistressAssessment", () => {
      expect(DistressAssessmentSchema.safeParse(result).success).toBe(true);
    });
  });
});

describe("detectDistress: negative cases (no signal)", () => {
  it("has at least 20 negative cases", () => {
    expect(NEGATIVES.length).toBeGreaterThanOrEqual(20);
  });

  describe.each(NEGATIVES.map((text) => ({ text })))("$text", ({ text }) => {
    it("gives no signal, no severity, no redirect", () => {
      expect(detectDistress([text])).toEqual({ severity: null, redirect: false, signals: [], suggested_user_message: null });
    });
  });
});

describe("quotes", () => {
  it("every signal quote of every case is a verbatim substring of an input text", () => {
    for (const p of POSITIVES) signalQuotesAreVerbatim([p.text]);
    signalQuotesAreVerbatim(["Is this right?", "I\u2019ve been cutting myself and I\u2019m worthless"]);
  });

  it("keeps curly apostrophes and odd whitespace in the quote, as written", () => {
    const text = "Honestly I don\u2019t   want to\nbe here anymore.";
    const [signal] = detectDistress([text]).signals;
    expect(signal?.quote).toBe("I don\u2019t   want to\nbe here anymore");
    expect(text).toContain(signal?.quote);
  });

  it("reads any letter case, and keeps the quote as written after a character whose lower case is longer", () => {
    const text = "Back from İstanbul. HONESTLY I WANT TO DIE.";
    const [signal] = detectDistress([text]).signals;
    expect(signal?.quote).toBe("I WANT TO DIE");
  });

  it("a match starts on a word boundary: not after a letter, digit or '_' (astral letters included)", () => {
    for (const before of ["x", "é", "7", "_", "\u{1D49C}"]) expect(detectDistress([`${before}I want to die`]).signals).toEqual([]);
    for (const before of [" ", "-", "\n", "'", "\u{1F600}"]) {
      expect(detectDistress([`${before}I want to die`]).signals).toEqual([{ tier: 1, kind: "suicidal_ideation", quote: "I want to die" }]);
    }
    // A failed start does not hide a later one in the same text.
    expect(detectDistress(["xI want to die, I want to die"]).signals).toEqual([{ tier: 1, kind: "suicidal_ideation", quote: "I want to die" }]);
  });

  it("an overlapping lower-tier span is not reported twice", () => {
    const result = detectDistress(["Everyone would be better off without me."]);
    expect(result.signals).toEqual([{ tier: 1, kind: "suicidal_ideation", quote: "Everyone would be better off without me" }]);
  });
});

describe("texts array", () => {
  const input = "Should I tell my manager that I missed the deadline because of a family matter?";
  const clarification = "It's the second one. Honestly I just want to end it all.";

  it("finds a signal in the second text (the clarification response)", () => {
    expect(detectDistress([input]).severity).toBeNull();
    const result = detectDistress([input, clarification]);
    expect(result.severity).toBe("acute");
    expect(result.redirect).toBe(true);
    expect(result.signals).toEqual([{ tier: 1, kind: "suicidal_ideation", quote: "end it all" }]);
    expect(clarification).toContain(result.signals[0]?.quote);
    expect(input).not.toContain(result.signals[0]?.quote);
  });

  it("combines signals across texts for the severity (tier 2 in one, finality in the other)", () => {
    expect(detectDistress(["It doesn't matter if I die."]).severity).toBe("moderate");
    expect(detectDistress(["It doesn't matter if I die.", "This is goodbye."]).severity).toBe("acute");
  });

  it("lists signals in text order and skips missing texts", () => {
    const result = detectDistress(["I feel so alone lately.", undefined, null, "", "I am worthless."]);
    expect(result.signals.map((s) => s.kind)).toEqual(["isolation", "worthlessness"]);
    expect(result.severity).toBe("moderate");
    expect(detectDistress([]).severity).toBeNull();
  });
});

describe("severity rules", () => {
  it("tier 3 alone stays mild however many kinds", () => {
    const r = detectDistress(["My wife died. I have no one left. I feel like a burden. I feel hopeless."]);
    expect(new Set(r.signals.map((s) => s.kind)).size).toBe(4);
    expect(r.signals.every((s) => s.tier === 3)).toBe(true);
    expect(r).toMatchObject({ severity: "mild", redirect: false, suggested_user_message: null });
  });

  it("tier 2 with one tier-3 kind is moderate; with two different tier-3 kinds it is acute", () => {
    expect(detectDistress(["I am worthless. My wife died."]).severity).toBe("moderate");
    expect(detectDistress(["I am worthless. My wife died. My father died."]).severity).toBe("moderate");
    expect(detectDistress(["I am worthless. My wife died. I feel like a burden."]).severity).toBe("acute");
  });

  it("finality alone is moderate, finality with another tier-2 kind is acute", () => {
    expect(detectDistress(["This is goodbye. I've put my affairs in order."]).severity).toBe("moderate");
    expect(detectDistress(["I am worthless. This is goodbye."]).severity).toBe("acute");
  });

  it("a plain denial drops the match, 'I don't want to …' does not", () => {
    expect(detectDistress(["I'm not going to kill myself over this."]).severity).toBeNull();
    expect(detectDistress(["I won't end my life, I just want advice."]).severity).toBeNull();
    expect(detectDistress(["I don't want to end my life but the thought keeps coming."]).severity).toBe("acute");
  });
});

describe("determinism", () => {
  it("the same input gives the same output, repeatedly and after other calls", () => {
    const texts = ["I am worthless.", "My wife died last year and I have no one left. I want to die."];
    const first = JSON.stringify(detectDistress(texts));
    for (const p of POSITIVES) detectDistress([p.text]);
    for (let i = 0; i < 5; i++) expect(JSON.stringify(detectDistress(texts))).toBe(first);
    expect(JSON.parse(first).signals).toHaveLength(4);
  });

  it("every case gives identical results on repeated calls", () => {
    for (const text of [...POSITIVES.map((p) => p.text), ...NEGATIVES]) {
      expect(detectDistress([text, text])).toEqual(detectDistress([text, text]));
      expect(detectDistress([text])).toEqual(detectDistress([text]));
    }
  });
});

describe("schema and data", () => {
  it("rejects inconsistent assessments", () => {
    const signal = { tier: 3 as const, kind: "loss" as const, quote: "my grief" };
    expect(DistressAssessmentSchema.safeParse({ severity: "mild", redirect: false, signals: [signal], suggested_user_message: null }).success).toBe(true);
    expect(DistressAssessmentSchema.safeParse({ severity: "mild", redirect: true, signals: [signal], suggested_user_message: DISTRESS_MESSAGE }).success).toBe(
      false,
    );
    expect(
      DistressAssessmentSchema.safeParse({
        severity: "moderate",
        redirect: true,
        signals: [{ ...signal, tier: 2, kind: "finality" }],
        suggested_user_message: null,
      }).success,
    ).toBe(false);
    expect(DistressAssessmentSchema.safeParse({ severity: null, redirect: false, signals: [signal], suggested_user_message: null }).success).toBe(false);
    expect(DistressSignalSchema.safeParse({ tier: 1, kind: "loss", quote: "x" }).success).toBe(false);
  });

  it("every rule's kind belongs to its tier and every kind has rules", () => {
    for (const rule of DISTRESS_RULES) {
      expect(DistressSignalSchema.safeParse({ tier: rule.tier, kind: rule.kind, quote: "x" }).success, `${rule.tier}/${rule.kind}`).toBe(true);
      expect(rule.patterns.length).toBeGreaterThan(0);
    }
    expect(new Set(DISTRESS_RULES.map((r) => r.kind))).toEqual(new Set(DistressSignalKind.options));
  });

  it("the message points to human help, has no phone numbers and disclaims the service", () => {
    expect(DISTRESS_MESSAGE).not.toMatch(/\d/);
    expect(DISTRESS_MESSAGE).toMatch(/emergency number/);
    expect(DISTRESS_MESSAGE).toMatch(/crisis line/);
    expect(DISTRESS_MESSAGE).toMatch(/someone you trust/);
    expect(DISTRESS_MESSAGE).toMatch(/not a substitute/);
    expect(DISTRESS_MESSAGE.length).toBeLessThan(600);
  });
});
