import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { workersRuntime } from "@svc/workers";
import { guardrailCheck } from "./routes/guardrail_check";
import { guardrailUsageGet } from "./routes/guardrail_usage_get";

/** The guardrail, its own Worker so it stays small and fast. */
export const guardrailFunction = createServiceFunction("guardrail", [guardrailCheck, guardrailUsageGet], { runtime: workersRuntime, authenticate });
