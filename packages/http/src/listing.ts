import { describeRequirement, FunctionName, type ListedRoute } from "@svc/core";
import type { ServiceFunction } from "./app";

/**
 * The discovery listing's routes, from the contracts the functions mount: each route once (the
 * first function that mounts it: every function answers GET /healthz, listed under the first),
 * in the functions' order. Throws when a route's contract has no `listing` part or a function's
 * name is not one of the service's.
 */
export function listedRoutesOf(functions: readonly Pick<ServiceFunction, "name" | "routes">[]): ListedRoute[] {
  const seen = new Set<string>();
  const routes: ListedRoute[] = [];
  const missing: string[] = [];
  for (const fn of functions) {
    const name = FunctionName.parse(fn.name);
    for (const contract of fn.routes) {
      const method = contract.method.toUpperCase() as ListedRoute["method"];
      const key = `${method} ${contract.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (!contract.listing) {
        missing.push(`${key} (function ${fn.name})`);
        continue;
      }
      const requires = [contract.requires ? describeRequirement(contract.requires) : undefined, contract.listing.requires].filter(
        (text): text is string => text !== undefined,
      );
      routes.push({
        method,
        path: contract.path,
        function: name,
        auth: contract.auth,
        ...(requires.length > 0 ? { requires: requires.join("; ") } : {}),
        ...(contract.charge ? { skill: contract.charge.skill } : {}),
        summary: contract.summary,
        spec: contract.listing.spec,
        ...(contract.listing.planned ? { listed_as_planned: true } : {}),
      });
    }
  }
  if (missing.length > 0) throw new Error(`Routes without a listing part in their contract (add listing: { spec }):\n- ${missing.join("\n- ")}`);
  return routes;
}
