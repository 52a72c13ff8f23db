import { accreditationFunction } from "./function";

/** Cloudflare Worker entry point. */
export default { fetch: accreditationFunction.fetch };
