import { createServiceFunction } from "@svc/http";
import { discoveryListingGet } from "./routes/discovery_listing_get";
import { llmsTxtGet } from "./routes/llms_txt_get";
import { openApiGet } from "./routes/openapi_get";

/** Service metadata: the discovery listing, its plain-text form and the OpenAPI document. */
export const discoveryFunction = createServiceFunction("discovery", [discoveryListingGet, llmsTxtGet, openApiGet]);
