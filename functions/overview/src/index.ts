import { overviewFunction } from "./function";

/** Cloudflare Worker entry point. */
export default { fetch: overviewFunction.fetch };
