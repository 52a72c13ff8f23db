import { describe, expect, it } from "vitest";
import { ACCOUNT_WEIGHTS, readAccount } from "@svc/judgment";
import { toSimpleProximity } from "../ladders";
import { examine } from "./examine";
import { actionScoreLens } from "../scoring/lenses";
import { Layer1Extraction } from "./extraction";
import { offlineExtractor } from "./offline";
import { extractOffline } from "./offline_extractor";

// The offline extractor reads the author's act, its object's circle and whether it meets or violates
// what is owed (the reader of accounts in @svc/judgment), and Layer 2 decides is_kathekon from it:
// as every scoring lens serves it, through `examine`.

async function served(text: string) {
  const extraction = extractOffline({ text });
  expect(Layer1Extraction.safeParse(extraction).success).toBe(true);
  const exam = await examine(offlineExtractor, { text, context: null, ref: "acts" });
  expect(exam.extraction).toEqual(extraction);
  return { extraction, assessment: exam.assessment, score: actionScoreLens(exam) };
}

const decided = (extraction: Layer1Extraction) => extraction.circles.filter((c) => c.obligation_claim !== "indeterminate");

describe("the six accounts of Judgment II, offline", () => {
  it.each([
    ["I took money from my grandmother's purse while she slept.", "household", "took money from my grandmother's purse"],
    // The circle of a harm is what was harmed: the dog (an animal, the cosmic circle), not its owner.
    ["I kicked my neighbour's dog because it kept barking.", "cosmic", "kicked my neighbour's dog"],
    ["I copied my classmate's answers during the exam.", "community", "copied my classmate's answers"],
    // A found thing kept: its owner is a stranger.
    ["I kept the wallet I found on the bus, cash and all.", "humanity", "kept the wallet"],
  ] as const)("%j reads contrary, is_kathekon false, %s violated, quoting the act", async (text, circle, quote) => {
    const { extraction, assessment, score } = await served(text);
    expect(decided(extraction)).toEqual([{ circle, obligation_claim: "violated", quote }]);
    expect(text).toContain(quote);
    expect(assessment.is_kathekon).toBe(false);
    expect(score.katorthoma_proximity).toBe("contrary");
    expect(toSimpleProximity(assessment.katorthoma_proximity)).toBe("contrary");
    expect(extraction.domains.dikaiosyne).toMatchObject({ engaged: true, reading: "reflexive" });
  });

  it("the returned wallet reads as a duty met to a stranger", async () => {
    const text = "I returned the wallet I found on the bus to its owner.";
    const { extraction, assessment } = await served(text);
    expect(decided(extraction)).toEqual([{ circle: "humanity", obligation_claim: "met", quote: "returned the wallet I found on the bus to its owner" }]);
    expect(assessment.is_kathekon).toBe(true);
    expect(assessment.corroboration.claims[0]).toMatchObject({ circle: "humanity", finding: "corroborated" });
  });

  it("the flattering lie to a sister reads as a deception of the household, is_kathekon false", async () => {
    const text = "I told my sister her essay was brilliant when I hadn't read it.";
    const { extraction, assessment } = await served(text);
    expect(decided(extraction)).toEqual([{ circle: "household", obligation_claim: "violated", quote: expect.stringContaining("told my sister") }]);
    expect(assessment.is_kathekon).toBe(false);
  });
});

describe("what the reader leaves undecided, and what negation turns", () => {
  it.each(["I went for a long walk by the river this morning.", "I had a quiet day and read a novel.", "What is the best way to learn Spanish?"])(
    "%j states no act toward anyone: is_kathekon null",
    async (text) => {
      const { extraction, assessment } = await served(text);
      expect(decided(extraction)).toEqual([]);
      expect(assessment.is_kathekon).toBeNull();
    },
  );

  it.each([
    "My brother took money from our grandmother's purse while she slept.",
    "I saw my neighbour kick his dog.",
    "She copied my answers during the exam.",
  ])("%j is another's act, not the author's: no duty of the author's violated", async (text) => {
    const { extraction, assessment } = await served(text);
    expect(extraction.circles.filter((c) => c.obligation_claim === "violated")).toEqual([]);
    expect(assessment.is_kathekon).not.toBe(false);
  });

  it.each([
    ["I refused to mock my sister in front of her friends.", "household"],
    ["I resisted the urge to take the cash from my neighbour's open car.", "community"],
    ["I didn't take the money from my grandmother's purse, though I was tempted.", "household"],
  ] as const)("%j: a wrong refused is a duty kept (%s met)", async (text, circle) => {
    const { extraction, assessment } = await served(text);
    expect(decided(extraction)).toEqual([{ circle, obligation_claim: "met", quote: expect.any(String) }]);
    expect(assessment.is_kathekon).toBe(true);
  });

  it.each([
    "I broke my neighbour's window with a ball and paid for the repair the same day.",
    "I took my colleague's stapler by mistake and gave it back the next morning.",
  ])("%j: a wrong put right after it reads as the duty met", async (text) => {
    const { extraction, assessment } = await served(text);
    expect(decided(extraction)).toEqual([{ circle: "community", obligation_claim: "met", quote: expect.any(String) }]);
    expect(assessment.is_kathekon).toBe(true);
  });

  it("the same wrong not put right stays violated", async () => {
    const { extraction, assessment } = await served("I broke my neighbour's window and ran off.");
    expect(decided(extraction)).toEqual([{ circle: "community", obligation_claim: "violated", quote: "broke my neighbour's window" }]);
    expect(assessment.is_kathekon).toBe(false);
  });

  it('a right not done is no right: "I never returned the wallet I found" is not a duty met', async () => {
    const { extraction, assessment } = await served("I never returned the wallet I found on the bus.");
    expect(extraction.circles.filter((c) => c.obligation_claim === "met")).toEqual([]);
    expect(assessment.is_kathekon).not.toBe(true);
  });
});

describe("accounts no act of the lexicons reads: the words alone", () => {
  it("decides from the account's words, quoting whom it touched verbatim", async () => {
    const text = "I poured salt into my flatmate's coffee while she wasn't looking.";
    const reading = readAccount(text);
    expect(reading.acts).toEqual([]);
    expect(reading.probability).toBeGreaterThanOrEqual(ACCOUNT_WEIGHTS.thresholds.wording_violated);
    const { extraction, assessment } = await served(text);
    expect(decided(extraction)).toEqual([{ circle: "community", obligation_claim: "violated", quote: text }]);
    expect(assessment.is_kathekon).toBe(false);
    // The evidence of justice is the words that weighed most towards a wrong, each verbatim.
    expect(extraction.domains.dikaiosyne.evidence.length).toBeGreaterThan(0);
    for (const word of extraction.domains.dikaiosyne.evidence) expect(text).toContain(word);
  });

  it.each(["I went for a long walk and then made soup.", "The train was late again this morning."])(
    "still decides nothing where the account names no one: %j",
    async (text) => {
      const { extraction, assessment } = await served(text);
      expect(decided(extraction)).toEqual([]);
      expect(assessment.is_kathekon).toBeNull();
    },
  );
});
