import { BadEnvironmentError, type ReasonKit, type ServiceEnv } from "@svc/runtime";
import { languageLayers } from "@svc/llm";
import { createWorkersRuntime, keyRingFrom } from "./runtime";

/** Signing keys and the continuation secret from the deployment's secrets; the language model when configured. */
function reasonKitFrom(config: ServiceEnv): ReasonKit {
  const keyRing = keyRingFrom(config);
  if (!config.CONTINUATION_SECRET) {
    throw new BadEnvironmentError("The service is misconfigured: CONTINUATION_SECRET is not set.", "CONTINUATION_SECRET");
  }
  return { keyRing, continuationSecret: config.CONTINUATION_SECRET, ...languageLayers(config) };
}

/** The runtime of the functions that run the reason engine. */
export const reasonWorkersRuntime = createWorkersRuntime({ reasonKit: reasonKitFrom, language: languageLayers });

/** The runtime of functions that examine text without signing it (the scoring lenses). */
export const languageWorkersRuntime = createWorkersRuntime({ language: languageLayers });
