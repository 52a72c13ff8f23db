import { findAll, lexicon } from "../lexicon";
import type { Segment, Span, Token } from "../types";
import { AUTHOR_SUBJECTS, accountSegment, quoteOf } from "./grammar";

/**
 * Whether a first-person account tells an act done, an act proposed, or a reasoning about what
 * to do, read from the author's own verbs (the verb after "I" or "we", past or future) rather
 * than from a list of cues:
 *
 *   proposed_action  an act still to decide, as the language model's reading defines it: an act
 *                    the author will do ("I'm going to", "I'll", "I will", "I plan to", "I'm about
 *                    to", "I'm thinking of <doing>", "Tomorrow I'm taking…"; not when reported: "I
 *                    told him I'd pay"), a question about what to do or whether it is right
 *                    ("Should I…?", "Is it wrong to…?", "Would it be okay…?") with no act of the
 *                    author's told as done, or a weighing in progress ("I'm wondering whether to…").
 *   reasoning        an argument rather than an act: "because…", "therefore…", a view of what one
 *                    should do ("I should…", "I would never…").
 *   past_action      an act told as done (past, present perfect) or as the author's custom ("I scan
 *                    the cheap carrots"); also an account of others told in the past.
 *   unclear          a short account whose only acts are "did it", "do what I had to", "didn't say
 *                    anything": the act is not named.
 */

export type ActKindId = "past_action" | "proposed_action" | "reasoning" | "unclear";

export interface ActKindReading {
  readonly kind: ActKindId;
  /** The words that decide it (the author's verb, the question), when there are any. */
  readonly evidence: Span | null;
}

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

/** Adverbs between the subject and its verb. */
const ADVERBS = set("just then also still already even really actually finally quietly quickly simply only always never often usually sometimes probably definitely secretly honestly immediately");
/** Irregular past forms (a word ending in -ed is past unless it ends in -eed). */
const IRREGULAR_PAST = set(
  "took gave went told said kept made found left ran sold threw broke stole hid bought brought caught chose drove drank ate fell felt fought forgot got hit hung knew led lent lost meant met paid put quit read rode rang rose saw sent set shot shut sang sat slept slid spoke spent spat spread stood stuck struck swore swept swam taught thought tore understood woke wore won wrote began became came did had was were bit blew built burnt dealt dug drew fed fled flew forgave froze grew heard held hurt knelt laid leapt let lit overheard shook sank sought split sprang stung swung undid withdrew wound cut beat bet let sped",
);
const PRESENT_PERFECT = set("have has 've");
const FUTURE_AUX = set("will shall 'll gonna");
const INTENT = set("plan plans intend intends mean means want wants aim hope");
const SPEECH = set("told tell said say promised promise swore swear assured assure warned warn agreed agree thought think knew know decided hoped hope guess reckon");
const FUTURE_TIME = set("tomorrow tonight later soon next weekend monday tuesday wednesday thursday friday saturday sunday");
const MENTAL = set("think believe feel know guess suppose reckon wonder doubt hope wish");
const PRO_VERBS = set("did do done does doing happened happen say said");
const PRO_OBJECTS = set("it what that anything nothing something so this");
const QUESTION_OPENERS = set("should shall can could may might would will is am are was were do does did ought must what how why");

const WEIGHING = lexicon("act.weighing", [
  "wondering whether", "wondering if", "thinking about whether", "thinking whether", "deciding whether", "debating whether", "not sure whether", "not sure if", "can't decide", "cannot decide",
  "torn between", "trying to decide", "undecided",
]);

type ClauseKind = "past" | "present" | "future" | "state" | "pro" | "conditional";

/** The author's clause starting at the subject token i: the kind of its verb and the token that tells it. */
function clauseAt(tokens: readonly Token[], i: number): { kind: ClauseKind; at: number } | null {
  const subject = tokens[i]!;
  const sentence = subject.sentence;
  const at = (k: number) => {
    let j = k;
    while (j < tokens.length && tokens[j]!.sentence === sentence && tokens[j]!.kind === "word" && (ADVERBS.has(tokens[j]!.lower) || (tokens[j]!.lower.endsWith("ly") && tokens[j]!.lower.length > 4))) j++;
    return j < tokens.length && tokens[j]!.sentence === sentence && tokens[j]!.kind === "word" ? j : -1;
  };
  const w = subject.lower;
  const reported = (() => {
    for (let k = i - 1, seen = 0; k >= 0 && seen < 4; k--) {
      const t = tokens[k]!;
      if (t.sentence !== sentence || t.kind === "punct" || ["and", "but", "so", "then", "or"].includes(t.lower)) break;
      seen++;
      if (SPEECH.has(t.lower)) return true;
    }
    return false;
  })();
  const futureUnlessReported = (k: number) => ({ kind: (reported ? "conditional" : "future") as ClauseKind, at: k });
  if (w === "i'll" || w === "we'll") return futureUnlessReported(i);
  if (w === "i've" || w === "we've") return { kind: "past", at: i };
  const v = at(i + 1);
  if (v < 0) return null;
  const verb = tokens[v]!;
  const lv = verb.lower;
  const next = tokens[at(v + 1)]?.lower ?? "";
  if (w === "i'd" || w === "we'd") return lv === "been" || lv.endsWith("ed") || IRREGULAR_PAST.has(lv) ? { kind: "past", at: v } : { kind: "conditional", at: v };
  const progressive = (k: number) => {
    const l = tokens[k]!.lower;
    if (l === "going" && tokens[k + 1]?.lower === "to") return futureUnlessReported(k);
    if (l === "about" && tokens[k + 1]?.lower === "to") return futureUnlessReported(k);
    if (l === "planning" || l === "intending" || l === "hoping" || ((l === "thinking" || l === "considering") && ["of", "about"].includes(tokens[k + 1]?.lower ?? "") && (tokens[k + 2]?.lower.endsWith("ing") || tokens[k + 3]?.lower.endsWith("ing"))))
      return futureUnlessReported(k);
    if (l === "considering" && tokens[k + 1]?.lower.endsWith("ing")) return futureUnlessReported(k);
    if (l.endsWith("ing")) {
      for (let j = k; j < tokens.length && tokens[j]!.sentence === sentence; j++) if (FUTURE_TIME.has(tokens[j]!.lower)) return futureUnlessReported(k);
      for (let j = k; j >= 0 && tokens[j]!.sentence === sentence; j--) if (FUTURE_TIME.has(tokens[j]!.lower)) return futureUnlessReported(k);
      return { kind: "present" as ClauseKind, at: k };
    }
    return { kind: "state" as ClauseKind, at: k };
  };
  if (w === "i'm" || w === "we're") return progressive(v);
  if (lv === "am" || lv === "are") {
    const k = at(v + 1);
    return k < 0 ? { kind: "state", at: v } : progressive(k);
  }
  if (FUTURE_AUX.has(lv)) return futureUnlessReported(v);
  if (INTENT.has(lv) && next === "to") return futureUnlessReported(v);
  if (PRESENT_PERFECT.has(lv)) return { kind: "past", at: v };
  if (lv === "would" || lv === "could" || lv === "should" || lv === "might" || lv === "must" || lv === "may") return { kind: "conditional", at: v };
  if ((lv === "had" || lv === "have") && next === "to" && PRO_VERBS.has(tokens[at(v + 1) + 1]?.lower ?? "")) return { kind: "pro", at: v };
  if (PRO_VERBS.has(lv) || (verb.stem === "not" && PRO_VERBS.has(next))) {
    const obj = verb.stem === "not" ? tokens[at(at(v + 1) + 1)]?.lower : next;
    if (obj !== undefined && PRO_OBJECTS.has(obj)) return { kind: "pro", at: v };
  }
  if (lv === "was" || lv === "were" || lv === "had" || verb.stem === "not" && /^(?:didn't|wasn't|weren't|hadn't|couldn't|did not)$/.test(lv)) return { kind: "past", at: v };
  if (verb.stem === "not") return { kind: lv === "won't" ? (reported ? "conditional" : "future") : "present", at: v };
  if ((lv.endsWith("ed") && !lv.endsWith("eed")) || IRREGULAR_PAST.has(lv)) return { kind: "past", at: v };
  // "I think I should…", "I believe…": a view held now, not an act.
  if (MENTAL.has(lv)) return { kind: "state", at: v };
  return { kind: "present", at: v };
}

/** A question sentence about what to do or whether it is right: "Should I…?", "Is it wrong to…?". */
function questionAt(segment: Segment, sentence: number): boolean {
  const s = segment.sentences[sentence]!;
  const last = segment.tokens[s.to - 1];
  if (last?.text !== "?") return false;
  for (let k = s.from; k < s.to; k++) {
    const t = segment.tokens[k]!;
    if (t.kind !== "word") continue;
    return QUESTION_OPENERS.has(t.lower) || t.stem === "not" || t.lower === "so" || t.lower === "or";
  }
  return false;
}

export function readActKind(input: string | Segment): ActKindReading {
  const segment = typeof input === "string" ? accountSegment(input) : input;
  const tokens = segment.tokens;
  const weighing = findAll(segment, WEIGHING).find((m) => !m.negated);
  if (weighing) return { kind: "proposed_action", evidence: weighing.span };

  const clauses: Array<{ kind: ClauseKind; at: number; subject: number }> = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!AUTHOR_SUBJECTS.has(tokens[i]!.lower)) continue;
    // "Should I…?": the subject of a question is not a clause told.
    const prev = tokens[i - 1];
    if (prev && prev.sentence === tokens[i]!.sentence && QUESTION_OPENERS.has(prev.lower) && questionAt(segment, tokens[i]!.sentence)) continue;
    const c = clauseAt(tokens, i);
    if (c) clauses.push({ ...c, subject: i });
  }
  const span = (c: { at: number; subject: number }) => quoteOf(segment, c.subject, c.at + 1);
  const question = segment.sentences.find((s) => questionAt(segment, s.index));
  const past = clauses.find((c) => c.kind === "past");
  if (question && !past) return { kind: "proposed_action", evidence: quoteOf(segment, question.from, question.to) };
  const future = clauses.find((c) => c.kind === "future");
  // "I lied to her. I'll never do it again.": a resolution after the act, not a proposal.
  const resolution = future !== undefined && past !== undefined && tokens.slice(future.at, segment.sentences[tokens[future.at]!.sentence]!.to).some((t) => t.lower === "again");
  if (future && !resolution) return { kind: "proposed_action", evidence: span(future) };
  const told = clauses.filter((c) => c.kind !== "conditional" && c.kind !== "state");
  if (told.length > 0 && told.every((c) => c.kind === "pro") && segment.tokens.filter((t) => t.kind === "word").length <= 20) return { kind: "unclear", evidence: span(told[0]!) };
  const act = told.find((c) => c.kind === "past" || c.kind === "present");
  if (act) return { kind: "past_action", evidence: span(act) };
  if (question) return { kind: "proposed_action", evidence: quoteOf(segment, question.from, question.to) };
  // No clause of the author's: an account of others told in the past, or an argument.
  const pastVerb = tokens.find((t) => t.kind === "word" && ((t.lower.endsWith("ed") && !t.lower.endsWith("eed") && t.lower.length > 3) || IRREGULAR_PAST.has(t.lower) || t.lower === "been"));
  if (pastVerb) return { kind: "past_action", evidence: null };
  if (tokens.some((t) => t.lower === "because" || t.lower === "therefore")) return { kind: "reasoning", evidence: null };
  // Only "I should…", "I would never…": a view of what to do.
  const modal = clauses.find((c) => c.kind === "conditional");
  if (modal) return { kind: "reasoning", evidence: span(modal) };
  if (clauses.length > 0) return { kind: "past_action", evidence: null };
  return { kind: "unclear", evidence: null };
}
