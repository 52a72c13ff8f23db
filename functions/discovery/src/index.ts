import { discoveryFunction } from "./function";

/** Cloudflare Worker entry point. */
export default { fetch: discoveryFunction.fetch };
