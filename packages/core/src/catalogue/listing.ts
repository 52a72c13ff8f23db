import * as z from "zod";
import { CatalogueEntrySchema, FunctionName, ROUTE_CATALOGUE, type CatalogueEntry } from "./routes";
import { SKILLS, SkillSchema } from "./skills";

export const SERVICE_TITLE = "Stoic Reasoning Service";
export const SERVICE_VERSION = "0.1.0";
export const ADVISORY_NOTICE =
  "Results are advisory and measure-only, never binding; human override is absolute. The service reads how a decision was reasoned, not whether its facts are true.";

export const ListedRoute = CatalogueEntrySchema.extend({
  served: z.boolean().describe("Whether this deployment serves the route now."),
});
export type ListedRoute = z.infer<typeof ListedRoute>;

export const ListedSkill = SkillSchema.extend({
  routes: z.array(z.string()).describe("Routes that draw on this skill's allowance."),
  served: z.boolean().describe("Whether at least one of those routes is served now."),
});

export const DiscoveryListing = z.object({
  service: z.literal(SERVICE_TITLE),
  version: z.string(),
  description: z.string(),
  advisory: z.string(),
  links: z.object({ openapi: z.string(), text: z.string(), listing: z.string() }),
  authentication: z.object({ scheme: z.literal("bearer"), header: z.string(), credentials: z.array(z.string()) }),
  functions: z.array(z.object({ name: FunctionName, routes: z.number().int(), served: z.number().int() })),
  routes: z.array(ListedRoute),
  skills: z.array(ListedSkill),
});
export type DiscoveryListing = z.infer<typeof DiscoveryListing>;

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** The listing, given the set of `METHOD /path` keys the functions actually mount. */
export function composeDiscoveryListing(served: ReadonlySet<string>): DiscoveryListing {
  const routes = ROUTE_CATALOGUE.map((entry) => ({ ...entry, served: served.has(routeKey(entry.method, entry.path)) }));
  const skills = SKILLS.map((skill) => {
    const skillRoutes = ROUTE_CATALOGUE.filter((e) => e.skill === skill.id).map((e) => routeKey(e.method, e.path));
    const own = routeKey("POST", `/api/skill/${skill.id}`);
    const all = [...new Set([...skillRoutes, own])];
    return { ...skill, routes: all, served: all.some((key) => served.has(key)) };
  });
  const functions = FunctionName.options
    .map((name) => {
      const own = routes.filter((route) => route.function === name);
      return { name, routes: own.length, served: own.filter((route) => route.served).length };
    })
    .filter((f) => f.routes > 0);
  return {
    service: SERVICE_TITLE,
    version: SERVICE_VERSION,
    description:
      "Examines actions and reasoning against a Stoic ethical framework: scores past actions, advises on proposed ones, gates actions before an agent executes them, runs self-assessments and issues signed reasoning assessments.",
    advisory: ADVISORY_NOTICE,
    links: { openapi: "/openapi.json", text: "/llms.txt", listing: "/.well-known/discovery.json" },
    authentication: {
      scheme: "bearer",
      header: "Authorization: Bearer <credential>",
      credentials: ["JWT for human users", "API key svc_live_…, svc_prac_… or svc_inst_… for agents"],
    },
    functions,
    routes,
    skills,
  };
}

/** The plain-text form of the listing, for agents (served as /llms.txt). */
export function renderListingText(listing: DiscoveryListing): string {
  const lines: string[] = [
    `# ${listing.service}`,
    "",
    `> ${listing.description}`,
    "",
    listing.advisory,
    "",
    `Authentication: ${listing.authentication.header} (${listing.authentication.credentials.join("; ")}).`,
    `OpenAPI: ${listing.links.openapi}. JSON listing: ${listing.links.listing}.`,
    "",
    "## Routes",
    "",
    "method path | auth | function | status | summary",
  ];
  for (const route of listing.routes) {
    const auth = route.requires ? `${route.auth} (${route.requires})` : route.auth;
    const status = route.served ? "served" : route.listed_as_planned ? "planned" : "not yet served";
    const skill = route.skill ? ` [skill ${route.skill}]` : "";
    lines.push(`${route.method} ${route.path} | ${auth} | ${route.function} | ${status} | ${route.summary}${skill}`);
  }
  lines.push("", "## Skills", "", "skill | free allowance per month | paid price (USD) | indicative speed | status");
  for (const skill of listing.skills) {
    const allowance = skill.free_monthly_allowance === null ? "unlimited" : `${skill.free_monthly_allowance} ${skill.unit}s`;
    lines.push(`${skill.id} | ${allowance} | ~${skill.paid_price_usd} per ${skill.unit} | ${skill.indicative_speed} | ${skill.served ? "served" : "not yet served"}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Served routes missing from the catalogue, or listed with another function or auth. */
export function catalogueMismatches(functions: readonly { name: string; routes: readonly { method: string; path: string; auth: string }[] }[]): string[] {
  const problems: string[] = [];
  for (const fn of functions) {
    for (const route of fn.routes) {
      if (route.path === "/healthz") continue;
      const entry: CatalogueEntry | undefined = ROUTE_CATALOGUE.find(
        (e) => e.method === route.method.toUpperCase() && e.path === route.path,
      );
      if (!entry) problems.push(`${routeKey(route.method, route.path)} (function ${fn.name}) is served but not in the route catalogue`);
      else if (entry.function !== fn.name) problems.push(`${routeKey(route.method, route.path)} is served by ${fn.name} but catalogued under ${entry.function}`);
      else if (entry.auth !== route.auth) problems.push(`${routeKey(route.method, route.path)} has auth ${route.auth} but is catalogued as ${entry.auth}`);
    }
  }
  return problems;
}
