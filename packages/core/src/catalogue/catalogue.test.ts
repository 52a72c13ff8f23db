import { describe, expect, it } from "vitest";
import * as z from "zod";
import { composeDiscoveryListing, DiscoveryListing, renderListingText, routeKey } from "./listing";
import { SKILLS, SkillSchema } from "./skills";
import { skillSummary } from "../skills/registry";
import { parseLlmsTxt } from "../../../../tests/support/llms_txt";
import { listedRoute, SKILL_ROUTES } from "../../../../tests/support/listed_routes";
import { SPEC_FREE_ALLOWANCE } from "../../../../tests/support/spec_skills";

describe("SKILLS (spec section 8)", () => {
  it("has the 27 skills, each once", () => {
    const ids = SKILLS.map((s) => s.id);
    expect(ids).toHaveLength(27);
    expect(new Set(ids).size).toBe(27);
    expect([...ids].sort()).toEqual(Object.keys(SPEC_FREE_ALLOWANCE).sort());
  });

  it.each(Object.entries(SPEC_FREE_ALLOWANCE))("gives %s a free monthly allowance of %s", (id, allowance) => {
    expect(SKILLS.find((s) => s.id === id)?.free_monthly_allowance).toBe(allowance);
  });

  it("parses each skill with SkillSchema", () => {
    for (const skill of SKILLS) expect(SkillSchema.safeParse(skill).success, skill.id).toBe(true);
  });

  it("counts svc-reason in loops and svc-iterate in chains", () => {
    expect(SKILLS.find((s) => s.id === "svc-reason")?.unit).toBe("loop");
    expect(SKILLS.find((s) => s.id === "svc-iterate")?.unit).toBe("chain");
  });

  it("makes svc-context free and the premium skills the dearest", () => {
    const price = (id: string) => SKILLS.find((s) => s.id === id)!.paid_price_usd;
    expect(price("svc-context")).toBe(0);
    expect(price("svc-diagnose")).toBeGreaterThan(price("svc-score"));
    expect(price("svc-guard")).toBeLessThan(price("svc-score"));
  });
});

describe("composeDiscoveryListing", () => {
  const served = [
    listedRoute("GET /api/virtues", { function: "overview", auth: "none" }),
    listedRoute("POST /api/guardrail", { function: "guardrail", skill: "svc-guard" }),
    ...SKILL_ROUTES,
  ];
  const listing = composeDiscoveryListing(served);

  it("parses with DiscoveryListing", () => {
    const result = DiscoveryListing.safeParse(listing);
    expect(result.success, result.success ? "" : z.prettifyError(result.error)).toBe(true);
  });

  it("lists exactly the routes given, in their order", () => {
    expect(listing.routes.map((r) => routeKey(r.method, r.path))).toEqual(served.map((r) => routeKey(r.method, r.path)));
  });

  it("names, under each skill, the routes drawing on its allowance and its own route", () => {
    expect(listing.skills.find((s) => s.id === "svc-guard")?.routes).toEqual(["POST /api/guardrail", "POST /api/skill/svc-guard"]);
    expect(listing.skills.find((s) => s.id === "svc-decide")?.routes).toEqual(["POST /api/skill/svc-decide"]);
  });

  it("marks a skill served when one of its routes is listed, and only then", () => {
    expect(listing.skills.every((s) => s.served)).toBe(true);
    const one = composeDiscoveryListing([listedRoute("POST /api/score-decision", { function: "scoring", skill: "svc-decide" })]);
    expect(one.skills.filter((s) => s.served).map((s) => s.id)).toEqual(["svc-decide"]);
    expect(composeDiscoveryListing([]).skills.some((s) => s.served)).toBe(false);
  });

  it("describes a skill's own route by what the skill does", () => {
    const own = listing.routes.find((r) => r.method === "POST" && r.path === "/api/skill/svc-guard");
    expect(own?.summary).toBe(skillSummary("svc-guard"));
    expect(own?.summary).toMatch(/^Gate an action/);
    for (const skill of SKILLS) {
      const summary = listing.routes.find((r) => r.path === `/api/skill/${skill.id}`)?.summary;
      expect(summary?.length, skill.id).toBeGreaterThan(10);
    }
    expect(listing.routes.find((r) => r.path === "/api/guardrail")?.summary).toBe("What POST /api/guardrail does");
  });

  it("counts the routes of each function that has one", () => {
    expect(listing.functions).toEqual([
      { name: "overview", routes: 1 },
      { name: "guardrail", routes: 1 },
      { name: "skills", routes: SKILLS.length },
    ]);
  });
});

describe("renderListingText (llms.txt)", () => {
  const listing = composeDiscoveryListing([
    listedRoute("GET /api/virtues", { function: "overview", auth: "none" }),
    listedRoute("GET /api/v1/virtues", { function: "overview", auth: "none", listed_as_planned: true }),
    listedRoute("POST /api/guardrail", { function: "guardrail", skill: "svc-guard" }),
    listedRoute("POST /api/reason", { function: "reason", skill: "svc-reason", requires: "layer1_schema needs capability l1_supply" }),
    listedRoute("POST /api/admin/keys", { function: "admin", auth: "operator" }),
  ]);
  const BASE = "https://svc.example/prefix";
  const text = renderListingText(listing, BASE);
  const parsed = parseLlmsTxt(text);
  const links = parsed.sections.flatMap((section) => section.links);
  const linkOf = (name: string) => links.filter((l) => l.name === name);

  it("has the llmstxt.org structure: one H1, a blockquote summary, H2 sections of link lines only", () => {
    expect(parsed.title).toBe("Stoic Reasoning Service");
    expect(parsed.h1Count).toBe(1);
    expect(parsed.summary).toBe(listing.description);
    expect(parsed.sections.length).toBeGreaterThan(1);
    expect(parsed.stray, text).toEqual([]);
    for (const section of parsed.sections) expect(section.links.length, section.title).toBeGreaterThan(0);
  });

  it("links every route once, at the base URL, with its summary as the purpose, under its function's section", () => {
    for (const route of listing.routes) {
      const found = linkOf(routeKey(route.method, route.path));
      expect(found, routeKey(route.method, route.path)).toHaveLength(1);
      expect(found[0]!.url).toBe(`${BASE}${route.path}`);
      expect(found[0]!.notes).toContain(route.summary.replace(/\.$/, ""));
    }
    expect(links).toHaveLength(listing.routes.length);
    expect(parsed.sections.find((s) => s.title === "Guardrail: gate an action before executing it")?.links.map((l) => l.name)).toEqual(["POST /api/guardrail"]);
  });

  it("says who may call each route, which allowance it draws on, and the spec's planned mark", () => {
    expect(linkOf("GET /api/virtues")[0]!.notes).toMatch(/\(public\)\.$/);
    expect(linkOf("POST /api/guardrail")[0]!.notes).toContain("Bearer credential; skill svc-guard, 500 calls a month free");
    expect(linkOf("POST /api/admin/keys")[0]!.notes).toContain("operator credential");
    expect(linkOf("POST /api/reason")[0]!.notes).toContain("layer1_schema needs capability l1_supply; skill svc-reason, 30 loops a month free");
    expect(linkOf("GET /api/v1/virtues")[0]!.notes).toMatch(/\(public; listed as planned\)\.$/);
  });

  it("links the OpenAPI document, the agent card and the listing in its preamble", () => {
    const preamble = text.slice(0, text.indexOf("\n## "));
    expect(preamble).toContain(`(${BASE}/openapi.json)`);
    expect(preamble).toContain(`(${BASE}/.well-known/agent-card.json)`);
    expect(preamble).toContain(`(${BASE}/.well-known/discovery.json)`);
  });

  it("takes a base URL with or without a trailing slash", () => {
    expect(renderListingText(listing, `${BASE}/`)).toBe(text);
  });
});
