import { stoaFunction } from "./function";

/** Cloudflare Worker entry point. */
export default { fetch: stoaFunction.fetch };
