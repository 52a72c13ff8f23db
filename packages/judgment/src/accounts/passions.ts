import { findAll, lexicon, type Lexicon, type Match } from "../lexicon";
import type { Segment, Span, Token } from "../types";
import { AUTHOR_SUBJECTS, LINKING, accountSegment, agentOf, denied, holderOf, quoteOf, taggedIndex, taggedMatches, type Holder } from "./grammar";

/**
 * The author's passions in a first-person account, each with its root, its sub-species when the
 * words tell it, its strength and the verbatim words: "I was so furious I kicked the door" is
 * anger (orge), strong. Read with negation ("I wasn't angry", "without any fear": no passion) and
 * attribution (only the author's: "my boss was furious", "she felt jealous" are someone else's;
 * "it made me furious" is the author's). The roots and sub-species are those of the framework
 * (packages/core framework/passions.ts), by id.
 */

export type RootPassionId = "epithumia" | "hedone" | "phobos" | "lupe";
export type Intensity = "mild" | "strong";

export interface PassionReading {
  readonly root: RootPassionId;
  /** The sub-species id (orge, phobos's aischyne...), or null when the words do not tell it. */
  readonly sub: string | null;
  readonly intensity: Intensity;
  /** The words that name or show it. */
  readonly span: Span;
  /** The account gives it as what moved an act: "so angry that I grabbed", "I lost my temper", a blow struck in retaliation. */
  readonly acted: boolean;
}

/** A passion named and denied, or named as someone else's: kept apart, for the readings that need them (a temper held). */
export interface SetAsidePassion {
  readonly root: RootPassionId;
  readonly sub: string | null;
  readonly span: Span;
  readonly why: "denied" | "other";
}

export interface PassionsReading {
  readonly passions: readonly PassionReading[];
  readonly setAside: readonly SetAsidePassion[];
}

interface Entry {
  readonly root: RootPassionId;
  readonly sub: string | null;
  readonly strength: Intensity;
  readonly lex: Lexicon;
}

const entry = (root: RootPassionId, sub: string | null, strength: Intensity, phrases: readonly string[]): Entry => ({
  root,
  sub,
  strength,
  lex: lexicon(`passion.${root}.${sub ?? "any"}.${strength}`, phrases),
});

/** The object pronouns and nouns "after" which a phrase names a person ("laughed at her"). */
const PEOPLE = ["him", "her", "them", "my", "his", "their"];
const each = (heads: readonly string[], tails: readonly string[]) => heads.flatMap((h) => tails.map((t) => `${h} ${t}`));

/**
 * The lexicons, most specific first: where two overlap, the first listed reads the words. Written
 * from the common English of feeling, several phrasings each; "=word" is that word only (not every
 * word sharing its stem), "?word" optional, "*" any one word.
 */
const ENTRIES: readonly Entry[] = [
  // Appetite (epithumia): anger, erotic passion, longing, love of pleasure, of wealth, of honour.
  entry("epithumia", "philodoxia", "strong", [
    ...each(["desperate for", "hungry for", "starved of", "craved", "craving", "obsessed with"], ["praise", "recognition", "approval", "attention", "status", "admiration", "fame", "the credit", "applause"]),
    "=vanity", "=vain",
  ]),
  entry("epithumia", "philodoxia", "mild", [
    "to impress", "=impress my", "=impress her", "=impress him", "=impress them", "=impress everyone", "to look good", "to look generous", "to look smart", "to look clever", "to look better", "to look important",
    "to look like a hero", "to look successful", "to seem", "for the credit", "=take the credit", "=took the credit", "=taking the credit", "for the glory", "=show off", "=showing off", "=showed off",
    "bragging rights", "to be admired", "to be noticed", "to be seen as", "=prestige", "status symbol", "to outdo", "=wanted praise", "=wanted recognition", "for recognition", "for praise", "for the likes",
  ]),
  entry("epithumia", "philoplousia", "strong", ["=greed", "=greedy", "=greedily", "=avarice", "=avaricious", "money hungry", "=money-hungry", "get rich quick", "=quick buck", "=easy money"]),
  entry("epithumia", "philoplousia", "mild", [
    "for the money", "for the cash", "for a profit", "for profit", "to make money", "to make more money", "to make some money", "to make extra money", "to make a bit of money",
    "to save money", "to save on", "to get rich", "the higher price", "a higher price", "to keep the money", "to keep the cash", "the extra cash", "the extra money",
  ]),
  entry("epithumia", "philedonia", "strong", [
    "=binge", "=binged", "=bingeing", "=binging", "=addicted", "=addiction", "=devoured", "=gorged", "spent the grocery money", "spent the rent money", "spent the food money",
    "spent the bill money", "ate an entire", "ate the entire", "ate a whole", "ate the whole", ...each(["not stop"], ["eating", "drinking", "gambling", "scrolling", "playing", "smoking", "buying", "shopping"]),
  ]),
  entry("epithumia", "philedonia", "mild", [
    "=craving", "=cravings", "=craved", "=crave", "=indulged", "=indulging", "=indulge", "=overindulged", "sweet tooth", "gave in to", "give in to", "giving in to", "for the thrill",
    "for kicks", "it's a rush", "=the rush", "hooked on", "=gambling", "=gambled", "bottle of wine every", "drank too much", "drinking too much", "got drunk", "=hungover", "not resist",
    "=playing video games", "the whole weekend on the sofa", "on the sofa all", "too many drinks", "one more drink", "another drink", "couldn't resist",
  ]),
  entry("epithumia", "eros", "strong", [
    "=lust", "=lusted", "=lustful", "=infatuated", "=infatuation", "had an affair", "having an affair", "=slept with", "sleep with", "=cheated on my", "cheating on my",
    ...each(["not stop think about"], ["her", "him", "my"]), ...each(["obsessed with"], ["her", "him"]),
  ]),
  entry("epithumia", "eros", "mild", ["attracted to", "=fancied", "crush on", "=desire for", "=desired her", "=desired him", "fell for", "=wanted her", "=wanted him", "=aroused"]),
  entry("epithumia", "pothos", "mild", ["=longing", "=longed for", "=long for", "=yearned", "=yearning", "=yearn", "=pined", "=pining", "=homesick", "=homesickness", "=nostalgic"]),
  entry("epithumia", "orge", "strong", [
    "=furious", "=furiously", "=fury", "=rage", "=raged", "=raging", "=enraged", "=livid", "=irate", "=incensed", "=infuriated", "=infuriating", "=seething", "=fuming", "=outraged",
    "beside myself", "lost ? my temper", "lose ? my temper", "losing ? my temper", "saw red", "flew off the handle", "blew up at", "=revenge", "=vengeance", "=vengeful", "=hatred", "blood boiled", "blood was boiling", "=wrath",
  ]),
  entry("epithumia", "orge", "mild", [
    "=angry", "=angrily", "=anger", "=angered", "=annoyed", "=annoyance", "=annoying", "=irritated", "=irritation", "=irritable", "=exasperated", "=frustrated", "=frustration",
    "=resent", "=resented", "=resentful", "=resentment", "=resenting", "mad at", "mad with", "got mad", "cross with", "cross at", "=indignant", "=indignation", "pissed off",
    "=pissed", "ticked off", "worked up", "wound up", "=bitter", "=bitterness", "=spite", "=spiteful", "=spitefully", "held a grudge", "=grudge", "hot headed", "fed up", "=aggravated", "get back at", "got back at", "getting back at", "get even with",
    "snapped at", "lashed out", "=riled", "=irked", "=vexed", "=cranky", "=grumpy", "=huffy",
    ...each(["=hate", "=hated", "=hating", "=loathe", "=loathed", "=despise", "=despised"], ["him", "her", "them", "my", "his", "that man", "that woman", "the man", "the woman"]),
  ]),
  entry("epithumia", null, "strong", ["desperate to", "desperate for", "=obsessed", "dying to", "burning to"]),
  entry("epithumia", null, "mild", ["=tempted", "=temptation", "=desire", "=desires", "itching to", "=coveted", "=covet"]),

  // Pleasure (hedone): malicious joy, enchantment, delight.
  entry("hedone", "epichairekakia", "strong", ["=schadenfreude", "=gloat", "=gloated", "=gloating", "served him right", "served her right", "served them right", "=revelled in"]),
  entry("hedone", "epichairekakia", "mild", [...each(["laughed at", "laughing at", "sneered at", "jeered at", "mocked"], PEOPLE), "=smirked"]),
  entry("hedone", "kelesis", "mild", [
    "carried away", "=spellbound", "=mesmerised", "=mesmerized", "=entranced", "=captivated", "=enchanted", "=hypnotised", "=hypnotized", "lost track of time", "not take my eyes off", "glued to",
  ]),
  entry("hedone", "terpsis", "mild", [
    "=thrilled", "=ecstatic", "=elated", "=overjoyed", "=euphoric", "=exhilarated", "=giddy", "over the moon", "on cloud nine", "such a good time", "so much fun", "too much fun", "such fun",
    "having a blast", "had a blast", "=delighted", "=relished",
  ]),

  // Fear (phobos): terror, hesitancy, shame, astonishment, panic, anguish.
  entry("phobos", "deima", "strong", [
    "=terror", "=petrified", "frozen with fear", "froze in fear", "froze with fear", "paralysed with fear", "paralyzed with fear", "scared stiff", "frightened out of my wits", "scared out of my wits", "=froze",
  ]),
  entry("phobos", "thorybos", "strong", ["=panic", "=panicked", "=panicking", "=panicky", "=panics", "=frantic", "=frantically", "freaked out", "=hysterical", "lost my head", "mind went blank"]),
  entry("phobos", "thorybos", "mild", ["=flustered", "in a flap", "=frazzled"]),
  entry("phobos", "aischyne", "strong", ["=mortified", "=humiliated", "=humiliation"]),
  entry("phobos", "aischyne", "mild", [
    "=ashamed", "=shame", "=embarrassed", "=embarrassment", "=sheepish", "self conscious", "afraid of looking", "scared of looking", "worried about looking", "to save face", "lose face",
    "losing face", "afraid of what people would think", "worried what people would think",
  ]),
  entry("phobos", "oknos", "mild", [
    "=hesitated", "=hesitant", "=hesitating", "=hesitation", "put it off", "putting it off", "=putting off", "put off telling", "kept putting", "=procrastinated", "=procrastinating",
    "=procrastination", "dragged my feet", "dragging my feet", "not bring myself", "=reluctant", "=reluctantly", "=reluctance", "kept delaying", "cold feet",
  ]),
  entry("phobos", "agonia", "strong", ["=anguish", "=anguished", "sick with worry", "worried sick"]),
  entry("phobos", "agonia", "mild", [
    "=anxious", "=anxiously", "=anxiety", "=dread", "=dreaded", "=dreading", "=stressed", "stressed out", "fear of failure", "afraid of failing", "scared of failing", "worried about failing",
    "afraid I'd fail", "afraid I would fail", "fear of failing",
  ]),
  entry("phobos", "thambos", "mild", ["=startled", "taken aback", "=astonished", "=stunned", "=shocked", "caught off guard", "made me jump", "jumped out of my skin"]),
  entry("phobos", null, "strong", ["=terrified", "=terrifying", "scared to death", "frightened to death", "shaking with fear", "=horrified", "=horror"]),
  entry("phobos", null, "mild", [
    "=afraid", "=scared", "=frightened", "=fear", "=feared", "=fearful", "=fears", "=nervous", "=nervously", "=nerves", "=worried", "=worry", "=worrying", "=apprehensive", "=uneasy",
    "=jittery", "on edge", "lost my nerve", "chickened out", "=timid", "=wary", "not dare", "dare not", "=intimidated", "felt threatened", "=alarmed", "=spooked", "=unnerved", "=rattled",
    "=shaken", "=frightening", "=scary",
  ]),

  // Distress (lupe): envy, jealousy, grief, pity, heavy distress.
  entry("lupe", "phthonos", "strong", ["green with envy", "eaten up with envy"]),
  entry("lupe", "phthonos", "mild", ["=envy", "=envious", "=envied", "=enviously", "=begrudged", "=begrudge", "=begrudging"]),
  entry("lupe", "zelotypia", "strong", ["=jealous", "=jealousy", "=jealously"]),
  entry("lupe", "zelotypia", "mild", ["=possessive"]),
  entry("lupe", "penthos", "strong", ["=heartbroken", "=devastated", "=inconsolable", "grief stricken", "broken hearted", "=heartbreak"]),
  entry("lupe", "penthos", "mild", ["=grieving", "=grieved", "=grief", "=mourning", "=mourned", "=bereaved", "=sorrow"]),
  entry("lupe", "eleos", "mild", [
    "felt sorry for", "feel sorry for", "feeling sorry for", "=pitied", "took pity", "=pity for", "felt pity", "heart went out to", "felt bad for", "feel bad for", "feeling bad for",
    "felt for him", "felt for her", "felt for them",
  ]),
  entry("lupe", "achos", "strong", ["=miserable", "=misery", "=despair", "=despaired", "=despairing", "=hopeless", "=wretched", "=crushed", "=shattered", "end of my tether", "=desperate"]),
  entry("lupe", "achos", "mild", [
    "=distressed", "=distress", "feeling low", "felt low", "feel low", "feel so low", "felt so low", "feeling so low", "felt really low", "feel really low", "felt down", "feeling down", "worn down", "weighed down", "=depressed", "=gloomy", "=overwhelmed", "not cope",
    "=despondent", "=dejected",
  ]),
  entry("lupe", null, "mild", ["=sad", "=sadness", "=unhappy", "=upset", "=saddened", "=gutted", "=sorrowful", "=downcast", "=glum"]),
];

/** Every phrase of every entry, read in one pass. */
const BY_FIRST = taggedIndex(ENTRIES.map((e) => e.lex));

/** Verbs whose object, not subject, feels: "the noise annoyed me", "it frightened him". */
const OBJECT_FEELERS = new Set([
  "annoyed", "annoys", "irritated", "irritates", "angered", "angers", "infuriated", "infuriates", "enraged", "enrages", "frightened", "frightens", "scared", "scares", "terrified",
  "terrifies", "upset", "upsets", "embarrassed", "embarrasses", "humiliated", "humiliates", "worried", "worries", "frustrated", "frustrates", "saddened", "saddens", "startled",
  "startles", "thrilled", "thrills", "delighted", "delights", "shocked", "shocks", "horrified", "horrifies", "alarmed", "alarms", "spooked", "rattled", "unnerved", "depressed",
  "devastated", "shamed", "panicked", "distressed", "crushed", "stunned", "mortified", "exasperated", "tempted", "attracted",
]);
const AUTHOR_OBJECT = new Set(["me", "us", "myself", "ourselves"]);
const OTHER_OBJECT = new Set(["him", "her", "them", "everyone", "everybody", "someone", "people", "himself", "herself", "themselves", "you"]);

/** Degree words that make a passion strong ("so furious", "utterly terrified") or mild ("a bit annoyed", "a flash of anger"). */
const STRONGER = new Set(["so", "too", "extremely", "incredibly", "absolutely", "utterly", "completely", "totally", "deeply", "beyond", "insanely", "overwhelmingly", "consumed", "overcome", "blinded", "sick", "such", "seething", "wild"]);
const WEAKER = new Set(["bit", "little", "slightly", "somewhat", "mildly", "touch", "flash", "sting", "pang", "twinge", "hint", "tinge", "kind", "sort", "faintly", "vaguely", "briefly", "fairly", "rather", "twinge", "moment"]);

function degreeOf(tokens: readonly Token[], from: number, base: Intensity): Intensity {
  const sentence = tokens[from]!.sentence;
  for (let i = from - 1, seen = 0; i >= 0 && seen < 3; i--) {
    const t = tokens[i]!;
    if (t.sentence !== sentence || t.kind !== "word") break;
    seen++;
    if (WEAKER.has(t.lower)) return "mild";
    if (STRONGER.has(t.lower)) return "strong";
    if (t.lower !== "a" && t.lower !== "of" && t.lower !== "really" && t.lower !== "very" && t.lower !== "quite") break;
  }
  return base;
}

/** The experiencer of a feeling word: the object of a verb whose object feels ("it annoyed me"), else the holder of its clause. */
function feelerOf(tokens: readonly Token[], from: number, to: number): Holder {
  const word = tokens[from]!;
  if (to === from + 1 && OBJECT_FEELERS.has(word.lower)) {
    let k = from - 1;
    while (k >= 0 && tokens[k]!.kind === "word" && STRONGER.has(tokens[k]!.lower)) k--;
    const before = tokens[k];
    const linked = before !== undefined && before.kind === "word" && (LINKING.has(before.lower) || /'(?:s|re|m)$/.test(before.lower));
    const after = tokens[to];
    if (!linked && after && after.kind === "word" && after.sentence === word.sentence) {
      if (AUTHOR_OBJECT.has(after.lower)) return "author";
      if (OTHER_OBJECT.has(after.lower) || after.lower === "his" || after.lower === "the") return "other";
    }
  }
  // "It was terrifying", "that was humiliating": the situation as the author lived it (not "it's annoying the manager").
  const object = tokens[to];
  if (to === from + 1 && word.lower.endsWith("ing") && !(object && object.sentence === word.sentence && object.kind === "word" && !["to", "for", "and", "but", "when", "because"].includes(object.lower))) {
    let k = from - 1;
    while (k >= 0 && tokens[k]!.kind === "word" && (STRONGER.has(tokens[k]!.lower) || tokens[k]!.lower === "really" || tokens[k]!.lower === "very")) k--;
    const verb = tokens[k];
    const subject = tokens[k - 1];
    if (verb && subject && (verb.lower === "was" || verb.lower === "is") && ["it", "this", "that"].includes(subject.lower)) return "author";
    if (verb && ["it's", "that's"].includes(verb.lower)) return "author";
  }
  return holderOf(tokens, from);
}

const CONDITIONAL = new Set(["would", "could", "might", "i'd", "we'd", "you'd", "he'd", "she'd", "they'd", "if", "unless", "whether"]);
const STRUGGLE = new Set(["stop", "quit", "avoid", "resist", "resisting", "resisted", "overcome", "overcoming", "fight", "fighting", "against", "beat", "beating", "kick", "kicking", "manage", "managing", "recover", "recovering", "treat", "treating", "help"]);

/**
 * A passion not felt but supposed ("I'd miss you", "I would be furious if", "if I were angry") or
 * fought ("I'm trying to stop bingeing", "help with anxiety"): not the author's passion now.
 */
function notFelt(tokens: readonly Token[], from: number): boolean {
  const sentence = tokens[from]!.sentence;
  for (let i = from - 1, seen = 0; i >= 0 && seen < 4; i--) {
    const t = tokens[i]!;
    if (t.sentence !== sentence || t.kind === "punct") break;
    seen++;
    if (t.lower === "been" || t.lower === "had") return false;
    if (CONDITIONAL.has(t.lower)) return true;
    // "couldn't help feeling jealous" is felt.
    if (seen <= 3 && STRUGGLE.has(t.lower) && tokens[i - 1]?.stem !== "not") return true;
  }
  return false;
}

/** "I'm afraid I can't", "I'm afraid not": a formula of politeness, not fear. */
function politeAfraid(tokens: readonly Token[], from: number, to: number): boolean {
  if (tokens[from]!.lower !== "afraid" || to !== from + 1) return false;
  const before = tokens[from - 1]?.lower;
  const after = tokens[to]?.lower ?? "";
  return (before === "i'm" || before === "am") && (AUTHOR_SUBJECTS.has(after) || after === "not" || after === "so" || after === "that's" || after === "it's");
}

/**
 * The passion given as what moved the act: "so angry that I grabbed", "so furious I kicked",
 * "jealous of the attention, so I deleted". Not when the act resisted it ("scared, but I called").
 */
function actedOn(tokens: readonly Token[], from: number, to: number): boolean {
  const sentence = tokens[to - 1]!.sentence;
  const before = [tokens[from - 1], tokens[from - 2]].filter((t): t is Token => t !== undefined && t.sentence === sentence).map((t) => t.lower);
  const degree = before.some((w) => w === "so" || w === "such" || w === "too");
  for (let i = to, seen = 0; i < tokens.length && seen < 12; i++) {
    const t = tokens[i]!;
    if (t.sentence !== sentence) return false;
    if (t.kind === "punct") {
      if (t.text === ",") continue;
      return false;
    }
    seen++;
    if (t.lower === "but" || t.lower === "though" || t.lower === "although" || t.lower === "yet" || t.lower === "until") return false;
    if (AUTHOR_SUBJECTS.has(t.lower)) {
      const prev = tokens[i - 1]!;
      return degree || prev.lower === "so" || prev.lower === "that";
    }
  }
  return false;
}

const MISFORTUNE = lexicon("passion.misfortune", [
  "=failed", "=fail", "=fails", "=lost", "=loses", "=fell", "=falls", "=tripped", "=broke", "=crashed", "got fired", "was fired", "got sacked", "was sacked", "got caught",
  "got dumped", "was dumped", "=cried", "=crying", "=suffered", "=suffering", "=misfortune", "=failure", "got hurt", "was hurt", "got punished", "was punished", "got injured",
  "was humiliated", "=shrivelled", "=shriveled", "=struggled", "=struggling", "=slipped", "=flunked", "got rejected", "was rejected",
]);
const GLADNESS = lexicon("passion.gladness", ["=laughed", "=laughing", "=smiled", "=grinned", "=glad", "=pleased", "=happy", "=enjoyed", "=delighted", "=thrilled", "=cheered", "=celebrated", "=enjoying"]);
const WANT = lexicon("passion.want", ["=want", "=wanted", "=wanting", "=wants"]);
const MISS = lexicon("passion.miss", ["=miss", "=missed", "=missing"]);
const ENJOY = lexicon("passion.enjoy", ["=enjoying", "=enjoyed", "=loving"]);
const PERFORMANCE = lexicon("passion.performance", [
  "test", "exam", "interview", "presentation", "audition", "match", "race", "performance", "speech", "results", "fail", "failing", "deadline", "review", "assessment", "competition", "game", "pitch",
]);
const EROTIC = lexicon("passion.erotic", ["=flirted", "=flirting", "=flirt", "=kissed", "=kiss", "attractive", "=affair", "=date", "=sexy", "=beautiful", "=handsome", "=hooked up"]);
const MONEY_WORDS = new Set([
  "money", "cash", "price", "bonus", "profit", "profits", "commission", "reward", "payout", "salary", "raise", "deposit", "tips", "inheritance", "fortune", "rich", "richer", "richest", "savings",
  "phone", "car", "watch", "bike", "house", "flat", "jewellery", "jewelry", "ring", "laptop", "shoes", "clothes", "bag", "tv", "console", "newer", "nicer", "bigger", "fancier",
]);
const HONOUR_WORDS = new Set(["impress", "look", "seem", "credit", "praise", "recognition", "glory", "attention", "admired", "noticed", "famous", "status", "prestige", "promotion", "title", "win", "applause"]);
const PLEASURE_WORDS = new Set([
  "marshmallows", "cake", "chocolate", "sweets", "drink", "drinks", "beer", "beers", "wine", "fun", "party", "pizza", "snack", "snacks", "cigarette", "cigarettes", "smoke", "treat",
  "dessert", "ice", "crisps", "burger", "chips", "game", "games", "night", "holiday", "festival", "sex",
]);
const MISSED_THINGS = new Set([
  "bus", "train", "flight", "plane", "deadline", "meeting", "appointment", "call", "calls", "class", "lecture", "shift", "turn", "exit", "chance", "opportunity", "point", "target", "payment",
  "goal", "kick", "shot", "stop", "mark", "it", "that", "the", "a", "an", "out", "work", "school", "breakfast", "lunch", "dinner", "dose", "dosage", "step", "signs", "sign", "warning", "warnings",
]);

/** Blows and insults: struck at someone, they show anger when the account gives a provocation. */
const PHYSICAL = lexicon("passion.blow", [
  "=punched", "=slapped", "=smacked", "=kicked", "=shoved", "=hit", "=struck", "=thumped", "=headbutted", "=strangled", "=choked", "=beat", "threw * in", "threw * * in", "threw * * * in",
  "=screamed at", "=bit", "=spat at", "=spat on",
]);
const VERBAL = lexicon("passion.insult", [
  "=shouted at", "=yelled at", "=swore at", "=cursed at", "=called * stupid", "=called * * stupid", "=called * an idiot", "=called * names", "=insulted", "let the air out", "=keyed", "=slashed",
  "=smashed", "=trashed", "cut the power", "=sabotaged", "=snapped at", "threw * at", "threw * * at",
]);
/** Who a blow lands on: a person or an animal, named or by pronoun. */
const VICTIMS = new Set([
  "him", "her", "them", "man", "woman", "guy", "boy", "girl", "kid", "kids", "child", "son", "daughter", "wife", "husband", "brother", "sister", "dog", "cat", "puppy", "horse", "neighbour",
  "neighbor", "colleague", "boss", "intern", "waiter", "driver", "stranger", "friend", "partner", "mother", "father", "mum", "mom", "dad", "girlfriend", "boyfriend", "student", "teacher",
  "player", "referee", "customer", "cashier", "baby", "toddler", "classmate", "roommate", "flatmate", "nephew", "niece", "cousin", "uncle", "aunt", "grandmother", "grandfather", "tenant",
]);

/**
 * The account gives a provocation for the blow: "because he talked back", "for being late", "again",
 * or the sentence opens on what someone else did ("The dog next door barked all night, so...").
 */
function provoked(segment: Segment, from: number, to: number): boolean {
  const tokens = segment.tokens;
  const s = segment.sentences[tokens[from]!.sentence]!;
  let first = -1;
  for (let i = s.from; i < s.to; i++) {
    const t = tokens[i]!;
    if (t.kind !== "word") continue;
    if (first < 0) first = i;
    if (t.lower === "because" || t.lower === "again") return true;
    if (i >= to && t.lower === "for" && (tokens[i + 1]?.lower.endsWith("ing") ?? false)) return true;
  }
  // The sentence's first clause is someone else's doing: its first subject is not the author.
  for (let i = first; i >= 0 && i < from; i++) {
    const t = tokens[i]!;
    if (t.kind !== "word") continue;
    if (AUTHOR_SUBJECTS.has(t.lower)) return false;
    if (OTHER_SUBJECTS_OR_NOUN(t)) return agentOf(tokens, from) === "author";
  }
  return false;
}
const OPENERS = new Set(["without", "then", "so", "in", "on", "at", "during", "once", "the", "a", "an", "my", "our", "this", "that", "last", "one", "yesterday", "today", "this", "later"]);
const OTHER_SUBJECTS_OR_NOUN = (t: Token) => !OPENERS.has(t.lower) && !t.lower.endsWith("ly");

function rangeFree(used: readonly [number, number][], from: number, to: number): boolean {
  return used.every(([a, b]) => to <= a || from >= b);
}

/** The author's passions in the account, and the passions named but denied or someone else's. */
export function readPassions(input: string | Segment): PassionsReading {
  const segment = typeof input === "string" ? accountSegment(input) : input;
  const tokens = segment.tokens;
  const found: PassionReading[] = [];
  const setAside: SetAsidePassion[] = [];
  const used: [number, number][] = [];

  const take = (root: RootPassionId, sub: string | null, intensity: Intensity, from: number, to: number, acted: boolean) => {
    used.push([from, to]);
    found.push({ root, sub, intensity, span: quoteOf(segment, from, to), acted });
  };
  const judge = (from: number, to: number, impersonal = false): "author" | "denied" | "other" => {
    const holder = feelerOf(tokens, from, to);
    // A motive without a named holder ("It's a rush.", "for the money") is the author's in their own account.
    if (holder !== "author" && !(holder === null && impersonal)) return "other";
    return denied(tokens, from) ? "denied" : "author";
  };

  // Matches of the context lexicons, read once and only when a passion asks for them.
  const cache = new Map<Lexicon, Match[]>();
  const matchesOf = (lex: Lexicon) => {
    let ms = cache.get(lex);
    if (!ms) cache.set(lex, (ms = findAll(segment, lex)));
    return ms;
  };
    for (const { m, tag } of taggedMatches(segment, BY_FIRST)) {
      const e = ENTRIES[tag]!;
      if (!rangeFree(used, m.from, m.to) || politeAfraid(tokens, m.from, m.to)) continue;
      let who: "author" | "denied" | "other" = judge(m.from, m.to, e.strength === "mild" && (e.sub === "philoplousia" || e.sub === "philodoxia" || e.sub === "philedonia"));
      if (who === "author" && notFelt(tokens, m.from)) who = "denied";
      if (who !== "author") {
        used.push([m.from, m.to]);
        setAside.push({ root: e.root, sub: e.sub, span: m.span, why: who });
        continue;
      }
      let { root, sub } = e;
      let intensity = degreeOf(tokens, m.from, e.strength);
      const sentence = tokens[m.from]!.sentence;
      const inSentence = (lex: Lexicon) => matchesOf(lex).filter((x) => x.sentence === sentence && !x.negated);
      // Pleasure at someone else's misfortune is malicious joy.
      if (root === "hedone" && sub !== "epichairekakia" && inSentence(MISFORTUNE).some((x) => agentOf(tokens, x.from) === "other")) {
        sub = "epichairekakia";
        if (/delight|thrill|overjoy|ecsta|elat/i.test(m.span.quote)) intensity = "strong";
      }
      // Fear of a test, an interview, failing: anguish (agonia).
      if (root === "phobos" && sub === null && intensity === "mild" && inSentence(PERFORMANCE).length > 0) sub = "agonia";
      // Temptation in a flirtation is erotic.
      if (root === "epithumia" && sub === null && inSentence(EROTIC).length > 0) sub = "eros";
      if (root === "lupe" && sub === "achos" && tokens[m.to]?.lower === "for") continue;
      const acted = actedOn(tokens, m.from, m.to) || (root === "epithumia" && sub === "orge" && /temper|snapped|lashed/.test(m.span.quote.toLowerCase()));
      take(root, sub, intensity, m.from, m.to, acted);
    }

  // Gladness at someone else's misfortune, without a word of pleasure from the lexicons.
  for (const m of findAll(segment, GLADNESS)) {
    if (!rangeFree(used, m.from, m.to) || judge(m.from, m.to) !== "author" || notFelt(tokens, m.from)) continue;
    const misfortune = matchesOf(MISFORTUNE).find((x) => x.sentence === m.sentence && !x.negated && agentOf(tokens, x.from) === "other");
    if (misfortune) take("hedone", "epichairekakia", "mild", m.from, m.to, false);
  }

  // "I wanted the higher price", "to impress my parents", "we really wanted toasted marshmallows".
  for (const m of findAll(segment, WANT)) {
    if (!rangeFree(used, m.from, m.to) || judge(m.from, m.to) !== "author" || notFelt(tokens, m.from)) continue;
    const next = tokens.slice(m.to, m.to + 5).filter((t) => t.sentence === m.sentence && t.kind === "word").map((t) => t.lower);
    const kind = next.some((w) => HONOUR_WORDS.has(w))
      ? "philodoxia"
      : next.some((w) => MONEY_WORDS.has(w))
        ? "philoplousia"
        : next.some((w) => PLEASURE_WORDS.has(w))
          ? "philedonia"
          : null;
    if (!kind) continue;
    let end = m.to;
    while (end < tokens.length && end < m.to + 4 && tokens[end]!.sentence === m.sentence && tokens[end]!.kind === "word") end++;
    take("epithumia", kind, "mild", m.from, end, false);
  }

  // Longing: "I miss my old town", "I missed her so much" (not "I missed the bus").
  for (const m of findAll(segment, MISS)) {
    if (!rangeFree(used, m.from, m.to) || judge(m.from, m.to) !== "author" || notFelt(tokens, m.from)) continue;
    const a = tokens[m.to];
    const b = tokens[m.to + 1];
    if (!a || a.sentence !== m.sentence || a.kind !== "word") continue;
    const person = a.lower === "him" || a.lower === "her" || a.lower === "them" || a.lower === "you";
    const mine = (a.lower === "my" || a.lower === "our") && b !== undefined && b.kind === "word" && !MISSED_THINGS.has(b.lower);
    if (person || mine) take("epithumia", "pothos", "mild", m.from, Math.min(m.to + (mine ? 2 : 1), tokens.length), false);
  }

  // "I was enjoying the afternoon at the pub so much that...": delight that carries one away.
  for (const m of findAll(segment, ENJOY)) {
    if (!rangeFree(used, m.from, m.to) || judge(m.from, m.to) !== "author" || notFelt(tokens, m.from)) continue;
    for (let i = m.to; i < Math.min(tokens.length - 1, m.to + 9); i++) {
      const t = tokens[i]!;
      if (t.sentence !== m.sentence) break;
      if ((t.lower === "so" || t.lower === "too") && tokens[i + 1]!.lower === "much") {
        take("hedone", "terpsis", "mild", m.from, i + 2, false);
        break;
      }
    }
  }

  // Anger shown by a blow or an insult struck at someone in return for what they did.
  if (!found.some((p) => p.sub === "orge")) {
    for (const [lex, strength] of [[PHYSICAL, "strong"], [VERBAL, "mild"]] as const) {
      const m = findAll(segment, lex).find((x) => {
        if (x.negated || !rangeFree(used, x.from, x.to) || agentOf(tokens, x.from) !== "author") return false;
        const lastWord = tokens[x.to - 1]!.lower;
        const victim = tokens.slice(x.to, x.to + 3).some((t) => t.sentence === x.sentence && VICTIMS.has(t.lower));
        const aimed = lastWord === "at" || lastWord === "in" || lastWord === "out" || lastWord === "power" || lastWord === "stupid" || lastWord === "idiot" || lastWord === "names" || victim;
        return aimed && provoked(segment, x.from, x.to);
      });
      if (m) {
        take("epithumia", "orge", strength, m.from, m.to, strength === "strong");
        break;
      }
    }
  }

  return { passions: merge(found), setAside };
}

/** One reading per (root, sub-species), the strongest kept; a root with a sub-species drops its bare reading. */
function merge(found: readonly PassionReading[]): PassionReading[] {
  const out: PassionReading[] = [];
  for (const p of found) {
    const same = out.findIndex((q) => q.root === p.root && q.sub === p.sub);
    if (same >= 0) {
      const q = out[same]!;
      if (p.intensity === "strong" && q.intensity === "mild") out[same] = { ...p, acted: p.acted || q.acted };
      else if (p.acted && !q.acted) out[same] = { ...q, acted: true };
      continue;
    }
    out.push(p);
  }
  const kept = out.filter((p) => p.sub !== null || !out.some((q) => q.root === p.root && q.sub !== null));
  // A bare reading's strength passes to the sub-species kept in its place.
  return kept
    .map((p) => {
      if (p.sub === null) return p;
      const bare = out.find((q) => q.root === p.root && q.sub === null);
      return bare && bare.intensity === "strong" && p.intensity === "mild" ? { ...p, intensity: "strong" as const, acted: p.acted || bare.acted } : p;
    })
    .sort((a, b) => a.span.start - b.span.start);
}
