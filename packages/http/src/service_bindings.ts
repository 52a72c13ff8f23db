import { BadEnvironmentError } from "@svc/runtime";

/**
 * How one function calls another function's routes: on Workers a service binding (the target
 * Worker runs its whole request path, authentication and metering included, without a public
 * hop); on the local server a binding of the same name that hands the request to the function
 * in-process. Both are `{ fetch(request) }` under the name `serviceBindingName(function)`.
 */
export interface ServiceFetcher {
  fetch(request: Request): Promise<Response>;
}

/** `guardrail` -> `FN_GUARDRAIL`, `narrative-worker` -> `FN_NARRATIVE_WORKER`. */
export function serviceBindingName(functionName: string): string {
  return `FN_${functionName.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
}

/** The binding to a function, or a 500 bad_environment naming the binding the deployment lacks. */
export function serviceBinding(env: Readonly<Record<string, unknown>> | undefined, functionName: string): ServiceFetcher {
  const name = serviceBindingName(functionName);
  const bound = env?.[name];
  if (typeof bound === "object" && bound !== null && typeof (bound as ServiceFetcher).fetch === "function") return bound as ServiceFetcher;
  throw new BadEnvironmentError(`The service is misconfigured: the service binding ${name} (to the ${functionName} function) is missing.`, name);
}
