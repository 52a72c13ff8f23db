import type { Principal } from "@svc/core";
import type { ServiceEnv } from "./env";
import type { Platform, PlatformSession } from "./platform";
import type { RouteContract } from "./route";

/** Hono generics shared by every function: bindings come from the platform, variables from middleware. */
export interface AppEnv {
  Bindings: Record<string, unknown>;
  Variables: {
    requestId: string;
    config: ServiceEnv;
    /** The matched route template, for logs. */
    routePath: string;
    platform: Platform | undefined;
    /** Opened on first use, released after the response. */
    session: Promise<PlatformSession> | undefined;
    principal: Principal | undefined;
    /** The contract of the matched route. */
    route: RouteContract | undefined;
  };
}
