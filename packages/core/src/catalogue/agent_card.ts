import * as z from "zod";
import { allowanceText, serviceUrl, type DiscoveryListing } from "./listing";

/**
 * The A2A agent card (A2A 0.3, `/.well-known/agent-card.json`), composed from the discovery
 * listing, itself derived from the route contracts: one card skill per skill of the pricing
 * table, each naming the served routes that draw on it. The service speaks plain HTTP+JSON,
 * not the A2A task protocol, so the card declares an extension mapping each skill to its
 * OpenAPI operations. URLs are root-relative in the generated file and made absolute when
 * served (`agentCardAt`), since only the deployment knows its address.
 */
export const A2A_PROTOCOL_VERSION = "0.3.0";
export const OPENAPI_OPERATIONS_EXTENSION = "https://spec.openapis.org/oas/v3.1.0";

const SkillOperation = z.strictObject({ method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]), path: z.string().startsWith("/") });

export const AgentSkill = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().min(1),
  tags: z.array(z.string().min(1)).min(1),
  examples: z.array(z.string().min(1)).min(1),
  inputModes: z.array(z.string()).optional(),
  outputModes: z.array(z.string()).optional(),
});
export type AgentSkill = z.infer<typeof AgentSkill>;

export const AgentCard = z
  .strictObject({
    protocolVersion: z.literal(A2A_PROTOCOL_VERSION),
    name: z.string().min(1),
    description: z.string().min(1),
    url: z.string().describe("The service's base address."),
    version: z.string(),
    documentationUrl: z.string(),
    capabilities: z.strictObject({
      streaming: z.boolean(),
      pushNotifications: z.boolean(),
      stateTransitionHistory: z.boolean(),
      extensions: z.array(
        z.strictObject({
          uri: z.literal(OPENAPI_OPERATIONS_EXTENSION),
          description: z.string(),
          required: z.boolean(),
          params: z.strictObject({
            openapi: z.string().describe("The OpenAPI document."),
            operations: z.record(z.string(), z.array(SkillOperation).min(1)).describe("Each skill id with the operations that serve it."),
          }),
        }),
      ),
    }),
    securitySchemes: z.record(z.string(), z.strictObject({ type: z.literal("http"), scheme: z.literal("bearer"), description: z.string() })),
    security: z.array(z.record(z.string(), z.array(z.string()))),
    defaultInputModes: z.array(z.string()).min(1),
    defaultOutputModes: z.array(z.string()).min(1),
    skills: z.array(AgentSkill).min(1),
  })
  .describe("A2A 0.3 agent card: the skills, the routes that serve them and the Bearer credential.");
export type AgentCard = z.infer<typeof AgentCard>;

/** What the catalogue does not hold: a readable name and an example request for each skill. */
const SKILL_PRESENTATION: Readonly<Record<string, { readonly name: string; readonly examples: readonly string[] }>> = {
  "svc-guard": {
    name: "Guardrail",
    examples: ["Delete the production database of our customers to free up space.", "Run chmod -R 777 / on the build server."],
  },
  "svc-reason": { name: "Reasoning assessment", examples: ["I snapped at my colleague without thinking, then apologised."] },
  "svc-score": { name: "Score an action", examples: ["I told my manager the report was finished when it was only half done."] },
  "svc-iterate": { name: "Iterative deliberation", examples: ["I plan to cut the team's bonus to meet the quarter's target; here is my revised plan."] },
  "svc-decide": { name: "Compare options", examples: ["Take the better-paid job abroad, or stay near my ageing parents?"] },
  "svc-audit": { name: "Audit a text", examples: ["Audit this press release before we publish it."] },
  "svc-converse": { name: "Audit a conversation", examples: ["How did each side behave in this e-mail thread with our supplier?"] },
  "svc-scenario": { name: "Think a scenario through", examples: ["What if my co-founder asks to leave a month before launch?"] },
  "svc-reflect": { name: "Evening review", examples: ["Today I lost my temper in a meeting and skipped my run."] },
  "svc-classify": { name: "Classify a text", examples: ["Which virtues and passions does this customer complaint touch?"] },
  "svc-prioritise": { name: "Prioritise", examples: ["Fix the outage, answer the journalist, finish the board deck: which first?"] },
  "svc-moderate": { name: "Moderation", examples: ["Should this forum post be allowed, reviewed or escalated?"] },
  "svc-premortem": { name: "Pre-mortem", examples: ["A year from now our product launch has failed: which judgements caused it?"] },
  "svc-negotiate": { name: "Negotiation", examples: ["I want to push our supplier below their cost in this contract."] },
  "svc-invest": { name: "Investment decision", examples: ["Should I move my savings into the fund a friend manages?"] },
  "svc-pivot": { name: "Change of course", examples: ["We are thinking of abandoning the open-source edition of our product."] },
  "svc-retro": { name: "Retrospective", examples: ["Look back on the database migration we finished last week."] },
  "svc-align": { name: "Alignment with purpose", examples: ["Does our new engagement metric serve our mission of helping students learn?"] },
  "svc-resolve": { name: "Conflict resolution", examples: ["Two engineers blame each other in public for breaking the build."] },
  "svc-coach": { name: "Coaching", examples: ["I have put off every hard task this month: what is my next step?"] },
  "svc-govern": { name: "Governance", examples: ["The board must decide whether to close a plant that employs half the town."] },
  "svc-compliance": { name: "Compliance", examples: ["The rule allows us to keep this customer data for ten years; should we?"] },
  "svc-educate": { name: "Teaching", examples: ["How do I help a junior colleague see why code review matters, without ordering them?"] },
  "svc-identity": { name: "Identity and role", examples: ["I must let go of someone who is both my report and my friend."] },
  "svc-diagnose": { name: "Diagnose a passion", examples: ["I felt furious when a colleague got the promotion I wanted."] },
  "svc-profile": { name: "Profile", examples: ["What does my history of scored actions say about me?"] },
  "svc-context": { name: "Framework context", examples: ["Which virtues, passions and indifferents does this paragraph touch?"] },
};

function operationOf(key: string): z.infer<typeof SkillOperation> {
  const [method, path] = key.split(" ") as [z.infer<typeof SkillOperation>["method"], string];
  return { method, path };
}

/** The card, with root-relative URLs, from the listing: only served routes, only skills with one. */
export function composeAgentCard(listing: DiscoveryListing): AgentCard {
  const served = new Set(listing.routes.map((route) => `${route.method} ${route.path}`));
  const operations: Record<string, z.infer<typeof SkillOperation>[]> = {};
  const skills: AgentSkill[] = [];
  for (const skill of listing.skills) {
    const presentation = SKILL_PRESENTATION[skill.id];
    if (!presentation) throw new Error(`The agent card has no name for skill ${skill.id}: add it to SKILL_PRESENTATION.`);
    const own = `POST /api/skill/${skill.id}`;
    // The skill's own route first, then the named routes that draw on its allowance.
    const keys = [own, ...skill.routes.filter((key) => key !== own)].filter((key) => served.has(key));
    if (keys.length === 0) continue;
    const summary = listing.routes.find((route) => `${route.method} ${route.path}` === own)?.summary ?? "";
    // Every skill is served by the skills function; the other functions that serve it say more.
    const functions = keys.map((key) => listing.routes.find((route) => `${route.method} ${route.path}` === key)!.function).filter((fn) => fn !== "skills");
    operations[skill.id] = keys.map(operationOf);
    skills.push({
      id: skill.id,
      name: presentation.name,
      description: [
        summary,
        `Route: ${keys[0]}${keys.length > 1 ? `; also drawing on its allowance: ${keys.slice(1).join(", ")}` : ""}.`,
        `Bearer credential; ${allowanceText(skill)}${skill.free_monthly_allowance === null ? "" : `, then about $${skill.paid_price_usd} per ${skill.unit}`}; ${skill.indicative_speed}.`,
      ].join(" "),
      tags: [...new Set([skill.category, ...functions])],
      examples: [...presentation.examples],
    });
  }
  return {
    protocolVersion: A2A_PROTOCOL_VERSION,
    name: listing.service,
    description: `${listing.description} ${listing.advisory} Each skill is a plain HTTP+JSON route (see the OpenAPI document), not an A2A task endpoint.`,
    url: "/",
    version: listing.version,
    documentationUrl: listing.links.openapi,
    capabilities: {
      streaming: false,
      pushNotifications: false,
      stateTransitionHistory: false,
      extensions: [
        {
          uri: OPENAPI_OPERATIONS_EXTENSION,
          description:
            "The skills are called over HTTP+JSON: params.operations names, for each skill id, the OpenAPI operations of params.openapi that serve it.",
          required: true,
          params: { openapi: listing.links.openapi, operations },
        },
      ],
    },
    securitySchemes: {
      bearer: { type: "http", scheme: "bearer", description: `${listing.authentication.header}: ${listing.authentication.credentials.join("; ")}.` },
    },
    security: [{ bearer: [] }],
    defaultInputModes: ["application/json"],
    defaultOutputModes: ["application/json"],
    skills,
  };
}

/** The card as served at `baseUrl`: every root-relative URL made absolute. */
export function agentCardAt(card: AgentCard, baseUrl: string): AgentCard {
  return {
    ...card,
    url: serviceUrl(baseUrl, card.url),
    documentationUrl: serviceUrl(baseUrl, card.documentationUrl),
    capabilities: {
      ...card.capabilities,
      extensions: card.capabilities.extensions.map((extension) => ({
        ...extension,
        params: { ...extension.params, openapi: serviceUrl(baseUrl, extension.params.openapi) },
      })),
    },
  };
}
