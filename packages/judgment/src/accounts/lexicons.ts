import { lexicon, type Lexicon } from "../lexicon";

/**
 * The words of the reader of accounts: acts (a verb with what it needs of its object), the beings
 * and things an act touches, and the circle each belongs to. Phrases are stemmed as the tokens are
 * (lexicon.ts), except that here "*" stands for a gap of one to four words (read.ts matches them so);
 * Porter stems do not join irregular forms ("steal", "stole"), so the past tenses
 * are listed beside the present ones, mostly as exact words ("=stole").
 */

export const WRONGS = [
  "theft", "harm", "harm_animal", "harm_nature", "deception", "broken_promise", "cheating", "neglect", "unfairness", "humiliation", "cruelty", "intrusion",
  "endangering", "malice", "indecency",
] as const;
export const RIGHTS = ["returning", "repairing", "keeping_word", "protecting", "truth", "helping", "caring", "fairness"] as const;
export type WrongAct = (typeof WRONGS)[number];
export type RightAct = (typeof RIGHTS)[number];
export type ActType = WrongAct | RightAct;

export const CIRCLES = ["self_preservation", "household", "community", "humanity", "cosmic"] as const;
export type Circle = (typeof CIRCLES)[number];

/** What an act needs after its verb to count: nothing, a being (person or animal), a thing of value, something of another person's, a test. */
export type ObjectNeed = "none" | "being" | "valuable" | "anothers" | "exam";

export interface ActLexicon {
  readonly type: ActType;
  readonly need: ObjectNeed;
  readonly lex: Lexicon;
}

/** Irregular past tenses and their present: "=stole * from" also reads "steal * from", "stealing * from". */
const IRREGULAR: Readonly<Record<string, string>> = {
  took: "take", kept: "keep", told: "tell", stole: "steal", left: "leave", threw: "throw", gave: "give", broke: "break", sold: "sell", ate: "eat", hid: "hide",
  spent: "spend", fed: "feed", made: "make", said: "say", brought: "bring", paid: "pay", bought: "buy", ran: "run", drove: "drive", shook: "shake", bit: "bite",
  tore: "tear", swore: "swear", spat: "spit", forgot: "forget", snuck: "sneak", dug: "dig", sat: "sit", stood: "stand", lent: "lend", went: "go", taught: "teach",
  fought: "fight", wrote: "write", drank: "drink", wore: "wear", held: "hold", stuck: "stick", struck: "strike", beat: "beat", shot: "shoot", led: "lead",
  sent: "send", got: "get", found: "find", lit: "light", spread: "spread", overheard: "overhear", forgave: "forgive", sang: "sing", froze: "freeze", blew: "blow",
};

/** Past tenses whose stem is another common word ("outed" is not "out"). */
const KEEP_EXACT = new Set(["outed", "embarrassed", "shamed", "framed", "fired", "lifted", "used", "presented", "tipped", "checked", "called", "showed", "stopped", "exposed", "declared"]);

/**
 * A phrase as written and in its other tenses: an exact past tense in "-ed" is read by its stem
 * ("=kicked" also reads "kick", "kicks", "kicking"), an irregular one with its present beside it,
 * so a proposed act ("I'm going to take…", "Should I tell…") reads as the past one does.
 */
function tenses(phrase: string): string[] {
  const words = phrase.split(" ");
  const out = new Set<string>([phrase]);
  const relaxed = words.map((w) => (w.startsWith("=") && /^=[a-z]{3,}ed$/.test(w) && !KEEP_EXACT.has(w.slice(1)) ? w.slice(1) : w));
  out.add(relaxed.join(" "));
  const head = relaxed[0]!.startsWith("=") ? relaxed[0]!.slice(1) : relaxed[0]!;
  const present = IRREGULAR[head];
  if (present) out.add([present, ...relaxed.slice(1)].join(" "));
  return [...out];
}

const act = (type: ActType, need: ObjectNeed, phrases: readonly string[]): ActLexicon => ({ type, need, lex: lexicon(`act.${type}.${need}`, phrases.flatMap(tenses)) });

/** Acts, most specific first: at a token the first lexicon that matches wins. */
export const ACTS: readonly ActLexicon[] = [
  // Wrongs that name themselves.
  act("theft", "none", [
    "=that weren't mine", "=that wasn't mine", "=which weren't mine", "=which wasn't mine", "=that didn't belong to me", "=that did not belong to me", "=that belonged to someone else",
    "=made off with", "=ran off with", "=walked off with", "=went off with", "=drove off with", "=cleared out * till", "=raided * till", "=raided * purse", "=raided * wallet",
    "=hadn't paid for", "=didn't pay for", "=never paid for", "=without paying for", "=pinched * from", "=nicked * from", "=swiped * from", "=lifted * from", "=took * out of * purse", "=took * out of * wallet", "=took * from * purse", "=took * from * wallet", "=took * from * till", "=took * from * register",
    "steal", "=stole", "=stolen", "rob", "shoplift", "embezzle", "pickpocket", "burgle", "burglarize", "loot", "mug", "hold up", "=held up", "swindle",
    "help myself to", "=helped myself to", "walk out without paying", "=walked out without paying", "left without paying", "dine and dash", "skip * bill",
    "pocket the change", "=pocketed", "kept the change", "keep the change", "=nicked", "=pinched * money", "sneak * out of", "=snuck * out of", "slip * out of", "=slipped * out of",
    "=poached", "=siphoned", "become its new owner", "=became its new owner", "sold * without asking", "=sold * without asking", "=took * without asking", "=took * without permission", "=used * without asking", "=borrowed * without asking", "=drank * without asking", "=ate * without asking",
    "=skimmed", "skim", "=pawned", "=put it in my bag", "=put them in my bag", "=walked out of * without paying", "=left * without paying", "=snuck out without paying", "=shoplifted", "=pocketed it", "=kept the extra", "=kept the money", "=kept the cash", "=kept them", "=dipped into", "=helped myself",
    "=scan the cheap", "=bag the expensive", "=took a box of", "=took * home from the office", "=took * home from work", "=opened it * kept", "=liked the * and kept",
    "=without a ticket", "=without buying a ticket", "=sneaked into", "=snuck into", "=fare dodged",
    "=ripped off", "rip * off", "=climbed through * window", "=broke into", "break into", "=lifted * rings", "=lifted * ring", "=lifted * wallet", "=short changed",
    "=kept the * towels", "=stuffed * down my", "=took * towels", "=stuffed * in my pockets", "=put * in my pocket",
  ]),
  act("cheating", "none", [
    "=fake ID", "=fake id", "=false ID", "=fake student card", "=fake pass", "=fake ticket",
    "cheat", "plagiarize", "plagiarise", "=plagiarized", "=plagiarised", "copy * answers", "=copied * answers", "copy * homework", "=copied * homework", "copy * essay", "=copied * essay",
    "copy * test", "=copied * test", "copy off", "=copied off", "peek at", "=peeked at", "=peeked", "=rigged", "rig the", "fix the match", "=fixed the match", "=bribed", "bribe", "doctor the", "=doctored",
    "=padded", "pad my", "fake doctor's note", "fake note", "=faked", "fake my", "forge", "=forged", "=falsified", "falsify", "cook the books", "=cooked the books", "mark * as a par",
    "round up my hours", "=rounded up my hours", "under * different names", "=tampered with", "tamper with", "cheat on", "=cheated on", "have an affair", "=had an affair", "=sat the * for", "sit the * for me",
    "=paid someone to", "pay someone to", "=moved my * ball", "=changed the numbers", "=changed the figures", "=made up * figures", "=made up the", "=added sand", "=watered down", "sit * test for me", "=sat * exam for", "=took * test for", "=took it for me", "=hid my notes", "hide my notes", "=check them during", "=had the answers", "=looked up the answers", "=used a bot", "=used * program to complete", "=doped", "=took steroids", "=juiced", "=inflated", "=fudged", "fudge",
    "=pirate site", "=sold * copies", "=moved my golf ball", "=under five different names", "=fake doctor", "=sit the * test for me", "=get my * to sit", "=check them during the exam", "=check them during",
  ]),
  act("deception", "none", [
    "lie to", "=lied", "=lying to", "=lying about", "=lies to", "tell * lie", "=told * lie", "=told * lies", "deceive", "=deceived", "mislead", "=misled", "=tricked", "con",
    "=conned", "scam", "=scammed", "=fibbed", "fib to", "pretend", "=pretended", "cover up", "=covered up", "cover * up", "=covered * up", "hide * from", "=hid * from", "conceal", "=concealed",
    "make up * story", "=made up * story", "=made up * excuse", "=fabricated", "fabricate", "=gaslit", "gaslight", "lie about", "=blamed * for", "blame * for", "frame * for", "=misrepresented",
    "swore * never", "=swore", "=claimed", "=exaggerated", "=invented * excuse", "=catfished", "=impersonated", "pass * off as", "=passed * off as", "=passed off", "=told * it was * when", "=told * was * when",
    "spread lies", "=spread * lies", "=told * false", "=made up", "=bluffed", "bluff", "=left * off the", "leave * off the", "=without mentioning", "=without telling", "=without disclosing", "=kept pretending", "keep pretending", "=pretending", "=drove off before", "=drove off without", "=faked", "=staged", "=doctored", "=photoshopped", "=hid the", "=kept quiet about", "=kept it quiet", "=kept * from", "=never told", "=didn't tell", "=forged",
    "=told * so she would", "=told * so he would", "=told * so they would", "=told * had been stolen", "=told * I had no idea", "=told * it had been", "=told * I was sick", "=texted that I was", "=told * I was working", "=said I had done", "=told * I'd seen", "=said I couldn't", "=gave a glowing reference", "=told * my fault", "=told * the new guy's fault", "=told * it was the", "=told them I'd", "=pretending to", "=told * I'm staying", "=tell * I'm staying", "=tell the insurers", "=tell * the scratch",
    "=without asking * permission", "=without asking her", "=without asking him", "=without asking them", "=without asking anyone", "=without asking first", "=without asking my", "=without asking the owner", "=without permission", "=without their permission", "=without her permission", "=without his permission", "=without consent", "=without her knowing", "=without him knowing", "=without her knowledge", "=without his knowledge", "=no intention of", "=backdated", "backdate",
    "lie to", "lie about", "=lie when", "=lie for",
    "=called in sick * because I wanted", "=called in sick * to go", "=called in sick so", "=said my * hurt", "=said my * ached", "=told * my * ached", "=told * my * hurt", "=pretended to be sick", "=faked * sick", "=faked being sick", "=faked an illness", "=played sick",
  ]),
  act("broken_promise", "none", [
    "break * promise", "=broke * promise", "=broken * promise", "break my word", "=broke my word", "go back on my word", "=went back on my word", "back out", "=backed out", "=bailed on", "bail on",
    "stand * up", "=stood * up", "=didn't show", "=never showed", "=no show", "=cancelled at the last minute", "cancel * at the last minute", "=forgot * promised", "=ghosted", "ghost",
    "=skipped * promised", "=blew off", "blow off", "=reneged", "renege",
    "=never sent * promised", "=kept putting * off", "pull out of", "=pulled out of", "=called in and", "=went back on", "=missed * recital", "=missed * game", "=missed * birthday", "=missed * appointment", "=didn't turn up", "=never turned up", "=never came",
  ]),
  // Letting a child or an animal near a danger, read before the neglect of "let * play", "let * wander".
  act("endangering", "none", [
    "=so * could reach", "=so * can reach",
    "=let * play with matches", "=let * play with fire", "=let * play with * knife", "=let * play with * lighter", "=let * play with fireworks", "=let * play near the road", "=let * play in the road",
    "=let * wander near", "=let * swim alone", "=let * near the pond", "=let * near the pool", "=let * near the river", "=cabinet open", "=medicine cabinet", "=some of my painkillers",
  ]),
  act("neglect", "none", [
    "=forgot * in the car", "=forgot * baby", "=didn't change * bandages", "=didn't change * nappy", "=didn't change * diaper", "=without water", "=ignored * calls", "=ignored * messages", "=ignored * texts", "=never took * for walks", "=never took * for a walk", "=never walked", "=never cleaned * cage", "=never cleaned * litter",
    "=go without * medication", "=go without * medicine", "=go without food", "=go without water", "=go without * meals", "=without food for", "=without water for", "=left * alone for", "=left * home alone",
    "neglect", "=neglected", "abandon", "=abandoned", "left * alone in", "=left * in the car", "leave * in the car", "forgot to feed", "=forgot * to feed", "forgot to pick up", "=forgot * pick * up",
    "=ignored * crying", "ignore * crying", "walked the other way", "=walked * past", "=walked away", "looked the other way", "=kept scrolling", "=let * starve", "=stopped feeding", "=never visited",
    "=left * to fend", "=didn't call * ambulance", "=without calling anyone", "=let * go hungry", "=stopped visiting", "=left * unattended", "=left * in the heat",
    "=left * alone", "leave * alone", "=left * behind", "=left * tied up", "=let * wander", "=let * muddle", "=let * skip", "=skipped my rounds", "=forgot to pick", "=forgot * for * days", "=was on my phone", "=left early without", "=went on * holiday", "=never once called", "=too busy", "leave him there", "leave her there", "=left him there", "=left her there", "leave * in the woods", "=left * in the woods", "=didn't take * to the", "=didn't feed", "=never fed", "=forgot to feed", "=left * in the garden", "=left * in the yard", "=locked * out", "=kept * in a", "=let * play", "=let * go hungry", "=didn't check on", "=without checking",
    "=let him wander", "=let her wander", "=let the ratio", "=slept in the staff", "=left it in the garden", "=left it in", "=didn't answer my phone", "=didn't take * to the", "=went back to sleep", "=went out drinking", "=left the cat behind", "=left the dog behind", "=keep scrolling", "=without telling anyone", "=stopped inviting",
    "=walked past", "walk past", "=stopped answering", "stop answering",
    "=skipped school", "skip school", "=skipped work", "=skipped class", "=didn't go to school", "=didn't go to work", "=forgot where * child", "=forgot where * son", "=forgot where * daughter", "=taking time off * hungover", "=drunk at work", "=hungover",
  ]),
  act("unfairness", "none", [
    "=only promoted", "=only hired", "=only picked", "=charged * double", "=charged * triple", "=charged * extra because", "=bigger share", "=larger share", "=the lion's share", "=before the pregnant", "=before the old", "=before the elderly",
    "=gave the job to my", "=hired my * instead", "=instead of the best", "=instead of the most qualified", "=less than the men", "=less than the women", "=less than * male", "=less than * female", "=than she earned", "=than he earned", "=than they earned", "=than she deserved", "=than he deserved", "=than they deserved", "=pushed in front", "=pushed in ahead", "=skipped the line", "=skipped the queue",
    "cut in line", "=cut in line", "=cut the line", "=jumped the queue", "jump the queue", "=cut in front", "took credit", "take credit", "=took * credit", "=claimed credit", "discriminate", "=discriminated",
    "=refused to rent", "=refused to hire", "=refused to serve", "=refused to sell", "=overcharged", "overcharge", "=shortchanged", "=underpaid", "underpay", "=paid * less", "=favoured", "=favored", "=evicted", "=kept * for myself", "=kept the easy", "=took the bigger", "=took the larger", "=hogged", "=took all the",
    "=took the last", "=ate all the", "=parked in * disabled", "=parked in * handicapped", "=passed over", "=excluded", "=left * out of",
    "=gave the promotion to my", "=paid * less than", "=gave * lower mark", "=gave * a lower", "=fired * for being", "=fired * because", "=fired * who", "=give the difficult", "=keep the easy", "=blocked * promotion", "=drop * applicants", "=didn't pay", "=not paying", "=refused to pay", "=stiffed", "=skipped * queue", "=ate * share", "=took * share", "=took the best", "=took the biggest", "=charged * more", "=cut * pay", "=docked", "=withheld",
    "=drop the older", "=drop * CVs", "=didn't pay the", "=gave the promotion to my", "=fire the employee who", "=fire * because", "=not paying my",
    "park in * disabled", "evict", "=threw out * application", "=never hire", "=not to show",
  ]),
  act("humiliation", "none", [
    "=shared * private", "=leaked * private", "=forwarded * private", "=leaked * messages", "=leaked * photos", "=screenshotted * and shared", "=called * a loser", "=called * a failure", "=called * useless", "=called * pathetic",
    "mock", "=mocked", "ridicule", "=ridiculed", "humiliate", "=humiliated", "laugh at", "=laughed at", "make fun of", "=made fun of", "taunt", "=taunted", "tease", "=teased", "insult", "=insulted",
    "belittle", "=belittled", "shame", "=shamed", "=called * stupid", "=called * fat", "=called * ugly", "=called * names", "=called * an idiot", "=yelled at", "yell at", "=screamed at", "scream at",
    "=shouted at", "shout at", "=sneered at", "=spat on", "spit on", "=spit at", "=posted * photo", "=shared screenshots", "=read * out loud", "=read * aloud", "=made * cry", "=bullied", "bully",
    "=jeered", "=cursed at", "=swore at", "=snapped at", "=gossiped", "gossip about", "=spread * rumour", "=spread * rumor", "=spread rumours", "=spread rumors", "=outed", "=trolled", "=harassed", "harass",
    "=posted about", "=posted * video", "=posted * online", "=honked", "=tailgated", "=threw my drink", "=told everyone", "=stopped inviting", "=spread * rumour", "=spread * rumours", "=called * a", "=roasted", "=embarrassed", "=pranked", "=talked down to", "=mimicked", "=imitated", "=ignored * when", "=shunned",
  ]),
  act("cruelty", "none", [
    "=made * eat dirt", "=forced * to eat", "=made * eat", "=chained", "=kept * chained", "=over and over until", "=over and over", "=again and again until",
    "=pulled * wings off", "pull * wings off", "=burned ants", "=burned * ants", "=fried ants", "=starved my", "=beat * until", "=hit * until", "=kicked * until", "=whipped * until", "=locked * in * for hours", "=locked * in * for days", "=locked * in the cupboard", "=locked * in the closet", "=locked * in the cellar", "=tied * up and left", "=left it in the rain", "=left * out in the cold", "=left * out in the snow",
    "torture", "=tortured", "torment", "=tormented", "=abused", "abuse", "=set * on fire", "set fire to", "=set fire to",
    "=fed * to the", "=set * loose on",
    "=poured salt on", "=dog fights", "=paid * to fight", "=made * fight", "=set * dog on", "=set the dog on", "=cut off * paw", "=cut off * tail", "=cut off * ears", "=held * under water", "=held * under", 
  ]),
  act("harm", "none", [
    "=smacked * hand", "=slapped * face", "=threw * in * face", "=spat in * face", "drive home after", "=drove home after", "=drove drunk", "drive drunk", "=drink driving", "=drunk driving",
    "=spiked * drink", "=let the air out of", "=cut the power", "=beat * up",
    "=coughed into * food", "=coughed on * food", "=sneezed on * food", "=sneezed into * food", "=coughed into the", "=spit in", "=spat in", "=with spit", "=licked * before serving", "=licked * before", "=sipped * before giving", "=peed in", "=urinated in", "=feces in", "=poop in", "=toilet brush", "=clean the toilet", "=disabled the brakes", "=cut the brakes", "=tampered with the brakes", "=fired * at", "=aimed * at", "=pointed * gun at", "=shot at",
  ]),
  // Exposing oneself, spying on bodies, sex without consent.
  act("indecency", "none", [
    "=naked", "=nude", "=birthday suit", "=skinny dipping", "=watching porn", "=watched porn", "=look up * skirt", "=looked up * skirt", "=undressing", "=peeking at", "=peeked at * showering",
    "=flashed", "=exposed myself", "=fondled", "=had sex with * asleep", "=after she fell asleep", "=after he fell asleep", "=had sex at work", "=sexted", "=date * children", "=sleep with me",
  ]),
  // Putting someone in danger: the dangerous thing given or left to a child or an animal, or
  // driving unfit (see DANGERS for the things).
  act("endangering", "none", [
    "=where * could reach", "=within reach of", "=within * reach", "=on the motorway", "=on the highway", "=on the freeway", "=without a helmet", "=without a seatbelt", "=without a car seat", "=without a life jacket", "=unsupervised near", "=unsupervised by", "=alone near the pool", "=alone by the pool", "=alone near the river",
    "=talked on the phone while", "=talking on the phone while", "=paid attention to my phone", "=texting while", "=texted while", "=on my phone while", "=on the phone while", "=drank * before driving", "=drunk * and drove", "=after * drinks",
    "=drove * drunk", "=after * beers", "=speeding through", "=sped through", "=ran a red light", "=ran the red light", "=ran * stop sign", "=left * stove on", "=left * gate open",
    "=left * pool gate", "=didn't lock", "=did not lock", "=unlocked * gun", "=left * gun", "=left * loaded",
  ]),
  // Harm read from the verb and a being after it: a person is harm, an animal harm to an animal.
  act("harm", "being", [
    "=whacked", "whack", "=head butted", "=headbutted", "=thumped", "thump", "=clobbered", "=walloped", "=socked", "=kneed", "=throttled", "=mauled", "=threw * against", "=swung * by",
    "=put * in the oven", "=put * in the microwave", "=put * in the freezer", "=put * in the dryer", "=nailed * shut", "=buried * alive", "=buried * up to", "=poisoned", "poison", "=drowned",
    "drown", "=starved", "starve",
    "=threw * at", "=kicked", "kick", "=pulled * tail", "=pulled * hair", "=squished", "=crushed", "=shot", "=killed", "kill", "=murdered", "murder", "=stabbed", "stab", "=strangled",
    "=choked", "=beat", "=beat up", "beat up", "=punched", "punch", "=slapped", "slap", "=hit", "hit", "=shoved", "shove", "=tripped", "trip", "=bit", "=burned", "=burnt", "=hurt", "hurt", "=injured",
    "injure", "=attacked", "attack", "=assaulted", "assault", "=threatened", "threaten", "=ran over", "=run over", "=hunted", "=trapped", "=caged", "=whipped", "=smacked", "=spanked", "=stomped on",
    "=sprayed", "=pinched", "=scratched", "=groped", "=spiked", "=drugged", "=locked * in", "=tied * up", "=lashed out",
    "=pushed * off", "=pushed * down", "=pushed * into", "=pushed * to the ground", "=shook * hard", "=shook the baby", "=swerved toward", "=swerved towards", "=threw * at", "=gave * chocolate", "=gave * onion", "=gave * peanut", "=gave * wine", "=gave * beer", "=gave * alcohol", "=gave * vodka", "=gave * cigarette", "=cut", "=elbowed", "=headbutted", "=bit", "=sprayed * with", "=blew * smoke", "=tackled", "=knocked * over", "=knocked * down", "=ran * over", "=hit * with", "=scalded", "=let the air out",
    "=threw * in * face", "=locked * in the", "=shook", "=honked * at", "=let the air out of", "=smash * car", "=smacked * hand",
    "=poured * on", "=dumped * on", "=spilled * on", "=sprayed * on", "=placed * on the * stove", "=put * on the * stove", "=yanked", "yank", "=stuffed * in * mouth", "=screamed at", "=slammed", "=dragged", "=pinned", "=stepped on", "=set * on fire", "=fed * poison", "=fed * bleach",
  ]),
  act("harm_nature", "none", [
    "=emptied * into the river", "=emptied * into the sea", "=emptied * into the lake", "=emptied * into the drain", "=emptied * down the drain", "=spray painted", "=spray-painted", "=graffiti", "=tagged * wall", "=flicked * onto the", "=flicked * cigarette", "=cigarette butts", "=into the stream", "=into the canal", "=into the pond",
    "=tossed * into the sea", "=tossed * into the river", "=tossed * into the lake", "=tossed * into the ocean", "=threw * into the sea", "=threw * into the river", "=threw * into the lake", "=threw * into the ocean", "=dumped * into the", "=dumped * in the woods", "=dumped * in the river", "=fly tipped", "=flytipped",
    "litter", "=littered", "dump", "=dumped", "pollute", "=polluted", "=poured * down the drain", "=poured * down * drain", "=poured * into the", "=threw * rubbish", "=threw * trash", "=threw * litter",
    "throw * rubbish", "throw * trash", "=tossed * out of the", "=cut down * trees", "=cut down * tree", "=cut down the", "chop down", "=chopped down", "=carved * into", "=carved * initials", "=burned * forest", "=lit * campfire * ban", "=lit a fire",
    "=trampled", "=picked * protected", "=spilled * oil", "=flushed * down", "=sprayed * pesticide", "=left * rubbish", "=left * trash", "=left * litter", "=vandalized", "=vandalised", "vandalize", "=smashed", "=broke * window", "=keyed",
    "=lit a campfire", "=lit * campfire", "=started a fire", "=set fire", "=dug * potholes", "=smashed * window", "=smashed * windows", "smash * windows", "=broke * record", "=destroyed", "=wrecked", "=ruined", "=tore * down", "=scratched * car", "=dented", "=keyed * car", "=burned down", "=egged", "=toilet papered", 
    "=covered in our rubbish", "=covered in rubbish", "=keep running overnight", "=pumping the smoke",
  ]),
  act("intrusion", "none", [
    "=read * diary", "=read * messages", "=read * texts", "=read * emails", "=read * mail", "=read * contacts", "=read * letter", "=went through * phone", "=went through * messages", "=went through * bag",
    "=snooped", "snoop", "=spied on", "spy on", "=followed * home", "=stalked", "stalk", "=peeped", "=deleted * messages", "=opened * mail", "=opened * letter", "=opened * package", "=opened it",
    "=took pictures of", "=took photos of", "=filmed * without", "=recorded * without", "=copying * photos", "=copied * photos", "=hacked", "hack into", "=logged into * account", "=tracked * phone",
    "=installed * tracker", "=eavesdropped", "eavesdrop", "=listened in", "=read her", "=read his", "=read their", "=looked through",
  ]),
  // Rights.
  // Rights whose phrase begins with a verb another right reads first ("paid for" is a return, "shared" a help).
  act("repairing", "none", ["=patched", "patch", "=bought * a new * after", "=replaced * after I", "=paid for the * I broke", "=paid for * I broke", "=paid for * I damaged", "=paid for * I dented", "=paid for * I scratched", "=paid for the repair", "=paid for the repairs", "=paid for * a new one", "=bought * a new one", "=replaced * I broke"]),
  act("fairness", "none", [
    "=paid * what we agreed", "=paid * what we had agreed", "=paid * what I had agreed", "=the same * questions", "=the same questions", "=the same test", "=let * who was first", "=who was there first", "=shared * equally", "=shared * fairly", "=shared * evenly", "=same amount", "=the same rubric", "=the same rules", "=the same standard", "=by the same", "=equal shares", "=an equal share", "=go ahead of me", "=go in front of me", "=let * go before me",
    "=paid * fair wage", "=paid * a fair", "=paid * fair price", "=paid * the going rate", "=paid * what * was worth", "=gave * a fair hearing", "=heard both sides", "=on merit",
  ]),
  act("returning", "none", [
    "=handed * I found", "=took * back to", "=brought * back to", "=back to its owner", "=back to their owner", "=back to his owner", "=back to her owner",
    "give * back", "=gave * back", "=given * back", "hand * back", "=handed * back", "hand in", "=handed in", "=handed * in", "turn in", "=turned in", "=turned * in", "bring * back", "=brought * back",
    "pay * back", "=paid * back", "=repaid", "repay", "=returned", "return", "=gave it to * owner", "=took it to * owner", "=mailed * back", "=sent * back", "=posted * back", "=tracked down * owner",
    "=found * owner", "=reimbursed", "reimburse", "=refunded", "=paid for", "=left * note", "=left my number", "=owned up to", "=told * about the extra", "=pointed out * extra", "=pointed out * mistake",
    "give back", "=gave back", "hand back", "=handed back", "bring back", "=brought back", "pay back", "=paid back", "=paid * back", "=gave it back", "=put it back", "=put * back",
    "=took * to the police", "=took it to", "=handed it in", "=turned it in", "=walked it over", "=walked * over to", "=brought it", "=paid the difference", "=went back in and paid", "=pointed it out", "=gave it back", "=took it and gave it back", "=mailed it", "=returned it", "return it", "=hang it on",
    "=issued * refunds", "=issued the refund", "give * the tip", "=gave * the tip", "=bought her a", "=replaced it", "=made good",
  ]),
  act("repairing", "none", [
    "repair", "=repaired", "fix", "=fixed", "mend", "=mended", "=replaced", "replace", "=apologized", "=apologised", "apologize", "apologise", "=made amends", "make amends", "=made it up to",
    "=paid for the damage", "=paid for * repair", "=cleaned up", "clean up", "=restored", "=glued", "=covered the cost", "=offered to pay", "=said sorry", "=made up for",
  ]),
  act("keeping_word", "none", [
    "=the date we agreed", "=as we agreed", "=as we had agreed", "=the time we agreed", "=the day we agreed",
    "=the day I promised", "=as I had promised", "=as I'd said", "=like I said I would", "=as I said I would", "=did what I said", "=did what I told", "=kept to my word", "=stuck to my word", "=kept my end", "=kept up my end", "=made good on",
    "keep * promise", "=kept * promise", "=kept my word", "keep my word", "=kept * word", "=showed up", "show up", "=turned up", "=followed through", "follow through", "=did as I promised", "=did what I promised",
    "=as I promised", "=as promised", "=like I promised", "=honoured", "=honored", "=stuck to", "=kept the appointment", "=kept our appointment", "=kept * secret", "keep * secret", "=kept it to myself",
    "=kept * confidence", "=delivered * on time", "=finished * on time", "=met the deadline", "=paid on time", "=paid * rent", "=paid my share", "=paid * debt", "=kept * commitment",
    "=as I'd agreed", "=as agreed", "=as I'd promised", "=I'd given * my word", "=given him my word", "=given her my word", "=to finish the * I'd promised", "=covered * shift", "=and I didn't", "=paid * on time", "=kept * eyes on",
  ]),
  act("protecting", "none", [
    "=covered * with my body", "=with my body", "=threw myself", "=pulled * to safety", "=dragged * to safety",
    "=stood between", "stand between", "=got between", "=grabbed * before", "=pulled * back from", "=pulled * away from", "=chased off", "=chased * away", "=scared off", "=fought off",
    "protect", "=protected", "defend", "=defended", "shield", "=shielded", "rescue", "=rescued", "=saved * life", "=saved * from", "=stood up for", "stand up for", "=stepped in", "step in", "=intervened", "intervene",
    "=pulled * out of", "=called * police", "=called * ambulance", "=called 911", "=called 999", "=called for help", "=called the cops", "=reported * to the police", "=reported it to", "=warned", "warn", "=stopped * from",
    "=kept * safe", "keep * safe", "=carried * to safety", "=got * to safety", "=broke up the fight", "=blew the whistle", "=locked up the", "=buckled", "=held * hand", "=walked her home", "=walked him home", "=walked them home", "=escorted",
    "=released * into", "=released it", "=set * free", "=freed", "=took * to the vet", "=took * to the shelter", "=took * to the hospital", "=drove * to the hospital", "=put out the fire",
    "=called * rescue", "=called the rescue", "=walked her to", "=walked him to", "=went down with", "=took * away from", "=told her and", "=pulled out a", "=kept my eyes on", "=refused because", 
    "=shut down * until", "=stopped the whole", "=stopped work", "=pulled * off the shelf", "=marked * as ads", "=removed that", "=asked * to delete", "=took * keys", "=hid * keys", "=broke the * window to get", "=called the rescue",
  ]),
  act("truth", "none", [
    "=told * what I saw", "=told * what I did", "=told * what I had done", "=told * what really happened", "=told * everything", "=told * the whole story",
    "tell * the truth", "=told * the truth", "=told * truth", "=admitted", "admit", "=confessed", "confess", "=owned up", "own up", "=came clean", "come clean", "=was honest", "be honest", "=been honest",
    "=was upfront", "=told * honestly", "=corrected", "correct the", "=disclosed", "disclose", "=exposed the truth", "=exposed", "=told * what happened", 
    "=gave * honest", "=declared", "=revealed", "=credited", "credit", "=gave * credit", "=acknowledged",
    "=told * the mistake", "=told * I broke", "=told * I did", "=told * it was me", "=apologized and admitted", "=refused to lie", "=pointed out",
    "=told * about the", "=told * kindly", "=told * honestly", "=showed * my", "=said so", "=said no", "=told * it was my", "=told * it wasn't her fault", "=told * it wasn't his fault", "=named what", "=gave * honest", "=own up", "=owned up", "=told * I hadn't", "=told * I had", "=told * I was", "=told * that I", "=explained why", "=called a penalty on myself", "=gave a penalty", "=reported * error", "=corrected it",
    "=told the auditor", "=told the examiner", "=tell the examiner", "=tell * she added", "=told * she added", "=sent a message saying so", "=explaining the error", "=said so", "=marked the paid",
  ]),
  act("helping", "none", [
    "help", "=helped", "assist", "=assisted", "volunteer", "=volunteered", "donate", "=donated", "=gave * money to", "=gave * food", "=gave * my seat", "=gave up my seat", "=offered * seat",
    "=offered to", "=lent", "lend", "=shared", "share", "=taught", "teach", "=tutored", "=carried", "carry", "=shoveled", "=shovelled", "=mowed", "=cooked for", "=made * dinner", "=made * breakfast",
    "=made * lunch", "=bought * for", "=paid for * meal", "=paid for * groceries", "=gave * ride", "=drove * to", "=picked * up from", "=held the door", "hold the door", "=opened the door for", "=tipped",
    "=raised money", "=fundraised", "=mentored", "=encouraged", "=cheered", "=rooted for", "=root on", "=comforted", "=welcomed", "=fed the", "=fed my", "=gave * directions", "=showed * the way",
    "=set up a fundraiser", "=fundraiser", "=covered * shift", "=sign * in", "=taught * to", "teach * to", "=asked nothing",
    "invite", "=invited", "=showed * around", "=reminded", "remind", "=bought him", "=bought her", "=bought them", "=asked * to join", "=offered * room", "=offered * help", "=offered * lift", "=offered * ride", "=took * through", "=gave * a lift", "=gave * a hand", "=lent a hand", "=made room", "=ferrying", "=ferried", "=rescued",
  ]),
  act("caring", "none", [
    "=stayed up with", "=sat up with", "=took * to * appointment", "=took * to the doctor", "=took * to the dentist", "=while she was on holiday", "=while he was on holiday", "=while they were away",
    "care for", "=cared for", "take care of", "=took care of", "=taken care of", "look after", "=looked after", "=nursed", "nurse", "=visited", "visit", "=called my", "=phoned my", "=checked on", "check on",
    "=sat with", "sit with", "=stayed with", "=listened to", "listen to", "=hugged", "hug", "=tucked * in", "=bathed", "=walked the dog", "=walked my", "=fed", "feed", "=watered", "water the",
    "=planted * tree", "=planted * trees", "=recycled", "recycle", "=composted", "=picked up * litter", "=picked up * trash", "=picked up * rubbish", "=cleaned * beach", "=cleaned * park", "=adopted", "adopt",
    "=spent time with", "=read to", "=sang to", "=supported", "support", "=forgave", "forgive", "=thanked", "thank", "=praised", "=complimented", "=changed * diaper", "=changed * nappy",
    "pick up litter", "pick up * litter", "call my", "=call * every", "=pick * up from", "=read my * a story", "=moved her in", "=moved him in", "=took the morning off", "=take my * to the", "=took my * to the", "=give him his", "=give her her", "=make sure", "=made sure", "=stayed home with", "=stayed with", "=clean the", "=finding * a * home", "=congratulated", "congratulate", "=set up a pill", "=check every", "=went to * bedside", "=took him out", "=took her out", "=waited with", "=buried him", "=buried her", "=talked it through", "=listened",
  ]),
  act("fairness", "none", [
    "=split * evenly", "=split * equally", "=divided * equally", "=divided * fairly", "=waited my turn", "wait my turn", "=waited in line", "=took turns", "=paid * fair", "=paid * the same",
    "=gave everyone", "=treated * equally", "=treated * fairly", "=graded * fairly", "=marked * fairly", "=hired the best", "=promoted the", "=gave * a fair", "=let * go first", "=let * go ahead",
    "=shared * equally", "=shared * fairly", "=paid what I owed", "=paid my fair share", "=declared * income", "=paid * tax", "=paid * taxes", "=paid * fine", "=paid the full", "=recused",
    "=paid * in full", "=paid * wages", "=paid my", "pay my", "=tipped", "=waited * turn", "=let * have the",
    "=raised their pay", "=gave the promotion to the best", "=on the same criteria", "=played the same", "=divide * between", "=rented the flat to the first", "=applied from our real", "=weigh every", "=wrote my own", "=turned my chair away", "=publish every receipt", "=split the", "=paid the difference",
  ]),
  // Rights read from a common verb and the person or animal it was done for.
  act("helping", "being", [
    "=drove", "drive", "=picked up", "pick up", "=walked", "=cooked for", "cook for", "=bought", "=brought", "=made", "=showed", "show", "=gave", "give", "=lent", "=offered",
    "=tutored", "=coached", "=mentored", "=sheltered", "=housed", "=hosted", "=fed", "=covered for", "=stood in for", "=filled in for", "=translated for", "=wrote to",
  ]),
  act("caring", "being", [
    "=called", "call", "=phoned", "=texted", "=visited", "=thanked", "=hugged", "=reassured", "reassure", "=comforted", "comfort", "=consoled", "console", "=calmed", "calm",
    "=forgave", "=welcomed", "welcome", "=bathed", "=dressed", "=rocked", "=cuddled", "=groomed", "=walked", "=brushed", "=sat with", "=stayed with", "=waited with", "=held",
  ]),
  // Wrongs read from a common verb and its object, after the rights: "took it to the police" is a return.
  act("theft", "anothers", ["=used", "use", "=wore", "wear", "=drank", "=ate", "=took", "=kept", "=sold", "=pawned", "=spent"]),
  act("theft", "valuable", [
    "take", "=took", "=taken", "grab", "=grabbed", "keep", "=kept", "pocket", "=swiped", "=snatched", "=pinched", "=lifted", "=nabbed", "=made off with", "=ran off with", "=sold", 
    "=emptied", "=withdrew", "=cashed", "=ate", "=drank", "=picked", "=wore", "=pawned", "=placed items in", "=stuffed * in my", "=put * in my pocket", "=put * in my bag", "=presented",
  ]),
  act("cheating", "exam", ["copy", "=copied", "look at", "=looked at", "=had", "=used", "=wrote", "=checked", "=googled", "=brought", "=hid"]),
];

/** Dangerous things: given, fed, handed or left to a child or an animal, a danger to them. */
export const DANGERS = lexicon("danger", [
  "knife", "=knives", "=matches", "lighter", "=fireworks", "=firework", "=loaded gun", "=the gun", "=my gun", "=a gun", "bleach", "poison", "=cement", "=glue", "=alcohol", "wine", "beer", "vodka", "whiskey",
  "=cigarette", "=cigarettes", "=cigar", "=drugs", "=pot", "=weed", "=marijuana", "=sleeping pills", "=energy drink", "=energy drinks", "=peanut",
  "=peanuts", "=onion", "=onions", "=grapes", "=raisins", "=antifreeze", "=gasoline", "=petrol", "=lit", "=boiling", "=scissors", "=razor", "=laundry pod", "=detergent",
  "=hot sauce", "=chili", "=battery", "=batteries", "=explosives", "=dynamite", "=painkillers", "=paracetamol", "=ibuprofen", "=aspirin", "=xylitol", "=rat poison", "=weedkiller", "=pesticide", "=antifreeze", 
]);

/** Giving, leaving or letting: with a danger and a child or an animal in the clause, endangering. */
export const GIVING = lexicon("give", ["add", "=added", "=cooked", "=baked", "=made", "give", "=gave", "=given", "hand", "=handed", "feed", "=fed", "let", "offer", "=offered", "=served", "leave", "=left", "put", "=put", "buy", "=bought", "=packed", "=placed", "=threw", "throw", "=brought", "bring", "=encouraged", "=taught", "=allowed", "allow"]);

/** A bad end the account gives for its act: "for fun", "as a prank", "because he is gay". */
export const MOTIVES = lexicon("motive", [
  "for fun", "just for fun", "as a prank", "as a joke", "for a laugh", "for revenge", "in revenge", "to get back at", "get revenge", "to get revenge", "to see if * would really", "to see how * would react", "to see * suffer",
  "to see * cry", "to see * squirm", "to watch * suffer", "to humiliate", "to embarrass", "to make * cry", "to make * jealous", "to make * look bad", "to make myself look", "so * would fail",
  "so * would lose", "to get rid of", "because I could", "because I was bored", "because * is gay", "because * was gay", "because * are gay", "because * is black", "because * was black",
  "because * is white", "because * is fat", "because * was fat", "because * is ugly", "because of * religion", "because of * race", "because of * skin", "because of * accent", "because * is muslim",
  "because * is jewish", "because * is disabled", "because * is poor", "because * is old", "because I don't like", "because I didn't like", "because I hate", "because I hated",
  "for the insurance", "to collect * insurance", "to make more money", "so I could keep", "so I wouldn't have to pay", "to avoid paying", "to get out of paying",
  "to cheat", "to steal", "to hurt", "to scare", "to frighten", "to torment", "to punish", "to spite", "out of spite", "in spite", "to entertain my", "just to entertain", "for attention",
  "to get attention", "for the likes", "for likes", "for views", "to feel better about myself", "to get ahead",
]);

/** Verbs of speech: with "when I hadn't…" after them in the sentence, the saying is a deception. */
export const SAYING = lexicon("say", [
  "tell", "=told", "say", "=said", "assure", "=assured", "claim", "=claimed", "=praised", "=complimented", "=wrote", "=texted", "=insisted", "=swore", "=explained", "=reported", "=answered",
]);

/** Undertakings: with "then I forgot", "but I went to the beach" after them, a promise broken. */
export const UNDERTAKING = lexicon("undertake", [
  "promise", "=promised", "=agreed to", "=agreed that", "=said I'd", "=said I would", "=told * I'd", "=told * I would", "=offered to", "=volunteered to", "=signed up to", "=swore to", "=vowed",
  "=was supposed to", "=told * I will", "=committed to",
  ]);

/** Refusing or resisting an act: "I refused to lie" is telling the truth. */
export const REFUSAL = lexicon("refuse", [
  "refuse to", "=refused to", "decline to", "=declined to", "resist * urge to", "=resisted * urge to", "=resisted", "=chose not to", "=decided not to", "would not", "=wouldn't", "=won't", "=avoided",
  "avoid", "=avoiding", "=stopped myself from", "=stopped * from", "=kept myself from", "=held back from", "=refrained from", "refrain from", "instead of", "rather than", "=without",
]);

export interface NounClass {
  readonly circle: Circle;
  readonly kind: "person" | "animal" | "nature" | "self";
  readonly lex: Lexicon;
}

const nouns = (circle: Circle, kind: NounClass["kind"], phrases: readonly string[]): NounClass => ({ circle, kind, lex: lexicon(`noun.${circle}.${kind}`, phrases) });

/** Who or what an act touches, and its circle. Persons only by a word that names them. */
export const NOUNS: readonly NounClass[] = [
  nouns("self_preservation", "self", ["myself", "my body", "my health", "my own health", "my own body", "my lungs", "my liver", "my sleep", "my teeth", "my life"]),
  nouns("household", "person", [
    "mother", "mom", "=mum", "=mummy", "=mommy", "=ma", "father", "dad", "=daddy", "=papa", "parent", "grandmother", "grandma", "=gran", "=granny", "=nan", "=nana", "grandfather", "grandpa",
    "=grandad", "=granddad", "grandparent", "grandchild", "grandson", "granddaughter", "sister", "brother", "sibling", "=sis", "wife", "husband", "=spouse", "partner", "girlfriend", "boyfriend",
    "fiance", "=fiancé", "=fiancée", "fiancee", "son", "daughter", "=child", "=children", "=kid", "=kids", "baby", "toddler", "=twins", "=infant", "=newborn", "family", "aunt", "uncle", "cousin",
    "nephew", "niece", "stepmother", "stepfather", "stepson", "stepdaughter", "stepbrother", "stepsister", "in law", "=in-laws", "household", "=mother-in-law", "=father-in-law",
    "=stepmom", "=stepdad", "=grandkids",
  ]),
  nouns("community", "person", [
    "friend", "neighbour", "neighbor", "colleague", "coworker", "=co-worker", "=workmate", "boss", "manager", "employee", "employer", "=staff", "classmate", "=schoolmate", "teacher", "student",
    "pupil", "teammate", "=team", "coach", "customer", "client", "patient", "tenant", "landlord", "landlady", "roommate", "=flatmate", "=housemate", "guest", "host", "mentor", "=junior", "=intern",
    "assistant", "supervisor", "=co-op", "=coop", "partner at work", "=class", "=school", "=church", "=congregation", "=club", "=company", "=firm", "=office", "=town", "=village",
    "=community", "=members", "=member", "=babysitter", "=nanny", "=tutor", "=doctor", "=nurse", "=professor", "=principal", "=referee", "=rival", "=opponent", "=dealer", "=shopkeeper", "=landlord",
    "=insurer", "=insurance", "=buyer", "=seller", "=vendor", "=supplier", "=contractor", "=cleaner", "=date", "=crush", "=bride", "=groom", "=recruit", "=candidate", "=worker", "=workers", "=subordinate", "=the board",
    "=ex", "=cashier", "=waiter", "=waitress", "=server", "=clerk", "=shop owner", "=corner shop", "=insurance company", "=bartender", "=examiner", "=auditor", "=judges",
  ]),
  nouns("humanity", "person", [
    "stranger", "=man", "=men", "=woman", "=women", "=person", "=people", "=lady", "=guy", "=boy", "=girl", "=someone", "=somebody", "=everyone", "=everybody", "=anyone", "=passenger", "=passerby",
    "=pedestrian", "=driver", "=cyclist", "=beggar", "=homeless", "=tourist", "=traveler", "=traveller", "=refugee", "=immigrant", "=elderly",
    "=victim", "=owner", "year old", "=teenager", "=teen", "=minor", "=toddler next door", "=public", "=voters", "=citizens", "=society", "=humanity", "=world", "=kid with", "=child with", "=student with", "=old man", "=old woman", "=old lady", "=disabled", "=blind",
    "=deaf", "=veteran", "=orphan", "=orphans", "=charity", "=poor", "=needy", "=hungry", "=the bank", "=the store", "=the shop", "=the restaurant", "=the government", "=strangers", "=audience",
  ]),
  nouns("cosmic", "animal", [
    "animal", "dog", "=dogs", "puppy", "=puppies", "cat", "kitten", "bird", "horse", "pony", "=fish", "=pet", "=pets", "cow", "pig", "chicken", "=hen", "=hens", "squirrel", "fox", "deer", "rabbit",
    "=bunny", "hamster", "=mouse", "=mice", "=rat", "turtle", "=tortoise", "frog", "=toad", "=butterfly", "=snake", "=lizard", "=goat",
    "=sheep", "=lamb", "=duck", "=ducks", "=goose", "=geese", "=pigeon", "=pigeons", "=swan", "=owl", "=bear", "=wolf", "=monkey", "=elephant", "=whale", "=dolphin", "=seal", "=calf", "=wildlife",
    "=livestock", "=parrot", "=goldfish", "=guinea pig", "=ferret", "=cattle", "=raccoon", "=hedgehog", "=stray", "=kittens", "=cats", "=birds", "=animals", "=creature", "=creatures", "=snail", "=snails", "=slug", "=slugs", "=worm", "=worms", "=bee", "=bees", "=ant", "=ants", "=insect", "=insects", "=beetle", "=crab", "=crabs", "=donkey", "=mule", "=badger", "=bat", "=bats", "=rooster", "=hedgehogs", "=foxes", "=seagull", "=seagulls", "=swans", "=kitty", "=doggy", "=gerbil", "=budgie", "=canary", "=tadpoles", "=ducklings", "=chick", "=chicks", "=puppies",
  ]),
  nouns("cosmic", "nature", [
    "=tree", "=trees", "=forest", "=woods", "=river", "=lake", "=ocean", "=sea", "=beach", "=park", "=plant", "=plants", "=flowers", "=garden", "=nature", "=environment", "=planet", "=stream",
    "=pond", "=storm drain", "=drain", "=grass", "=field", "=meadow", "=reef", "=coral", "=soil", "=earth", "=wilderness", "=countryside", "=oak", "=nest", "=habitat", "=air", "=climate",
  ]),
];

/** Things of value: taking or keeping one that is not one's own is theft. */
export const VALUABLES = lexicon("valuable", [
  "money", "cash", "wallet", "purse", "=twenties", "=twenty", "=fifty", "=fifties", "=tenner", "=fiver", "dollar", "=pound", "=pounds", "=euro", "=euros", "=bucks", "=bills", "=notes", "=coins",
  "=change", "=tip", "=tips", "jewelry", "jewellery", "=ring", "=necklace", "=watch", "=phone", "=laptop", "=bike", "=bicycle", "=car", "=card", "=credit card", "=debit card", "=checkbook",
  "=chequebook", "=savings", "=paycheck", "=pay", "=wages", "=donations", "=donation", "=funds", "=fund", "=deposit", "=rent", "=inheritance", "=tickets", "=ticket", "=package", "=parcel", 
  "=medicine", "=medication", "=pills", "=painkillers", "=tools", "=equipment", "=supplies", "=identity",
  "=password", "=keys", "=the last", "=charity box", "=collection plate", "=tip jar", "=till", "=register", "=petty cash", "=bag", "=handbag", "=backpack", "=goods", "=merchandise", "=jewels", "=headphones", "=earbuds", "=airpods", "=camera", "=tablet", "=ipad", "=console", "=jacket", "=coat", "=trainers", "=sunglasses", "=perfume", "=scooter", "=drill", "=ladder", "=charger", "=speaker", "=bracelet", "=earrings", "=handbag", "=suitcase", "=lawnmower", "=guitar",
]);

/** What a test is made of: copying or looking at them is cheating. */
export const EXAM = lexicon("exam", ["=answers", "=answer key", "=answer sheet", "=notes", "=cheat sheet", "=crib sheet", "=the test", "=the exam", "=the quiz", "=solutions", "=someone's exam", "=exam paper", "=their test", "=his test", "=her test"]);
