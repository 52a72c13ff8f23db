import { adminFunction } from "./function";

/** Cloudflare Worker entry point. */
export default { fetch: adminFunction.fetch };
