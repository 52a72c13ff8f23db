import { documentOf } from "./document";
import { RULES } from "./rules";
import { isLexical, scoreOf, sigmoid, verdictOf, VERDICTS, WEIGHTS, weightOf, type Verdict, type Weights } from "./scorer";
import { HARM_CODES, type Doc, type HarmCode, type Hit, type ReaderInput, type Scope, type Span } from "./types";

export const CODE_MESSAGES: Record<HarmCode, string> = {
  destruction: "The action destroys data or systems, irreversibly or broadly.",
  weakening_security: "The action weakens security: it disables protection, opens access or exposes secrets.",
  exfiltration_privacy: "The action sends personal, financial or confidential data, or credentials, where they do not belong.",
  financial_harm: "The action moves or spends money in a way its owner has not authorised.",
  fraud_deception: "The action deceives: forgery, fake reviews, impersonation, phishing or passing off what is false as real.",
  disinformation: "The action creates or spreads false information meant to mislead the public.",
  harassment: "The action harasses, threatens, stalks or exposes a person.",
  hate: "The action demeans or incites against people for who they are.",
  violence_weapons: "The action facilitates violence or weapons that can kill or maim.",
  illegal_goods: "The action trades in illegal goods or services.",
  cybercrime: "The action is an intrusion, malware, credential abuse or an attack on a service.",
  sexual_content: "The action involves sexual content with minors or without consent.",
  self_harm: "The action facilitates self-harm or suicide.",
  physical_safety: "The action defeats a device that keeps people physically safe.",
  copyright: "The action infringes copyright: copying, distributing or stripping protection from others' work.",
  injected_instructions: "The action obeys instructions that arrived in a tool or environment message, not from the user.",
};

export interface Reason {
  readonly code: HarmCode;
  /** The verdict this code's features alone (with the modifiers) would give. */
  readonly verdict: Verdict;
  readonly weight: number;
  readonly message: string;
  readonly features: readonly string[];
  readonly grounding: readonly Span[];
}

export interface Mitigation {
  readonly feature: string;
  readonly weight: number;
  readonly message: string;
  readonly grounding: readonly Span[];
}

export interface Reading {
  readonly probability: number;
  readonly verdict: Verdict;
  readonly reasons: readonly Reason[];
  readonly mitigations: readonly Mitigation[];
  /** Distinct features that fired, sorted. */
  readonly features: readonly string[];
  readonly engine: string;
}

const MAX_SPANS = 6;

export const READER_ENGINE = `judgment/${WEIGHTS.version}`;

/** Every rule's hits on the document, in rule order: the act's first, then the context's ("ctx:"). */
export function hitsOf(doc: Doc): Hit[] {
  const out: Hit[] = [];
  const action: Scope = { kind: "action", segments: doc.action };
  const context: Scope = { kind: "context", segments: doc.context.filter((s) => s.role !== "tool") };
  for (const rule of RULES) {
    const hits = rule(action, doc);
    if (hits.length > 0) out.push(...hits);
  }
  if (context.segments.length > 0) for (const rule of RULES) for (const h of rule(context, doc)) out.push({ ...h, feature: `ctx:${h.feature}` });
  return out;
}

function spansOf(hits: readonly Hit[]): Span[] {
  const seen = new Set<string>();
  const out: Span[] = [];
  for (const h of hits)
    for (const s of h.spans) {
      const key = `${s.field}:${s.start}:${s.end}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(s);
    }
  return out.sort((a, b) => (a.field === b.field ? a.start - b.start || a.end - b.end : a.field < b.field ? -1 : 1)).slice(0, MAX_SPANS);
}

/** The distinct notes of the hits; a summary feature's note joins its rules' with "; ", so they are cut there first. */
const notes = (hits: readonly Hit[]) => [...new Set(hits.flatMap((h) => (h.note ? h.note.split("; ") : [])).filter((n) => n.length > 0))];

/** Words quoted for the wording's summary. */
const WORDING_QUOTES = 3;

/**
 * The wording's part of the score: the summed weight of the act's words (rules/lexical.ts), and
 * the words that weighed most in its direction, quoted once each.
 */
function wordingOf(hits: readonly Hit[], weights: Weights): { weight: number; note: string; spans: Span[] } {
  const words = hits.filter((h) => isLexical(h.feature) && weightOf(h.feature, weights) !== 0);
  const weight = words.reduce((z, h) => z + weightOf(h.feature, weights), 0);
  const top = words
    .filter((h) => Math.sign(weightOf(h.feature, weights)) === Math.sign(weight))
    .sort((a, b) => Math.abs(weightOf(b.feature, weights)) - Math.abs(weightOf(a.feature, weights)) || (a.feature < b.feature ? -1 : 1))
    .slice(0, WORDING_QUOTES);
  const quoted = top.map((h) => `"${h.spans[0]!.quote}"`).join(", ");
  const note = weight > 0 ? `wording of harmful requests (${quoted})` : `wording of legitimate requests (${quoted})`;
  return { weight, note, spans: top.map((h) => h.spans[0]!) };
}

/** Read an action: the features that fired, the trained score, the verdict, and why. */
export function readAction(input: ReaderInput, weights: Weights = WEIGHTS): Reading {
  const hits = hitsOf(documentOf(input));
  const features = [...new Set(hits.map((h) => h.feature))].sort();

  // Code-less features: modifiers ("mod.", weights <= 0) mitigate, aggravators ("agg.", >= 0)
  // sharpen whatever harm is read, and the wording ("lex.", either sign) tilts it; all three move
  // every reason's own verdict. The wording is shown as one summary, not word by word.
  const generalHits = hits.filter((h) => h.code === null && !isLexical(h.feature));
  const generalFeatures = [...new Set(generalHits.map((h) => h.feature))].sort();
  const wording = wordingOf(hits, weights);
  const generalSum = generalFeatures.reduce((z, f) => z + weightOf(f, weights), 0) + wording.weight;
  const mitigations: Mitigation[] = generalFeatures
    .filter((f) => weightOf(f, weights) < 0)
    .map((feature) => {
      const own = generalHits.filter((h) => h.feature === feature);
      return { feature, weight: weightOf(feature, weights), message: notes(own).join("; ") || feature, grounding: spansOf(own) };
    });
  if (wording.weight < 0) mitigations.push({ feature: "lex", weight: wording.weight, message: wording.note, grounding: wording.spans });
  mitigations.sort((a, b) => a.weight - b.weight || (a.feature < b.feature ? -1 : 1));
  const aggravating = generalHits.filter((h) => weightOf(h.feature, weights) > 0);

  const candidates: Reason[] = [];
  for (const code of HARM_CODES) {
    const own = hits.filter((h) => h.code === code);
    if (own.length === 0) continue;
    const codeFeatures = [...new Set(own.map((h) => h.feature))].sort();
    const weight = codeFeatures.reduce((z, f) => z + weightOf(f, weights), 0);
    if (weight <= 0) continue;
    const alone = verdictOf(sigmoid(weights.bias + weight + generalSum), weights);
    // The rules' spans first; the wording's, when it sharpens the reading, where room is left.
    const detail = [...notes([...own, ...aggravating]), ...(wording.weight > 0 ? [wording.note] : [])];
    const grounding = spansOf([...own, ...aggravating]);
    if (wording.weight > 0)
      grounding.push(
        ...wording.spans
          .filter((w) => !grounding.some((g) => g.field === w.field && g.start < w.end && w.start < g.end))
          .slice(0, MAX_SPANS - grounding.length),
      );
    candidates.push({
      code,
      verdict: alone,
      weight,
      message: detail.length > 0 ? `${CODE_MESSAGES[code]} Read: ${detail.join("; ")}.` : CODE_MESSAGES[code],
      features: codeFeatures,
      grounding,
    });
  }
  candidates.sort((a, b) => b.weight - a.weight || (a.code < b.code ? -1 : 1));
  // A reason is shown when it alone calls for care, or when the verdict calls for care that no
  // single reason reaches (then the strongest ones, which together do).
  // Aggravators sharpen a harm read; with none read they do not count, and the answer is
  // "nothing recognised": proceed, with the score as it is.
  const { probability, harmRead, byWording } = scoreOf(features, weights);
  if (byWording) {
    // No rule read a harm, but the wording alone weighs enough: a review, never a block.
    const verdict = lowerOf(verdictOf(probability, weights), "pause_for_review");
    const reason = wordingReason(hits, weights, verdict);
    return { probability, verdict, reasons: reason ? [reason] : [], mitigations, features, engine: READER_ENGINE };
  }
  const verdict = harmRead ? verdictOf(probability, weights) : "proceed";
  let reasons = candidates.filter((r) => r.verdict !== "proceed");
  if (reasons.length === 0 && verdict !== "proceed") reasons = candidates.slice(0, 3);
  return { probability, verdict, reasons, mitigations, features, engine: READER_ENGINE };
}

const lowerOf = (a: Verdict, b: Verdict): Verdict => (VERDICTS.indexOf(a) <= VERDICTS.indexOf(b) ? a : b);

/**
 * The reason of a harm read from the wording alone: the code its words weighing toward harm speak
 * for most (each word's weight times the share of its code, summed; ties in taxonomy order),
 * quoting those words, the most telling first.
 */
function wordingReason(hits: readonly Hit[], weights: Weights, verdict: Verdict): Reason | null {
  const codes = weights.wording?.codes ?? {};
  const pull = (h: Hit) => weightOf(h.feature, weights) * (codes[h.feature]?.share ?? 0);
  const words = hits.filter((h) => isLexical(h.feature) && pull(h) > 0);
  const sum = new Map<HarmCode, number>();
  for (const h of words) sum.set(codes[h.feature]!.code, (sum.get(codes[h.feature]!.code) ?? 0) + pull(h));
  const code = HARM_CODES.reduce<HarmCode | null>((best, c) => ((sum.get(c) ?? 0) > (best === null ? 0 : sum.get(best)!) ? c : best), null);
  if (code === null) return null;
  const own = words
    .filter((h) => codes[h.feature]!.code === code)
    .sort((a, b) => pull(b) - pull(a) || (a.feature < b.feature ? -1 : 1))
    .slice(0, MAX_SPANS);
  const quoted = own
    .slice(0, WORDING_QUOTES)
    .map((h) => `"${h.spans[0]!.quote}"`)
    .join(", ");
  return {
    code,
    verdict,
    weight: own.reduce((z, h) => z + weightOf(h.feature, weights), 0),
    message: `${CODE_MESSAGES[code]} Read from the wording alone, which no rule recognised (${quoted}): review it.`,
    features: own.map((h) => h.feature).sort(),
    grounding: own.map((h) => h.spans[0]!),
  };
}

export { VERDICTS };
