import { reasonFunction } from "./function";

/** Cloudflare Worker entry point. */
export default { fetch: reasonFunction.fetch };
