import { ACCOUNT_WEIGHTS, readAccount, type AccountAct } from "@svc/judgment";
import type { RootPassion } from "../enums";
import { OIKEIOSIS_LADDER } from "../ladders";
import { CIRCLE_TERMS, DELIBERATION_CUES, IMPULSIVITY_CUES, sentencesOf, VIOLATION_CUES } from "./corroboration";
import { EXTRACTION_SCHEMA_VERSION, type DeliberationLevel, type Layer1Extraction } from "./extraction";

/**
 * The offline extractor: Layer 1 without a language model, by reading the words of the
 * input. Deterministic and modest; labelled `offline-lexical` in `meta` so no one mistakes
 * it for a model's reading. It reads the input only; `context` and a clarification answer
 * may resolve an ambiguity but are never read as the account of the act.
 */
export const OFFLINE_EXTRACTOR = "offline-lexical/v1";

const any = (terms: readonly string[]) => new RegExp(`\\b(?:${terms.join("|")})\\b`, "i");

const PROPOSED = any(["should I", "shall I", "I'm going to", "I am going to", "I will", "I plan to", "I intend to", "I'm planning", "about to", "thinking of", "considering whether", "do I", "would it be"]);
const PAST = any(["I did", "I told", "I said", "I made", "I took", "I gave", "I went", "I lied", "I snapped", "I kept", "I decided", "I chose", "I ignored", "I helped", "I was", "I have already", "I already", "yesterday", "last (?:week|month|year|night)"]);
const PRINCIPLED = any(["on principle", "my duty", "the right thing", "out of duty", "regardless of (?:the )?cost", "because it was right", "because it is right", "whatever it cost"]);
const GRAVE = any([
  "kill(?:ed|ing|s)? (?:him|her|them|someone|people|a person|myself|everyone)", "murder\\w*", "violence", "violent\\w*", "assault\\w*",
  "hit (?:him|her|them)", "attack\\w* (?:him|her|them|someone|people|users|customers)", "steal\\w*", "stole", "fraud\\w*", "defraud\\w*",
  "embezzl\\w*", "poison\\w*", "threaten\\w*", "blackmail\\w*", "extort\\w*", "bribe\\w*", "harass\\w*", "endanger\\w*", "weapon\\w*",
  "sabotag\\w*", "dox\\w*", "(?:delete|wipe|drop)(?:d|s)? (?:the |all )?(?:production|prod|customer|user|patient|client)s?\\w* (?:data|database|records|accounts)",
  "leak\\w* (?:the )?(?:personal|private|customer|user|patient)s? (?:data|records|details|information)", "lie(?:d)? under oath", "falsif\\w*",
  "discriminat\\w*", "harm (?:him|her|them|someone|people|others|users|customers|children)", "hurt (?:him|her|them|someone|people|others)",
]);
const MET = any([
  "kept (?:my|the) promise", "told [\\w ]{0,30}the truth", "told (?:him|her|them)", "paid (?:it |them |him |her )?back", "helped", "apologi[sz]ed",
  "made amends", "took care of", "protected", "was honest", "returned", "gave (?:it )?back", "credited", "supported", "listened to",
]);
const COURAGE_UP = any(["stood up", "spoke up", "despite (?:my )?fear", "faced", "confronted", "took the risk", "dared"]);
const COURAGE_DOWN = any(["avoided", "ran away", "kept quiet", "stayed silent", "didn'?t dare", "too scared", "backed down", "looked away"]);
const TEMPERANCE_UP = any(["resisted", "refrained", "moderation", "self-control", "restraint", "held back", "said no to"]);
const TEMPERANCE_DOWN = any(["binge\\w*", "indulged", "couldn'?t stop", "gave in", "splurged", "drank too much", "overate", "gambled"]);

interface PassionCue {
  readonly root: RootPassion;
  readonly sub: string | null;
  readonly strong: RegExp | null;
  readonly mild: RegExp | null;
}
const PASSION_CUES: readonly PassionCue[] = [
  { root: "epithumia", sub: "orge", strong: any(["furious", "rage", "enraged", "livid", "revenge", "get back at"]), mild: any(["angry", "anger", "annoyed", "irritated", "resent\\w*"]) },
  { root: "epithumia", sub: "philoplousia", strong: any(["greed\\w*"]), mild: any(["wanted the (?:money|bonus)", "for the money", "to get rich"]) },
  { root: "epithumia", sub: "philodoxia", strong: any(["desperate for (?:recognition|praise|approval)"]), mild: any(["to impress", "to look good", "for the credit", "recognition", "praise"]) },
  { root: "epithumia", sub: null, strong: any(["craved", "couldn'?t resist"]), mild: any(["desire\\w*", "tempted"]) },
  { root: "hedone", sub: "epichairekakia", strong: any(["schadenfreude", "glad (?:he|she|they) failed", "enjoyed (?:his|her|their) (?:failure|misfortune)"]), mild: null },
  { root: "hedone", sub: "terpsis", strong: any(["thrilled", "ecstatic"]), mild: any(["delighted"]) },
  { root: "phobos", sub: "thorybos", strong: any(["panic\\w*", "terrified"]), mild: null },
  { root: "phobos", sub: "aischyne", strong: any(["humiliated"]), mild: any(["ashamed", "embarrass\\w*", "afraid of looking"]) },
  { root: "phobos", sub: "oknos", strong: any(["paralys\\w*"]), mild: any(["hesitat\\w*", "procrastinat\\w*", "put it off"]) },
  { root: "phobos", sub: "agonia", strong: any(["dread\\w*"]), mild: any(["anxious", "anxiety"]) },
  { root: "phobos", sub: null, strong: any(["scared to death"]), mild: any(["afraid", "scared", "fear(?:ed|ful)?", "worried", "nervous"]) },
  { root: "lupe", sub: "phthonos", strong: any(["envious", "envy"]), mild: null },
  { root: "lupe", sub: "zelotypia", strong: any(["jealous"]), mild: null },
  { root: "lupe", sub: "penthos", strong: any(["grief", "grieving", "mourning", "devastated"]), mild: null },
  { root: "lupe", sub: "eleos", strong: null, mild: any(["pity", "felt sorry for"]) },
  { root: "lupe", sub: "achos", strong: any(["despair\\w*", "miserable"]), mild: any(["upset", "sad", "distressed"]) },
];

const TWO_ASKS = /\b(?:should|shall|can|do) I\b[^?]*\?[\s\S]*\b(?:should|shall|can|do) I\b/i;
const ALREADY_AND_WILL = [any(["I will", "I'm going to", "should I"]), any(["I already", "I have already", "I did"])] as const;
const VAGUE_SCOPE = any(["it", "them", "they", "this", "that"]);

function firstMatch(text: string, pattern: RegExp): string | null {
  return pattern.exec(text)?.[0] ?? null;
}

export function extractOffline(input: { text: string; answeredTriggers?: readonly string[] }): Layer1Extraction {
  const text = input.text;
  const sentences = sentencesOf(text);
  const words = text.split(/\s+/).filter(Boolean).length;

  const actKind = PROPOSED.test(text) && !PAST.test(text) ? "proposed_action" : PAST.test(text) ? "past_action" : /\b(?:because|therefore|so that)\b/i.test(text) ? "reasoning" : "unclear";

  const impulsive = firstMatch(text, IMPULSIVITY_CUES);
  const examined = firstMatch(text, DELIBERATION_CUES);
  const principled = firstMatch(text, PRINCIPLED);
  // An account that shows no reasoning reads as acting from custom: the reading is of the
  // reasoning presented, and none is presented.
  const level: DeliberationLevel = impulsive ? "none" : principled ? "principled" : examined ? "considered" : "habitual";
  const evidence = [impulsive, principled, examined].filter((q): q is string => q !== null);

  // The author's acts, each with its object's circle, and how likely the account reports a wrong
  // (the reader of accounts in @svc/judgment, its weights and thresholds trained in the repository).
  const reading = readAccount(text);
  // A wrong put right after it ("I dented the car and left a note") reads as the duty met; else a
  // wrong read with confidence decides; else a right read with confidence; else nothing is decided.
  const wrongs = reading.acts.filter((a) => a.polarity === "wrong");
  const rights = reading.acts.filter((a) => a.polarity === "right");
  const amends = reading.features.includes("act.amends");
  const decisive: readonly AccountAct[] = amends
    ? rights
    : wrongs.length > 0 && reading.probability >= ACCOUNT_WEIGHTS.thresholds.violated
      ? wrongs
      : rights.length > 0 && reading.probability <= ACCOUNT_WEIGHTS.thresholds.met
        ? rights
        : [];

  const graveSentence = sentences.find((s) => GRAVE.test(s.quote)) ?? null;
  // The circle a grave act harms: the one its act touches, as read, else the first named in its sentence.
  const graveAct = graveSentence ? reading.acts.find((a) => a.polarity === "wrong" && a.circle !== "self_preservation" && a.span.start < graveSentence.end && a.span.end > graveSentence.start) : undefined;
  const harmed = graveSentence ? (graveAct?.circle ?? OIKEIOSIS_LADDER.find((c) => c !== "self_preservation" && CIRCLE_TERMS[c].test(graveSentence.quote)) ?? null) : null;

  const circles: Layer1Extraction["circles"] = [];
  for (const circle of OIKEIOSIS_LADDER) {
    const mentions = sentences.filter((s) => CIRCLE_TERMS[circle].test(s.quote));
    const act = decisive.find((a) => a.circle === circle);
    if (mentions.length === 0 && !act) continue;
    const violated = mentions.find((s) => VIOLATION_CUES.test(s.quote));
    // A duty the account's own words say was not met stays violated: the reading only adds.
    if (violated) {
      circles.push({ circle, obligation_claim: "violated", quote: violated.quote.slice(0, 500) });
      continue;
    }
    if (act) {
      // A quote is at most 500 characters (the schema's cap); a prefix of the act is still verbatim.
      circles.push({ circle, obligation_claim: act.polarity === "wrong" ? "violated" : "met", quote: act.span.quote.slice(0, 500) });
      continue;
    }
    const met = mentions.find((s) => MET.test(s.quote));
    const chosen = met ?? mentions[0]!;
    circles.push({ circle, obligation_claim: met ? "met" : "indeterminate", quote: chosen.quote.slice(0, 500) });
  }

  const readingFrom = (down: boolean, up: boolean) =>
    down ? ("reflexive" as const) : principled ? ("principled" as const) : up || examined ? ("deliberate" as const) : ("habitual" as const);
  const othersAtStake = circles.some((c) => c.circle !== "self_preservation") || graveSentence !== null;
  const justiceDown = circles.some((c) => c.obligation_claim === "violated" && c.circle !== "self_preservation");
  const justiceUp = circles.some((c) => c.obligation_claim === "met" && c.circle !== "self_preservation");
  const courageDown = firstMatch(text, COURAGE_DOWN);
  const courageUp = firstMatch(text, COURAGE_UP);
  const temperanceDown = firstMatch(text, TEMPERANCE_DOWN);
  const temperanceUp = firstMatch(text, TEMPERANCE_UP);

  const passions: Layer1Extraction["passions"] = [];
  for (const cue of PASSION_CUES) {
    if (passions.some((p) => p.root_passion === cue.root && (p.sub_species === cue.sub || cue.sub === null))) continue;
    const strong = cue.strong ? firstMatch(text, cue.strong) : null;
    const mild = cue.mild ? firstMatch(text, cue.mild) : null;
    if (!strong && !mild) continue;
    passions.push({ root_passion: cue.root, sub_species: cue.sub, intensity: strong ? "strong" : "mild", quote: strong ?? mild });
  }

  let trigger: Layer1Extraction["ambiguity"]["trigger_code"] = null;
  let slots: string[] = [];
  if (TWO_ASKS.test(text)) {
    trigger = "ELEMENT_FUSION";
    slots = sentences.filter((s) => /\b(?:should|shall|can|do) I\b/i.test(s.quote)).slice(0, 2).map((s) => s.quote.slice(0, 200));
  } else if (ALREADY_AND_WILL.every((p) => p.test(text))) {
    trigger = "TEMPORAL_AMBIGUITY";
    slots = ALREADY_AND_WILL.map((p) => firstMatch(text, p)!).slice(0, 2);
  } else if (words < 12 && circles.length === 0 && VAGUE_SCOPE.test(text)) {
    trigger = "SCOPE_AMBIGUITY";
    slots = [firstMatch(text, VAGUE_SCOPE)!];
  }
  if (trigger !== null && input.answeredTriggers?.includes(trigger)) {
    trigger = null;
    slots = [];
  }

  return {
    schema_version: EXTRACTION_SCHEMA_VERSION,
    situation: { summary: text.trim().slice(0, 1000) || "(empty)", act_kind: actKind },
    deliberation: { level, examined_before_acting: impulsive ? false : examined ? true : null, evidence },
    grave_act: { present: graveSentence !== null, harmed_circle: harmed, quote: graveSentence?.quote.slice(0, 500) ?? null },
    domains: {
      dikaiosyne: othersAtStake
        ? { engaged: true, reading: readingFrom(justiceDown, justiceUp), evidence: decisive.filter((a) => a.circle !== "self_preservation").slice(0, 8).map((a) => a.span.quote.slice(0, 500)) }
        : { engaged: false, reading: null, evidence: [] },
      andreia:
        courageDown || courageUp || passions.some((p) => p.root_passion === "phobos")
          ? { engaged: true, reading: readingFrom(courageDown !== null, courageUp !== null), evidence: [courageDown ?? courageUp].filter((q): q is string => q !== null) }
          : { engaged: false, reading: null, evidence: [] },
      sophrosyne:
        temperanceDown || temperanceUp || passions.some((p) => p.root_passion === "hedone" || (p.root_passion === "epithumia" && p.sub_species !== "orge"))
          ? { engaged: true, reading: readingFrom(temperanceDown !== null, temperanceUp !== null), evidence: [temperanceDown ?? temperanceUp].filter((q): q is string => q !== null) }
          : { engaged: false, reading: null, evidence: [] },
    },
    passions: passions.slice(0, 8),
    circles,
    ambiguity: { trigger_code: trigger, slot_fills: slots },
  };
}

