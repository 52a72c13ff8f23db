import * as z from "zod";
import { CatalogueEntrySchema, FunctionName, ROUTE_CATALOGUE, type CatalogueEntry } from "./routes";
import { skillSummary } from "../skills/registry";
import { SKILLS, SkillSchema } from "./skills";

const SKILL_ROUTE = /^\/api\/skill\/(svc-[a-z]+)$/;

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
  links: z.object({ openapi: z.string(), text: z.string(), listing: z.string(), agent_card: z.string() }),
  authentication: z.object({ scheme: z.literal("bearer"), header: z.string(), credentials: z.array(z.string()) }),
  functions: z.array(z.object({ name: FunctionName, routes: z.number().int(), served: z.number().int() })),
  routes: z.array(ListedRoute),
  skills: z.array(ListedSkill),
});
export type DiscoveryListing = z.infer<typeof DiscoveryListing>;
export type ListedSkill = z.infer<typeof ListedSkill>;

/** Where the A2A agent card is served (the well-known path of A2A 0.3). */
export const AGENT_CARD_PATH = "/.well-known/agent-card.json";

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** The listing, given the set of `METHOD /path` keys the functions actually mount. */
export function composeDiscoveryListing(served: ReadonlySet<string>): DiscoveryListing {
  // A skill's own route is described by what the skill does (the catalogue only names it).
  const routes = ROUTE_CATALOGUE.map((entry) => {
    const skillId = SKILL_ROUTE.exec(entry.path)?.[1];
    return {
      ...entry,
      ...(skillId && entry.method === "POST" ? { summary: skillSummary(skillId) } : {}),
      served: served.has(routeKey(entry.method, entry.path)),
    };
  });
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
    links: { openapi: "/openapi.json", text: "/llms.txt", listing: "/.well-known/discovery.json", agent_card: AGENT_CARD_PATH },
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

/** The sections of llms.txt, one per function (every one named), in the order an agent is likely to need them. */
const LLMS_SECTIONS: Readonly<Record<FunctionName, string>> = {
  guardrail: "Guardrail: gate an action before executing it",
  mcp: "MCP: the same tools for agents over the Model Context Protocol",
  reason: "Reasoning: the signed assessment",
  scoring: "Scoring",
  skills: "Skills of the pricing table",
  account: "Your credential and usage",
  overview: "The framework",
  assessments: "Assessments",
  accreditation: "Accreditation and trust",
  practice: "Practice: reflection, calling, watching",
  stoa: "The Stoa",
  discovery: "Discovery",
  admin: "Operator",
  "narrative-worker": "Narratives",
};

/** `500 calls a month free`, or `free and unlimited`. */
export function allowanceText(skill: Pick<ListedSkill, "free_monthly_allowance" | "unit">): string {
  return skill.free_monthly_allowance === null ? "free and unlimited" : `${skill.free_monthly_allowance} ${skill.unit}s a month free`;
}

/** A root-relative path of the service at `baseUrl` (an origin, or an origin and a path prefix). */
export function serviceUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

/** One link line of llms.txt: `- [METHOD /path](url): purpose (who may call it; skill and allowance).` */
function routeLink(route: ListedRoute, listing: DiscoveryListing, baseUrl: string): string {
  const notes: string[] = [route.auth === "none" ? "public" : route.auth === "operator" ? "operator credential" : "Bearer credential"];
  if (route.requires) notes.push(route.requires);
  const skill = route.skill ? listing.skills.find((s) => s.id === route.skill) : undefined;
  if (skill) notes.push(`skill ${skill.id}, ${allowanceText(skill)}`);
  if (!route.served) notes.push(route.listed_as_planned ? "planned, not yet served" : "not yet served");
  const purpose = route.summary.replace(/\.$/, "");
  return `- [${route.method} ${route.path}](${serviceUrl(baseUrl, route.path)}): ${purpose} (${notes.join("; ")}).`;
}

/**
 * The listing as llms.txt (llmstxt.org): an H1, a blockquote summary, a paragraph on
 * authentication, then one H2 section per function whose lines are `- [METHOD /path](url):
 * purpose`. Routes not served yet go under `## Optional`, the section a reader may skip.
 * `baseUrl` makes every link absolute (the deployment's public address).
 */
export function renderListingText(listing: DiscoveryListing, baseUrl: string): string {
  const link = (path: string) => serviceUrl(baseUrl, path);
  const lines: string[] = [
    `# ${listing.service}`,
    "",
    `> ${listing.description}`,
    "",
    listing.advisory,
    "",
    `Routes marked "Bearer credential" need the header \`${listing.authentication.header}\` (${listing.authentication.credentials.join("; ")}); operator routes need an operator credential. ` +
      `Each link is the route's address; request and response schemas are in the [OpenAPI document](${link(listing.links.openapi)}), ` +
      `the skills and their routes in the [A2A agent card](${link(listing.links.agent_card)}) and the [JSON listing](${link(listing.links.listing)}).`,
  ];
  for (const [fn, title] of Object.entries(LLMS_SECTIONS)) {
    const routes = listing.routes.filter((route) => route.function === fn && route.served);
    if (routes.length === 0) continue;
    lines.push("", `## ${title}`, "", ...routes.map((route) => routeLink(route, listing, baseUrl)));
  }
  const pending = listing.routes.filter((route) => !route.served);
  if (pending.length > 0) lines.push("", "## Optional", "", ...pending.map((route) => routeLink(route, listing, baseUrl)));
  return `${lines.join("\n")}\n`;
}

/** Served routes missing from the catalogue, or listed with another function or auth. */
export function catalogueMismatches(functions: readonly { name: string; routes: readonly { method: string; path: string; auth: string }[] }[]): string[] {
  const problems: string[] = [];
  for (const fn of functions) {
    for (const route of fn.routes) {
      if (route.path === "/healthz") continue;
      const entry: CatalogueEntry | undefined = ROUTE_CATALOGUE.find((e) => e.method === route.method.toUpperCase() && e.path === route.path);
      if (!entry) problems.push(`${routeKey(route.method, route.path)} (function ${fn.name}) is served but not in the route catalogue`);
      else if (entry.function !== fn.name)
        problems.push(`${routeKey(route.method, route.path)} is served by ${fn.name} but catalogued under ${entry.function}`);
      else if (entry.auth !== route.auth) problems.push(`${routeKey(route.method, route.path)} has auth ${route.auth} but is catalogued as ${entry.auth}`);
    }
  }
  return problems;
}
