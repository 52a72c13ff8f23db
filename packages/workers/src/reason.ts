import { parseKeyRing, type KeyRing } from "@svc/core";
import { HttpError, type ReasonKit, type ServiceEnv } from "@svc/http";
import { languageLayers } from "@svc/llm";
import { createWorkersPlatform } from "./platform";

// Parsed key rings per secret value, per isolate: the secret changes only with a deploy.
const keyRings = new Map<string, KeyRing>();

/** Signing keys and the continuation secret from the deployment's secrets; the language model when configured. */
function reasonKitFrom(config: ServiceEnv): ReasonKit {
  if (!config.SIGNING_KEYS) throw new HttpError(500, "bad_environment", "The service is misconfigured: SIGNING_KEYS is not set.", "SIGNING_KEYS");
  if (!config.CONTINUATION_SECRET) {
    throw new HttpError(500, "bad_environment", "The service is misconfigured: CONTINUATION_SECRET is not set.", "CONTINUATION_SECRET");
  }
  let keyRing = keyRings.get(config.SIGNING_KEYS);
  if (!keyRing) {
    try {
      keyRing = parseKeyRing(config.SIGNING_KEYS);
    } catch {
      throw new HttpError(500, "bad_environment", "The service is misconfigured: SIGNING_KEYS is not a valid key ring.", "SIGNING_KEYS");
    }
    keyRings.set(config.SIGNING_KEYS, keyRing);
  }
  return { keyRing, continuationSecret: config.CONTINUATION_SECRET, ...languageLayers(config) };
}

/** The platform of the functions that run the reason engine. */
export const reasonWorkersPlatform = createWorkersPlatform({ reasonKit: reasonKitFrom, language: languageLayers });

/** The platform of functions that examine text without signing it (the scoring lenses). */
export const languageWorkersPlatform = createWorkersPlatform({ language: languageLayers });
