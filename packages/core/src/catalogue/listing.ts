import * as z from "zod";
import { skillSummary } from "../skills/registry";
import { SKILLS, SkillSchema } from "./skills";

const SKILL_ROUTE = /^\/api\/skill\/(svc-[a-z]+)$/;

export const SERVICE_TITLE = "Stoic Reasoning Service";
export const SERVICE_VERSION = "0.1.0";
export const ADVISORY_NOTICE =
  "Results are advisory and measure-only, never binding; human override is absolute. The service reads how a decision was reasoned, not whether its facts are true.";

/** The functions of the service, each deployable alone (the listing names the one that serves each route). */
export const FunctionName = z.enum([
  "discovery",
  "overview",
  "admin",
  "account",
  "reason",
  "narrative-worker",
  "scoring",
  "guardrail",
  "skills",
  "assessments",
  "accreditation",
  "practice",
  "stoa",
  "mcp",
]);
export type FunctionName = z.infer<typeof FunctionName>;

/**
 * One served route as the listing shows it. Every field comes from the route's contract (its
 * `listing` part gives the spec section and the planned mark) and the function that mounts it:
 * the listing has no route list of its own (docs/decisions.md, "One source for the API surface").
 */
export const ListedRoute = z.object({
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]),
  path: z.string().startsWith("/"),
  function: FunctionName,
  auth: z.enum(["none", "bearer", "operator"]),
  requires: z.string().optional().describe("Credential kind, capability or tier the route needs beyond a bearer credential."),
  skill: z.string().optional().describe("The skill whose allowance a call draws on."),
  summary: z.string(),
  spec: z.string().describe("Section of the interface specification."),
  listed_as_planned: z.boolean().optional().describe("The public listing marks this route as planned and pending."),
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
  functions: z.array(z.object({ name: FunctionName, routes: z.number().int() })),
  routes: z.array(ListedRoute),
  skills: z.array(ListedSkill),
});
export type DiscoveryListing = z.infer<typeof DiscoveryListing>;
export type ListedSkill = z.infer<typeof ListedSkill>;

/** Where the A2A agent card is served (the well-known path of A2A 0.3). */
export const AGENT_CARD_PATH = "/.well-known/agent-card.json";

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/**
 * The listing of the routes the functions serve, in the order given (the functions' order, each
 * function's routes in the order it mounts them). A skill is served when a route drawing on its
 * allowance, or its own route, is listed.
 */
export function composeDiscoveryListing(served: readonly ListedRoute[]): DiscoveryListing {
  // A skill's own route is described by what the skill does.
  const routes = served.map((route) => {
    const skillId = SKILL_ROUTE.exec(route.path)?.[1];
    return skillId && route.method === "POST" ? { ...route, summary: skillSummary(skillId) } : route;
  });
  const keys = new Set(routes.map((route) => routeKey(route.method, route.path)));
  const skills = SKILLS.map((skill) => {
    const skillRoutes = routes.filter((route) => route.skill === skill.id).map((route) => routeKey(route.method, route.path));
    const all = [...new Set([...skillRoutes, routeKey("POST", `/api/skill/${skill.id}`)])];
    return { ...skill, routes: all, served: all.some((key) => keys.has(key)) };
  });
  const functions = FunctionName.options
    .map((name) => ({ name, routes: routes.filter((route) => route.function === name).length }))
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
  if (route.listed_as_planned) notes.push("listed as planned");
  const purpose = route.summary.replace(/\.$/, "");
  return `- [${route.method} ${route.path}](${serviceUrl(baseUrl, route.path)}): ${purpose} (${notes.join("; ")}).`;
}

/**
 * The listing as llms.txt (llmstxt.org): an H1, a blockquote summary, a paragraph on
 * authentication, then one H2 section per function whose lines are `- [METHOD /path](url):
 * purpose`.
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
    const routes = listing.routes.filter((route) => route.function === fn);
    if (routes.length === 0) continue;
    lines.push("", `## ${title}`, "", ...routes.map((route) => routeLink(route, listing, baseUrl)));
  }
  return `${lines.join("\n")}\n`;
}
