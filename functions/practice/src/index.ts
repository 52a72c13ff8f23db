import { practiceFunction } from "./function";

/** Cloudflare Worker entry point. */
export default { fetch: practiceFunction.fetch };
