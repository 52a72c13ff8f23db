import { describe, expect, it } from "vitest";
import { readActKind } from "./act_kind";
import { readDeliberation } from "./deliberation";
import { readPassions } from "./passions";
import { readCourage, readTemperance } from "./virtues";

const passionsOf = (text: string) => readPassions(text).passions.map((p) => `${p.root}/${p.sub ?? "-"}/${p.intensity}`);

describe("passions: several phrasings of each", () => {
  it.each([
    // anger (orge)
    ["I was furious with my brother.", "epithumia/orge/strong"],
    ["I was so angry at my dad that I hid his keys.", "epithumia/orge/strong"],
    ["I lost my temper with the kids.", "epithumia/orge/strong"],
    ["I was a bit annoyed when the bus was late.", "epithumia/orge/mild"],
    ["The noise from upstairs irritated me all evening.", "epithumia/orge/mild"],
    ["I felt a flash of anger when he cut in.", "epithumia/orge/mild"],
    ["I wanted revenge on the girl who dumped my friend.", "epithumia/orge/strong"],
    // fear (phobos) and its kinds
    ["I was scared of what the doctor would say.", "phobos/-/mild"],
    ["I was terrified, but I called the police.", "phobos/-/strong"],
    ["I panicked after the crash.", "phobos/thorybos/strong"],
    ["I was so embarrassed that I lied about my results.", "phobos/aischyne/strong"],
    ["I was mortified about breaking the vase.", "phobos/aischyne/strong"],
    ["I kept putting off the call to my landlord.", "phobos/oknos/mild"],
    ["I was anxious about my presentation.", "phobos/agonia/mild"],
    ["I was nervous before my driving test.", "phobos/agonia/mild"],
    ["I was startled by the thunder and dropped my cup.", "phobos/thambos/mild"],
    // distress (lupe) and its kinds
    ["I was envious of my friend's promotion.", "lupe/phthonos/mild"],
    ["I was green with envy.", "lupe/phthonos/strong"],
    ["I was jealous of the attention my husband gave his sister.", "lupe/zelotypia/strong"],
    ["I've been grieving since my grandmother died.", "lupe/penthos/mild"],
    ["I felt sorry for the boy sitting alone.", "lupe/eleos/mild"],
    ["I felt miserable all week.", "lupe/achos/strong"],
    ["I felt worn down by the baby's crying.", "lupe/achos/mild"],
    // appetite and pleasure
    ["I sold the car without mentioning the fault, because I wanted the higher price.", "epithumia/philoplousia/mild"],
    ["I did it out of pure greed.", "epithumia/philoplousia/strong"],
    ["I padded my CV to impress my parents.", "epithumia/philodoxia/mild"],
    ["I was desperate for praise from the committee.", "epithumia/philodoxia/strong"],
    ["I ate an entire chocolate cake by myself.", "epithumia/philedonia/strong"],
    ["I miss my old town terribly.", "epithumia/pothos/mild"],
    ["I was thrilled to get the tickets.", "hedone/terpsis/mild"],
    ["When my rival failed his test I was delighted.", "hedone/epichairekakia/strong"],
    ["I laughed when my classmate's chair broke under her.", "hedone/epichairekakia/mild"],
    ["I was so carried away by the concert that I forgot where I'd parked.", "hedone/kelesis/strong"],
  ])("%s -> %s", (text, expected) => {
    expect(passionsOf(text)).toEqual([expected]);
  });

  it("quotes the words verbatim", () => {
    const text = "When the printer jammed I was absolutely livid.";
    const [p] = readPassions(text).passions;
    expect(p!.span.quote).toBe("livid");
    expect(text.slice(p!.span.start, p!.span.end)).toBe("livid");
  });
});

describe("passions: denied and someone else's are not the author's", () => {
  it.each([
    "I was not angry when he took my parking space.",
    "I wasn't angry when my neighbour's tree fell on my fence.",
    "I didn't lose my temper when my toddler drew on the wall.",
    "I felt no resentment when my friend paid me back.",
    "Without any fear, I walked up to him.",
    "I never got jealous when my wife went out with her friends.",
    "I wasn't sad or upset when my father got ill.",
    "I didn't feel any envy at all.",
  ])("denied: %s", (text) => {
    const r = readPassions(text);
    expect(r.passions).toEqual([]);
    expect(r.setAside.every((p) => p.why === "denied")).toBe(true);
    expect(r.setAside.length).toBeGreaterThan(0);
  });

  it.each([
    "My boss was furious, I stayed calm.",
    "My boss was furious about the missed deadline, so I stayed late.",
    "He was livid.",
    "She felt jealous of her sister.",
    "My son was in a rage after losing the match.",
    "The woman in front of me was in a total panic about her flight.",
    "My colleague was obviously envious of my raise.",
    "My sister was thrilled with her exam results.",
    "I annoyed him on purpose.",
    "Angry customers called all day and I answered every call.",
    "I could see he was scared, so I stayed with him.",
    "After the meeting my manager, who was clearly furious, sent me home.",
  ])("someone else's: %s", (text) => {
    const r = readPassions(text);
    expect(r.passions).toEqual([]);
    expect(r.setAside.some((p) => p.why === "other")).toBe(true);
  });

  it.each([
    ["It made me furious.", "epithumia/orge/strong"],
    ["His comment made me so angry.", "epithumia/orge/strong"],
    ["My neighbour's music annoyed me.", "epithumia/orge/mild"],
    ["Furious, I slammed the door.", "epithumia/orge/strong"],
    ["He was livid and I was scared.", "phobos/-/mild"],
    ["He made me feel so small and ashamed.", "phobos/aischyne/mild"],
    ["Part of me was thrilled when his business failed.", "hedone/epichairekakia/strong"],
    ["Out of jealousy, I read her messages.", "lupe/zelotypia/strong"],
  ])("the author's, whoever caused it: %s", (text, expected) => {
    expect(passionsOf(text)).toEqual([expected]);
  });

  it("a passion supposed or fought is not felt", () => {
    for (const text of [
      "I'd miss you if you left.",
      "I would be furious if he did that.",
      "I'm trying to stop bingeing at night.",
      "I'm afraid I can't help.",
    ]) {
      expect(readPassions(text).passions, text).toEqual([]);
    }
  });

  it("a blow struck in return for a provocation shows anger; a blow with no provocation does not", () => {
    expect(passionsOf("I slapped my son hard because he talked back to me.")).toEqual(["epithumia/orge/strong"]);
    expect(passionsOf("I kicked my neighbour's dog because it kept barking.")).toEqual(["epithumia/orge/strong"]);
    expect(passionsOf("The dog next door barked all night, so I threw a rock at it.")).toEqual(["epithumia/orge/mild"]);
    expect(passionsOf("I hit a deer on a country road and called the rescue line.")).toEqual([]);
    expect(passionsOf("My car hit a pedestrian.")).toEqual([]);
  });
});

describe("deliberation", () => {
  it.each([
    ["Without thinking, I grabbed the boy's jacket.", "none", "Without thinking"],
    ["I snapped at the waiter.", "none", "snapped"],
    ["I was so furious I kicked the door.", "none", "furious"],
    ["I was jealous and didn't think.", "none", "didn't think"],
    ["On the spur of the moment I quit.", "none", "spur of the moment"],
    ["I pick my daughter up from school every day at three.", "habitual", "every day"],
    ["I scan the cheap carrots and bag the avocados, like I always do.", "habitual", "always"],
    ["After thinking it over, I told her.", "considered", "after thinking"],
    ["I weighed it up for a week and then decided to leave.", "considered", "weighed it"],
    ["We compared the options and switched to a heat pump.", "considered", "compared the"],
    ["I left work early because I'd given him my word.", "principled", "my word"],
    ["I refused because people will drive over that bridge.", "principled", "because people will"],
    ["I stopped the site; no deadline is worth a life.", "principled", "worth a life"],
    ["On principle I never hire anyone over fifty.", "principled", "On principle"],
  ] as const)("%s -> %s", (text, level, quote) => {
    const d = readDeliberation(text);
    expect(d.level).toBe(level);
    expect(d.evidence[0]!.quote.toLowerCase()).toContain(quote.toLowerCase());
    expect(text).toContain(d.evidence[0]!.quote);
    expect(d.examined).toBe(level === "none" ? false : level === "habitual" ? null : true);
  });

  it("exemplary only when clearly so; an account that shows no reasoning reads habitual with no evidence", () => {
    expect(readDeliberation("I nursed him for months, calmly, without complaint, taking each day as it came.").level).toBe("exemplary");
    expect(readDeliberation("I calmly told him to step back.").level).toBe("habitual");
    expect(readDeliberation("I went for a walk after lunch.")).toMatchObject({ level: "habitual", examined: null, evidence: [] });
  });

  it("a denied cue does not count, and a promise broken is not a reason from principle", () => {
    expect(readDeliberation("I didn't act on impulse.").level).not.toBe("none");
    expect(readDeliberation("I promised to feed her cat, but I forgot for four days.").level).toBe("habitual");
    expect(readDeliberation("I had promised to help him, so I turned down the trip.").level).toBe("principled");
  });
});

describe("act kind, from the author's verbs", () => {
  it.each([
    ["I'm going to tell my boss the truth tomorrow.", "proposed_action"],
    ["I will return the wallet.", "proposed_action"],
    ["I plan to move out next month.", "proposed_action"],
    ["Tomorrow I'm taking the old dog to the vet.", "proposed_action"],
    ["I'm thinking of quietly moving the money into my account.", "proposed_action"],
    ["I promised to be his best man, but I'm going to pull out now.", "proposed_action"],
    ["I lied to my boss about the report.", "past_action"],
    ["I told him I will pay him back next week.", "past_action"],
    ["I was going to tell her but I didn't.", "past_action"],
    ["I've been drinking a bottle of wine every night.", "past_action"],
    ["I scan the cheap carrots at the self-checkout.", "past_action"],
    ["I lied to her. I'll never do it again.", "past_action"],
    ["My sister was thrilled with her exam results.", "past_action"],
    ["Should I tell my sister?", "proposed_action"],
    ["Is it wrong to keep the change?", "proposed_action"],
    ["I'm wondering whether to visit her on Sundays.", "proposed_action"],
    ["I did what I had to do, and I'd do it again.", "unclear"],
  ] as const)("%s -> %s", (text, kind) => {
    expect(readActKind(text).kind).toBe(kind);
  });
});

describe("courage and temperance", () => {
  const read = (text: string) => {
    const passions = readPassions(text);
    const level = readDeliberation(text, passions.passions).level;
    return { andreia: readCourage(text, passions, level), sophrosyne: readTemperance(text, passions, level) };
  };

  it("fear faced engages courage and reads well; fear obeyed reads reflexive", () => {
    expect(read("I was scared, but I called the police.").andreia).toMatchObject({ engaged: true, reading: "deliberate" });
    expect(read("I was afraid and walked the other way.").andreia).toMatchObject({ engaged: true, reading: "reflexive" });
    expect(read("I stood up to my boss in the meeting.").andreia).toMatchObject({ engaged: true, reading: "deliberate" });
    expect(read("I was startled by the thunder.").andreia.engaged).toBe(false);
  });

  it("anger, appetite and restraint engage temperance; a temper denied under provocation is mastered", () => {
    expect(read("I lost my temper and threw a plate at my husband.").sophrosyne).toMatchObject({ engaged: true, reading: "reflexive" });
    expect(read("I binged on sweets all night.").sophrosyne).toMatchObject({ engaged: true, reading: "reflexive" });
    expect(read("I felt my anger rise, but I let it pass.").sophrosyne).toMatchObject({ engaged: true, reading: "deliberate" });
    expect(read("I wasn't angry when the waiter spilled soup on me.").sophrosyne).toMatchObject({ engaged: true, reading: "deliberate" });
    expect(read("I went for a walk after lunch.").sophrosyne.engaged).toBe(false);
  });

  it("another's words or an instruction engage neither", () => {
    const r = read("Schedule a post about why hiding skipped meals is a warning sign.");
    expect([r.andreia.engaged, r.sophrosyne.engaged]).toEqual([false, false]);
  });
});
