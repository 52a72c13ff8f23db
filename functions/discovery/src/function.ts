import { createServiceFunction } from "@svc/http";
import { agentCardGet } from "./routes/agent_card_get";
import { discoveryListingGet } from "./routes/discovery_listing_get";
import { docsAssetGet } from "./routes/docs_asset_get";
import { docsPageGet } from "./routes/docs_page_get";
import { llmsTxtGet } from "./routes/llms_txt_get";
import { openApiGet } from "./routes/openapi_get";

export { DOCS_ASSETS_BINDING, DOCS_ASSETS_PREFIX, DOCS_CSP, DOCS_MANIFEST, type DocsManifest } from "./docs";

/** Service metadata: the discovery listing, llms.txt, the A2A agent card, the OpenAPI document and its reference page. */
export const discoveryFunction = createServiceFunction("discovery", [discoveryListingGet, llmsTxtGet, agentCardGet, openApiGet, docsPageGet, docsAssetGet]);
