import { describe, expect, it } from "vitest";
import { readAccount, type AccountAct } from "./read";

// The reader of accounts, rule by rule, each on several phrasings: what the author did, to whom
// (the circle), and whether a negation or a refusal turns it.

const acts = (text: string) => readAccount(text).acts.map((a) => ({ type: a.type, polarity: a.polarity, how: a.how, circle: a.circle }));
const only = (text: string): AccountAct => {
  const read = readAccount(text).acts;
  expect(read, text).toHaveLength(1);
  return read[0]!;
};

describe("wrongs read from the verb and its object", () => {
  it.each([
    ["I took money from my grandmother's purse while she slept.", "household"],
    // "his wallet": the grandfather named before.
    ["While my grandfather was napping I slipped two twenties out of his wallet on the dresser.", "household"],
    ["I stole a bottle of perfume from the chemist.", "community"],
    ["I ate my roommate's leftover birthday cake.", "community"],
    // Another's family is not the author's household: the friend's mum is the friend's circle.
    ["I stole twenty pounds from my friend's mum.", "community"],
    ["I kept the wallet I found on the bus, cash and all.", "humanity"],
    ["I found a phone on the train and kept it.", "humanity"],
  ] as const)("theft: %j (%s)", (text, circle) => {
    expect(only(text)).toMatchObject({ type: "theft", polarity: "wrong", how: "done", circle });
  });

  it.each(["I took my wallet out of my bag.", "I took my son to school.", "I kept my keys in the drawer."])("not theft, one's own or a person: %j", (text) => {
    expect(acts(text).filter((a) => a.type === "theft")).toEqual([]);
  });

  it.each([
    ["I kicked my neighbour's dog because it kept barking.", "harm_animal", "cosmic"],
    ["I threw a stone at the cat next door.", "harm_animal", "cosmic"],
    ["I slapped my brother across the face.", "harm", "household"],
    ["I punched a stranger on the train.", "harm", "humanity"],
    // Met at the pub, in class: one's community.
    ["I punched a man outside the pub.", "harm", "community"],
    ["I shoved the new kid into the lockers.", "harm", "community"],
    ["I slapped a child I didn't know.", "harm", "humanity"],
    ["My cat knocked my coffee over and I kicked her across the room.", "harm_animal", "cosmic"],
  ] as const)("harm: %j is %s to %s (the being harmed, not its owner)", (text, type, circle) => {
    expect(only(text)).toMatchObject({ type, polarity: "wrong", circle });
  });

  it.each(["I kicked the ball over the fence.", "I hit the gym after work.", "I cut my son's hair."])("no being harmed: %j", (text) => {
    expect(acts(text).filter((a) => a.polarity === "wrong")).toEqual([]);
  });

  it.each([
    ["I copied my classmate's answers during the exam.", "cheating", "community"],
    ["I plagiarised most of my essay from a website.", "cheating", "community"],
    ["I cheated on my husband with his best friend.", "cheating", "household"],
    ["I lied to my manager about the deadline.", "deception", "community"],
    ["I told my sister her essay was brilliant when I hadn't read it.", "deception", "household"],
    ["I told the landlord the stain was there when I moved in. It wasn't.", "deception", "community"],
    ["I promised to help my friend move house, then went to the beach instead.", "broken_promise", "community"],
    ["I broke my promise to my daughter.", "broken_promise", "household"],
    ["I left my dog tied up in the yard all weekend.", "neglect", "cosmic"],
    ["I took credit for my colleague's design in front of the board.", "unfairness", "community"],
    ["I mocked the waiter's accent so my friends would laugh.", "humiliation", "community"],
    ["I laughed at my sister when she fell.", "humiliation", "household"],
    ["I read my sister's diary while she was out.", "intrusion", "household"],
    ["I dumped the old paint tins in the woods.", "harm_nature", "cosmic"],
  ] as const)("%j: %s (%s)", (text, type, circle) => {
    expect(acts(text)).toContainEqual({ type, polarity: "wrong", how: "done", circle });
  });
});

describe("dangers given and bad ends stated", () => {
  it.each([
    ["I gave the thirsty 13 year old a glass of wine.", "humanity"],
    ["My little brother has a peanut allergy so I gave him peanut butter cookies.", "household"],
    ["I handed my toddler the kitchen scissors to keep him quiet.", "household"],
    ["I fed the dog an onion from my plate.", "cosmic"],
  ] as const)("endangering: %j (%s)", (text, circle) => {
    expect(acts(text)).toContainEqual({ type: "endangering", polarity: "wrong", how: "done", circle });
  });

  it.each(["I kept the knives out of reach of my toddler.", "I locked the bleach away from the children.", "I gave my daughter a glass of water."])(
    "no danger given: %j",
    (text) => {
      expect(acts(text).filter((a) => a.type === "endangering")).toEqual([]);
    },
  );

  it.each([
    "I called the police on my neighbour because he is gay.",
    "I hid my sister's shoes as a prank before her interview.",
    "I unplugged my roommate's fridge out of spite.",
  ])("malice: %j", (text) => {
    expect(acts(text).some((a) => a.polarity === "wrong")).toBe(true);
  });

  it.each(["He hid my shoes as a prank before my interview.", "My sister unplugged the fridge out of spite."])(
    "another's malice is not the author's: %j",
    (text) => {
      expect(acts(text)).toEqual([]);
    },
  );
});

describe("rights", () => {
  it.each([
    ["I returned the wallet I found on the bus to its owner.", "returning", "humanity"],
    ["I gave the extra change back to the cashier.", "returning", "community"],
    ["I paid my friend back the money I owed her.", "returning", "community"],
    ["I fixed my neighbour's fence after I backed into it.", "repairing", "community"],
    ["I apologised to my wife for shouting.", "repairing", "household"],
    ["I kept my promise to my colleague and finished the report.", "keeping_word", "community"],
    ["I told my boss the truth about the missed deadline.", "truth", "community"],
    ["I admitted to my teacher that I had copied the homework.", "truth", "community"],
    ["I helped an old man carry his shopping up the stairs.", "helping", "humanity"],
    ["I looked after my mother while she was ill.", "caring", "household"],
    ["I stood up for my classmate when the others mocked him.", "protecting", "community"],
  ] as const)("%j: %s (%s)", (text, type, circle) => {
    expect(acts(text)).toContainEqual({ type, polarity: "right", how: "done", circle });
  });
});

describe("negation, refusal and whose act it is", () => {
  it.each(["I didn't return the wallet I found.", "I never returned my friend's book.", "I did not help my mother with the move."])(
    "a right not done is a wrong by omission: %j",
    (text) => {
      expect(acts(text)).toEqual([expect.objectContaining({ polarity: "wrong", how: "omitted" })]);
    },
  );

  it.each([
    "I refused to lie to my boss.",
    "I didn't steal anything from the shop.",
    "I resisted the urge to take the money from my grandmother's purse.",
    "I never cheated on my wife.",
  ])("a wrong refused or not done is a right kept: %j", (text) => {
    const read = acts(text);
    expect(read.length).toBeGreaterThan(0);
    expect(read.every((a) => a.polarity === "right")).toBe(true);
  });

  it.each([
    "My brother stole money from our mother.",
    "I saw my brother steal money from our mother.",
    "She lied to me about the deadline.",
    "The dog next door bit my son.",
    "My boss took credit for my design.",
  ])("another's act is not the author's: %j", (text) => {
    const reading = readAccount(text);
    expect(reading.acts).toEqual([]);
    expect(reading.features).toContain("other.wrong");
  });

  it.each([
    "My sister and I stole sweets from the corner shop.",
    "I decided to steal the money after all.",
    "I kept shoving the new kid into the lockers.",
    "We poured the old oil down the storm drain.",
  ])("the author's act, however introduced: %j", (text) => {
    expect(acts(text).some((a) => a.polarity === "wrong")).toBe(true);
  });

  it.each(["I went for a walk by the river.", "The meeting was moved to Thursday.", "I had toast for breakfast and read the news."])(
    "no act toward anyone: %j",
    (text) => {
      expect(readAccount(text).acts).toEqual([]);
    },
  );
});

describe("the reading's quotes and score", () => {
  it("quotes each act verbatim with its offsets", () => {
    const text = "Yesterday I took money from my grandmother's purse while she slept.";
    const act = only(text);
    expect(text.slice(act.span.start, act.span.end)).toBe(act.span.quote);
    expect(act.span.quote).toBe("took money from my grandmother's purse");
  });

  it("names its features and is deterministic", () => {
    const text = "I kicked my neighbour's dog because it kept barking.";
    const a = readAccount(text);
    expect(a.features).toContain("wrong.harm_animal");
    expect(a.features).toContain("circle.cosmic.wrong");
    expect([...a.features].sort()).toEqual(a.features);
    expect(JSON.stringify(readAccount(text))).toBe(JSON.stringify(a));
  });

  it("scores a wrong above a right", () => {
    expect(readAccount("I stole money from my grandmother.").probability).toBeGreaterThan(readAccount("I returned the money to my grandmother.").probability);
  });
});

describe("the wording", () => {
  // Weights of one's own, so that the test says what the reader does with words, not what a corpus taught it.
  const weights = {
    version: "test",
    bias: -1,
    weights: { "lex.secretli": 2, "lex.mock": 1.5, "lex.not_mock": -1, "lex.thank": -2 },
    thresholds: { violated: 0.5, met: 0.5, wording_violated: 0.8, wording_met: 0.2 },
  };

  it("weighs the account's words as features, a word in a negator's scope apart", () => {
    const read = readAccount("I secretly swapped the labels on Priya's jam jars.", weights);
    expect(read.features).toContain("lex.secretli");
    expect(read.features).toContain("lex.jam");
    expect(read.probability).toBeCloseTo(1 / (1 + Math.exp(-1)), 6);
    expect(readAccount("I did not secretly swap anything.", weights).features).toContain("lex.not_secretli");
  });

  it("quotes the words that weighed each way, verbatim, and whom the account names first", () => {
    const text = "I secretly mocked my brother's stammer, then thanked him for dinner.";
    const { wording } = readAccount(text, weights);
    expect(wording.toWrong.map((w) => w.quote)).toEqual(["secretly", "mocked"]);
    expect(wording.toRight.map((w) => w.quote)).toEqual(["thanked"]);
    for (const w of [...wording.toWrong, ...wording.toRight]) expect(text.slice(w.start, w.end)).toBe(w.quote);
    expect(wording.object).toMatchObject({ circle: "household" });
    expect(text.slice(wording.object!.span.start, wording.object!.span.end)).toBe(wording.object!.span.quote);
  });

  it("reads a wrong refused as its words denied", () => {
    const read = readAccount("I refused to mock my sister in front of her friends.", weights);
    expect(read.features).toContain("lex.not_mock");
    expect(read.features).not.toContain("lex.mock");
  });

  it("names no object when the account names no one", () => {
    expect(readAccount("I secretly went for a long walk.", weights).wording.object).toBeNull();
  });
});
