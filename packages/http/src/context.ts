import type { ServiceEnv } from "./env";

/** Hono generics shared by every function: bindings come from the platform, variables from middleware. */
export interface AppEnv {
  Bindings: Record<string, unknown>;
  Variables: {
    requestId: string;
    config: ServiceEnv;
    /** The matched route template, for logs. */
    routePath: string;
  };
}
