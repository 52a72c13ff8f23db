export { DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, type OpenAiConnection } from "./client";
export { createOpenAiExtractor, EXTRACTION_SYSTEM_PROMPT, extractionMessages, Layer1UnavailableError, type OpenAiExtractorOptions } from "./extractor";
export { createOpenAiNarrator, Layer3UnavailableError, NARRATION_SYSTEM_PROMPT, type OpenAiNarratorOptions } from "./narrator";
export { reconcileSamples } from "./reconcile";
export { languageLayers, type LanguageModelSettings } from "./layers";
