import { guardrailFunction } from "./function";

/** Cloudflare Worker entry point. */
export default { fetch: guardrailFunction.fetch };
