import { skillsFunction } from "./function";

/** Cloudflare Worker entry point. */
export default { fetch: skillsFunction.fetch };
