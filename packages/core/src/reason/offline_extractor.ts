import {
  ACCOUNT_WEIGHTS,
  accountSegment,
  readAccount,
  readActKind,
  readCourage,
  readDeliberation,
  readPassions,
  readTemperance,
  type AccountAct,
  type VirtueReading,
} from "@svc/judgment";
import { OIKEIOSIS_LADDER } from "../ladders";
import { CIRCLE_TERMS, sentencesOf, VIOLATION_CUES } from "./corroboration";
import { EXTRACTION_SCHEMA_VERSION, type DeliberationLevel, type Layer1Extraction } from "./extraction";

type Circle = Layer1Extraction["circles"][number]["circle"];

/**
 * The offline extractor: Layer 1 without a language model, by reading the words of the
 * input. Deterministic and modest; labelled `offline-lexical` in `meta` so no one mistakes
 * it for a model's reading. It reads the input only; `context` and a clarification answer
 * may resolve an ambiguity but are never read as the account of the act.
 */
export const OFFLINE_EXTRACTOR = "offline-lexical/v1";

const any = (terms: readonly string[]) => new RegExp(`\\b(?:${terms.join("|")})\\b`, "i");

const GRAVE = any([
  "kill(?:ed|ing|s)? (?:him|her|them|someone|people|a person|myself|everyone)",
  "murder\\w*",
  "violence",
  "violent\\w*",
  "assault\\w*",
  "hit (?:him|her|them)",
  "attack\\w* (?:him|her|them|someone|people|users|customers)",
  "steal\\w*",
  "stole",
  "fraud\\w*",
  "defraud\\w*",
  "embezzl\\w*",
  "poison\\w*",
  "threaten\\w*",
  "blackmail\\w*",
  "extort\\w*",
  "bribe\\w*",
  "harass\\w*",
  "endanger\\w*",
  "weapon\\w*",
  "sabotag\\w*",
  "dox\\w*",
  "(?:delete|wipe|drop)(?:d|s)? (?:the |all )?(?:production|prod|customer|user|patient|client)s?\\w* (?:data|database|records|accounts)",
  "leak\\w* (?:the )?(?:personal|private|customer|user|patient)s? (?:data|records|details|information)",
  "lie(?:d)? under oath",
  "falsif\\w*",
  "discriminat\\w*",
  "harm (?:him|her|them|someone|people|others|users|customers|children)",
  "hurt (?:him|her|them|someone|people|others)",
]);
const MET = any([
  "kept (?:my|the) promise",
  "told [\\w ]{0,30}the truth",
  "told (?:him|her|them)",
  "paid (?:it |them |him |her )?back",
  "helped",
  "apologi[sz]ed",
  "made amends",
  "took care of",
  "protected",
  "was honest",
  "returned",
  "gave (?:it )?back",
  "credited",
  "supported",
  "listened to",
]);
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

  // The reader of accounts (@svc/judgment accounts/): the act's kind from the author's verbs, the
  // author's passions (denied ones and others' set aside), how the act was reasoned, and the
  // readings of courage and temperance. An account that shows no reasoning reads as acting from
  // custom: the reading is of the reasoning presented, and none is presented.
  const segment = accountSegment(text);
  const actKind = readActKind(segment).kind;
  const passionReading = readPassions(segment);
  const deliberation = readDeliberation(segment, passionReading.passions);
  const level: DeliberationLevel = deliberation.level;
  const principled = deliberation.cues.principled.length > 0;
  const examined = deliberation.cues.considered.length > 0;

  // The author's acts, each with its object's circle, and how likely the account reports a wrong
  // (the reader of accounts in @svc/judgment, its weights and thresholds trained in the repository).
  const reading = readAccount(text, ACCOUNT_WEIGHTS, segment);
  // A wrong put right after it ("I dented the car and left a note") reads as the duty met; else a
  // wrong read with confidence decides; else a right read with confidence; else nothing is decided.
  const wrongs = reading.acts.filter((a) => a.polarity === "wrong");
  const rights = reading.acts.filter((a) => a.polarity === "right");
  const amends = reading.features.includes("act.amends");
  const thresholds = ACCOUNT_WEIGHTS.thresholds;
  const decisive: readonly AccountAct[] = amends
    ? rights
    : wrongs.length > 0 && reading.probability >= thresholds.violated
      ? wrongs
      : rights.length > 0 && reading.probability <= thresholds.met
        ? rights
        : [];
  // Else the words alone, at their own (stricter) thresholds, about whom the account names first:
  // the circle is quoted by its name, the call by the words that weighed most its way.
  const object = decisive.length === 0 && !amends ? reading.wording.object : null;
  const byWording: { circle: Circle; claim: "violated" | "met"; quote: string; words: readonly string[] } | null =
    object && reading.probability >= thresholds.wording_violated && reading.wording.toWrong.length > 0
      ? { circle: object.circle, claim: "violated", quote: object.span.quote, words: reading.wording.toWrong.map((w) => w.quote) }
      : // A duty met needs someone it was owed to: a person or an animal, not a place walked by.
        object && (object.kind === "person" || object.kind === "animal") && reading.probability <= thresholds.wording_met && reading.wording.toRight.length > 0
        ? { circle: object.circle, claim: "met", quote: object.span.quote, words: reading.wording.toRight.map((w) => w.quote) }
        : null;

  const graveSentence = sentences.find((s) => GRAVE.test(s.quote)) ?? null;
  // The circle a grave act harms: the one its act touches, as read, else the first named in its sentence.
  const graveAct = graveSentence
    ? reading.acts.find(
        (a) => a.polarity === "wrong" && a.circle !== "self_preservation" && a.span.start < graveSentence.end && a.span.end > graveSentence.start,
      )
    : undefined;
  const harmed = graveSentence
    ? (graveAct?.circle ?? OIKEIOSIS_LADDER.find((c) => c !== "self_preservation" && CIRCLE_TERMS[c].test(graveSentence.quote)) ?? null)
    : null;

  const circles: Layer1Extraction["circles"] = [];
  for (const circle of OIKEIOSIS_LADDER) {
    const mentions = sentences.filter((s) => CIRCLE_TERMS[circle].test(s.quote));
    const act = decisive.find((a) => a.circle === circle);
    const worded = byWording?.circle === circle ? byWording : null;
    if (mentions.length === 0 && !act && !worded) continue;
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
    if (worded) {
      // The sentence that names whom it touched, verbatim, when there is one; else the name itself.
      const named = sentences.find((s) => s.quote.includes(worded.quote));
      circles.push({ circle, obligation_claim: worded.claim, quote: (named?.quote ?? worded.quote).slice(0, 500) });
      continue;
    }
    const met = mentions.find((s) => MET.test(s.quote));
    const chosen = met ?? mentions[0]!;
    circles.push({ circle, obligation_claim: met ? "met" : "indeterminate", quote: chosen.quote.slice(0, 500) });
  }

  const readingFrom = (down: boolean, up: boolean) =>
    down ? ("reflexive" as const) : principled ? ("principled" as const) : up || examined ? ("deliberate" as const) : ("habitual" as const);
  const domainOf = (v: VirtueReading): Layer1Extraction["domains"]["andreia"] =>
    v.engaged ? { engaged: true, reading: v.reading!, evidence: v.evidence.map((e) => e.quote).slice(0, 8) } : { engaged: false, reading: null, evidence: [] };
  const othersAtStake = circles.some((c) => c.circle !== "self_preservation") || graveSentence !== null;
  const justiceDown = circles.some((c) => c.obligation_claim === "violated" && c.circle !== "self_preservation");
  const justiceUp = circles.some((c) => c.obligation_claim === "met" && c.circle !== "self_preservation");

  const passions: Layer1Extraction["passions"] = passionReading.passions.map((p) => ({
    root_passion: p.root,
    sub_species: p.sub,
    intensity: p.intensity,
    quote: p.span.quote,
  }));

  let trigger: Layer1Extraction["ambiguity"]["trigger_code"] = null;
  let slots: string[] = [];
  if (TWO_ASKS.test(text)) {
    trigger = "ELEMENT_FUSION";
    slots = sentences
      .filter((s) => /\b(?:should|shall|can|do) I\b/i.test(s.quote))
      .slice(0, 2)
      .map((s) => s.quote.slice(0, 200));
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
    deliberation: { level, examined_before_acting: deliberation.examined, evidence: deliberation.evidence.map((e) => e.quote) },
    grave_act: { present: graveSentence !== null, harmed_circle: harmed, quote: graveSentence?.quote.slice(0, 500) ?? null },
    domains: {
      dikaiosyne: othersAtStake
        ? {
            engaged: true,
            reading: readingFrom(justiceDown, justiceUp),
            evidence: [...decisive.filter((a) => a.circle !== "self_preservation").map((a) => a.span.quote.slice(0, 500)), ...(byWording?.words ?? [])].slice(
              0,
              8,
            ),
          }
        : { engaged: false, reading: null, evidence: [] },
      andreia: domainOf(readCourage(segment, passionReading, level)),
      sophrosyne: domainOf(readTemperance(segment, passionReading, level)),
    },
    passions: passions.slice(0, 8),
    circles,
    ambiguity: { trigger_code: trigger, slot_fills: slots },
  };
}
