import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { renderClientTypes } from "@svc/client/generate";
import { composeAgentCard, composeDiscoveryListing } from "@svc/core";
import { listedRoutesOf } from "@svc/http/listing";
import { buildOpenApiDocument } from "@svc/http/openapi";
import { composeMcpCatalogue } from "@svc/fn-mcp/catalogue";
import { loadDeployTarget, wranglerToml } from "./deploy";
import { readDocsScript } from "./docs_assets";
import { SERVICE_FUNCTIONS } from "./functions";
import { isMain, REPO_ROOT } from "./main";

/**
 * `npm run generate` writes the OpenAPI document, the discovery listing, the A2A agent card and
 * the manifest of the reference page's script (from the installed renderer) that the discovery
 * Worker serves, the typed client's types and the MCP server's tools and resources (both from
 * that OpenAPI document), and wrangler.toml (every Worker's environment, routes and required secrets, from
 * deploy.ts and deploy.json); `--check` (run by `npm test`) fails when the committed files drift
 * from the route contracts.
 */
export const GENERATED_DIR = join(REPO_ROOT, "functions/discovery/src/generated");
export const CLIENT_TYPES_FILE = join(REPO_ROOT, "packages/client/src/generated/schema.d.ts");
export const WRANGLER_TOML = join(REPO_ROOT, "wrangler.toml");
export const MCP_CATALOGUE_FILE = join(REPO_ROOT, "functions/mcp/src/generated/catalogue.json");

export function generateArtifacts(): Record<string, string> {
  const listing = composeDiscoveryListing(listedRoutesOf(SERVICE_FUNCTIONS));
  const openapi = buildOpenApiDocument(SERVICE_FUNCTIONS);
  return {
    "agent-card.json": `${JSON.stringify(composeAgentCard(listing), null, 2)}\n`,
    "listing.json": `${JSON.stringify(listing, null, 2)}\n`,
    "openapi.json": `${JSON.stringify(openapi, null, 2)}\n`,
    "docs.json": `${JSON.stringify(readDocsScript().manifest, null, 2)}\n`,
  };
}

/** Every generated file by absolute path: the discovery Worker's artifacts, the client's types, the MCP catalogue, wrangler.toml. */
export async function generateAllFiles(): Promise<Record<string, string>> {
  const artifacts = generateArtifacts();
  const files: Record<string, string> = Object.fromEntries(Object.entries(artifacts).map(([file, content]) => [join(GENERATED_DIR, file), content]));
  files[CLIENT_TYPES_FILE] = await renderClientTypes(artifacts["openapi.json"]!);
  const mcp = composeMcpCatalogue(
    JSON.parse(artifacts["openapi.json"]!),
    SERVICE_FUNCTIONS.flatMap((fn) => fn.routes),
  );
  files[MCP_CATALOGUE_FILE] = `${JSON.stringify(mcp, null, 2)}\n`;
  // The MCP Worker binds the Worker of every route a tool calls.
  files[WRANGLER_TOML] = wranglerToml(SERVICE_FUNCTIONS, loadDeployTarget(), { mcp: [...new Set(mcp.tools.map((t) => t.route.function))] });
  return files;
}

async function main(): Promise<void> {
  const check = process.argv.includes("--check");
  const stale: string[] = [];
  for (const [path, content] of Object.entries(await generateAllFiles())) {
    const file = relative(REPO_ROOT, path);
    let current = "";
    try {
      current = readFileSync(path, "utf8");
    } catch {
      current = "";
    }
    if (current === content) continue;
    if (check) stale.push(file);
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
  }
  if (stale.length > 0) {
    console.error(`Generated files are stale: ${stale.join(", ")}. Run \`npm run generate\` and commit the result.`);
    process.exit(1);
  }
  console.log(check ? "generated files are up to date" : "generated files written");
}

if (isMain(import.meta.url)) await main();
