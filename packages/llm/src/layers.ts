import { offlineExtractor, offlineNarrator, type Layer1Extractor, type Narrator } from "@svc/core";
import { createOpenAiExtractor } from "./extractor";
import { createOpenAiNarrator } from "./narrator";

export interface LanguageModelSettings {
  readonly OPENAI_API_KEY?: string | undefined;
  readonly OPENAI_BASE_URL?: string | undefined;
  readonly OPENAI_MODEL: string;
  readonly OPENAI_TIMEOUT_MS: number;
  readonly OPENAI_MAX_RETRIES: number;
}

/** Layer 1 and Layer 3 for a configuration: the language model with a key, else offline. */
export function languageLayers(settings: LanguageModelSettings): { extractor: Layer1Extractor; narrator: Narrator } {
  if (!settings.OPENAI_API_KEY) return { extractor: offlineExtractor, narrator: offlineNarrator };
  const connection = {
    apiKey: settings.OPENAI_API_KEY,
    model: settings.OPENAI_MODEL,
    timeoutMs: settings.OPENAI_TIMEOUT_MS,
    maxRetries: settings.OPENAI_MAX_RETRIES,
    ...(settings.OPENAI_BASE_URL ? { baseURL: settings.OPENAI_BASE_URL } : {}),
  };
  return { extractor: createOpenAiExtractor(connection), narrator: createOpenAiNarrator(connection) };
}
