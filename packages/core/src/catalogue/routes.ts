import * as z from "zod";
import { SKILLS } from "./skills";

/**
 * The route catalogue: every route of the whole service, served or not yet, with the
 * function that owns it. The discovery listing is composed from it; whether a route is served
 * is never declared here but computed from the contracts the functions actually mount.
 */
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

export const CatalogueAuth = z.enum(["none", "bearer", "operator"]);

export const CatalogueEntrySchema = z.object({
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]),
  path: z.string().startsWith("/"),
  function: FunctionName,
  auth: CatalogueAuth,
  requires: z.string().optional().describe("Credential kind, capability or tier the route needs beyond a bearer credential."),
  skill: z.string().optional().describe("The skill whose allowance a call draws on."),
  summary: z.string(),
  spec: z.string().describe("Section of the interface specification."),
  listed_as_planned: z.boolean().optional().describe("The public listing marks this route as planned and pending."),
});
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;

type Entry = CatalogueEntry;
const r = (
  method: Entry["method"],
  path: string,
  fn: FunctionName,
  auth: Entry["auth"],
  summary: string,
  spec: string,
  extra: Partial<Pick<Entry, "requires" | "skill" | "listed_as_planned">> = {},
): Entry => ({ method, path, function: fn, auth, summary, spec, ...extra });

export const ROUTE_CATALOGUE: readonly CatalogueEntry[] = [
  // Service metadata
  r("GET", "/.well-known/discovery.json", "discovery", "none", "This listing: every route of the service", "4.6"),
  r("GET", "/llms.txt", "discovery", "none", "Every served route as a link with its purpose, for agents (llmstxt.org)", "4.6"),
  r("GET", "/.well-known/agent-card.json", "discovery", "none", "A2A agent card: the skills, the routes that serve them and the Bearer credential", "-"),
  r("GET", "/openapi.json", "discovery", "none", "OpenAPI 3.1 document of every served route", "9"),
  r("GET", "/docs", "discovery", "none", "API reference page, rendered from the OpenAPI document", "9"),
  r("GET", "/docs/assets/{name}", "discovery", "none", "The reference page's renderer script", "9"),
  r("GET", "/healthz", "discovery", "none", "Liveness (every function answers it)", "-"),
  // 4.1 Public overview
  r("GET", "/api/virtues", "overview", "none", "The four cardinal virtues with their sub-virtues", "4.1, 2.2"),
  r("GET", "/api/indifferents", "overview", "none", "Preferred and dispreferred indifferents", "4.1, 2.3"),
  r("GET", "/api/stoic-brain", "overview", "none", "Overview: foundations, virtues, indifferents", "4.1, 2.4"),
  r("GET", "/api/stoic-brain/hub", "overview", "none", "Machine-readable encoding: premise, control, flourishing, sage, cosmos, weights, domain files", "2.4"),
  r("GET", "/api/stoic-brain/{domain}", "overview", "none", "One of the seven domain files", "2.4"),
  r("GET", "/api/v1/virtues", "overview", "none", "Versioned virtues overview", "4.6", { listed_as_planned: true }),
  r("GET", "/api/v1/indifferents", "overview", "none", "Versioned indifferents overview", "4.6", { listed_as_planned: true }),
  r("POST", "/api/v1/rank-indifferents", "overview", "none", "Rank indifferents by selective value", "4.6", { listed_as_planned: true }),
  // Keys and usage
  r("POST", "/api/admin/keys", "admin", "operator", "Create an API key (plaintext shown once)", "5.10"),
  r("GET", "/api/admin/keys", "admin", "operator", "List API keys without secrets", "5.10"),
  r("DELETE", "/api/admin/keys/{id}", "admin", "operator", "Revoke an API key", "5.10"),
  r("GET", "/api/me", "account", "bearer", "Who the calling credential is: owner, kind, tier, capabilities", "5"),
  r("GET", "/api/usage", "account", "bearer", "The caller's usage per skill for the current period", "8"),
  // 4.4 Substrate reasoning
  r("POST", "/api/reason", "reason", "bearer", "Substrate consult: extraction, signed assessment, narrative", "4.4, 2.12, 2.13", {
    skill: "svc-reason",
    requires: "layer1_schema needs capability l1_supply; svc_inst_ keys must supply it",
  }),
  r("GET", "/api/reason/schema", "reason", "none", "JSON Schema of the Layer 1 extraction", "4.4"),
  r("GET", "/api/reason/narratives/{correlation_id}", "reason", "bearer", "A deferred narrative, for the credential that made the consult", "3.2"),
  r("GET", "/api/public-key", "reason", "none", "Key set that verifies signed assessments", "4.4, 5.9"),
  // 4.2 Scoring and user data
  r("POST", "/api/score-action", "scoring", "bearer", "Score a past action", "4.2, 2.5", { skill: "svc-score" }),
  r("POST", "/api/score", "scoring", "bearer", "Score an action (listing name; accepts intendedOutcome)", "4.6", { skill: "svc-score" }),
  r("POST", "/api/advise-action", "scoring", "bearer", "Advice on a proposed action", "4.2, 2.6", { skill: "svc-score" }),
  r("GET", "/api/user/scores", "scoring", "bearer", "The caller's stored scores, newest first", "4.2, 2.7"),
  r("GET", "/api/user/profile", "scoring", "bearer", "The caller's profile from stored scores", "4.2, 2.8"),
  r("POST", "/api/v1/score-action", "scoring", "bearer", "Versioned score-action", "4.6", { skill: "svc-score", listed_as_planned: true }),
  r("GET", "/api/v1/score-history/{user_id}", "scoring", "bearer", "Score history of a user (own id; operators any)", "4.6", { listed_as_planned: true }),
  r("POST", "/api/score-document", "scoring", "bearer", "Score any text; returns a badge address", "4.6", { skill: "svc-audit" }),
  r("GET", "/api/badge/{id}", "scoring", "none", "SVG badge of a scored document", "4.6"),
  r("POST", "/api/score-decision", "scoring", "bearer", "Compare 2 to 5 options", "4.6, 8", { skill: "svc-decide" }),
  r("POST", "/api/score-conversation", "scoring", "bearer", "Audit a conversation or e-mail thread", "4.6", { skill: "svc-converse" }),
  r("POST", "/api/reflect", "scoring", "bearer", "Daily reflection journal", "4.6", { skill: "svc-reflect" }),
  // Guardrail
  r("POST", "/api/guardrail", "guardrail", "bearer", "Gate an action before executing it", "4.6, 8", { skill: "svc-guard" }),
  r("GET", "/api/guardrail", "guardrail", "none", "How to use the guardrail", "4.6"),
  // Skills of section 8
  r("GET", "/api/skills", "skills", "none", "Every skill with allowance, price and indicative speed", "8"),
  ...SKILLS.map((s) => r("POST", `/api/skill/${s.id}`, "skills", "bearer", `Call ${s.id}`, "8", s.free_monthly_allowance === null ? {} : { skill: s.id })),
  r("POST", "/api/v1/diagnose-passion", "skills", "bearer", "Diagnose the passion behind a described reaction", "4.6", {
    skill: "svc-diagnose",
    listed_as_planned: true,
  }),
  // 4.3 Assessments
  r("GET", "/api/assessment/foundational", "assessments", "bearer", "Index of the 14 foundational assessments", "4.3"),
  r("POST", "/api/assessment/foundational", "assessments", "bearer", "Submit the 14 foundational responses", "4.3, 2.9"),
  r("GET", "/api/assessment/full", "assessments", "bearer", "Index of the 55 assessments", "4.3"),
  r("POST", "/api/assessment/full", "assessments", "bearer", "Submit the 55 responses", "4.3, 2.10", { requires: "paid key" }),
  r("GET", "/api/assessment/framework", "assessments", "none", "The assessment prompts (assessment_framework_url)", "4.3"),
  r("GET", "/api/baseline/agent", "assessments", "bearer", "The 4 baseline scenarios", "4.3"),
  r("POST", "/api/baseline/agent", "assessments", "bearer", "Submit the 4 baseline responses", "4.3, 2.11"),
  // 4.4 Accreditation and trust
  r("POST", "/api/accreditation/{agent_id}", "accreditation", "bearer", "Seed or update an accreditation record", "4.4, 3.5", {
    requires: "svc_prac_ key with capability accreditation_write",
  }),
  r("GET", "/api/accreditation/{agent_id}", "accreditation", "none", "Public read-back of an accreditation", "4.4, 2.14"),
  r("GET", "/api/trust-record/{agent_id}", "accreditation", "none", "Public trust record of an agent", "4.4, 2.15, 3.6"),
  r("POST", "/api/admin/curator-flags", "accreditation", "operator", "Flag a record (oversight or dikaiosyne)", "3.6"),
  r("DELETE", "/api/admin/curator-flags/{id}", "accreditation", "operator", "Withdraw a curator flag", "3.6"),
  r("GET", "/agents/{agent_id}", "accreditation", "none", "Public page of an agent's accreditation and trust record", "2.14, 2.15"),
  // 4.5 Reflection, calling, watching
  r("POST", "/api/practice/reflect", "practice", "bearer", "Session-close reflection, Q1 to Q6", "4.5, 2.16, 3.3", {
    requires: "capability reflect",
    skill: "svc-reason",
  }),
  r("POST", "/api/calling", "practice", "bearer", "Purpose-discovery sequence", "4.5, 2.17, 3.4", { requires: "capability calling" }),
  r("POST", "/api/calling/approve", "practice", "operator", "Approve a calling handoff", "4.5, 3.4"),
  r("GET", "/api/calling/pending", "practice", "operator", "Calling handoffs awaiting approval (the operator's queue)", "4.5, 3.4"),
  r("POST", "/api/practice/watching", "practice", "bearer", "Record an autonomous-loop cycle", "4.5, 2.18", { requires: "capability watching_write" }),
  // The Stoa
  r("GET", "/api/stoa/entries", "stoa", "none", "Self-declaration directory", "4.4"),
  r("POST", "/api/stoa/declare", "stoa", "bearer", "Declare an entry", "4.4"),
  r("GET", "/api/stoa/declare", "stoa", "bearer", "Read one's own declaration", "4.4"),
  r("PATCH", "/api/stoa/declare", "stoa", "bearer", "Amend one's declaration", "4.4"),
  r("DELETE", "/api/stoa/declare", "stoa", "bearer", "Withdraw one's declaration", "4.4"),
  r(
    "POST",
    "/api/admin/stoa-contradictions",
    "stoa",
    "operator",
    "Confirm that a declared commitment contradicts the agent's record (a decrease-class trust event)",
    "4.4, 6",
  ),
  // Agents' surface
  r(
    "POST",
    "/mcp",
    "mcp",
    "bearer",
    "MCP server (Streamable HTTP, stateless): the guardrail, scoring, reason and usage as tools, the framework as resources",
    "-",
  ),
];
