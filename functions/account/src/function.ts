import { workersRuntime } from "@svc/workers";
import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { meGet } from "./routes/me_get";
import { usageGet } from "./routes/usage_get";

/** The caller's own account. */
export const accountFunction = createServiceFunction("account", [meGet, usageGet], { runtime: workersRuntime, authenticate });
