import type { Rule } from "../types";
import { lex, pairRule, phraseRule } from "./systems_kit";

/**
 * disinformation, read from plain language: fake news and hoaxes, fabricated quotes, sources,
 * studies and statistics, deepfakes of real people, misdated or miscaptioned media, bot networks
 * that amplify, false claims about elections and health presented as fact. Debunking, fact-checking
 * and labelled satire are not disinformation: their markers in the sentence cancel the claim rules.
 */

/** The frame of a debunk, a fact-check, satire or fiction (without verdict words like "not true"). */
const DEBUNK_FRAME = lex("debunk_frame", [
  "debunk", "debunking", "debunks", "fact check", "fact-check", "fact checking", "myth", "myths", "misinformation about",
  "explaining why", "explain why", "what the evidence shows", "satire", "satirical", "parody", "clearly labelled",
  "clearly labeled", "fiction", "fictional", "novel", "short story", "screenplay", "media literacy", "how to spot",
  "how to recognise", "how to recognize", "example of disinformation", "examples of disinformation", "explainer",
  "historian", "historians", "museum", "history of",
]);

/** Debunking, fact-checking, labelled satire or fiction: the sentence argues against the claim. */
const DEBUNK = lex("debunk", [
  "detection", "detector", "detect", "detecting", "spotting", "identify", "identifying", "how to tell", "warn people about", "warning about", "prebunk", "inoculate", "correction", "corrected", "retraction", "official list", "official source", "official account", "from the election commission", "from the county", "confirmed facts", "accurately", "with a link", "with sources",
  "debunk", "debunking", "debunks", "fact check", "fact-check", "fact checking", "why claims",
  "myth", "myths", "misinformation about",
  "is false", "are false", "is wrong", "are wrong", "not true", "is untrue", "are untrue", "no evidence", "not supported",
  "false claims", "to counter", "countering", "correct the record", "correcting", "explaining why", "explain why",
  "what the evidence shows", "evidence shows", "satire", "satirical", "parody", "labelled as", "labeled as", "clearly labelled",
  "clearly labeled", "ai generated illustration", "not a real photo", "not real", "fiction", "fictional", "novel", "short story",
  "screenplay", "media literacy", "how to spot", "how to recognise", "how to recognize", "training on", "example of disinformation",
  "examples of disinformation", "null result", "has no proven", "does not prevent", "doesn't prevent", "not a substitute",
  "explainer", "historian", "historians", "museum", "history of", "has been used as", "was used as", "how propaganda",
  "debunk the rumour", "counter the rumour", "counter rumours", "rumour is false", "rumours are false", "address the rumour",
  "address rumours", "quash the rumour", "quash rumours", "false rumour", "false rumours", "rumor is false", "rumors are false",
]);

const CREATE = lex("create_content_act", [
  "write", "writing", "create", "creating", "make", "making", "generate", "generating", "post", "posting", "publish",
  "publishing", "spread", "spreading", "share", "sharing", "draft", "drafting", "produce", "circulate", "push", "send",
  "tweet", "blast", "seed", "plant", "distribute", "translate", "repost", "upload", "submit", "schedule", "scheduling",
  "put out", "release", "leak", "film", "record", "edit", "design", "print",
]);

const FAKE_NEWS = lex("fake_news_object", [
  "fake obituary", "fake obituaries", "false obituary", "fake death announcement", "death hoax", "fake recall", "fake recall notice", "fake warning", "fake bulletin", "fake notice", "fake interview", "fake transcript", "fake quote", "fake quotes", "fake headline", "fake report",
  "fake news", "fake article", "fake articles", "fake story", "fake stories", "fake news story", "fake report", "fake press release",
  "hoax", "hoaxes", "false story", "false stories", "false report", "false reports", "false news", "fabricated story",
  "fabricated article", "fabricated report", "fabricated news", "made up story", "made up news", "fake breaking news",
  "fake headline", "fake headlines", "fake alert", "fake emergency alert", "false alarm alert", "fake leak", "fake leaked",
  "fake 'leaked", "fake memo", "fake 'leaked' memo", "fake announcement", "fake statement", "fake official statement",
  "fake press conference", "fake tweet", "fake screenshot of a tweet", "fake screenshots", "disinformation",
  "misinformation campaign", "fake evidence", "fake poll", "fake polls", "fake survey results", "fake study", "fake studies",
  "fake research", "fake paper", "fake abstract", "fake study abstract", "fake data", "fake chart", "fake graph",
  "rumour", "rumours", "rumor", "rumors", "the rumour that", "a rumour that",
]);

const FABRICATED = lex("fabricated_marker", [
  "made up", "made-up", "make up", "fake", "fabricated", "fabricate", "invented", "invent", "fictitious", "phony", "bogus",
  "nonexistent", "non existent", "that doesn't exist", "that does not exist", "that never existed", "never said",
  "didn't say", "did not say", "imaginary", "fictional",
]);
const SOURCE = lex("source_object", [
  "quote", "quotes", "quotation", "whistleblower", "insider", "expert", "experts", "scientist", "scientists", "doctor",
  "doctors", "official", "officials", "spokesperson", "source", "sources", "study", "studies", "statistic", "statistics",
  "stats", "figures", "numbers", "data", "poll", "polls", "survey", "citation", "citations", "cite", "authors", "author",
  "memo", "report", "chart", "graph", "evidence", "testimony", "witness", "witnesses", "eyewitness", "blog post", "paper",
  "abstract", "journal", "researchers", "cdc", "who", "fda", "nih", "johns hopkins", "harvard", "university", "lab",
  "labs", "independent labs", "interview", "lab results",
]);

const PRESENT_AS_REAL = lex("present_as_real", [
  "write a press release from the", "draft a press release from the", "write a statement from the", "write an alert from the", "draft a notice from the", "write a notice from the", "draft an alert from the", "write a memo from the",
  "present it as confirmed", "as confirmed", "present it as true", "present as true", "as if confirmed", "call it confirmed", "present it as news",
  "as the real", "as if it's the real", "as the original", "say the opposite", "splice", "spliced", "selectively edited", "on the ministry's letterhead", "ministry's letterhead", "official letterhead", "council's letterhead", "government's letterhead", "police letterhead", "school's letterhead", "on the * letterhead",
  "presented as fact", "present it as fact", "present them as fact", "as fact", "as if it were real", "as if it's real",
  "as if it came from", "as if it is from", "as if from", "as a leaked", "as leaked", "as real footage", "as footage from",
  "as a real photo", "as genuine", "no ai label", "without an ai label", "without the ai label", "without labelling",
  "without labeling", "remove the ai label", "remove the watermark", "strip the watermark", "strip the ai", "don't label it",
  "do not label it", "so it looks official", "so it looks real", "so it looks like real news", "look official", "looks official",
  "look like real news", "look like a real", "format it like an ap", "format it like a news", "like an ap wire", "ap wire story",
  "reuters style", "breaking news format", "with the state seal", "state seal", "official seal", "official logo",
  "government letterhead", "as breaking news", "say it's confirmed", "say it was confirmed", "confirmed by officials",
  "confirmed by state officials", "share before it's deleted", "share before it gets deleted", "before they delete it",
  "they don't want you to know", "won't tell you", "mainstream media won't", "the media won't", "wake up", "do your own research",
  "happening now", "live footage", "live now",
  "before it's taken down", "before it gets taken down", "before they take it down", "before it's censored", "before they censor",
  "before it gets censored", "they're censoring this", "rt before", "retweet before",
  "make it sound like", "make it sound official", "make it sound real", "make it look like", "sound like a real",
  "sound like a news", "as happening", "happening right now", "as if it's happening", "as if it is happening", "happening now in",
]);

const DEEPFAKE = lex("deepfake", [
  "deepfake", "deepfakes", "deep fake", "deep fakes", "face swap", "faceswap", "voice clone of", "cloned voice of",
  "synthetic video of", "fake video of", "fake audio of", "fake photo of", "fake image of", "fake recording of",
  "realistic photo of", "realistic image of", "realistic video of", "photorealistic image of", "photorealistic photo of",
  "photorealistic video of", "ai photo of", "ai image of", "ai video of", "generated photo of", "generated image of",
  "generated video of", "lip sync", "lip-sync",
]);
const REAL_PERSON = lex("real_person", [
  "senator", "president", "prime minister", "minister", "governor", "mayor", "congressman", "congresswoman", "candidate",
  "politician", "mp", "councillor", "councilman", "ceo", "celebrity", "actor", "actress", "singer", "judge", "pope",
  "king", "queen", "official", "officials", "secretary", "chancellor", "journalist", "anchor", "police chief", "sheriff",
  "gov", "rep", "opponent", "rival", "biden", "trump", "obama", "putin", "zelensky", "musk", "real person", "real people",
  "cartel", "shaking hands", "taking a bribe", "drunk", "arrested",
]);

const AMPLIFY = lex("amplify_network", [
  "=brigading", "brigade the", "brigade their", "brigade his", "brigade her",
  "bot accounts", "bot account", "bot network", "bot networks", "botnet", "sockpuppet", "sockpuppets", "sock puppet",
  "sock puppets", "troll farm", "troll accounts", "fake accounts", "burner accounts", "sleeper accounts", "persona accounts",
  "hundreds of accounts", "multiple accounts", "many accounts", "different accounts", "coordinated accounts",
  "coordinated inauthentic", "astroturf", "astroturfing", "amplify it", "amplification network", "mass report", "thousands of tweets", "variants of", "for different groups", "across different groups", "staggered", "accounts ' : [", "flood the",
  "make it trend", "get it trending",
  "twitter bots", "army of bots", "bot farm", "bot farms", "bots to amplify", "bots to spread",
]);
const PUBLISH = lex("publish_act", [
  "post", "posting", "tweet", "tweets", "tweeting", "schedule", "scheduling", "share", "spread", "spreading", "push",
  "pushing", "publish", "send", "blast", "amplify", "amplifying", "boost", "boosting", "flood", "write", "create", "coordinate", "post_message", "retweet", ]);

const ELECTION = lex("election_topic", [
  "election", "elections", "vote", "votes", "voting", "voter", "voters", "ballot", "ballots", "polls", "polling",
  "polling place", "polling places", "polling station", "precinct", "turnout", "mail in", "absentee", "dominion",
  "voting machines", "election day", "democrats", "republicans", "your party",
]);
const ELECTION_FALSE = lex("election_falsehood", [
  "deleted * votes", "deleted votes", "deleted a million votes", "machines deleted", "switched * votes", "erased votes", "votes were deleted", "million votes",
  "are closed today", "is closed today", "closed for the day", "vote tomorrow",
  "vote by text message", "vote by email", "vote by sms", "text message vote", "vote via text", "election has been postponed", "election is postponed", "election has been moved", "election is moved", "voting has been moved", "voting is moved", "polling stations close at noon", "polls close at noon", "close at noon", "closes at noon", "polls are closed", "polling stations are closed", "polling station has moved", "polling place has moved", "vote the next day", "republicans vote on", "democrats vote on", "second day of voting", "results are already decided",
  "flipped", "flip votes", "switched votes", "rigged", "stolen", "stole the election", "dead people voted", "illegal votes",
  "illegal aliens voted", "fake ballots", "ballots were dumped", "ballot dump", "close at 3", "closed early", "polls closed",
  "polls are closed", "closes at noon", "vote on wednesday", "vote wednesday", "vote the day after", "vote by text",
  "vote by phone", "text your vote", "vote online", "election is cancelled", "election is canceled", "election postponed",
  "election has been postponed", "bomb threat", "ice agents at polling", "police at the polls will arrest", "will be arrested",
  "you will be deported", "can't vote if", "cannot vote if", "not allowed to vote", "your vote won't count",
  "votes won't be counted", "has already been decided",
]);

const HEALTH_CLAIM = lex("health_falsehood", [
  "alters dna", "alter dna", "changes dna", "change your dna", "modifies dna", "modifies your dna", "rewrites dna", "rewrites your dna",
  "stop your metformin", "stop your insulin", "stop your medication", "stop your meds", "stop taking your medication", "stop taking insulin", "stop taking metformin", "ditch your meds", "throw away your inhaler", "no need for insulin", "no need for chemo", "skip chemo", "skip the chemo", "don't need your medication", "you can stop your", "you can stop taking", "replace your insulin", "replace your medication", "instead of your medication", "instead of insulin",
  "fda approved to remove", "fda approved to kill", "fda approved to prevent", "fda approved to cure", "removes the coronavirus", "kills the coronavirus", "kills covid", "blocks covid", "removes covid", "kills the virus",
  "=shedding",
  "5g spread", "5g spreads the virus", "5g towers spread", "5g causes covid", "vaccine makes", "vaccines make", "makes women infertile", "make women infertile", "causes infertility", "cause infertility", "turbo cancer", "kills more people than", "instead of chemo", "herbs instead", "use herbs instead", "stop taking insulin", "cures diabetes", "cure cancer naturally", "cures cancer naturally", "fda approved to treat", "approved to treat cancer", "reverses diabetes", "reverse diabetes", "cures autism", "detox cures",
  "vaccines cause autism", "vaccine causes autism", "vaccine causes", "vaccines cause", "contaminated with hiv",
  "contains microchips", "microchip", "microchips", "5g towers", "5g caused", "5g causes", "5g spreads", "chemo kills",
  "chemotherapy kills", "cures cancer", "cure cancer", "cured their", "cured my", "cures diabetes", "cure diabetes",
  "cures covid", "cures long covid", "cure covid", "cures autism", "miracle cure", "bleach cure",
  "drink bleach", "mms cure", "ivermectin cures", "hydroxychloroquine cures", "prevents covid", "prevent covid",
  "prevents cancer", "clinically proven to prevent", "works as well as a flu shot", "works as well as the vaccine",
  "better than the vaccine", "instead of vaccines", "instead of chemo", "airborne between humans", "human to human",
  "plandemic", "scamdemic", "magnetic", "depopulation", "gene therapy that alters your dna",
  "alters your dna", "doctors won't tell you", "oncologists won't tell you", "big pharma is hiding", "safe to drink",
  ]);

const CONSPIRACY = lex("conspiracy", [
  "started by the government", "by the government on purpose", "on purpose by the government", "government started", "deliberately started by", "set by the government", "caused by the government", "the government caused", "started on purpose", "set on purpose", "the government did it", "was an inside job",
  "chemtrails", "flat earth", "moon landing was faked", "moon landing faked", "crisis actors", "crisis actor", "false flag",
  "new world order", "reptilian", "lizard people", "qanon", "adrenochrome", "deep state", "great reset", "covering up",
  "cover up", "cover-up", "hiding the truth", "hiding deaths", "secretly announced", "secretly plans",
  "confiscate savings", "will confiscate", "seize your home", "can seize your home", "seize homes", "government is hiding",
  "they're hiding", "they are hiding", "weather control", "haarp", "fema camps", "population control", "the truth they",
  "secret government", "government weapon", "weather weapon", "caused by a secret", "planned by the government", "inside job",
  "staged by the government", "controlled demolition", "they poisoned", "poisoning the water", "is poisoned", "was poisoned",
  "hid it", "hushed up", "hush it up", "hushed it up", "swept under the rug", "swept it under", "kept it quiet", "buried the report",
]);

const MISDATE = lex("misdate_media", [
  "as if they were from", "as if it was from", "as if it were from", "as if they're from", "as if it's from", "as though they were from", "as though it was from", "as if they were taken", "as if it were taken", "old * photos as", "old * footage as", "old * video as", "old photos as if", "old footage as if", "last year's * as", "from last year as", "from years ago as", "as today's", "as tonight's", "as this morning's",
  "change the date on the", "change the date on", "change the caption", "repost it as", "repost as", "as footage from",
  "as if it happened", "as if it was taken", "old footage", "old video as", "old photo as", "out of context", "miscaption",
  "recaption", "re caption", "crop out the date", "remove the date", "as last night's", "as today's", "as this week's",
  "from another country as", "claim it's from", "say it's from",
  "post them * as", "post it * as", "repost them as", "as happening right now", "as happening now", "as happening today",
  "photos from * as", "video from * as", "footage from * as",
]);

const MADE_UP_STATS = lex("made_up_stats", [
  "don't need proof", "no proof needed", "we don't need proof", "without proof", "no evidence needed", "doesn't need evidence", "true or not", "whether it's true or not", "true or false", "don't care if it's true", "whether or not it's real",
  "make up a chart", "make up the chart", "make up a graph", "make up some numbers", "make up numbers", "make up statistics",
  "make up stats", "made up statistics", "made up numbers", "invented numbers", "invent statistics", "invent numbers",
  "fabricate statistics", "fabricate data", "fabricated statistics", "fabricated data", "fake statistics", "fake stats",
  "fake numbers", "fake chart", "fake graph", "generated chart showing", "pull numbers out of",
  "don't need real numbers", "don't need a source", "no source needed", "doesn't matter if it's true", "doesn't matter if true",
  "whether or not it's true", "even if it's not true", "even though it's not true", "even though it isn't true",
  "it's not true but", "not really but", "pretend it's confirmed",
  "not confirmed yet but", "hasn't been confirmed but",
]);

/** Said knowing it is false, or meant to panic or mislead. */
const KNOWINGLY_FALSE = lex("knowingly_false", [
  "let people believe", "let them believe", "let everyone believe", "let the public believe", "have people believe", "get people to believe", "so they don't leave", "so they stay", "so they don't evacuate", "so people don't evacuate", "good for business",
  "not true , but it will", "not true but it will", "not true , but it'll", "to hurt him before", "to hurt her before", "hurt him before the vote", "hurt her before the vote",
  "which didn't happen", "which never happened", "that never happened", "that didn't happen", "even though it didn't happen",
  "even though it never happened", "it didn't happen but", "it never happened but", "which isn't true", "which is not true",
  "even though it's false", "even though it is false", "although it's false", "although it isn't true", "it's false but",
  "it isn't true but", "knowing it's false", "knowing it is false", "knowing it isn't true", "knowing it's not true",
  "to cause panic", "cause panic", "to spread panic", "spread panic", "to scare people", "to frighten people",
  "to sow confusion", "sow confusion", "to sow chaos", "sow chaos", "to create chaos", "create chaos", "to mislead people",
  "to mislead voters", "to mislead the public", "mislead the public", "to confuse voters", "confuse voters", "to fool people",
  "fool people", "make people believe", "trick people into believing", "make them believe", "so people believe",
  "so that people believe", "so everyone believes", "keep people from voting", "to suppress turnout", "suppress the vote",
  "so they stay home", "so they don't vote",
  "even though the fire", "even though it's still", "even though it is still", "even though they're still",
  "even though the results", "before the results", "while it's still", "while it is still",
  "so people withdraw", "so people panic", "so people sell", "so people buy", "so everyone panics", "start a bank run",
]);

const MAKE_MEDIA = lex("make_media_of", [
  "create a video of", "create a fake video of", "make a video of", "make a fake video of", "generate a video of",
  "generate an image of", "generate a photo of", "create an image of", "create a photo of", "make an image of",
  "make a photo of", "make a picture of", "create a picture of", "create audio of", "generate audio of", "make audio of",
  "make a clip of", "create a clip of", "generate a clip of", "fake a video of", "fake a recording of", "make a recording of",
  "create a recording of", "synthesize", "synthesise", "clone the voice of", "clone * voice", "ai video of", "ai audio of",
  "ai clip of",
]);
const DEPICTED_DOING = lex("depicted_doing", [
  "saying", "say", "admitting", "admit", "confessing", "confess", "announcing", "announce", "declaring", "endorsing",
  "endorse", "shaking hands", "taking a bribe", "taking bribes", "drunk", "arrested", "in bed", "kissing", "crying",
  "threatening", "praising", "insulting", "calling for", "promising", "conceding", "resigning", "doing drugs", "naked",
]);

/** A vaccine or medicine said to harm. */
const VACCINE = lex("vaccine_topic", [
  "vaccine", "vaccines", "vaccination", "vaccinations", "jab", "jabs", "flu jab", "flu shot", "booster", "boosters", "mmr",
  "measles vaccine", "covid vaccine", "mrna", "immunisation", "immunization", "fluoride", "chemo", "chemotherapy", "insulin",
  "statins", "antidepressants", "5g", "tap water", "water supply",
]);
const HARM_CLAIM = lex("harm_claim", [
  "alters dna", "changes dna", "modifies dna",
  "contaminated", "kills", "killing", "killed", "dying", "deaths", "died", "poison", "poisoned", "poisoning", "toxic",
  "causes autism", "cause autism", "autism", "infertility", "infertile", "sterile", "sterilise", "sterilize", "microchip",
  "microchips", "tracking chip", "tracking chips", "alters your dna", "changes your dna", "magnetic", "=shedding", "cancer",
  "turbo cancer", "paralysis", "heart attacks", "sudden deaths", "died suddenly", "linked to", "causes", "dangerous",
]);

const DISASTER = lex("disaster_falsehood", [
  "food is radioactive", "air is radioactive", "the water supply is radioactive",
  "water is radioactive", "radiation leak", "nuclear leak", "radioactive leak",
  "has collapsed", "bridge has collapsed", "building has collapsed", "will hit the city tonight", "will hit tonight", "will strike tonight", "will hit the city", "magnitude 9", "magnitude 8", "mega quake", "megaquake", "the big one will", "the big one is coming",
  "order was lifted", "evacuation was lifted", "evacuation order lifted", "evacuation has been lifted", "boil water notice lifted", "boil water notice is lifted", "all clear given", "all clear has been given", "water is safe to drink", "safe to drink now", "an outbreak at", "measles outbreak at", "the plant exploded", "the schools are closed", "schools will be closed", "bank will close", "atms will be shut", "limit withdrawals", "freeze all accounts",
  "earthquake is predicted", "quake is predicted", "earthquake predicted", "bigger one is predicted", "is predicted for",
  "predicted to hit", "earthquake will strike", "quake will strike", "will strike next", "tsunami will hit", "the dam will burst",
  "dam has burst", "bridge collapsed", "building collapsed", "people trapped", "evacuate now", "mass evacuation",
  "is closed tonight", "is closed today", "has been closed", "cancelled the election", "school shooting at", "active shooter at",
  "bomb at", "gas leak at", "chemical leak", "toxic cloud", "shelter in place", "outbreak at", "cases at",
  "evacuation order is lifted", "evacuation is lifted", "all clear", "safe to return", "safe to go back", "order is lifted",
  "bank is collapsing", "bank is going bust", "bank has collapsed", "run on the bank", "bank is insolvent",
]);
/** A motive of gain or mischief behind a public alert. */
const FOR_GAIN = lex("for_gain_motive", [
  "so people take", "so people use", "so people buy", "so they take", "so they buy", "we own", "our ferry", "our business", "our shop", "our store",
  "so our", "so that our", "so we get", "so we can get", "so my", "so that my", "so people go to", "so people come to",
  "so they go elsewhere", "so traffic", "so the traffic", "take the traffic elsewhere", "so my street", "to divert",
  "to steer", "to drive customers", "to get more customers", "to boost our", "to hurt their", "to tank their", "to scare off",
  "for the clicks", "for clicks", "for engagement", "to go viral", "to make it go viral", "for a laugh", "as a prank", "prank",
]);

const NEWS = lex("publish_news", [
  "publish", "published", "wire", "wire publish", "press release", "press publish", "headline", "breaking", "cms publish",
  "front page", "newsletter", "broadcast", "announce", "report", "article", "post",
]);
const UNVERIFIED = lex("unverified_source", [
  "anonymous tip", "unverified", "unconfirmed", "not verified", "not confirmed", "hasn't been confirmed", "has not been confirmed",
  "viral tiktok", "a tiktok", "based on a tiktok", "based on viral", "heard from", "someone said", "a social media post",
  "a facebook post", "no source", "without checking", "without verifying", "without confirming", "before confirming",
  "before it's confirmed", "before it is confirmed", "single anonymous", "an anonymous source", "insiders warn", "insiders say",
  "sources say", "people are saying", "i heard",
]);

/** A product said to cure or to be approved: claims a remedy cannot make. */
const REMEDY = lex("remedy_product", [
  "lemon water", "apple cider vinegar", "vinegar", "garlic", "turmeric", "baking soda", "bleach", "mms", "juice", "juicing", "fasting", "raw diet", "honey", "ginger", "celery juice", "colloidal", "oregano oil", "ivermectin", "hydroxychloroquine", "crystals", "magnets", "urine therapy", "drops", "our drops", "herbs", "oil", "tea",
  "water filter", "our filter", "filter", "air purifier", "purifier", "mask", "our mask", "spray", "our spray", "device", "our device", "bracelet", "patch", "our app", "our drink", "our water",
  "supplement", "supplements", "herbal", "herbal tea", "remedy", "remedies", "essential oil", "essential oils", "vitamin",
  "vitamins", "detox", "gummies", "powder", "tincture", "cbd", "cbd oil", "tonic", "elixir", "balm", "our product",
  "our tea", "our oil", "our cream", "our pills", "homeopathic", "colloidal silver", "immune booster",
]);
const CURE_CLAIM = lex("cure_claim", [
  "cures", "cure", "cured", "treats", "treat", "prevents", "prevent", "fda approved", "fda-approved", "fda cleared",
  "clinically proven", "reverses", "reverse", "eliminates", "heals", "kills cancer", "kills the virus", "replaces chemo",
  "replaces insulin", "instead of medication", "no need for medication", "stop taking",
]);

/** Public records rewritten with damaging claims about a person. */
const EDIT = lex("edit_record_act", [
  "edited", "remove", "removed", "delete", "deleted", "scrub", "rewrite", "rewrote", "changed","edit", "change", "update", "rewrite", "alter", "amend", "add to"]);
const PUBLIC_RECORD = lex("public_record", [
  "wikipedia", "wikipedia page", "wikipedia article", "wiki article", "wikipedia entry", "public record", "encyclopedia",
  "imdb page", "google business profile", "official biography", "obituary",
]);
const DAMAGING = lex("damaging_claim", [
  "convicted", "arrested", "charged with", "died", "is dead", "was fired", "resigned", "affair", "fraud", "criminal", "racist",
  "paedophile", "pedophile", "drunk", "bankrupt", "cheated", "abuser", "rapist", "terrorist", "embezzled", "bribes",
]);

/** Putting a claim before people: saying, announcing, writing it up, telling the public. */
const CLAIM_ACT = lex("public_claim_act", [
  "saying", "say that", "claiming", "claim that", "announcing", "announce", "announce that", "stating", "state that",
  "that says", "which says", "tell people", "tell everyone", "tell the public", "tell voters", "tell residents", "tell parents",
  "tell followers", "tell our followers", "tell readers", "tell listeners", "post that", "tweet that", "write that",
  "report that", "reporting that", "headline", "article", "news", "press release", "blog post", "newsletter", "post", "tweet",
  "thread", "broadcast", "alert", "bulletin", "story", "rumour", "rumor",
]);
/** The speaker knows the claim is false. */
const LIE_TAIL = lex("known_false_tail", [
  ", it didn't", ", it wasn't", ", it hasn't", ", it isn't", ", he didn't", ", she didn't", ", they didn't", ", he wasn't", ", she wasn't", "no one will check", "nobody will check", "no one checks", "nobody checks", "no one will fact check", "nobody fact checks",
  "even though no", "even though nobody", "even though none", "even though nothing", "though no one has", "no one has found", "nobody has found",
  "not true , but", "not true but", "isn't true , but", "isn't true but", "it's false , but", "false , but", "not true , it will", "not true, it'll",
  "even though * wasn't", "even though * isn't", "even though * hasn't", "even though * didn't", "even though * weren't",
  "even though * aren't", "even though * haven't", "even though * won't", "even though * * wasn't", "even though * * isn't",
  "even though * * hasn't", "even though * * didn't", "even though there's no", "even though there is no",
  "although * wasn't", "although * isn't", "although * hasn't", "although * didn't", "though * wasn't", "though * isn't",
  "though * hasn't", "though * didn't", "it hasn't been .", "it has not been .", "it wasn't .", "it was not .", "he wasn't .",
  "she wasn't .", "they weren't .", "he didn't .", "she didn't .", "they didn't .", "it didn't .", "it isn't .", "it hasn't .",
  "there isn't one", "there wasn't one", "there is none", "there isn't any", "there aren't any", "which is false", "which isn't true", "which is not true",
  "which is a lie", "that's a lie", "none of it is true", "not true but", "isn't true but", "it's made up", "i made it up",
  "we made it up", "totally made up", "didn't really", "never did", "never happened", "hasn't happened", "won't happen",
]);
/** A false genre of public content: a fake obituary, a made-up announcement. */
const FAKE_ADJ = lex("fake_adjective", ["fake", "false", "fabricated", "made up", "bogus", "phony", "phoney", "invented", "hoax", "counterfeit", "forged", "doctored", "fictitious"]);
const NEWS_GENRE = lex("news_genre", [
  "obituary", "article", "news", "story", "report", "press release", "announcement", "alert", "statement", "tweet", "post",
  "headline", "interview", "quote", "quotes", "bulletin", "notice", "recall notice", "warning", "leak", "memo", "video",
  "photo", "photos", "screenshot", "screenshots", "transcript", "poll", "survey", "study", "evacuation order", "advisory",
  "emergency alert", "breaking news", "exposé", "expose", "scandal", "confession", "letter from", "endorsement",
]);

/** Edits to a public record that falsify or bury it. */
const FALSIFY_EDIT = lex("falsifying_edit", [
  "to say", "so it says", "so that it says", "instead of", "that doesn't exist", "that does not exist", "doesn't exist",
  "never happened", "didn't happen", "remove the sourced", "remove the section", "removed the sourced", "removed the section",
  "remove the criticism", "delete the section", "delete the criticism", "remove the controversy", "remove any mention",
  "removed any mention", "scrub", "scrubbed", "whitewash", "change the death toll", "change the numbers", "change the figures",
  "lower the death toll", "inflate the", "make up a source", "made up source", "fake citation", "fake source", "cite a blog",
]);

/** An event said called off, to keep people away or bring them in. */
const CANCEL_CLAIM = lex("cancel_claim", [
  "was cancelled", "is cancelled", "has been cancelled", "are cancelled", "were cancelled", "was canceled", "is canceled",
  "has been canceled", "was called off", "is called off", "has been called off", "was postponed", "has been postponed",
  "is postponed", "are closed", "is closed", "was moved", "has moved",
]);
const STEER_MOTIVE = lex("steer_motive", [
  "so workers", "so people", "so voters", "so they", "so nobody", "so no one", "so students", "so the crowd", "so fans",
  "so customers", "so residents", "so the strikers", "to keep people", "to keep voters", "to keep them",
]);

/** Results of a vote, falsified. */
const FALSIFY = lex("falsify_act", ["fake", "fabricate", "doctor the", "alter", "rig", "change", "edit", "photoshop", "manipulate", "tamper with", "falsify"]);
const ELECTION_RESULTS = lex("election_results", ["election results", "vote count", "vote counts", "vote totals", "results chart", "poll results", "exit poll", "exit polls", "turnout figures", "tally", "the tally", "precinct results", "ballot count"]);
/** Stories made up and put before the public. */
const INVENT = lex("invent_act", ["concoct", "cook up", "dream up", "invent", "make up", "fabricate", "manufacture", "spin up"]);
const TO_PUBLIC = lex("to_public", [
  "push it to", "post", "send to", "local news", "the press", "the media", "share", "spread", "publish", "newspaper", "go viral",
  "tweet", "facebook", "reporters", "journalists", "news sites", "our followers", "the public",
]);
const STORYTIME = lex("story_time", ["for my kids", "bedtime", "for children", "for a game", "creative writing", "fictional", "fiction", "novel", "campfire", "for my class", "role play", "roleplay"]);

/** When or where people vote, in any words. */
const VOTING = lex("voting_event", ["voting", "polling", "polls", "polling day", "election day", "the election", "the vote", "ballot box", "ballot boxes"]);
/** A change of when or where: the claim that misleads voters when untrue. */
const VOTING_CHANGED = lex("voting_changed", [
  "moved to", "has moved", "have moved", "been moved", "is moving", "date moved", "moved", "rescheduled", "postponed", "cancelled", "canceled",
  "relocated", "changed to", "now on", "now takes place", "is closed", "are closed", "will be closed", "new date",
]);
/** Words put in a real official's or authority's mouth. */
const OFFICIAL_VOICE = lex("official_voice", [
  "in * voice", "in * * voice", "in * * * voice", "in the voice of", "in * name", "in * * name", "signed by", "signed as", "sign off as",
  "on * letterhead", "on * * letterhead", "as if from", "as though from", "posing as", "display name",
]);
const AUTHORITY = lex("authority", [
  "minister", "minister's", "mayor", "mayor's", "governor", "governor's", "president", "president's", "prime minister", "senator",
  "councillor", "police", "fire service", "fire brigade", "fire department", "who", "cdc", "nhs", "council", "council's", "government",
  "ministry", "health department", "health authority", "public health", "electoral commission", "election office", "regulator",
]);
const ANNOUNCES = lex("announces", [
  "announcing", "announce", "announces", "announcement", "saying", "says", "statement", "press release", "tweet", "post", "notice",
  "admits", "admitting", "confirms", "confirming", "order", "alert", "warning",
]);

export const disinfoRules: readonly Rule[] = [
  pairRule({
    feature: "disinformation.voting_logistics_changed", code: "disinformation", note: "tells voters the vote has moved or closed",
    act: VOTING, object: VOTING_CHANGED, window: 8, block: DEBUNK_FRAME,
  }),
  pairRule({
    feature: "disinformation.official_voice", code: "disinformation", note: "puts an announcement in a real authority's mouth",
    act: OFFICIAL_VOICE, object: AUTHORITY, need: ANNOUNCES, window: 6, needWindow: 14, block: DEBUNK_FRAME,
  }),
  pairRule({
    feature: "disinformation.election_falsehood", code: "disinformation", note: "falsified election results",
    act: FALSIFY, object: ELECTION_RESULTS, window: 4, block: DEBUNK,
  }),
  pairRule({
    feature: "disinformation.fake_news", code: "disinformation", note: "a story made up and put before the public",
    act: INVENT, object: NEWS_GENRE, need: TO_PUBLIC, window: 2, ordered: true, needWindow: 20, block: DEBUNK, blocks: [{ lex: STORYTIME }],
  }),
  pairRule({
    feature: "disinformation.false_cancellation", code: "disinformation", note: "says an event is called off to steer people",
    act: CANCEL_CLAIM, object: STEER_MOTIVE, window: 12, block: DEBUNK_FRAME,
  }),
  pairRule({
    feature: "disinformation.false_public_record", code: "disinformation", note: "falsifies or buries part of a public record",
    act: EDIT, object: PUBLIC_RECORD, need: FALSIFY_EDIT, window: 6, needWindow: 20, block: DEBUNK_FRAME,
  }),
  pairRule({
    feature: "disinformation.asserts_known_falsehood", code: "disinformation", note: "puts before the public a claim the writer knows is false",
    act: CLAIM_ACT, object: LIE_TAIL, window: 24, block: DEBUNK_FRAME,
  }),
  pairRule({
    feature: "disinformation.fake_news", code: "disinformation", note: "a fake item of news or an official notice",
    act: FAKE_ADJ, object: NEWS_GENRE, window: 2, ordered: true, block: DEBUNK,
  }),
  phraseRule({ feature: "disinformation.election_falsehood", code: "disinformation", note: "false claims about how or when to vote", phrases: lex("election_falsehood_self", [
    "vote by text", "vote by text message", "vote by sms", "vote by email", "text your vote", "vote via text", "election has been postponed",
    "election is postponed", "election is cancelled", "election is canceled", "election has been cancelled", "election has been moved",
    "voting has been moved", "polls close at noon", "polling stations close at noon", "polling places close at noon",
    "polling station has moved", "polling place has moved", "vote the day after", "vote on wednesday",
    "election was moved", "election was postponed", "election was cancelled", "election was canceled", "election day was moved",
    "election date was moved", "election date has changed", "voting day was moved", "polls were moved", "polling day was moved",
    "vote tomorrow instead", "vote next week instead", "polling place moved", "polling station moved", "polling place is moving",
    "polling place changed", "polling station changed", "polling location moved", "polling location has moved",
    "vote by replying", "vote by reply", "reply to vote", "reply to this text to vote", "vote by calling", "vote by phone",
    "polling stations * are closed", "polling stations * * are closed", "polling stations * * * are closed", "polls * * are closed",
    "polling places * * are closed", "polling places * * * are closed", "polling stations * * * will be closed",
  ]), block: DEBUNK }),
  phraseRule({ feature: "disinformation.false_debunk", code: "disinformation", note: "a true report labelled false on purpose", phrases: lex("false_debunk", [
    "falsely rates", "falsely rate", "falsely label", "falsely labels", "falsely flag", "falsely flags", "falsely debunk",
    "rate the true", "rates the true", "label the true", "labels the true", "true report as fake", "true report as false",
    "true story as fake", "true story as false", "accurate report as fake", "accurate report as false", "real footage as fake",
    "call the true", "debunk the true", "debunk it anyway", "even though it's true", "even though it is true",
  ]) }),
  pairRule({
    feature: "disinformation.fake_news", code: "disinformation", note: "creates or spreads fake news or a hoax",
    act: CREATE, object: FAKE_NEWS, window: 8, block: DEBUNK,
  }),
  pairRule({
    feature: "disinformation.fabricated_source", code: "disinformation", note: "fabricated quotes, sources, studies or figures",
    act: FABRICATED, object: SOURCE, window: 3, block: DEBUNK,
  }),
  phraseRule({ feature: "disinformation.presented_as_real", code: "disinformation", note: "passes invented content off as real", phrases: PRESENT_AS_REAL, block: DEBUNK }),
  pairRule({
    feature: "disinformation.deepfake_real_person", code: "disinformation", note: "a deepfake of a real person",
    act: DEEPFAKE, object: REAL_PERSON, window: 6, block: DEBUNK,
  }),
  pairRule({
    feature: "disinformation.amplification_network", code: "disinformation", note: "bot or sockpuppet amplification",
    act: PUBLISH, object: AMPLIFY, window: 12, block: DEBUNK,
  }),
  pairRule({
    feature: "disinformation.election_falsehood", code: "disinformation", note: "false claims about voting or an election",
    act: ELECTION_FALSE, object: ELECTION, window: 12, block: DEBUNK,
  }),
  pairRule({
    feature: "disinformation.synthetic_media_of_person", code: "disinformation", note: "synthetic media of a real person doing or saying something",
    act: MAKE_MEDIA, object: REAL_PERSON, need: DEPICTED_DOING, window: 4, needWindow: 10, block: DEBUNK,
  }),
  phraseRule({ feature: "disinformation.knowingly_false", code: "disinformation", note: "content known to be false or meant to panic or mislead", phrases: KNOWINGLY_FALSE, block: DEBUNK_FRAME }),
  pairRule({
    feature: "disinformation.health_falsehood", code: "disinformation", note: "a vaccine or medicine said to harm",
    act: VACCINE, object: HARM_CLAIM, window: 10, block: DEBUNK,
  }),
  pairRule({
    feature: "disinformation.health_falsehood", code: "disinformation", note: "a remedy claimed to cure, treat or be approved",
    act: REMEDY, object: CURE_CLAIM, window: 8, block: DEBUNK,
  }),
  pairRule({
    feature: "disinformation.false_public_record", code: "disinformation", note: "writes a damaging claim into a public record",
    act: EDIT, object: PUBLIC_RECORD, need: DAMAGING, window: 6, needWindow: 16, block: DEBUNK,
  }),
  phraseRule({ feature: "disinformation.disaster_or_alert_claim", code: "disinformation", note: "an alarming public claim about a disaster or closure", phrases: DISASTER, block: DEBUNK }),
  pairRule({
    feature: "disinformation.false_alert_for_gain", code: "disinformation", note: "a public alert posted for gain or mischief",
    act: DISASTER, object: FOR_GAIN, window: 20, block: DEBUNK_FRAME,
  }),
  pairRule({
    feature: "disinformation.unverified_as_news", code: "disinformation", note: "publishes an unverified claim as news",
    act: NEWS, object: UNVERIFIED, window: 20, block: DEBUNK_FRAME,
  }),
  phraseRule({ feature: "disinformation.health_falsehood", code: "disinformation", note: "false health claims", phrases: HEALTH_CLAIM, block: DEBUNK }),
  phraseRule({ feature: "disinformation.conspiracy_as_fact", code: "disinformation", note: "conspiracy content", phrases: CONSPIRACY, block: DEBUNK }),
  phraseRule({ feature: "disinformation.misdated_media", code: "disinformation", note: "media misdated or miscaptioned", phrases: MISDATE, block: DEBUNK }),
  phraseRule({ feature: "disinformation.made_up_statistics", code: "disinformation", note: "figures invented or claims knowingly false", phrases: MADE_UP_STATS, block: DEBUNK }),
];
