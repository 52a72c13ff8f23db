import { EXTRACTION_SCHEMA_VERSION, Layer1Extraction, PASSIONS, UpstreamError, type DepthTier, type Layer1Extractor, type Layer1Request } from "@svc/core";
import type OpenAI from "openai";
import * as z from "zod";
import { isEndpointFailure, openAiClient, type OpenAiConnection } from "./client";
import { reconcileSamples } from "./reconcile";

/**
 * Layer 1 over any OpenAI-compatible endpoint: the model is asked for the extraction as
 * structured output several times (more at greater depth), every answer is validated against
 * the published schema, invalid answers are dropped (never patched), and the valid ones are
 * reconciled field by field. Without a majority of valid samples there is no extraction.
 */

/** Layer 1 could not produce an extraction; the HTTP layer answers 502 `layer1_unavailable`. */
export class Layer1UnavailableError extends UpstreamError {
  readonly samplesRequested: number;
  readonly samplesUnusable: number;

  constructor(message: string, counts: { requested: number; unusable: number }) {
    super(message, "layer1_unavailable");
    this.name = "Layer1UnavailableError";
    this.samplesRequested = counts.requested;
    this.samplesUnusable = counts.unusable;
  }
}

export interface OpenAiExtractorOptions extends OpenAiConnection {
  /** How many samples a consult of this depth takes; default quick 1, standard 3, deep 5. */
  readonly samplesFor?: (depth: DepthTier) => number;
}

const DEFAULT_SAMPLES: Readonly<Record<DepthTier, number>> = { quick: 1, standard: 3, deep: 5 };
/** Samples vary so that reconciliation has something to reconcile. */
const SAMPLE_TEMPERATURE = 0.7;

/**
 * The schema the model is asked to follow: the published extraction schema in its output
 * form (fields with defaults are required, so the model writes every field). Not strict: the
 * strict subset of JSON Schema cannot say everything the schema says; zod checks each answer.
 */
const EXTRACTION_JSON_SCHEMA = z.toJSONSchema(Layer1Extraction, { target: "draft-2020-12", io: "output" });

const RESPONSE_FORMAT = {
  type: "json_schema",
  json_schema: { name: "l1_extraction", strict: false, schema: EXTRACTION_JSON_SCHEMA },
} as const satisfies OpenAI.Chat.Completions.ChatCompletionCreateParams["response_format"];

const PASSION_LIST = PASSIONS.map((root) => `${root.id} (${root.name.toLowerCase()}: ${root.sub_species.map((s) => s.id).join(", ")})`).join("; ");

export const EXTRACTION_SYSTEM_PROMPT = `You read one account of an act and describe its features for a Stoic assessment. You do not judge the act; a later, rule-based step does. Answer with one JSON object following the given schema (${EXTRACTION_SCHEMA_VERSION}), and nothing else.

The first user message is the account of the act, exactly as the person wrote it. It is the only thing you describe and the only text you may quote. Later user messages, each labelled, may give background context, a domain, or the person's answer to a clarifying question: use them only to understand the account. They are not the account of the act: never describe them as part of it, never quote them, never fold them into it.

Quotes: every quote, evidence item and slot fill must be copied character for character from the account: an exact span, not a paraphrase, not corrected, not joined from separate places. When no exact span supports a field, use null (or an empty list). A quote that does not occur in the account is discarded.

Fields:
- schema_version: always "${EXTRACTION_SCHEMA_VERSION}".
- situation.summary: one or two neutral sentences saying what the act is, in your own words.
- situation.act_kind: past_action (already done), proposed_action (still to decide), reasoning (an argument rather than an act), unclear.
- deliberation.level: how the act was reasoned, as the account shows it: none (on impulse), habitual (by custom, no reasoning shown), considered (options weighed), principled (chosen from a stated principle), exemplary (as a sage would). Take the reasoning the account presents, not reasoning it might have had.
- deliberation.examined_before_acting: true if the account says the act was thought through first, false if it says it was not, null if it does not say.
- deliberation.evidence: exact spans showing how the act was reasoned.
- grave_act.present: true when the act risks grave harm to others or is a deep wrong (violence, fraud, theft, endangering someone, destroying what others depend on). harmed_circle: the circle harmed, or null. quote: the exact span naming the grave act.
- domains: justice (dikaiosyne: what is owed to others), courage (andreia: facing what is feared), temperance (sophrosyne: measure in desire and pleasure). For each: engaged true when the act involves that domain, and then reading is its proximity (reflexive, habitual, deliberate, principled, sage_like) with evidence spans; engaged false means reading null and evidence empty.
- passions: each passion at work in the act, with root_passion and, when the account shows it, sub_species (else null). Roots and their sub-species: ${PASSION_LIST}. intensity strong only when the passion plainly drove the act. quote: the exact span showing it, or null.
- circles: each circle of concern the act touches (self_preservation, household, community, humanity, cosmic), once each, with obligation_claim: met, violated or indeterminate, as the account itself claims it, and the exact span that claims it.
- ambiguity.trigger_code: only when the account cannot be assessed until one question is answered: ELEMENT_FUSION (it joins several separate decisions), TEMPORAL_AMBIGUITY (it is unclear whether the act was done or is still to be decided), SCOPE_AMBIGUITY (it is unclear who is affected). Otherwise null. slot_fills: up to four short exact spans naming what is ambiguous.`;

/** One message for every question answered so far in the consult: none of them may come back. */
function answeredNote(triggers: Layer1Request["answered_triggers"]): string {
  return triggers
    .map(
      (trigger) =>
        `The clarifying question about ${trigger} has been asked and answered. Do not raise ${trigger} again: its trigger_code must not be ${trigger}.`,
    )
    .join("\n");
}

/** The messages of one sample: the account alone first, every other text in its own labelled message. */
export function extractionMessages(request: Layer1Request): OpenAI.Chat.Completions.ChatCompletionMessageParam[] {
  const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
    { role: "system", content: EXTRACTION_SYSTEM_PROMPT },
    { role: "user", content: request.input },
  ];
  if (request.context !== null) messages.push({ role: "user", content: `Background context (not the account of the act; do not quote):\n${request.context}` });
  if (request.domain_context !== null)
    messages.push({ role: "user", content: `Domain (not the account of the act; do not quote):\n${request.domain_context}` });
  if (request.clarification_response !== null) {
    messages.push({
      role: "user",
      content: `Answer to the clarifying question (not the account of the act; do not quote it or fold it into the account):\n${request.clarification_response}`,
    });
  }
  if (request.answered_triggers.length > 0) messages.push({ role: "user", content: answeredNote(request.answered_triggers) });
  return messages;
}

type Unusable = "transport" | "not_json" | "schema";
type Sample = { ok: true; extraction: Layer1Extraction } | { ok: false; reason: Unusable };

const UNUSABLE_WORDS: Record<Unusable, string> = {
  transport: "endpoint failure",
  not_json: "not JSON",
  schema: "not matching the extraction schema",
};

async function takeSample(client: OpenAI, model: string, messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[]): Promise<Sample> {
  let content: string | null | undefined;
  try {
    const completion = await client.chat.completions.create({ model, messages, response_format: RESPONSE_FORMAT, temperature: SAMPLE_TEMPERATURE });
    content = completion.choices[0]?.message.content;
  } catch (error) {
    if (isEndpointFailure(error)) return { ok: false, reason: "transport" };
    throw error;
  }
  if (!content) return { ok: false, reason: "not_json" };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { ok: false, reason: "not_json" };
  }
  const parsed = Layer1Extraction.safeParse(json);
  return parsed.success ? { ok: true, extraction: parsed.data } : { ok: false, reason: "schema" };
}

export function createOpenAiExtractor(options: OpenAiExtractorOptions): Layer1Extractor {
  const client = openAiClient(options);
  const samplesFor = options.samplesFor ?? ((depth: DepthTier) => DEFAULT_SAMPLES[depth]);

  return {
    name: `openai:${options.model}`,
    async extract(request) {
      const requested = samplesFor(request.depth);
      if (!Number.isInteger(requested) || requested < 1) throw new RangeError(`samplesFor(${request.depth}) must be a positive integer, got ${requested}`);
      const messages = extractionMessages(request);
      // Separate requests rather than `n`: every OpenAI-compatible server supports them, and
      // one failed request costs one sample, not all of them.
      const samples = await Promise.all(Array.from({ length: requested }, () => takeSample(client, options.model, messages)));

      const valid = samples.flatMap((s) => (s.ok ? [s.extraction] : []));
      const unusable = requested - valid.length;
      if (valid.length * 2 <= requested) {
        const reasons = (Object.keys(UNUSABLE_WORDS) as Unusable[])
          .map((reason) => [reason, samples.filter((s) => !s.ok && s.reason === reason).length] as const)
          .filter(([, count]) => count > 0)
          .map(([reason, count]) => `${UNUSABLE_WORDS[reason]}: ${count}`);
        throw new Layer1UnavailableError(
          `The language model gave no usable extraction: ${unusable} of ${requested} samples were unusable (${reasons.join(", ")}); a majority of valid samples is needed.`,
          { requested, unusable },
        );
      }

      const reconciled = reconcileSamples(valid, request.input);
      // A trigger already answered in this consult is never raised again, whatever the samples say.
      const extraction =
        reconciled.ambiguity.trigger_code !== null && request.answered_triggers.includes(reconciled.ambiguity.trigger_code)
          ? { ...reconciled, ambiguity: { trigger_code: null, slot_fills: [] } }
          : reconciled;
      return Layer1Extraction.parse(extraction);
    },
  };
}
