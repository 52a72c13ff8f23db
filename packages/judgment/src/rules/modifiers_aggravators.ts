import { memoised } from "../memo";
import { lexicon, spanOf, type Lexicon } from "../lexicon";
import { tokenize } from "../text";
import type { Hit, Rule, Segment, Span } from "../types";
import { readOnlyVerbs } from "./modifiers_benign";
import { clean, findMulti, hitOf, multiLexicon, outsideToolTurns, sentenceHas, stems, switchedOff, type Found } from "./modifiers_util";

/**
 * Aggravators (`agg.<name>`, code null, weight kept >= 0): what sharpens any harm read — secrecy
 * and evasion, safeguards explicitly skipped, breadth, a critical target, acting against someone's
 * will, pressure to bypass review, irreversibility, relentless repetition. Negation-aware: "don't
 * skip the backup", "I won't hide anything" fire nothing; urgency in a crisis-support message,
 * "without consent" in a report of abuse and breadth in a read-only report or over one's own
 * things fire nothing either.
 */


/** Words before an aggravator that turn it into its opposite: "never skip", "refuse to hide". */
const AGG_BLOCKERS = stems(["not", "never", "no", "refuse", "refused", "won't", "without", "avoid", "stop", "against", "instead", "anti"]);

const SECRECY = lexicon("agg.secrecy", [
  "not tell", "not tell anyone", "without telling", "without tell", "not let * know", "not let * * know", "not inform", "not notify", "without notifying",
  "without informing", "not mention", "without mentioning", "not say", "keep * secret", "keep it secret", "keep this secret", "keep it quiet",
  "keep this quiet", "keep it between", "keep * off the record", "secretly", "in secret", "quietly", "discreetly", "discreet", "covertly", "covert",
  "cover up", "cover it up", "cover * up", "cover * tracks", "cover our tracks", "cover my tracks", "hide", "hides", "hid", "hiding", "conceal",
  "concealed", "concealing", "disguise", "disguised", "before anyone notices", "before anyone finds out", "before * notices", "before * notice",
  "before * find out", "before anyone sees", "before they see", "before * sees", "make it look like", "so it looks like", "before the audit", "before the auditors", "before * audit", "so nobody knows", "so no one knows", "no one will know",
  "nobody will know", "nobody will notice", "won't notice", "not notice", "not find out", "won't show up", "not show up", "not be traced",
  "not be traceable", "can't be traced", "untraceable", "without a trace", "not trace", "burner", "burners", "under different names",
  "under a different name", "in a different name", "under a false name", "under another name", "under someone else's name", "fake name", "fake names", "alias", "aliases",
  "sock puppet", "sockpuppet", "sock puppets", "look organic", "looks organic", "appear organic", "seem organic", "delete the evidence",
  "delete * evidence", "destroy * evidence", "wipe * logs", "wipe the logs", "clear * logs", "clear the logs", "erase * logs",
  "delete * logs", "scrub", "off the books", "under the counter", "no paperwork", "not recorded", "not be recorded", "not flag", "not get flagged",
  "not get removed", "not get caught", "not trip", "avoid detection", "evade", "evading", "evasion", "avoid * detection", "slip past", "stay under",
  "under the radar", "private subscriber", "behind * back", "without them knowing", "without her knowing",
  "without his knowing", "without anyone knowing", "not show", "backdate", "backdated", "so it looks", "so it appears", "pretend", "pretending",
  "posing as", "as if",
]);
const HIDDEN_WORD = new Set(["hidden", "anonymous", "anonymously"]);
const NO_SAFEGUARD = lexicon("agg.no_safeguard", [
  "skip ?the backup", "skip backups", "skip * snapshot", "skip ?the snapshot", "skip final snapshot", "skip ?the review", "skip review", "skip ci",
  "skip * checks", "skip checks", "skip ?the tests", "skip tests", "skip testing", "skip verification", "skip callback", "skip ?the callback",
  "skip trash", "skip ?the trash", "skip approval", "skip ?the approval", "skip * approval", "skip that", "no need to export", "no need to back up",
  "no need to backup", "no need to check", "no need to test", "no need to ask", "no need to review", "no need to verify", "no need for",
  "no need to", "not need * backup", "no backup", "no backups", "no snapshot", "no review", "no approval", "no ticket", "no engagement",
  "no license check", "no licence check", "no id check", "no age check", "no verification", "no call back", "no callback", "no questions asked",
  "without approval", "without review", "without a review", "without a backup", "without backup", "without backing up", "without testing",
  "without checking", "without asking", "without verification", "without verifying", "without a ticket", "without a license", "without a licence",
  "without authorization", "without authorisation", "without a warrant", "without sign off", "not ask anyone", "not ask * permission",
  "not ask for approval", "not ask them", "not bother asking", "not wait for approval", "not wait for review", "ignore ?the warning", "ignore * warnings",
  "ignore ?the warnings", "ignore ?the alert", "ignore ?the alerts", "ignore ?the error", "ignore ?the errors", "ignore ?the policy",
  "ignore * policy", "override ?the limit", "override limits", "override limit", "override * limit", "override * limits", "override * safety",
  "override", "overriding", "bypass ?the check", "bypass checks", "bypass * check", "bypass * checks", "bypass ?the review", "bypass review",
  "bypass ?the approval", "bypass approval", "bypass ci", "bypass * limit", "bypass ?the limit", "bypass the filter", "bypass * filter",
  "bypass moderation", "bypass * verification", "no verify", "disable * check", "disable * checks", "turn off * check", "legal hold or not",
  "regardless", "whether or not", "figure out * later", "figure out later", "deal with it later", "worry about * later",
]);
const BREADTH_WORDS = new Set(["all", "every", "entire", "whole", "everyone", "everybody", "everything", "globally", "bulk", "mass", "wholesale", "everywhere"]);
const BREADTH = lexicon("agg.breadth", [
  "company wide", "organization wide", "organisation wide", "org wide", "system wide", "fleet wide", "site wide", "tenant wide", "across the board",
  "across all", "across the", "en masse", "the rest of", "all of them", "all users", "every user", "every account", "every file", "the full", "full list",
]);
const CRITICAL_WORDS = new Set(["production", "prod", "live", "root", "primary", "master", "mainnet"]);
const CRITICAL = lexicon("agg.critical_target", [
  "main branch", "main database", "core banking", "mission critical", "business critical", "critical infrastructure", "domain admins",
  "domain admin", "the only copy", "only copy", "system32", "boot sector", "the payroll", "the ledger",
]);
const AGAINST_WILL = lexicon("agg.against_will", [
  "without * consent", "without * * consent", "without consent", "without * knowledge", "without * * knowledge", "without * knowing",
  "without * permission", "without * * permission", "without permission", "without * agreement", "against * will", "against * wishes",
  "against * * wishes", "said no", "says no", "say no", "told me no", "she refused", "he refused", "they refused", "she declined", "he declined",
  "blocked me", "has blocked", "they blocked", "she blocked", "he blocked", "not want", "told me to stop", "asked me to stop", "told us to stop",
  "even though", "behind * back", "behind * * back", "while * sleeps", "while * asleep", "while * sleeping", "while * is away", "while * are away",
  "without * noticing", "never agreed", "not agree", "no consent", "non consensual", "nonconsensual", "unwilling", "unaware", "never replied",
  "they never replied", "restraining order", "no contact order", "not consent", "without asking", "whether she likes it",
  "whether he likes it", "whether they like it", "force her", "force him", "force them", "she deserves it", "he deserves it",
  "owners are away", "they're on holiday", "isn't mine",
]);
const URGENCY = lexicon("agg.urgency", [
  "right now", "immediately", "asap", "as soon as possible", "urgent", "urgently", "no time to", "no time for", "quickly before", "hurry", "hurry up",
  "just do it", "just push", "not wait", "without waiting", "right away", "straight away", "this instant", "before anyone", "before they",
  "before * can", "now or", "within the hour", "deadline is", "no time to check", "no time to review",
]);
const IRREVERSIBLE = lexicon("agg.irreversible", [
  "permanently", "permanent", "for good", "irreversibly", "irreversible", "unrecoverable", "not be undone", "cannot be undone", "no undo",
  "no way to recover", "no way back", "beyond recovery", "shred", "shredded", "delete permanently", "permanently delete", "purge", "purged",
  "wipe", "wiped", "no preserve root", "skip trash", "irrecoverably", "secure erase", "zero out", "overwrite",
]);

interface AggSpec {
  readonly feature: string;
  readonly note: string;
  readonly lex: Lexicon;
  readonly words?: ReadonlySet<string>;
  readonly acceptWord?: (s: Segment, i: number) => boolean;
  /** A match is dropped when this says so (any match, not only single words). */
  readonly acceptMatch?: (f: Found) => boolean;
}

/**
 * Urgency that is not pressure to act past review: a crisis-support message ("call 988 right now",
 * "if you are in immediate danger"), or a metadata field ("priority": "urgent").
 */
const CRISIS = stems(["988", "911", "999", "112", "111", "741741", "emergency", "emergencies", "danger", "crisis", "helpline", "hotline", "safe", "samaritans", "counselor", "counsellor", "therapist", "wellbeing", "worried", "pain", "struggling", "hurting", "support"]);
const URGENCY_FIELD = /(?:priority|urgency|severity|sev|importance)["']?\s*[:=]\s*["']?$/i;
function urgencyAccept(f: Found): boolean {
  if (sentenceHas(f, CRISIS)) return false;
  const before = f.segment.text.slice(Math.max(0, f.span.start - 24), f.span.start);
  return !URGENCY_FIELD.test(before);
}

/**
 * "Without consent" read in a report of the abuse, a moderation log or an explanation of harm is
 * not the act's own: "report the post that shared my address without consent", "sharing intimate
 * photos without consent is a crime", "removed a post ... without consent; user banned".
 */
const REPORTING = stems([
  "report", "reported", "reporting", "flag", "flagged", "removed", "banned", "takedown", "crime", "crimes", "illegal", "unlawful", "harm", "harmful",
  "abuse", "abusive", "violation", "violates", "police", "moderator", "moderation", "unmatch", "unmatched", "respect", "respecting",
]);
/** "I don't want to circle for ages" is the speaker's own wish, not someone's refusal. */
const SELF = new Set(["i", "we", "i'd", "we'd", "you"]);
function againstWillAccept(f: Found): boolean {
  const t = f.segment.tokens;
  if (t[f.from]!.stem === "not" && t[f.from + 1]?.stem === "want" && SELF.has(t[f.from - 1]?.lower ?? "")) return false;
  return !sentenceHas(f, REPORTING);
}

/**
 * Breadth in a read-only sentence ("list every port open to the internet", "summarise all the
 * tickets") is the reach of a report, not of an act.
 */
const readOnlySentences = memoised((s: Segment): ReadonlySet<number> => new Set(readOnlyVerbs(s).map(([from]) => s.tokens[from]!.sentence)));
function inReadOnlySentence(f: Found): boolean {
  return readOnlySentences(f.segment).has(f.segment.tokens[f.from]!.sentence);
}

/** Time words: "every 12 hours" is a frequency, read by agg.repetition, not breadth. */
const TIME_WORDS = new Set([
  "morning", "mornings", "evening", "evenings", "night", "nights", "day", "days", "week", "weeks", "month", "months", "year", "years", "hour", "hours",
  "minute", "minutes", "min", "mins", "second", "seconds", "time", "times", "weekend", "weekends", "monday", "tuesday", "wednesday", "thursday",
  "friday", "saturday", "sunday", "quarter", "fortnight", "shift", "lunchtime", "payday", "other",
]);
function frequencyAt(s: Segment, i: number): boolean {
  const t = s.tokens[i]!;
  if (t.lower !== "every" && t.lower !== "each") return false;
  const next = s.tokens[i + 1];
  const after = s.tokens[i + 2];
  if (!next) return false;
  if (TIME_WORDS.has(next.lower)) return true;
  return next.kind === "number" && after !== undefined && TIME_WORDS.has(after.lower);
}
/** Inflections of read verbs just before a breadth word: "lists every bucket", "count all". */
const READING = new Set(["list", "lists", "listing", "count", "counts", "counting", "check", "checks", "checking", "audit", "audits", "auditing", "review", "reviews", "reviewing", "summarise", "summarises", "summarize", "summarizes", "report", "reports", "inventory", "flag", "flags", "find", "finds", "show", "shows"]);
/** "every file in my own drive", "all of our own episodes": breadth over one's own things. */
function ownInSentence(f: Found): boolean {
  const sentence = f.segment.sentences[f.segment.tokens[f.from]!.sentence];
  if (!sentence) return false;
  for (let i = sentence.from; i + 1 < sentence.to; i++) {
    const t = f.segment.tokens[i]!;
    if ((t.lower === "my" || t.lower === "our") && f.segment.tokens[i + 1]!.lower === "own") return true;
  }
  return false;
}
function breadthAccept(f: Found): boolean {
  if (frequencyAt(f.segment, f.from)) return false;
  if (READING.has(f.segment.tokens[f.from - 1]?.lower ?? "")) return false;
  return !inReadOnlySentence(f) && !ownInSentence(f);
}

/** Repetition: "every day", "every 5 minutes", "again and again", "keep messaging". */
const REPETITION = lexicon("agg.repetition", [
  "every day", "every hour", "every * minutes", "every * hours", "every few minutes", "every few hours",   "every time she", "every time he", "every time they", "again and again", "over and over", "day and night", "nonstop",
  "non stop", "round the clock", "around the clock", "keep messaging", "keep texting", "keep calling", "keep emailing", "keep sending", "keep posting",
  "keep commenting", "keep tagging", "til she replies", "till she replies", "until she replies", "until he replies", "until they reply",
  "until she answers", "until he answers", "until they answer", "until she responds", "until he responds", "until they respond",
  "until she gives in", "until he gives in", "hundreds of times", "hundreds of messages", "dozens of times", "dozens of messages",
]);

const PRONOUNS = new Set(["i", "we", "you", "they", "who", "he", "she", "to", "it", "that", "and", "lives"]);
function breadthWord(s: Segment, i: number): boolean {
  const t = s.tokens[i]!;
  const prev = s.tokens[i - 1];
  const next = s.tokens[i + 1];
  if (t.lower === "all") {
    if (prev && ["at", "after", "above", "of", "once", "for"].includes(prev.lower)) return false;
    if (next && ["right", "systems", "good", "set", "clear", "the best"].includes(next.lower)) return false;
  }
  if (t.lower === "mass" && prev && prev.kind === "number") return false;
  return true;
}
function criticalWord(s: Segment, i: number): boolean {
  const t = s.tokens[i]!;
  const prev = s.tokens[i - 1];
  const next = s.tokens[i + 1];
  if (t.lower === "live" && prev && (PRONOUNS.has(prev.lower) || prev.lower === "will" || prev.lower === "can")) return false;
  if (t.lower === "live" && next && ["in", "with", "alone", "on", "here", "there", "near", "at"].includes(next.lower)) return false;
  if (t.lower === "root" && next && ["cause", "causes", "beer", "vegetables", "canal"].includes(next.lower)) return false;
  if (t.lower === "primary" && next && ["school", "care", "source", "colour", "color", "election"].includes(next.lower)) return false;
  if (t.lower === "master" && next && ["class", "bedroom", "degree", "chef", "plan"].includes(next.lower)) return false;
  return true;
}

const SPECS: readonly AggSpec[] = [
  { feature: "agg.secrecy", note: "secrecy or evasion", lex: SECRECY, words: HIDDEN_WORD, acceptWord: (s, i) => !["text", "instruction", "instructions", "comment", "note", "message", "prompt", "span", "div", "field", "files"].includes(s.tokens[i + 1]?.lower ?? "") },
  { feature: "agg.no_safeguard", note: "safeguards explicitly skipped", lex: NO_SAFEGUARD },
  { feature: "agg.breadth", note: "broad scope", lex: BREADTH, words: BREADTH_WORDS, acceptWord: breadthWord, acceptMatch: breadthAccept },
  { feature: "agg.repetition", note: "repeated or relentless contact", lex: REPETITION },
  { feature: "agg.critical_target", note: "a production or critical target", lex: CRITICAL, words: CRITICAL_WORDS, acceptWord: criticalWord },
  { feature: "agg.against_will", note: "against someone's will or knowledge", lex: AGAINST_WILL, acceptMatch: againstWillAccept },
  { feature: "agg.urgency", note: "urgency pressing past review", lex: URGENCY, acceptMatch: urgencyAccept },
  { feature: "agg.irreversible", note: "irreversible", lex: IRREVERSIBLE },
];

const MULTI = multiLexicon(
  SPECS.map((spec) => spec.lex),
  SPECS.map((spec) => [...(spec.words ?? [])]),
);

function runAgg(spec: AggSpec, _segments: readonly Segment[], lexFound: readonly Found[]): Hit[] {
  let found: Found[] = clean(lexFound, AGG_BLOCKERS, 2);
  if (spec.acceptMatch) found = found.filter(spec.acceptMatch);
  if (spec.acceptWord && spec.words) found = found.filter((f) => f.to - f.from !== 1 || !spec.words!.has(f.segment.tokens[f.from]!.lower) || spec.acceptWord!(f.segment, f.from));
  const kept = found
    .filter((f) => !switchedOff(f.segment, f.to))
    .sort((a, b) => (a.span.field === b.span.field ? a.span.start - b.span.start || a.span.end - b.span.end : a.span.field < b.span.field ? -1 : 1));
  return hitOf(spec.feature, spec.note, kept);
}

export const aggravatorsRule: Rule = (scope) => {
  const out: Hit[] = [];
  let found = findMulti(scope.segments, MULTI);
  // In the context, a flattened conversation's tool turns are data, not the principal's words.
  if (scope.kind === "context") found = found.map(outsideToolTurns);
  for (const [k, spec] of SPECS.entries()) out.push(...runAgg(spec, scope.segments, found[k]!));
  return out;
};

/** Words that name a safeguard in a setting's key: a check, a notice, a record, a lock, a sensor. */
const SAFEGUARD_KEY = new Set(stemsOf([
  "notify", "notification", "notifications", "verify", "verification", "verified", "confirm", "confirmation", "review", "reviews",
  "approval", "approvals", "audit", "auditing", "backup", "backups", "snapshot", "snapshots", "encrypt", "encryption", "encrypted",
  "mfa", "2fa", "alert", "alerts", "alarm", "alarms", "warning", "warnings", "logging", "consent", "safety", "signed", "signature",
  "check", "checks", "inspection", "sensor", "sensors", "detector", "detection", "interlock", "lock", "limiter", "protection",
  "tls", "ssl", "validation", "scan", "scanning", "monitor", "monitoring",
]));
/** The first word of a key that defeats a safeguard when set on: `skip_trash`, `override_limits`, `bypass_checks`. */
const DEFEAT_KEY = new Set(["skip", "bypass", "override", "disable", "ignore", "suppress", "insecure", "unsigned", "force"]);
const KEY_OFF = new Set(["false", "off", "0", "none", "disabled", "no", "null"]);
const KEY_ON = new Set(["true", "on", "yes", "1", "enabled"]);

function stemsOf(words: readonly string[]): string[] {
  return words.flatMap((w) => tokenize(w).tokens.map((t) => t.stem));
}

/**
 * A safeguard switched off in the act's own arguments, whatever the tool: a key naming a check, a
 * notice, a backup, a lock or a sensor set false, off or 0 (`"notify_owner": false`,
 * `"required_reviews": 0`, `mfa_enabled = false`), or a key that starts by defeating one set on
 * (`"skip_trash": true`, `"override_limits": true`). A key that defeats a safeguard set off
 * (`"skip_required_reviews": false`) keeps it.
 */
export const safeguardOffRule: Rule = (scope) => {
  if (scope.kind !== "action") return [];
  const spans: Span[] = [];
  for (const seg of scope.segments) {
    const tokens = seg.tokens;
    for (let i = 0; i < tokens.length && spans.length < 3; i++) {
      const t = tokens[i]!;
      if (t.kind !== "word") continue;
      const joined = (k: number) => ["_", "-", "."].includes(seg.text.slice(tokens[k - 1]!.end, tokens[k]!.start));
      if (i > 0 && joined(i)) continue;
      // The key: words joined by "_", "-" or ".", no spaces.
      let end = i;
      while (end + 1 < tokens.length && end - i < 5 && (tokens[end + 1]!.kind === "word" || tokens[end + 1]!.kind === "number") && joined(end + 1)) end++;
      const words = tokens.slice(i, end + 1);
      const defeats = DEFEAT_KEY.has(t.lower) && (t.lower !== "force" || end === i || words.some((w) => ["push", "pushes", "delete"].includes(w.lower)));
      const guards = words.some((w) => SAFEGUARD_KEY.has(w.stem));
      if (!defeats && !guards) {
        i = end;
        continue;
      }
      // Then `:` or `=` (quotes around either side), then the value.
      let j = end + 1;
      let sep = false;
      while (j < tokens.length && j <= end + 4 && ["'", '"', ":", "="].includes(tokens[j]!.text)) {
        if (tokens[j]!.text === ":" || tokens[j]!.text === "=") sep = true;
        j++;
      }
      const value = tokens[j];
      if (!sep || !value) continue;
      if (defeats ? KEY_ON.has(value.lower) : KEY_OFF.has(value.lower)) spans.push(spanOf(seg, i, j + 1));
      i = end;
    }
  }
  return spans.length === 0 ? [] : [{ feature: "agg.safeguard_off", code: null, spans, note: "a safeguard switched off in the act's arguments" }];
};

export const AGGRAVATOR_RULES: readonly Rule[] = [aggravatorsRule, safeguardOffRule];
