import { describe, expect, it } from "vitest";
import { ACT_PROBES, ACT_PROBES2 } from "./act_probes";
import { DELIBERATION_PROBES, TEMPERANCE_PROBES } from "./field_probes";
import { readDeliberation } from "./deliberation";
import { WRONGS } from "./lexicons";
import { readPassions } from "./passions";
import { readAccount } from "./read";
import { readTemperance } from "./virtues";

/**
 * Fresh probes per act type (act_probes.ts), written before the reader was broadened for them.
 * First run against the unchanged reader: acts read 160/200, quiet on 70/80 neighbours;
 * deliberation considered 11/12, principled 10/12; temperance engaged 7/12, quiet 4/4.
 * After broadening the lexicons: acts 183/200, quiet 70/80; deliberation 12/12 and 12/12;
 * temperance 11/12, quiet 4/4.
 * Set 2 (ACT_PROBES2), written after set 1's fixes, first run: acts 61/104, quiet 35/40; after
 * broadening again (more verbs, animals, possessions, dangers): acts 94/104, quiet 35/40, set 1 185/200.
 * Probes still wrong are listed in KNOWN_GAPS and asserted with it.fails, so fixing one makes the
 * suite fail until it is moved out of the list (the list can only shrink).
 */
export const KNOWN_GAPS = new Set<string>([
  "I told the buyer the car had never been in an accident, but it had.",
  "I faked my signature on my son's report card.",
  "I told my teacher the dog ate my homework.",
  "I swore I'd keep her secret and told everyone.",
  "I checked my answers before handing in the exam.",
  "I let my elderly father go without his medication.",
  "I paid the women on my team less than the men.",
  "I laughed at my friend's joke.",
  "I posted a photo of the sunset online.",
  "I read a story out loud to my son.",
  "I let my daughter ride her bike on the motorway.",
  "I gave my dog onions for dinner.",
  "I mailed the package that was delivered to me by mistake to the right house.",
  "I told the waiter he had undercharged me and paid the rest.",
  "I returned home after work.",
  "I fixed myself a sandwich.",
  "I showed up late to work.",
  "I owned up to breaking the vase.",
  "I told my wife about the film.",
  "I drove my neighbour to the hospital.",
  "I carried my shopping up the stairs.",
  "I comforted my daughter after her nightmare.",
  "I gave each of my kids the same amount of pocket money.",
  "I paid my share of the rent on time.",
  "I split the log with an axe.",
  "I put my phone in a drawer so I wouldn't scroll all evening.",
  // Set 2.
  "I grabbed a handful of sweets from the pick and mix and ate them in the shop.",
  "I said I'd be at my daughter's play but stayed at work.",
  "I vowed to stop drinking for my wife and broke it within a week.",
  "I used a fake ID to get the student discount.",
  "I grabbed the last seat before the pregnant woman could sit.",
  "I gave my son the bigger share of the inheritance than his sister.",
  "I let my friend skip the waiting list.",
  "I kicked the puppy over and over until it whimpered.",
  "I left the medicine cabinet open with the kids around.",
  "I paid for my lunch.",
  "I mended my own jeans.",
  "I turned up the music.",
  "I told my boss about the meeting.",
  "I corrected the typo in my essay.",
  "I fixed my neighbour's bike for free.",
]);

const WRONG = new Set<string>(WRONGS);

describe("act probes", () => {
  for (const [type, { hit, quiet }] of [...Object.entries(ACT_PROBES), ...Object.entries(ACT_PROBES2)]) {
    const polarity = WRONG.has(type) ? "wrong" : "right";
    for (const text of hit) {
      const t = KNOWN_GAPS.has(text) ? it.fails : it;
      t(`${type}: reads ${JSON.stringify(text)}`, () => {
        expect(readAccount(text).acts.map((a) => `${a.type}/${a.polarity}`)).toContain(`${type}/${polarity}`);
      });
    }
    for (const text of quiet) {
      const t = KNOWN_GAPS.has(text) ? it.fails : it;
      t(`${type}: quiet on ${JSON.stringify(text)}`, () => {
        expect(readAccount(text).acts.map((a) => `${a.type}/${a.polarity}`)).not.toContain(`${type}/${polarity}`);
      });
    }
  }
});

describe("deliberation and temperance probes", () => {
  for (const [level, texts] of Object.entries(DELIBERATION_PROBES))
    for (const text of texts) {
      const t = KNOWN_GAPS.has(text) ? it.fails : it;
      t(`deliberation ${level}: ${JSON.stringify(text)}`, () => expect(readDeliberation(text).level).toBe(level));
    }
  const temperance = (text: string) => {
    const passions = readPassions(text);
    return readTemperance(text, passions, readDeliberation(text, passions.passions).level);
  };
  for (const text of TEMPERANCE_PROBES.engaged) {
    const t = KNOWN_GAPS.has(text) ? it.fails : it;
    t(`temperance engaged: ${JSON.stringify(text)}`, () => expect(temperance(text).engaged).toBe(true));
  }
  for (const text of TEMPERANCE_PROBES.quiet) {
    const t = KNOWN_GAPS.has(text) ? it.fails : it;
    t(`temperance quiet: ${JSON.stringify(text)}`, () => expect(temperance(text).engaged).toBe(false));
  }
});
