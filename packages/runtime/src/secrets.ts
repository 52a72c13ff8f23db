import { BadEnvironmentError } from "./errors";

/**
 * A secret parsed, or a BadEnvironmentError naming it and why it does not parse (the parser's
 * message, which never quotes key material).
 */
export function parseSecret<T>(variable: string, value: string, parse: (text: string) => T): T {
  try {
    return parse(value);
  } catch (err) {
    throw new BadEnvironmentError(`The service is misconfigured: ${variable} is invalid (${err instanceof Error ? err.message : String(err)}).`, variable);
  }
}

/** A secret the deployment must set, parsed once per value and kept for the isolate's life (secrets change only with a deploy). */
export function cachedSecret<T>(cache: Map<string, T>, variable: string, value: string | undefined, parse: (text: string) => T): T {
  if (!value) throw new BadEnvironmentError(`The service is misconfigured: ${variable} is not set.`, variable);
  let parsed = cache.get(value);
  if (parsed === undefined) {
    parsed = parseSecret(variable, value, parse);
    cache.set(value, parsed);
  }
  return parsed;
}
