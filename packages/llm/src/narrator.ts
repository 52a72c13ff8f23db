import { UpstreamError, type Assessment, type Narrator } from "@svc/core";
import { isEndpointFailure, openAiClient, type OpenAiConnection } from "./client";

/**
 * Layer 3 over any OpenAI-compatible endpoint: the signed assessment, told as plain prose for
 * the person who asked. The narrator never reports which source wrote a text; on failure it
 * throws, and the caller decides the fallback (the offline narrator) and labels it in `meta`.
 */

/** Layer 3 could not narrate; the caller may fall back to `narrateOffline`. */
export class Layer3UnavailableError extends UpstreamError {
  constructor(message: string) {
    super(message, "layer3_unavailable");
    this.name = "Layer3UnavailableError";
  }
}

export type OpenAiNarratorOptions = OpenAiConnection;

/** Low: the narrative retells a fixed assessment, there is nothing to explore. */
const NARRATION_TEMPERATURE = 0.3;

export const NARRATION_SYSTEM_PROMPT = `You retell a signed Stoic assessment of one act for the person who asked about it. The user message is the assessment as JSON; it is the whole of what you know.

Write 4 to 8 sentences of plain prose, addressed to the person as "you", with no headings, lists, markdown or JSON field names. Say what the assessment says: how close the act came to a fully reasoned virtuous act (katorthoma_proximity), which virtues it engages, whether it reads as an appropriate act, the passions at work and the judgement each rests on, any claim the account's own words contradict, and the practice question if there is one.

Say nothing the assessment does not say: add no facts, no advice of your own, no diagnosis, no praise or blame beyond its readings, and do not soften or sharpen them. Keep the advisory framing: this is a reading offered for reflection, not a verdict, and it measures how the choice was reasoned, not whether the facts are true. End with that reminder.`;

export function createOpenAiNarrator(options: OpenAiNarratorOptions): Narrator {
  const client = openAiClient(options);
  return {
    name: `openai:${options.model}`,
    async narrate(assessment: Assessment) {
      let text: string | null | undefined;
      try {
        const completion = await client.chat.completions.create({
          model: options.model,
          temperature: NARRATION_TEMPERATURE,
          messages: [
            { role: "system", content: NARRATION_SYSTEM_PROMPT },
            { role: "user", content: JSON.stringify(assessment) },
          ],
        });
        text = completion.choices[0]?.message.content;
      } catch (error) {
        if (isEndpointFailure(error)) throw new Layer3UnavailableError("The language model could not narrate the assessment.");
        throw error;
      }
      const narrative = text?.trim();
      if (!narrative) throw new Layer3UnavailableError("The language model returned an empty narrative.");
      return narrative;
    },
  };
}
