import { AGENT_CARD_PATH, AgentCard } from "@svc/core";
import { defineOperation, publicBaseUrl, publicBody } from "@svc/http";
import { renderAgentCard } from "../artifacts";

export const agentCardGet = defineOperation(
  {
    operationId: "getAgentCard",
    method: "get",
    path: AGENT_CARD_PATH,
    summary: "The A2A agent card",
    description:
      "A2A 0.3 agent card: one skill per skill of the pricing table with the served routes that draw on it (capabilities.extensions maps each to its OpenAPI operations), and the Bearer credential. URLs are absolute, on PUBLIC_BASE_URL or the address the request reached.",
    tags: ["discovery"],
    auth: "none",
    listing: { spec: "-" },
    cache: "public",
    responses: { 200: { description: "The agent card.", schema: AgentCard } },
  },
  (c) => publicBody(c, renderAgentCard(publicBaseUrl(c))),
);
