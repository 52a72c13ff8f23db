import { createServiceFunction } from "@svc/http";
import { agentCardGet } from "./routes/agent_card_get";
import { discoveryListingGet } from "./routes/discovery_listing_get";
import { llmsTxtGet } from "./routes/llms_txt_get";
import { openApiGet } from "./routes/openapi_get";

/** Service metadata: the discovery listing, llms.txt, the A2A agent card and the OpenAPI document. */
export const discoveryFunction = createServiceFunction("discovery", [discoveryListingGet, llmsTxtGet, agentCardGet, openApiGet]);
