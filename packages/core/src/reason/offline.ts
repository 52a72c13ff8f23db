import type { Layer1Extractor, Narrator } from "./ports";
import { narrateOffline, OFFLINE_NARRATOR } from "./narrator";
import { extractOffline, OFFLINE_EXTRACTOR } from "./offline_extractor";

/** Layer 1 and Layer 3 without a language model (the embedded default, and without a key). */
export const offlineExtractor: Layer1Extractor = {
  name: OFFLINE_EXTRACTOR,
  extract: async (request) => extractOffline({ text: request.input, answeredTriggers: request.answered_triggers }),
};

export const offlineNarrator: Narrator = {
  name: OFFLINE_NARRATOR,
  narrate: async (assessment) => narrateOffline(assessment),
};
