import type { Rule } from "../types";
import { lex, matches } from "./systems_kit";
import type { Lexicon } from "../lexicon";

/**
 * Lexicons shared by the plain-language rules of the "people" harm codes (people_*.ts): who is
 * targeted, minors, and the moderation or protective responses that make a harmful-sounding
 * sentence a benign one ("report the harassing account", "hide the racist replies").
 */

/** A named or close individual on the receiving end. */
export const PERSON = lex("people_person", [
  "her", "him", "she", "he", "them", "my ex", "his ex", "her ex", "ex", "ex girlfriend", "ex boyfriend", "ex wife", "ex husband",
  "ex partner", "coworker", "co worker", "colleague", "neighbour", "neighbor", "roommate", "flatmate", "classmate", "landlord",
  "tenant", "boss", "manager", "teacher", "student", "journalist", "streamer", "referee", "reporter", "girlfriend", "boyfriend",
  "wife", "husband", "sister", "brother", "the girl", "that girl", "the guy", "that guy", "the woman", "the man", "this man",
  "this woman", "the customer", "the hygienist", "the driver", "the artist", "the creator", "user", "the user",
]);

/** Children and minors, with ages under 18 written out ("13-year-olds", "14 year old", "aged 12"). */
const AGES: string[] = [];
for (let n = 1; n <= 17; n++)
  AGES.push(
    `${n} year old`, `${n} year olds`, `${n} years old`, `${n} yo`, `aged ${n}`, `age ${n}`, `${n} yr old`, `she's ${n}`, `he's ${n}`,
    `they're ${n}`, `i'm ${n}`, `she is ${n}`, `he is ${n}`, `they are ${n}`, `only ${n}`, `just ${n}`, `${n} or ${n + 1}`,
  );
// A named child's age ("Mia is 14 in the story"): the ages of secondary school, where a bare "is 9" reads too much else.
for (let n = 11; n <= 17; n++) AGES.push(`is ${n} in`, `is ${n} and`, `who is ${n}`, `who's ${n}`);
export const MINOR = lex("people_minor", [
  ...AGES, "minor", "minors", "underage", "under age", "under 18", "under 16", "under 13", "child", "children", "kid", "kids",
  "teen", "teens", "teenager", "teenagers", "teenage", "schoolgirl", "schoolgirls", "schoolboy", "schoolboys", "school uniform",
  "middle school", "middle schooler", "7th grade", "8th grade", "9th grade", "year 7", "year 8", "year 9", "year group",
  "yearbook", "pupil", "pupils", "preteen", "pre teen", "young looking", "barely legal", "little girl", "little boy",
  "toddler", "baby", "infant", "daughter", "son", "niece", "nephew",
]);

/** Moderation, reporting and protective responses: present, a harm-looking sentence is handling harm, not doing it. */
export const HANDLING = lex("people_handling", [
  "report", "reports", "reported", "reporting", "demote", "demoting", "flag", "flagged", "flagging", "take down", "takedown",
  "quarantine", "escalate", "lock the thread", "lock thread", "surrender", "surrendering", "seized", "confiscated", "hand in",
  "buyback", "police liaison", "to the police", "file a report", "complaints form", "complaint form", "mediator", "mediation",
  "counselor", "counsellor", "crisis line", "helpline", "hotline", "safeguarding", "violates", "not okay", "has no place",
  "have no place", "auto mute", "to hr", "email to hr", "hr team", "so they can act", "describing the comments",
]);

/** What a moderator does to content: with HANDLING, for rules about approving or boosting it. */
export const MODERATE = lex("people_moderate", [
  "remove", "removed", "remove listings", "hide", "hide replies", "ban", "block", "delete", "reject", "take down", "demote",
  "hide and send to review", "send to review", "review queue",
]);

/** The act declines or stops: refusal and restraint written by the agent. */
export const DECLINED = lex("people_declined", [
  "i won't", "i will not", "won't route around", "i can't help", "i cannot help", "i'm not going to", "i am not going to",
  "i stopped", "i've stopped", "stopped before", "i haven't", "i have not", "i declined", "i refuse", "i didn't", "i did not",
  "instead i", "i'd rather not", "not able to help", "why i shouldn't", "i shouldn't", "help me stop", "talk me out of",
]);

/** Telling about a harm rather than doing it: history, scholarship, fiction that pushes back. */
export const ABOUT = lex("people_about", [
  "history of", "historical", "historian", "history club", "museum", "exhibit", "exhibition", "an explainer", "short explainer", "the explainer", "documentary",
  "why * was wrong", "why * is wrong", "was discredited", "discredited", "debunk", "debunking", "how * was used", "has been used",
  "were used", "used as", "criminology", "essay on", "essay about", "lesson about", "lesson on", "research on", "the laws on",
  "laws on", "law on", "awareness", "warning signs", "how to spot", "how to recognise", "how to recognize", "push back",
  "pushes back", "counter speech", "counterspeech", "anti bullying", "anti racism", "anti racist", "lecture on", "history lecture",
  "the trope", "conspiracy theory", "is a conspiracy", "fact check", "factcheck", "debunked", "policy paper", "how * law treats",
  "uk law", "prosecutions", "summarise how", "summarize how", "why * is dangerous", "is dangerous", "newsletter on", "how * are being used",
  // teaching, news and rebuttal framings
  "history lesson", "history class", "history teacher", "civics class", "for my class", "lesson plan", "how * described",
  "how * portrayed", "news brief", "news story", "news article", "court case", "court ruling", "rebut", "rebutting", "rebuttal",
  "refute", "refuting", "research rebutting", "as a moderator", "moderate this", "moderation queue",
]);

/**
 * The rule's hits, unless the segment they sit in also carries (not negated) a match of `guard`
 * anywhere: a message that answers with care ("call Samaritans", "see a doctor") or reports a harm
 * ("help me report it") is handling the harm it names, however many sentences apart.
 */
export function unlessInSegment(rule: Rule, guard: Lexicon): Rule {
  return (scope, doc) =>
    rule(scope, doc).filter((h) => {
      const fields = new Set(h.spans.map((s) => s.field));
      return !scope.segments.some((seg) => fields.has(seg.field) && matches(seg, guard).some((m) => !m.negated));
    });
}
