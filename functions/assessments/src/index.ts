import { assessmentsFunction } from "./function";

/** Cloudflare Worker entry point. */
export default { fetch: assessmentsFunction.fetch };
