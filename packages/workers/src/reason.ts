import { HttpError, type ReasonKit, type ServiceEnv } from "@svc/http";
import { languageLayers } from "@svc/llm";
import { createWorkersPlatform, keyRingFrom } from "./platform";

/** Signing keys and the continuation secret from the deployment's secrets; the language model when configured. */
function reasonKitFrom(config: ServiceEnv): ReasonKit {
  const keyRing = keyRingFrom(config);
  if (!config.CONTINUATION_SECRET) {
    throw new HttpError(500, "bad_environment", "The service is misconfigured: CONTINUATION_SECRET is not set.", "CONTINUATION_SECRET");
  }
  return { keyRing, continuationSecret: config.CONTINUATION_SECRET, ...languageLayers(config) };
}

/** The platform of the functions that run the reason engine. */
export const reasonWorkersPlatform = createWorkersPlatform({ reasonKit: reasonKitFrom, language: languageLayers });

/** The platform of functions that examine text without signing it (the scoring lenses). */
export const languageWorkersPlatform = createWorkersPlatform({ language: languageLayers });
