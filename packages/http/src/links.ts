import type { Context } from "hono";
import type { AppEnv } from "./route";

/**
 * The service's public address for absolute links (llms.txt, the agent card): PUBLIC_BASE_URL
 * when the deployment sets it (a Worker behind a custom domain or a proxy), else the origin
 * the request reached. No trailing slash.
 */
export function publicBaseUrl(c: Context<AppEnv>): string {
  return (c.get("config").PUBLIC_BASE_URL ?? new URL(c.req.url).origin).replace(/\/+$/, "");
}
