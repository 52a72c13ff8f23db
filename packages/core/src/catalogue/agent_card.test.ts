import { describe, expect, it } from "vitest";
import * as z from "zod";
import { A2A_PROTOCOL_VERSION, AgentCard, agentCardAt, composeAgentCard, OPENAPI_OPERATIONS_EXTENSION } from "./agent_card";
import { composeDiscoveryListing } from "./listing";
import { SKILLS } from "./skills";
import { listedRoute, SKILL_ROUTES } from "../../../../tests/support/listed_routes";

describe("composeAgentCard", () => {
  const card = composeAgentCard(composeDiscoveryListing([...SKILL_ROUTES, listedRoute("POST /api/guardrail", { function: "guardrail", skill: "svc-guard" })]));

  it("parses with AgentCard and has the fields A2A 0.3 requires", () => {
    const result = AgentCard.safeParse(card);
    expect(result.success, result.success ? "" : z.prettifyError(result.error)).toBe(true);
    expect(card.protocolVersion).toBe(A2A_PROTOCOL_VERSION);
    for (const field of ["name", "description", "url", "version", "capabilities", "defaultInputModes", "defaultOutputModes", "skills"]) {
      expect(card, field).toHaveProperty(field);
    }
  });

  it("declares the Bearer credential as the one security scheme", () => {
    expect(card.securitySchemes).toEqual({ bearer: expect.objectContaining({ type: "http", scheme: "bearer" }) });
    expect(card.security).toEqual([{ bearer: [] }]);
  });

  it("has one skill per skill of the pricing table, each with a name, tags and an example", () => {
    expect(card.skills.map((s) => s.id)).toEqual(SKILLS.map((s) => s.id));
    for (const skill of card.skills) {
      expect(skill.name, skill.id).not.toBe(skill.id);
      expect(skill.tags.length, skill.id).toBeGreaterThan(0);
      expect(skill.examples.length, skill.id).toBeGreaterThan(0);
      expect(skill.description, skill.id).toContain(`POST /api/skill/${skill.id}`);
    }
  });

  it("maps each skill to its served operations, its own route first", () => {
    const operations = card.capabilities.extensions.find((e) => e.uri === OPENAPI_OPERATIONS_EXTENSION)!.params.operations;
    expect(Object.keys(operations)).toEqual(SKILLS.map((s) => s.id));
    expect(operations["svc-guard"]).toEqual([
      { method: "POST", path: "/api/skill/svc-guard" },
      { method: "POST", path: "/api/guardrail" },
    ]);
    // POST /api/reason draws on svc-reason but is not listed here: it is not named.
    expect(operations["svc-reason"]).toEqual([{ method: "POST", path: "/api/skill/svc-reason" }]);
  });

  it("leaves out a skill none of whose routes is served", () => {
    const partial = composeAgentCard(composeDiscoveryListing([listedRoute("POST /api/score-decision", { function: "scoring", skill: "svc-decide" })]));
    expect(partial.skills.map((s) => s.id)).toEqual(["svc-decide"]);
    expect(partial.capabilities.extensions[0]!.params.operations).toEqual({ "svc-decide": [{ method: "POST", path: "/api/score-decision" }] });
  });
});

describe("agentCardAt", () => {
  const card = composeAgentCard(composeDiscoveryListing(SKILL_ROUTES));

  it("keeps root-relative URLs in the composed card", () => {
    expect(card.url).toBe("/");
    expect(card.documentationUrl).toBe("/openapi.json");
  });

  it("makes every URL absolute on the base, with or without a trailing slash", () => {
    for (const base of ["https://svc.example", "https://svc.example/"]) {
      const served = agentCardAt(card, base);
      expect(served.url).toBe("https://svc.example/");
      expect(served.documentationUrl).toBe("https://svc.example/openapi.json");
      expect(served.capabilities.extensions[0]!.params.openapi).toBe("https://svc.example/openapi.json");
      expect(served.skills).toEqual(card.skills);
    }
  });
});
