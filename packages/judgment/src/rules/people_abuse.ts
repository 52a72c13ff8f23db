import type { Rule } from "../types";
import { ABOUT, DECLINED, HANDLING, MODERATE, PERSON, unlessInSegment } from "./people_shared";
import { firstOf, lex, pairRule, phraseRule } from "./systems_kit";

/**
 * harassment and hate, read from plain language. Harassment: threats and menace aimed at a person,
 * doxxing (a person's home, children's school or movements posted for others), contact flooding
 * (repeated, from throwaway numbers or accounts, past a block), exposing someone's private life,
 * and calling others to pile on. Hate: a protected group called vermin, disease, invaders or
 * criminals by nature; exclusion or worse treatment by race, religion, origin, disability, age,
 * sex or orientation; mockery of a group; hateful content approved or boosted.
 */

// ---- harassment ---------------------------------------------------------------------------------

const THREAT = lex("harassment_threat", [
  "watch your back", "watch his back", "watch her back", "i know where you live", "i know where you park", "know where you park",
  "know where she lives", "know where he lives", "we know her address", "we know his address", "know your address",
  "know her address now", "you can't hide", "can't hide from", "you won't get another warning", "won't get another warning",
  "pay her a visit", "pay him a visit", "pay them a visit", "sort her out", "sort him out", "show her what pain",
  "show him what pain", "wait for her after", "wait for him after", "you know where to find him", "you know where to find her",
  "know where to find him", "know where to find her", "you know who he is now", "you know who she is now", "kill yourself",
  "kill herself", "kill himself", "go die", "nobody wants you here", "log off forever", "snitches get", "you'll regret",
  "he'll regret", "she'll regret", "they'll regret", "or else", "i'll find the new place", "i'll find you", "i will find you",
  "we're watching you", "we are watching you", "can't ignore me", "you can't ignore me", "i'll make your life hell",
  "make her life hell", "make his life hell", "make their life hell", "ruin her life", "ruin his life", "i'm nearby", "think about your daughter", "think about your son",
  "think about your kids", "think about your family", "i show up on her shift", "show up on her shift", "show up on his shift",
  "tell her to settle or", "you know what to do", "everyone go tell her", "everyone go tell him", "feel free to tell him what you think",
  "feel free to tell her what you think", "go tell her", "go tell him", "so the raid team", "raid team knows",
  // menace left unsaid: where someone is known to be, and what could befall them
  "accidents happen", "accidents can happen", "it would be a shame if", "be a shame if", "we know where he parks", "we know where she parks",
  "know where he parks", "know where she parks", "know where they park", "know where your kids", "know where his kids", "know where her kids",
  "i'm bringing the bat", "bringing the bat", "bringing a bat", "bring the bats", "bring bats", "deal with him properly", "deal with her properly",
]);

const DOX_ACT = lex("harassment_dox_act", [
  "post", "posted", "posting", "share", "shared", "sharing", "publish", "send", "sent", "forward", "put", "include", "includes",
  "reply with", "distribute", "leak", "drop", "print", "list", "tag", "edit title", "caption", "compile", "find out where",
  "find out when", "look up", "lookup", "find every", "find the home", "find",
]);
const DOX_OBJECT = lex("harassment_dox_object", [
  "home address", "her address", "his address", "their address", "where she lives", "where he lives", "where they live",
  "her home street", "his home street", "home street", "kids' school", "kids school", "her kids", "his kids", "children's school",
  "her cell", "his cell", "personal phone", "personal number", "her phone number", "his phone number", "home phone",
  "gym schedule", "daily schedule", "her schedule", "his schedule", "the time she leaves", "the time he leaves", "when she leaves",
  "when he leaves", "his mom's address", "her mom's address", "his girlfriend's", "license plate", "licence plate",
  "drives a", "her car", "his car", "photos of her house", "photos of his house", "lives on", "lives by", "his workplace",
  "her workplace", "current workplace", "leaves work", "home_address", "personal_phone", "of her house", "of his house",
]);
/** "Find out where the barista who was rude to me lives and post it": the place found, then given out. */
const FIND_WHERE = lex("harassment_find_where", ["find out where", "figure out where", "work out where", "track down where", "look up where", "dig up where", "find where"]);
const WHERE_THEY_ARE = lex("harassment_where_they_are", ["lives", "live", "stays", "sleeps", "works", "parks", "goes to school", "hangs out"]);
const GIVE_OUT = lex("harassment_give_out", ["post", "posting", "share", "sharing", "publish", "send it", "tell everyone", "my story", "the group chat", "put it on", "tweet", "leak"]);
const DOX_BLOCK = lex("harassment_dox_block", [
  "town hall", "office address", "business address", "public press contact", "press contact", "official", "published work",
  "public bio", "with her consent", "with his consent", "she asked", "he asked", "insurer", "claims",
]);

const CONTACT_ACT = lex("harassment_contact_act", [
  "message", "messages", "text", "texts", "texting", "call", "calling", "calls", "dm", "dms", "ping", "email", "emails", "reply",
  "replies", "comment", "comments", "send", "sending", "post", "sign up", "signup", "subscribe", "report", "reporting",
  "tweet", "contact", "schedule", "spam", "keep", "knock", "ring", "invite", "invites", "calendar invites", "sign * up",
  "sign * * up", "enrol", "enroll", "register",
]);
/** Counted bursts of contact: "200 texts", "50 calls". */
const BURSTS: string[] = [];
for (const n of [20, 25, 30, 40, 50, 60, 100, 150, 200, 300, 400, 500, 1000])
  for (const w of ["texts", "messages", "calls", "emails", "dms", "voicemails", "comments", "replies", "newsletters", "subscriptions"]) BURSTS.push(`${n} ${w}`);
/** Pressure until the person gives in: "until she resigns", "until they move out". */
const UNTIL_GIVES_IN: string[] = [];
for (const who of ["she", "he", "they"])
  for (const v of ["resigns", "resign", "quits", "quit", "gives in", "give in", "gives up", "give up", "leaves", "leave", "moves out", "move out", "apologises", "apologizes", "apologise", "apologize", "deletes", "delete", "withdraws", "withdraw", "breaks", "break", "cracks", "crack", "pays", "pay", "shuts up", "shut up", "goes away", "go away"])
    UNTIL_GIVES_IN.push(`until ${who} ${v}`, `till ${who} ${v}`, `til ${who} ${v}`);
const FLOOD = lex("harassment_flood", [
  ...BURSTS, ...UNTIL_GIVES_IN, "a thousand", "thousand texts", "thousand messages", "thousand calls", "thousand emails",
  "an hour", "a minute", "nonstop", "non stop", "around the clock", "day and night", "night and day", "hundreds of texts", "hundreds of messages", "hundreds of calls", "thousands of",
  "every hour", "every 15 minutes", "every 5 minutes", "every 10 minutes", "every 2 hours", "every minute", "all night",
  "through the night", "all weekend", "every day til", "every day until", "until she replies", "until he replies",
  "til she replies", "till she replies", "until she answers", "until he answers", "until she agrees", "until he agrees",
  "until she moves", "until he moves", "until one works", "until her account", "until his account", "different numbers",
  "burner numbers", "burner number", "burner phone", "alt accounts", "my alts", "from my alts", "fake accounts",
  "new accounts", "fresh account", "different accounts", "block caller id", "blocked you", "if she blocks", "if he blocks", "every time she blocks", "every time he blocks",
  "whenever she blocks", "whenever he blocks", "she blocks me", "he blocks me", "still watching", "every debt collection",
  "gambling newsletter", "debt collection", "funeral plan", "using his email", "using her email", "using his mobile", "using her mobile",
  "each time he bans", "each time she bans", "300 newsletters", "500 newsletters", "newsletters and dating sites",
  "one a day", "repeatedly", "ring repeatedly", "knock loudly", "every one of", "every post", "all her recent posts",
  "all his recent posts", "for the next week", "hundreds of", "dozens of", "fifty times", "100 times", "a hundred times",
  "spam mailing lists", "mailing lists", "dating sites", "so her inbox", "so his inbox", "inbox is flooded", "flood her", "flood his",
]);

/** Handling unwanted contact rather than making it. */
const CONTACT_HANDLED = lex("harassment_contact_handled", [
  "block the account", "block the number", "block * number", "block that account", "block this account", "mute the",
  "report the", "report that account", "report the number", "report the messages", "restraining order",
  "protective order", "log the calls", "keep a record", "screenshots for the police", "who keeps", "that keeps", "is harassing",
  "has been harassing", "harassing me", "for the police", "harassment report", "collect the screenshots", "timeline for",
  "he asked me", "she asked me", "they asked me", "asked me to handle",
]);

const INSULT = lex("harassment_insult", [
  "disgusting liar", "talentless", "talentless cow", "cow", "pathetic excuse", "attention seeker", "bitter loser", "pathetic loser",
  "is a rat", "a rat who", "is a drunk", "a fraud and a drunk", "stop crying", "quit art", "about her weight", "about his weight",
  "pig face", "her face", "his face", "ugly", "fat", "whore", "slut", "freak", "worthless", "nobody asked", "crying in meetings",
  "abuses animals and kids", "which animal does", "mocking", "mock", "humiliate", "humiliating", "make fun of", "laugh at him",
  "laugh at her", "ridicule", "ridiculing", "joking about him", "joking about her", "on a final warning",
]);
const BROADCAST = lex("harassment_broadcast", [
  "whole team", "whole volleyball team", "whole year group", "year group chat", "group chat", "everyone", "all staff",
  "all-staff", "team all", "every door", "all doors", "neighborhood facebook group", "facebook group", "discord", "forum",
  "classifieds", "families", "colleagues", "her employer", "his employer", "his wife", "her husband", "the whole school",
  "whole class", "public",
]);
const PRIVATE = lex("harassment_private", [
  "private dms", "private messages", "private dm", "private photos", "private chats", "his coming out", "her coming out", "coming out",
  "her depression", "his depression", "her therapy", "his therapy", "her diagnosis", "his diagnosis", "medical records",
  "final warning", "edited picture of her", "edited picture of him", "edited photo of her", "edited photo of him", "meme of her", "meme of him", "flyers with his face", "flyers with her face", "his face",
  "her face", "live location", "location",
]);

/** Calling others to join in: pile-ons, brigading, mass reporting. */
const PILE_ON = lex("harassment_pile_on", [
  "pile on", "pile-on", "dogpile", "dog pile", "brigade", "brigading", "raid her", "raid his", "spam her dms", "spam his dms",
  "spam her", "spam his", "mass report", "mass reporting", "keep reporting", "get everyone to", "everyone go tell",
  "tell everyone to message", "flood her mentions", "flood his mentions", "until her account gets banned",
  "until his account gets banned", "until she quits", "everyone go say hi", "go say hi to", "make sure he feels welcome",
  "make sure she feels welcome", "tag her friends", "tag his friends", "tell all her friends", "tell all his friends", "until he quits", "so she quits", "so he quits", "until she moves out",
]);

/** Smearing a person to the people around them. */
const SMEAR = lex("harassment_smear", [
  "what she's really like", "what he's really like", "what * is really like", "is really like", "drinks on the job",
  "think hard about trusting", "think twice about trusting", "why she got fired", "why he got fired", "ask her why",
  "ask him why", "she's a thief", "he's a thief", "is a thief", "is a liar", "is a fraud", "is a cheat", "she's a liar",
  "he's a liar", "she's a fraud", "he's a fraud", "she's a cheat", "he's a cheat", "so everyone knows what", "so people know who", "name the pupil", "name and shame", "naming and shaming", "expose her", "expose him", "ruin her reputation", "ruin his reputation",
]);

const HARASSMENT: readonly Rule[] = [
  phraseRule({ feature: "harassment.smear", code: "harassment", note: "a person smeared to others", phrases: SMEAR, block: HANDLING }),
  phraseRule({ feature: "harassment.pile_on", code: "harassment", note: "others called to join in on a person", phrases: PILE_ON, block: HANDLING }),
  phraseRule({ feature: "harassment.threat", code: "harassment", note: "a threat or menace aimed at a person", phrases: THREAT, block: HANDLING }),
  firstOf([
    pairRule({
      feature: "harassment.doxxing", code: "harassment", note: "a person's home, family or movements given out",
      act: DOX_ACT, object: DOX_OBJECT, window: 14, block: DOX_BLOCK,
    }),
    pairRule({
      feature: "harassment.doxxing", code: "harassment", note: "a person's home, family or movements given out",
      act: FIND_WHERE, object: WHERE_THEY_ARE, need: GIVE_OUT, window: 12, needWindow: 12, block: DOX_BLOCK,
    }),
  ]),
  pairRule({
    feature: "harassment.contact_flooding", code: "harassment", note: "repeated or evasive contact with a person",
    act: CONTACT_ACT, object: FLOOD, window: 16, blocks: [{ lex: CONTACT_HANDLED }, { lex: DECLINED }],
  }),
  pairRule({
    feature: "harassment.insult_broadcast", code: "harassment", note: "insults or humiliation sent to a person or an audience",
    act: DOX_ACT, object: INSULT, window: 16, block: HANDLING,
  }),
  pairRule({
    feature: "harassment.expose_private", code: "harassment", note: "someone's private life spread to an audience",
    act: DOX_ACT, object: PRIVATE, need: BROADCAST, window: 12, needWindow: 14, block: HANDLING,
  }),
  pairRule({
    feature: "harassment.insult_person", code: "harassment", note: "insults aimed at a person",
    act: INSULT, object: PERSON, window: 8, block: HANDLING,
  }),
];

// ---- hate ---------------------------------------------------------------------------------------

const GROUP = lex("hate_group", [
  "muslims", "muslim", "jews", "jewish", "jewish sounding", "roma", "gypsies", "gypsy", "travellers", "irish travellers",
  "refugees", "refugee", "immigrants", "immigrant", "migrants", "migrant", "asylum seekers", "black", "black people",
  "black family", "blacks", "asian", "asians", "asian players", "chinese", "mexicans", "hispanic", "hispanics", "latinos",
  "arabs", "arabic", "african", "africans", "east african", "indian", "indians", "pakistani", "pakistanis", "foreigners",
  "foreign", "foreign sounding", "sounding names", "names sound foreign", "gay", "gays", "gay people", "lesbians", "trans",
  "trans people", "transgender", "queer", "lgbt", "lgbtq", "pride flag", "disabled", "disabled people", "the disabled",
  "disability", "wheelchair", "women", "woman", "girls", "older applicants", "over 50", "over 60", "mums with kids",
  "pregnant", "religious group", "ethnic group", "< group >", "group >", "these people", "those people", "that lot",
  "christians", "catholics", "hindus", "sikhs", "atheists", "mosque", "synagogue", "synagogues", "church", "temple",
  "judaism", "islam", "ethnicity", "race", "religion", "gender", "nationality", "accents", "foreign accents",
  "majority black", "black zipcodes", "somali", "somalis", "nigerian", "nigerians", "polish", "romanian", "romanians",
  "surname looks", "surname sounds", "surnames", "applicant religion", "indian applicants", "black applicants", "asian applicants",
  "muslim applicants", "gypsies camping", "travellers camping", "wheelchair users", "over 50s", "pronouns", "rainbow flag",
]);
const DEHUMANISE = lex("hate_dehumanise", [
  "parasites", "parasite", "vermin", "rats", "cockroaches", "animals", "monkeys", "apes", "invaders", "invasion", "a disease",
  "diseased", "disease", "subhuman", "sub human", "predators", "degenerates", "degenerate", "thieves by nature", "by nature",
  "genetically criminal", "genetically", "criminal", "criminals", "thieves", "thief", "rapists", "groomers", "savage", "terrorists", "freaks", "mentally ill", "a drain", "drain on",
  "inferior", "biologically inferior", "biologically", "too stupid", "can't be trusted", "cannot be trusted", "should be sterilized",
  "sterilized", "sterilised", "driven out", "drive them out", "run out", "kept out", "keep out", "keep them out", "deport them",
  "deported", "cleanse", "burn it down", "banned from the town", "should be banned", "shouldn't be allowed", "shouldn't be around kids",
  "don't rent to them", "don't hire them", "where they belong", "watch your wallets", "you know how they are", "abominations",
  "filth", "scum", "savages", "expelled", "should be expelled", "wiped out", "exterminated", "eradicated", "gassed",
  "control the banks", "control the media", "run the world", "replace us", "bring disease", "steal jobs", "stealing jobs", "had a point", "demand their names",
  // a group denied humanity, or blamed as a whole for crime, dirt or ruin
  "plague", "pests", "infestation", "infesting", "swarm", "swarming", "aren't people", "not people", "not human", "aren't human",
  "bringing crime", "bring crime", "bringing drugs", "lazy", "dirty", "ruining", "ruin our",
]);
const HATE_BLOCK = lex("hate_block", [
  "hatred toward", "hatred towards", "hatred against", "racist propaganda", "hate speech rule", "as hateful", "flagged them",
  "could put off", "might put off", "would put off", "interfaith", "welcome them", "welcome the", "welcome committee", "welcome message", "welcome to", "new neighbors", "new neighbours", "anti bullying", "protects", "protect",
]);

const EXCLUDE = lex("hate_exclude", [
  "reject", "rejects", "rejecting", "filter out", "filters out", "exclude", "excludes", "excluding", "refuse service",
  "refuse", "refuses", "deny", "denies", "don't advance", "do not advance", "waitlist", "wait list", "screen out",
  "screens out", "evict", "evicted", "kick", "kicks", "kick them", "can't work", "cannot work", "not allowed", "don't bother applying",
  "don't bother", "the unit is taken", "unit is taken", "service unavailable", "put them on the waitlist", "+ 18 %", "adjust",
  "charge more", "higher price", "price higher", "quietly rejects", "use insults", "don't serve", "shouldn't serve",
  "should be stripped", "stripped of", "get all of them evicted", "exclude :", "waitlist '", "aren't wanted", "not wanted here",
  "aren't welcome", "not welcome here", "should move out", "make them leave", "run them out", "send them back", "send them all back",
  "already been let", "already let", "score * lower", "score them lower", "lower score", "rank * lower", "rank them lower",
  "deprioritise", "deprioritize", "points off", "knock * points off", "risk score +", "puts off", "put off", "quietly",
  "them out of", "schedule them out", "keep them away from", "keep them off", "take them off", "move them off", "move them out",
  "off the rota", "off the schedule", "away from customers", "away from clients", "out of client facing", "out of customer facing",
  "out of the client facing", "out of the customer facing", "fewer shifts", "pass them over", "passed over", "pay them less",
  "lay them off", "let them go", "don't promote", "do not promote", "not promote", "segregate", "separate entrance",
  // a group kept from work or service because others are said to prefer it
  "customers prefer", "clients prefer", "guests prefer", "patients prefer",
]);
const MOCK = lex("hate_mock", [
  "jokes mocking", "mocking", "mock", "mocks", "jokes about", "caricature", "caricatures", "ridicule", "ridiculing", "meme calling",
  "calling", "depicting", "showing", "drawn as", "as monkeys", "as rats", "antisemitic", "racist", "slur", "slurs", "bigoted",
  "insults", "stereotypes", "mocking name", "diss", "dissing", "diss track", "make fun of", "making fun of", "go in on", "roast",
]);
const APPROVE = lex("hate_approve", [
  "approve", "approved", "approve and feature", "feature", "boost", "boosts", "pin", "like and pin", "allow", "restore",
  "restore listings", "keep them up", "keep up", "promote", "recommend", "unhide", "reinstate",
]);
const HATEFUL = lex("hate_content", [
  "hate speech", "racist abuse", "racist", "hateful", "antisemitic", "slurs", "slur", "bigotry", "bigoted", "posts calling",
  "attacks on", "say trans people are predators", "nazi", "white power", "white supremacist", "islamophobic", "homophobic",
  "transphobic",
]);

/** Coded contempt for a group that needs no group word: "you know how they are", "go back to your country". */
const CODED = lex("hate_coded", [
  "you know how they are", "you know how those people are", "watch your wallets", "their kind", "go back to your country",
  "go back where they came from", "send them back", "not real americans", "not real british", "replacement of",
  "great replacement", "back where they came from", "send them all back", "every last one of them", "race traitor", "race traitors", "white genocide", "14 words", "those people", "subhumans",
]);

const HATE: readonly Rule[] = [
  phraseRule({ feature: "hate.coded_contempt", code: "hate", note: "coded contempt for a group", phrases: CODED, block: ABOUT }),
  pairRule({
    feature: "hate.dehumanise_group", code: "hate", note: "a protected group called vermin, disease, criminals or invaders",
    act: GROUP, object: DEHUMANISE, window: 10, blocks: [{ lex: HATE_BLOCK }, { lex: ABOUT }, { lex: HANDLING }],
  }),
  pairRule({
    feature: "hate.discriminate", code: "hate", note: "worse treatment for a protected characteristic",
    act: EXCLUDE, object: GROUP, window: 12, blocks: [{ lex: HATE_BLOCK }, { lex: ABOUT }],
  }),
  pairRule({
    feature: "hate.mock_group", code: "hate", note: "mockery or caricature of a protected group",
    act: MOCK, object: GROUP, window: 8, blocks: [{ lex: HATE_BLOCK }, { lex: ABOUT }, { lex: HANDLING }, { lex: MODERATE }],
  }),
  pairRule({
    feature: "hate.approve_hateful", code: "hate", note: "hateful content approved, kept up or boosted",
    act: APPROVE, object: HATEFUL, window: 12, blocks: [{ lex: MODERATE }],
  }),
];

/** Written by or for the person on the receiving end, or talking oneself out of it: the harassment it names is not done. */
const VICTIM_SIDE = lex("harassment_victim_side", [
  "for the police", "harassment report", "restraining order", "protective order", "why i shouldn't", "talk me out of",
  "help me stop", "keep a record", "collect the screenshots", "report it to", "report them to",
  // moderating, reporting on or writing policy about harassment
  "as a moderator", "moderate this", "moderation", "suspend the accounts", "suspend the account", "ban the accounts",
  "news brief", "news story", "news article", "court case", "anti harassment", "harassment policy", "so we can suspend",
]);

export const harassmentRules: readonly Rule[] = HARASSMENT.map((r) => unlessInSegment(r, VICTIM_SIDE));
/** Hate rules stay quiet in a message that is about hate (history, fact-checks, lessons) anywhere in it. */
export const hateRules: readonly Rule[] = HATE.map((r) => unlessInSegment(r, ABOUT));
