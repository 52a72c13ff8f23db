import { scoringFunction } from "./function";

/** Cloudflare Worker entry point. */
export default { fetch: scoringFunction.fetch };
