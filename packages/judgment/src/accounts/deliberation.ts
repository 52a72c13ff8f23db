import { lexicon, type Match } from "../lexicon";
import type { Segment, Span } from "../types";
import { accountSegment, denied, holderOf, taggedIndex, taggedMatches } from "./grammar";
import { readPassions, type PassionReading } from "./passions";

/**
 * How a first-person account shows its act was reasoned, with the words that show it:
 *
 *   none        on impulse: "without thinking", "on the spur of the moment", "I snapped", "I lost my
 *               temper", or a strong passion given as what moved the act ("so furious I kicked").
 *   habitual    from custom or routine: "like I always do", "every Saturday", "that's how we do it".
 *   considered  weighed: "after thinking it over", "I weighed it up", "we compared the options".
 *   principled  from a stated principle or duty: "on principle", "because I'd given him my word",
 *               "it was my duty", "the rules are the rules".
 *   exemplary   only when clearly so: at least two marks of a sage's composure ("calmly, without
 *               complaint, taking each day as it came").
 *
 * An account that shows none of these reads `habitual` with no evidence (the reading of the
 * reasoning presented, and none is presented) and `examined` null. A cue that is denied ("I didn't
 * act on impulse", "without weighing it") does not count.
 */

export type DeliberationLevelId = "none" | "habitual" | "considered" | "principled" | "exemplary";

export interface DeliberationReading {
  readonly level: DeliberationLevelId;
  /** Whether the account says the act was examined first: true when weighed or reasoned from principle, false on impulse, null when it does not say. */
  readonly examined: boolean | null;
  /** The words that show the level, the deciding ones first (at most 8). */
  readonly evidence: readonly Span[];
  /** Every cue found, by level. */
  readonly cues: Readonly<Record<DeliberationLevelId, readonly Span[]>>;
}

const DAYS = ["day", "morning", "night", "evening", "week", "weekend", "month", "year", "time", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "shift", "summer", "winter"];

export const IMPULSE = lexicon("deliberation.none", [
  "without thinking", "without a second thought", "without thinking twice", "without stopping to think", "before I could think", "before I could stop myself", "before thinking",
  "not think twice", "not stop to think", "not think it through", "not think about the consequences", "=impulsively", "=impulsive", "on impulse", "on a whim", "on the spur of the moment",
  "spur of the moment", "in the heat of the moment", "=snapped", "=blurted", "lashed out", "lost ? my temper", "flew off the handle", "=rashly", "=reflexively", "=instinctively",
  "on instinct", "just reacted", "in a fit of", "before I knew it", "=hastily", "snap decision", "knee jerk", "gut reaction", "red mist", "=recklessly", "without a thought",
  "not even think", "never thought twice", "not stop to think", "lost control", "flew into a rage", "=exploded", "blew up at", "got the better of me",
  "before I could stop myself", "not stop myself", "couldn't help myself", "without a moment's thought", "my first reaction", "first instinct", "out of anger", "in anger", "in a rage",
  "in a panic", "=reacted", "just reacted", "on reflex", "by reflex", "=reflex", "right then and there", "=spontaneously", "in the moment", "not think about it", "never thought about",
  "gave it no thought", "without any thought", "before I knew what I was doing", "not know what I was doing", "=thoughtlessly", "=carelessly", "=mindlessly", "=absentmindedly", "without looking", "without checking", "without a second look", "just did it",
]);

export const HABIT = lexicon("deliberation.habitual", [
  "=always", "as always", "like always", "as usual", "out of habit", "=habit", "=habitually", "=routine", "=routinely", ...DAYS.map((d) => `every ${d}`), ...DAYS.map((d) => `each ${d}`),
  "every single", "=whenever", "without fail", "never fail", "as a rule", "=usually", "=normally", "=regularly", "for years", "just what I do", "how we do it", "how it's done",
  "how things are done", "everyone does", "everybody does", "everyone in the office does", "everyone else does", "as my father did", "as my mother did", "as my parents did", "like my father did",
  "like my mother did", "as the rules say", "as the rules require", "by the book", "=customary", "by custom", "=tradition", "=traditionally", "=weekly", "=daily", "=nightly", "=monthly",
  "of every month", "the first of every", "like every night", "like every week", "like every year", "second nature", "on autopilot", "=automatically", "force of habit",
]);

export const CONSIDERED = lexicon("deliberation.considered", [
  "ran through the numbers", "went through the numbers", "crunched the numbers", "went through the figures", "ran through the options", "went through the options", "thought through", "mapped out", "took stock",
  "weighed it", "weighed up", "weighed the", "weighed both", "weighed my", "weighing up", "weighing the", "weigh it up", "weigh up", "weigh both", "weigh the pros", "weigh the options",
  "weigh the risks", "thought it over", "thought it through", "thought about it", "thought about what", "thought about how", "thought about whether", "thought about the", "thought carefully",
  "thought hard", "thought long", "gave it some thought", "after some thought", "after thinking", "after talking to", "after consulting", "after speaking to", "after discussing", "after sleeping on it",
  "slept on it", "after running the numbers", "ran the numbers", "running the numbers", "sat down with the numbers", "did the maths", "did the math", "=considered", "=deliberated", "=reflected",
  "on reflection", "asked for advice", "sought advice", "=consulted", "talked it through", "talked it over", "talked through", "discussed it with", "took a breath", "took a deep breath",
  "took a moment", "took a step back", "=stepped back from", "took time to", "took my time", "=paused", "stopped and asked", "stopped to think", "stopped and thought", "waited until we",
  "waited until I", "compared the", "pros and cons", "looked at the options", "looked at both sides", "looked at all the", "=whether to", "wondering whether", "wondering if", "thinking about whether",
  "not sure whether", "not sure if", "can't decide", "torn between", "I think I'll", "I think I will", "=reviewed", "thought twice", "is it wrong to", "is it okay to", "or is it not",
  "is it my place", "is it fair to", "=reconsidered", "=weighing", "thought about the consequences", "thinking about the consequences", "=considering", "we discussed",
  "discussed it", "talked it over with", "talked to my", "spoke to my", "asked my * what", "asked my * for advice", "looked into", "=researched", "did some research", "read up on", "made a list",
  "listed the", "=balanced", "=calculated", "=reasoned", "reasoned that", "=carefully", "=thoughtfully", "took a day", "took a few days", "took some time", "waited a day",
  "waited a few days", "gave it a week", "gave it a day", "on second thought", "on second thoughts", "second thoughts", "thought better of it", "changed my mind", "the best option",
  "the best choice", "the better option", "the options", "my options", "the alternatives", "=assessed", "=evaluated", "=planned", "=prepared", "weighed up", "after a long", "after much thought",
  "after careful", "after a lot of thought", "after a week", "after a few days", "a long talk", "long and hard", "the risks", "the consequences", "what would happen if", "what would happen",
  "both sides", "either way", "in the long run", "made sense", "it made more sense", "the trade off", "=tradeoff", "cost me", "it would cost", "=deliberately", "=figured",
  "chose to", "made the decision", "made a choice", "opted to", "on the same criteria", "=criteria", "asked myself", "sat down and", "looked at the numbers",
  "looked at the figures", "looked at the budget", "looked at the evidence", "looked at the facts", "checked the facts", "checked the records", "checked the contract", "double checked",
  "=verified", "asked around", "second opinion", "asked a friend", "asked a colleague", "after a conversation", "after some discussion", "after a discussion", "we decided together",
  "together we decided", "not rush", "at stake", "the impact", "the effect on", "how it would affect", "would affect", "how she'd feel", "how he'd feel", "how they'd feel",
  "how she would feel", "how he would feel", "how they would feel", "put myself in", "going over the", "went over the", "gone over the", "listed what", "what each", "each option", "each choice", "=mulled", "point of view", "=perspective", "=worked out", "=budgeted", "=strategy", "long term", "in the end",
]);

export const PRINCIPLED = lexicon("deliberation.principled", [
  "would have been dishonest", "would be dishonest", "would have been unfair", "would be unfair", "would have been wrong", "the way I would want to be treated", "the way I'd want to be treated", "as I would want to be treated", "as I'd want to be treated", "what I believe", "what I stand for",
  "on principle", "as a matter of principle", "=principle", "=principles", "my duty", "our duty", "out of duty", "=duty", "the right thing", "because it was right", "because it's right",
  "because it is right", "it was right", "it was wrong to", "it would be wrong", "=it's wrong to", "wouldn't be right", "wouldn't be fair", "not fair to", "only fair", "=obligation",
  "=obliged", "owed it to", "=owe it to", "my word", "as I'd agreed", "as I had agreed", "as agreed", "as promised", "I'd promised", "I had promised", "I promised", "we promised", "had said =I'd",
  "I'd said =I'd", "I said =I'd", "kept my word", "keep my word", "given my word", "gave my word", "given * my word", "gave * my word", "my responsibility", "my charge", "=conscience", "look them in the eye", "look myself in the eye", "look myself in the mirror", "the rules are the rules",
  "rules apply", "whatever it cost", "regardless of the cost", "no matter the cost", "no matter what it cost", "in trust", "trusted me", "trusted us", "taught me", "always own up",
  "worth a life", "=integrity", "because people will", "not mine to", "wasn't mine", "isn't mine", "=honour bound", "a matter of honour", "it's their money", "it was their money",
  "=what's right", "=what was right", "keep them safe", "what keep", "because they trusted", "the honest thing", "the decent thing", "the fair thing", "the only fair", "the only honest",
  "because it's wrong", "because it was wrong", "because that would be wrong", "is wrong", "it's not right", "it wasn't right", "it isn't right", "wasn't fair", "isn't fair", "not fair",
  "=unfair", "deserved to know", "deserve to know", "a right to know", "has a right to", "had a right to", "have a right to", "their right", "because it's the law", "=the law",
  "my job is to", "it's my job", "it was my job", "part of my job", "I'm responsible", "I was responsible", "I believe in", "I don't believe in", "=values", "I =refuse to",
  "no one should", "nobody should", "everyone deserves", "deserves to", "deserved to", "should be treated", "not mine to keep", "wasn't mine to", "=belonged to",
  "do the right thing", "did the right thing", "doing the right thing", "how I'd want to be treated", "how I would want to be treated", "treat others", "in their shoes", "=honesty",
  "=fairness", "=loyalty", "=oath", "=sworn", "code of conduct", "the code", "=policy", "=confidential", "=confidentiality", "without their consent", "=consent",
  "safety comes first", "safety first", "lives were at stake", "lives are at stake", "could get hurt", "could have been killed", "could have died", "=ethics", "=ethical", "=unethical",
  "=morally", "=moral", "on my honour", "the truth matters", "honesty matters", "=dignity", "=respect for", "you always", "you never", "you don't", "one should", "one must",
  "a promise is a promise", "a deal is a deal", "rules are rules", "comes first", "come first", "no one deserves", "nobody deserves", "isn't worth", "is worth", "no amount of", "matters more than",
  "live with myself", "look her in the eye", "look him in the eye", "look my kids in the eye", "look my children in the eye", "not my money", "wasn't my money", "isn't my money",
  "counting on me", "relying on me", "depended on me", "depend on me", "rely on me", "keep my promises", "what friends are for", "what friends do", "what family does", "what family is for",
  "against the rules", "against the law", "against my principles", "against my values", "goes against", ...["=don't", "=won't", "=wouldn't", "never"].flatMap((n) => ["lie", "steal", "cheat", "break a promise", "break my word"].map((v) => `I ${n} ${v}`)),
  "at my own expense", "whatever the cost", "even though no one", "even though nobody", "even if no one", "even if nobody", "no one else saw",
  "nobody else saw", "no one was watching", "nobody was watching", "even though it meant", "even though it would cost", "even though I'd lose", "even though I would lose", "felt I had to",
  "knew I had to", "the right to", "in good faith", "I =owe", "we =owe", "=betray", "=betrayed", "would betray",
]);

export const EXEMPLARY = lexicon("deliberation.exemplary", [
  "=calmly", "without complaint", "without complaining", "never complained", "each day as it came", "felt nothing I needed", "wished him well", "wished her well", "wished them well",
  "wished him a better day", "wished her a better day", "without stopping to save", "anything of my own", "would have done the same", "asked nothing in return", "expected nothing in return",
  "without resentment", "=serenely", "=equanimity", "doing what was needed", "=strangers alike", "with a steady mind", "=unperturbed", "=forgave him", "=forgave her",
]);

/** Words that undo a promise as a reason: it was broken, not kept. */
const BROKEN = new Set(["but", "then", "anyway", "instead", "broke", "break", "breaking"]);

function spansOf(segment: Segment, matches: readonly Match[], authorOnly = false): Span[] {
  return matches.filter((m) => !denied(segment.tokens, m.from) && !(authorOnly && holderOf(segment.tokens, m.from) === "other")).map((m) => m.span);
}

/** "because", "since", "as" before a promise, or "so" after it: the promise given as the reason of the act. */
const REASON_BEFORE = new Set(["because", "since", "as", "cause"]);

/** A kept promise or word is a reason from principle; a promise followed by "but…" or "then…" is one broken. */
function principledSpans(segment: Segment, matches: readonly Match[]): Span[] {
  const tokens = segment.tokens;
  return matches
    .filter((m) => {
      // A principle is often said with a negation ("no deadline is worth a life"): only a denial
      // right before it ("it wasn't my duty") or a "without" undoes it.
      const before = tokens[m.from - 1];
      if (before && before.sentence === m.sentence && (before.stem === "not" || before.lower === "no" || before.lower === "never")) return false;
      if (denied(tokens, m.from) && !tokens[m.from]!.negated) return false;
      if (!/promis|word|agreed|said/i.test(m.span.quote) || /^(?:as|kept|keep)\b/i.test(m.span.quote)) return true;
      let result = false;
      for (let i = m.to; i < tokens.length && tokens[i]!.sentence === m.sentence; i++) {
        if (BROKEN.has(tokens[i]!.lower)) return false;
        if (tokens[i]!.lower === "so" || tokens[i]!.lower === "therefore") result = true;
      }
      const reason = [1, 2, 3, 4, 5].some((k) => {
        const t = tokens[m.from - k];
        return t !== undefined && t.sentence === m.sentence && REASON_BEFORE.has(t.lower);
      });
      return result || reason;
    })
    .map((m) => m.span);
}

/** Words of a reason that looks beyond the author's own advantage: trust, safety, rights, duty, truth. */
const DUTY_WORDS = new Set([
  "trust", "trusted", "trusts", "safe", "safety", "right", "rights", "fair", "unfair", "deserve", "deserved", "deserves", "owe", "owed", "promise", "promised", "word", "duty", "duties",
  "honest", "honesty", "truth", "lives", "life", "law", "rule", "rules", "responsibility", "responsible", "charge", "wrong", "vulnerable", "depend", "depends", "depended", "rely", "relied",
  "counting", "theirs", "belong", "belongs", "belonged", "harm", "hurt", "risk", "danger", "dangerous", "welfare", "dignity", "respect", "consent", "privacy", "private", "confidential",
  "loyal", "loyalty", "honour", "honor", "oath", "principle", "conscience", "justice", "equal", "equally",
]);
/** Openers of a maxim, a general rule stated as the act's reason: "no deadline is worth a life", "rules apply the same", "you always own up". */
const MAXIM_OPENERS = new Set(["no", "nobody", "everyone", "everybody", "every", "rules", "a", "you", "one", "people", "nothing", "honesty", "family", "promises", "lying", "stealing", "cheating", "what"]);
const MAXIM_VERBS = new Set(["is", "are", "deserve", "deserves", "stay", "stays", "apply", "applies", "matter", "matters", "come", "comes", "should", "must", "always", "never", "don't", "doesn't", "owe", "owes", "keep", "keeps", "belongs", "belong"]);

/**
 * Reasons from principle told in the account's own structure: a "because" whose clause speaks of
 * trust, safety, rights, duty or truth ("because people trusted me with their money"), and a maxim
 * stated after the act ("; no deadline is worth a life", "what he told me in trust stays between us").
 */
function principledStructures(segment: Segment): Span[] {
  const tokens = segment.tokens;
  const out: Span[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.lower === "because" && !t.negated) {
      let end = i + 1;
      while (end < tokens.length && tokens[end]!.sentence === t.sentence && tokens[end]!.kind !== "punct") end++;
      const clause = tokens.slice(i + 1, end);
      if (clause.some((c) => DUTY_WORDS.has(c.lower)) && end > i + 1) out.push(quoteOfRange(segment, i, end));
      continue;
    }
    // A clause opening after ";" or ":" (or a new sentence) on a generic subject, with a present-tense verb soon after.
    const prev = tokens[i - 1];
    const opens = t.kind === "word" && (prev === undefined || prev.sentence !== t.sentence || prev.text === ";" || prev.text === ":");
    if (!opens || !MAXIM_OPENERS.has(t.lower) || i === 0) continue;
    let end = i + 1;
    while (end < tokens.length && tokens[end]!.sentence === t.sentence && tokens[end]!.kind !== "punct") end++;
    const clause = tokens.slice(i, end);
    if (clause.length >= 3 && clause.slice(1, 6).some((c) => MAXIM_VERBS.has(c.lower)) && !clause.some((c) => c.lower === "how")) out.push(quoteOfRange(segment, i, end));
  }
  return out;
}

function quoteOfRange(segment: Segment, from: number, to: number): Span {
  const start = segment.tokens[from]!.start;
  const end = Math.min(segment.tokens[to - 1]!.end, start + 500);
  return { field: segment.field, start, end, quote: segment.text.slice(start, end) };
}

const NOT_THINK = lexicon("deliberation.not_think", ["not think", "not stop", "never thought", "not even think", "not pause"]);
const THOUGHTLESS_AFTER = new Set(["and", "before", "first", "twice", "straight", "properly", "clearly", "at", "then", "so", "but"]);

/** "I was jealous and didn't think.", "I didn't think, I just grabbed it": thinking denied outright, not a belief ("I didn't think he'd mind"). */
function thoughtless(segment: Segment, matches: readonly Match[]): Span[] {
  const tokens = segment.tokens;
  return matches
    .filter((m) => {
      if (holderOf(tokens, m.from) === "other") return false;
      const after = tokens[m.to];
      return after === undefined || after.sentence !== m.sentence || after.kind === "punct" || THOUGHTLESS_AFTER.has(after.lower);
    })
    .map((m) => m.span);
}

/** The cues of every level in the account (denied ones left out), for the reading and for corroboration. */
export function deliberationCues(input: string | Segment, passions?: readonly PassionReading[]): Record<DeliberationLevelId, Span[]> {
  const segment = typeof input === "string" ? accountSegment(input) : input;
  // A hot passion (anger, panic, terror) given as what moved the act shows no deliberation.
  const moved = (passions ?? readPassions(segment).passions).filter((p) => p.intensity === "strong" && p.acted && HOT.has(p.sub ?? "")).map((p) => p.span);
  const byTag: Match[][] = CUE_LEXICONS.map(() => []);
  for (const { m, tag } of taggedMatches(segment, CUE_INDEX)) byTag[tag]!.push(m);
  const [impulse, notThink, principled, considered, habit, exemplary] = byTag as [Match[], Match[], Match[], Match[], Match[], Match[]];
  const none = [...spansOf(segment, impulse, true), ...thoughtless(segment, notThink), ...moved].sort((a, b) => a.start - b.start);
  return {
    none: dedupe(none),
    habitual: spansOf(segment, habit, true),
    considered: spansOf(segment, considered),
    principled: dedupe([...principledSpans(segment, principled), ...principledStructures(segment)].sort((a, b) => a.start - b.start)),
    exemplary: spansOf(segment, exemplary),
  };
}

const HOT = new Set(["orge", "thorybos", "deima"]);
/** The cue lexicons, read in one pass; where two overlap, the longer phrase, then the one listed first. */
const CUE_LEXICONS = [IMPULSE, NOT_THINK, PRINCIPLED, CONSIDERED, HABIT, EXEMPLARY] as const;
const CUE_INDEX = taggedIndex(CUE_LEXICONS);

function dedupe(spans: readonly Span[]): Span[] {
  return spans.filter((s, i) => spans.findIndex((t) => t.start < s.end && s.start < t.end) === i);
}

/** The deliberation level of the account with its evidence. */
export function readDeliberation(input: string | Segment, passions?: readonly PassionReading[]): DeliberationReading {
  const segment = typeof input === "string" ? accountSegment(input) : input;
  const cues = deliberationCues(segment, passions);
  const exemplary = new Set(cues.exemplary.map((s) => s.quote.toLowerCase())).size >= 2;
  const level: DeliberationLevelId =
    cues.none.length > 0 ? "none" : exemplary ? "exemplary" : cues.principled.length > 0 ? "principled" : cues.considered.length > 0 ? "considered" : "habitual";
  // The deciding cues first, then the others found; a lone mark of composure is not evidence of a level.
  const order: DeliberationLevelId[] = [level, ...(["none", "principled", "considered", "habitual"] as const).filter((l) => l !== level)];
  const evidence = order.flatMap((l) => cues[l]).slice(0, 8);
  const examined = level === "none" ? false : level === "habitual" ? null : true;
  return { level, examined, evidence, cues };
}
