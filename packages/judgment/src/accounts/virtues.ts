import { findAll, lexicon, type Lexicon } from "../lexicon";
import type { Segment, Span, Token } from "../types";
import type { DeliberationLevelId } from "./deliberation";
import { accountSegment, denied, holderOf } from "./grammar";
import type { PassionReading, PassionsReading } from "./passions";

/**
 * Courage (andreia) and temperance (sophrosyne) in a first-person account: whether the act engages
 * the domain, how near the account comes to acting well in it, and the words that show it.
 *
 *   courage     fear the author felt (but not a start at thunder), or an act that faces or flees
 *               danger and pressure: "I stood up to him", "I reported it", "I called the police";
 *               "I kept quiet", "I walked the other way", "I didn't dare".
 *   temperance  anger, appetite, pleasure the author felt (or a distress held), a temper denied when
 *               provoked ("I wasn't angry when the tree fell on my fence"), or an act of restraint or
 *               of excess: "I took a breath", "I cut down", "I didn't shout"; "I binged", "I gave in".
 *
 * The reading: reflexive when the account shows the failure (fleeing, excess, a passion that moved
 * the act); principled or deliberate when it shows the domain mastered (restraint, facing the
 * danger, a passion felt and not obeyed) with principled or weighed reasoning; habitual otherwise.
 */

export type DomainReadingLevel = "reflexive" | "habitual" | "deliberate" | "principled";

export interface VirtueReading {
  readonly engaged: boolean;
  readonly reading: DomainReadingLevel | null;
  readonly evidence: readonly Span[];
}

const _PEOPLE = ["him", "her", "them", "my boss", "my manager", "the bully", "the bullies"];
const each = (heads: readonly string[], tails: readonly string[]) => heads.flatMap((h) => tails.map((t) => `${h} ${t}`));

export const COURAGE_UP = lexicon("andreia.up", [
  "stood up to", "stood up for", "stand up to", "stand up for", "spoke up", "speak up", "spoke out", "speak out", "=confronted", "=confront", "faced my", "faced him", "faced her", "faced them",
  "faced the", "took the risk", "=dared", "stepped in", "=intervened", "=intervene", ...each(["reported"], ["him", "her", "them", "it to", "the * to", "* to the", "to the police", "the abuse", "the fraud", "the dog fights"]),
  "called the police", "called the fire brigade", "called an ambulance", "called for help", "blew the whistle", "=whistleblower", ...each(["told", "asked"], ["him to stop", "her to stop", "them to stop", "him to step back", "them to step back", "him to leave", "them to leave", "him to back off"]),
  "stood between", "put myself between", "=defended", "ran into the", "jumped in", "dived in", "dove in", "=rescued", "=risked", "owned up", "refused to sign", "refused to lie",
  "refused to falsify", "refused to cover", "said no to my boss", "despite my fear", "despite the risk", "despite the danger", "despite being scared", "despite being afraid",
  "stopped the whole", "held my ground", "stood my ground", "told the truth anyway", "=bravely", "=courage", "summoned the courage", "plucked up the courage", "found the courage",
  "told him it was my", "told her it was my", "=challenged", "cost me my job", "cost me my career", "risk my job", "risking my job", "risked my job", "lose my job",
  "losing my job", "put my job on the line", "on the line", "=burning", "into the fire", "into the water", "=testified", "=testify", "gave evidence", "=whistle",
]);

export const COURAGE_DOWN = lexicon("andreia.down", [
  "=avoided", "ran away", "ran off", "=fled", "kept quiet", "stayed quiet", "stayed silent", "said nothing", "kept my mouth shut", "kept my head down", "not dare", "too scared to", "too afraid to",
  "too frightened to", "too nervous to", "=chickened out", "lost my nerve", "backed down", "backed off", "=looked away", "looked the other way", "walked the other way", "walked away from",
  "=walked past", "pretended not to", "not want to get involved", "=cowered", "went along with", "=caved", "not stand up", "not speak up", "drove off before", "left before anyone", "hid the",
  "=covered up", "not go to the doctor", "kept pretending", "=froze",
]);

export const TEMPERANCE_UP = lexicon("sophrosyne.up", [
  "walked away from the slot", "walked away from the table", "walked away from the bar", "stopped gambling", "stopped at two", "stopped at three", "only had one", "only had two", "said no to another", "turned down another", "cut back on", "cutting back on", "cutting down on",
  "=resisted", "=refrained", "held back", "held my tongue", "bit my tongue", "cooled down", "calmed down", "calm down", "took a breath", "took a deep breath", "=breathe", "counted to ten",
  "let it pass", "let it go", "kept my cool", "kept calm", "stayed calm", "in moderation", "self control", "=restraint", "cut down", "cut back on", "stopped smoking",
  "stopped drinking", "quit smoking", "quit drinking", "gave up smoking", "gave up drinking", "gave up sugar", "gave up alcohol", "gave up gambling", "said no to", "turned down the",
  "went to bed at", "went to bed early", "one glass", "only one drink", "just one drink", "=sober", "walked out of the room", "stepped outside", "instead of staying up", "not shout",
  "not lose my temper", "not snap", "not react", "not hit", "not give in", "=cancelled my", "=abstained", "=fasted", "skipped dessert", "went back to my room",
  "kept my temper", "kept my composure", "=composure", "stopped at one", "one drink", "good night's sleep", "early night", "=skipped dessert", "put the phone away",
  "=declined the", "turned down a", "just water", "=saved up", "stuck to my budget", "stuck to my diet", "=exercised",
]);

export const TEMPERANCE_DOWN = lexicon("sophrosyne.down", [
  "entire paycheck", "entire paycheque", "entire salary", "entire savings", "whole savings", "until I blacked out", "=blacked out", "until I was sick", "until I threw up", "another dessert", "another drink", "another beer", "another bottle", "slot machines", "one more round", "one more hand",
  "=binge", "=binged", "=bingeing", "=binging", "=indulged", ...each(["not stop"], ["eating", "drinking", "gambling", "scrolling", "playing", "smoking", "shopping"]), "gave in", "give in",
  "=splurged", "drank too much", "got drunk", "=overate", "=gambled", "=gambling", "ate an entire", "ate the entire", "ate the whole", "ate a whole", "stayed up all night", "stayed up gaming",
  "stayed up until", "skipped my physio", "skipped my exercises", "skipped my medication", "lost control", "lost ? my temper", "flew off the handle",
  "not help myself", "bottle of wine every", "=playing video games", "on the sofa all", "the whole weekend on the sofa", "maxed out", "spent the grocery money", "spent the rent money", "too many drinks",
  "too many beers", "=hungover", "chain smoked", "took it out on", "and then a fourth", "and then a third", "another slice", "second helping", "=whole paycheck",
  "=whole paycheque", "whole salary", "shopping spree", "=impulse buy", "=impulse buys", "all night drinking", "=overspent", "=overslept", "=overindulged", "=excess", "=excessive", "=greedily", "=gorged", "=devoured",
]);

/** Words that set a passion against the act: felt, and not obeyed. */
const CONCESSIVE = new Set(["but", "though", "although", "despite", "anyway", "still", "nonetheless", "nevertheless", "yet"]);
/** Roots and sub-species whose passion engages each domain. */
const TEMPERANCE_PASSIONS = new Set(["orge", "eros", "philedonia", "terpsis", "epithumia"]);

/** The author's own words of the domain ("I stood up to him", "I binged"), not another's nor an instruction's. */
function authorSpans(segment: Segment, lex: Lexicon): Span[] {
  return findAll(segment, lex)
    .filter((m) => holderOf(segment.tokens, m.from) === "author")
    // A denial counts only for the phrases that do not carry their own ("I didn't shout" is restraint).
    .filter((m) => segment.tokens[m.from]!.stem === "not" || !denied(segment.tokens, m.from))
    .map((m) => m.span);
}

/** The passion is set against the act in its sentence: "I was scared, but I called", "though I was dreading". */
function resisted(segment: Segment, p: PassionReading): boolean {
  const tokens = segment.tokens;
  const at = tokens.findIndex((t) => t.start === p.span.start);
  if (at < 0) return false;
  const sentence = tokens[at]!.sentence;
  const s = segment.sentences[sentence]!;
  return tokens.slice(s.from, s.to).some((t: Token) => CONCESSIVE.has(t.lower));
}

function readingOf(down: boolean, up: boolean, level: DeliberationLevelId): DomainReadingLevel {
  if (down) return "reflexive";
  if (level === "principled" || level === "exemplary") return "principled";
  if (up || level === "considered") return "deliberate";
  return level === "none" ? "reflexive" : "habitual";
}

const silent: VirtueReading = { engaged: false, reading: null, evidence: [] };

export function readCourage(input: string | Segment, passions: PassionsReading, level: DeliberationLevelId): VirtueReading {
  const segment = typeof input === "string" ? accountSegment(input) : input;
  const up = authorSpans(segment, COURAGE_UP);
  const down = authorSpans(segment, COURAGE_DOWN);
  // Fear engages courage; a start (thambos) does not, nor a nervousness before a test unless it is faced.
  const fears = passions.passions.filter((p) => p.root === "phobos" && p.sub !== "thambos" && (p.sub !== "agonia" || resisted(segment, p)));
  if (level === "exemplary") return { engaged: true, reading: "principled", evidence: [...up, ...fears.map((p) => p.span)].slice(0, 8) };
  if (up.length === 0 && down.length === 0 && fears.length === 0) return silent;
  const overcome = fears.some((p) => resisted(segment, p));
  const ruled = fears.some((p) => !resisted(segment, p) && (p.acted || p.intensity === "strong"));
  const evidence = [...down, ...up, ...fears.map((p) => p.span)].slice(0, 8);
  return { engaged: true, reading: readingOf(down.length > 0 || (ruled && up.length === 0), up.length > 0 || overcome, level), evidence };
}

export function readTemperance(input: string | Segment, passions: PassionsReading, level: DeliberationLevelId): VirtueReading {
  const segment = typeof input === "string" ? accountSegment(input) : input;
  const tokens = segment.tokens;
  const up = authorSpans(segment, TEMPERANCE_UP);
  const down = authorSpans(segment, TEMPERANCE_DOWN);
  const appetites = passions.passions.filter((p) => TEMPERANCE_PASSIONS.has(p.sub ?? p.root) || (p.root !== "phobos" && p.root !== "hedone" && p.sub !== "philoplousia" && p.sub !== "philodoxia" && p.sub !== "pothos" && resisted(segment, p)));
  // A temper denied under provocation: "I wasn't angry when my neighbour's tree fell on my fence".
  const held = passions.setAside.filter((p) => {
    if (p.why !== "denied" || !(p.sub === "orge" || p.sub === "zelotypia")) return false;
    const at = tokens.findIndex((t) => t.start === p.span.start);
    const sentence = segment.sentences[tokens[at]!.sentence]!;
    return tokens.slice(sentence.from, sentence.to).some((t) => t.lower === "when" || t.lower === "after");
  });
  // A sage's composure engages both: the act was done without the passions it could have stirred.
  if (level === "exemplary") return { engaged: true, reading: "principled", evidence: [...up, ...held.map((p) => p.span)].slice(0, 8) };
  if (up.length === 0 && down.length === 0 && appetites.length === 0 && held.length === 0) return silent;
  const mastered = held.length > 0 || appetites.some((p) => resisted(segment, p));
  const ruled = appetites.some((p) => !resisted(segment, p) && (p.acted || p.intensity === "strong"));
  const evidence = [...down, ...up, ...appetites.map((p) => p.span), ...held.map((p) => p.span)].slice(0, 8);
  return { engaged: true, reading: readingOf(down.length > 0 || (ruled && up.length === 0), up.length > 0 || mastered, level), evidence };
}
