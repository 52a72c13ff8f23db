import { createServiceFunction } from "@svc/http";
import { authenticate } from "@svc/http/auth";
import { workersRuntime } from "@svc/workers";
import { mcpPost } from "./routes/mcp_post";

/**
 * The MCP server, its own Worker: it authenticates the caller as every protected route does, and
 * calls the other functions' routes through service bindings (FN_GUARDRAIL, FN_SCORING,
 * FN_REASON, FN_ACCOUNT), so a tool call is validated and metered by the route itself.
 */
export const mcpFunction = createServiceFunction("mcp", [mcpPost], { runtime: workersRuntime, authenticate });
