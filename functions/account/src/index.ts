import { accountFunction } from "./function";

/** Cloudflare Worker entry point. */
export default { fetch: accountFunction.fetch };
