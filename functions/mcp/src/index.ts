import { mcpFunction } from "./function";

/** Cloudflare Worker entry point. */
export default { fetch: mcpFunction.fetch };
