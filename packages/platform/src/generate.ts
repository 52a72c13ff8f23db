import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { catalogueMismatches, composeDiscoveryListing, routeKey } from "@svc/core";
import { buildOpenApiDocument } from "@svc/http/openapi";
import { loadDeployTarget, wranglerToml } from "./deploy";
import { SERVICE_FUNCTIONS } from "./functions";
import { isMain, REPO_ROOT } from "./main";

/**
 * `npm run generate` writes the OpenAPI document and the discovery listing that the discovery
 * Worker serves, and wrangler.toml (every Worker's environment, routes and required secrets, from
 * deploy.ts and deploy.json); `--check` (run by `npm test`) fails when the committed files drift
 * from the route contracts.
 */
export const GENERATED_DIR = join(REPO_ROOT, "functions/discovery/src/generated");
const GENERATED = "functions/discovery/src/generated";

export function generateArtifacts(): Record<string, string> {
  const problems = catalogueMismatches(SERVICE_FUNCTIONS);
  if (problems.length > 0) throw new Error(`The route catalogue does not match the served routes:\n- ${problems.join("\n- ")}`);
  const served = new Set(SERVICE_FUNCTIONS.flatMap((fn) => fn.routes.map((route) => routeKey(route.method, route.path))));
  const listing = composeDiscoveryListing(served);
  const openapi = buildOpenApiDocument(SERVICE_FUNCTIONS);
  return {
    [`${GENERATED}/listing.json`]: `${JSON.stringify(listing, null, 2)}\n`,
    [`${GENERATED}/openapi.json`]: `${JSON.stringify(openapi, null, 2)}\n`,
    "wrangler.toml": wranglerToml(SERVICE_FUNCTIONS, loadDeployTarget()),
  };
}

function main(): void {
  const check = process.argv.includes("--check");
  const stale: string[] = [];
  for (const [file, content] of Object.entries(generateArtifacts())) {
    const path = join(REPO_ROOT, file);
    let current = "";
    try {
      current = readFileSync(path, "utf8");
    } catch {
      current = "";
    }
    if (current === content) continue;
    if (check) stale.push(file);
    else writeFileSync(path, content);
  }
  if (stale.length > 0) {
    console.error(`Generated files are stale: ${stale.join(", ")}. Run \`npm run generate\` and commit the result.`);
    process.exit(1);
  }
  console.log(check ? "generated files are up to date" : `generated files written: ${Object.keys(generateArtifacts()).join(", ")}`);
}

if (isMain(import.meta.url)) main();
