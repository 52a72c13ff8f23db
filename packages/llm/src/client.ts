import OpenAI from "openai";

/** How to reach an OpenAI-compatible endpoint; shared by the Layer 1 extractor and the narrator. */
export interface OpenAiConnection {
  readonly apiKey: string;
  /** Defaults to the OpenAI API; any OpenAI-compatible endpoint (ending in /v1) works. */
  readonly baseURL?: string;
  readonly model: string;
  /** Per attempt; the client retries a timed-out attempt like any other transient failure. */
  readonly timeoutMs?: number;
  readonly maxRetries?: number;
  readonly fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_RETRIES = 2;

/**
 * The openai client for one connection. Organisation, project and base URL are passed
 * explicitly (null when absent) so the client never picks them up from ambient environment
 * variables: the service's environment is read once, through its own schema.
 */
export function openAiClient(connection: OpenAiConnection): OpenAI {
  return new OpenAI({
    apiKey: connection.apiKey,
    baseURL: connection.baseURL ?? null,
    organization: null,
    project: null,
    timeout: connection.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxRetries: connection.maxRetries ?? DEFAULT_MAX_RETRIES,
    ...(connection.fetch ? { fetch: connection.fetch } : {}),
  });
}

/**
 * Whether an error is the endpoint's failure (HTTP error after retries, connection failure,
 * timeout) rather than a fault in this code, which must surface as it is.
 */
export function isEndpointFailure(error: unknown): boolean {
  return error instanceof OpenAI.OpenAIError;
}
