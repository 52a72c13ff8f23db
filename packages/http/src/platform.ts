import type { CredentialStore, Meter } from "@svc/core";
import type { ServiceEnv } from "./env";

/**
 * The production parts a function talks to, opened per request (Workers cannot share a
 * client between requests). Each deployable function names its platform; the local server
 * passes its own (embedded PGlite, or Neon over a loopback bridge) through the binding
 * `SVC_PLATFORM`, so the very same function modules run in both places.
 */
export interface PlatformSession {
  readonly credentials: CredentialStore;
  readonly meter: Meter;
  /** Called once the response is ready. */
  release(): Promise<void>;
}

export interface Platform {
  readonly name: string;
  open(config: ServiceEnv): Promise<PlatformSession>;
}

export const PLATFORM_BINDING = "SVC_PLATFORM";

export function isPlatform(value: unknown): value is Platform {
  return typeof value === "object" && value !== null && typeof (value as Platform).open === "function";
}
