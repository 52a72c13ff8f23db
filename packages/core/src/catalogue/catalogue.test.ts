import { describe, expect, it } from "vitest";
import * as z from "zod";
import { catalogueMismatches, composeDiscoveryListing, DiscoveryListing, renderListingText, routeKey } from "./listing";
import { CatalogueEntrySchema, ROUTE_CATALOGUE } from "./routes";
import { SKILLS, SkillSchema } from "./skills";
import { skillSummary } from "../skills/registry";
import { parseLlmsTxt } from "../../../../tests/support/llms_txt";
import { SPEC_FREE_ALLOWANCE } from "../../../../tests/support/spec_skills";

const catalogueKeys = ROUTE_CATALOGUE.map((e) => routeKey(e.method, e.path));

/** Every route named by spec sections 4.1 to 4.6, written out from the spec. */
const SPEC_ROUTES: Record<string, readonly string[]> = {
  "4.1 public overview": ["GET /api/virtues", "GET /api/indifferents", "GET /api/stoic-brain"],
  "4.2 scoring and user data": ["POST /api/score-action", "POST /api/advise-action", "GET /api/user/scores", "GET /api/user/profile"],
  "4.3 assessments": [
    "GET /api/assessment/foundational",
    "POST /api/assessment/foundational",
    "GET /api/assessment/full",
    "POST /api/assessment/full",
    "GET /api/baseline/agent",
    "POST /api/baseline/agent",
  ],
  "4.4 substrate reasoning and accreditation": [
    "POST /api/reason",
    "POST /api/accreditation/{agent_id}",
    "GET /api/accreditation/{agent_id}",
    "GET /api/public-key",
    "GET /api/trust-record/{agent_id}",
    "GET /api/stoa/entries",
    "POST /api/stoa/declare",
    "GET /api/stoa/declare",
    "PATCH /api/stoa/declare",
    "DELETE /api/stoa/declare",
  ],
  "4.5 reflection, calling and watching": ["POST /api/practice/reflect", "POST /api/calling", "POST /api/calling/approve", "POST /api/practice/watching"],
  "4.6 further routes": [
    "POST /api/score",
    "POST /api/score-document",
    "GET /api/badge/{id}",
    "POST /api/guardrail",
    "GET /api/guardrail",
    "POST /api/score-decision",
    "POST /api/score-conversation",
    "POST /api/reflect",
  ],
  "4.6 planned /api/v1": [
    "GET /api/v1/virtues",
    "GET /api/v1/indifferents",
    "POST /api/v1/score-action",
    "GET /api/v1/score-history/{user_id}",
    "POST /api/v1/diagnose-passion",
    "POST /api/v1/rank-indifferents",
  ],
};

describe("ROUTE_CATALOGUE", () => {
  it("has entries that each parse with CatalogueEntrySchema", () => {
    for (const entry of ROUTE_CATALOGUE) {
      const result = CatalogueEntrySchema.safeParse(entry);
      expect(result.success, `${routeKey(entry.method, entry.path)}: ${result.success ? "" : z.prettifyError(result.error)}`).toBe(true);
    }
  });

  it("has no duplicate method + path", () => {
    const duplicates = catalogueKeys.filter((key, i) => catalogueKeys.indexOf(key) !== i);
    expect(duplicates).toEqual([]);
  });

  it("writes path parameters as {name} templates", () => {
    for (const entry of ROUTE_CATALOGUE) {
      expect(entry.path, entry.path).not.toMatch(/:[a-z]|\/\/|\/$/);
    }
  });

  describe.each(Object.entries(SPEC_ROUTES))("spec %s", (_section, routes) => {
    it.each(routes.map((r) => [r]))("lists %s", (key) => {
      expect(catalogueKeys).toContain(key);
    });
  });

  it("marks the six /api/v1 routes as planned, and only those", () => {
    const planned = ROUTE_CATALOGUE.filter((e) => e.listed_as_planned).map((e) => routeKey(e.method, e.path));
    expect(planned.sort()).toEqual([...SPEC_ROUTES["4.6 planned /api/v1"]!].sort());
  });

  it("gives the spec's public routes auth none and the bearer routes bearer", () => {
    const authOf = (key: string) => ROUTE_CATALOGUE.find((e) => routeKey(e.method, e.path) === key)?.auth;
    for (const key of [
      ...SPEC_ROUTES["4.1 public overview"]!,
      "GET /api/accreditation/{agent_id}",
      "GET /api/public-key",
      "GET /api/trust-record/{agent_id}",
    ]) {
      expect(authOf(key), key).toBe("none");
    }
    for (const key of [...SPEC_ROUTES["4.2 scoring and user data"]!, ...SPEC_ROUTES["4.3 assessments"]!, "POST /api/reason", "POST /api/practice/reflect"]) {
      expect(authOf(key), key).toBe("bearer");
    }
    expect(authOf("POST /api/calling/approve")).toBe("operator");
  });

  it("names only skills of the pricing table", () => {
    const ids = new Set(SKILLS.map((s) => s.id));
    for (const entry of ROUTE_CATALOGUE.filter((e) => e.skill)) {
      expect(ids.has(entry.skill!), `${routeKey(entry.method, entry.path)} -> ${entry.skill}`).toBe(true);
    }
  });
});

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
  const served = new Set(["GET /api/virtues", "POST /api/guardrail", "GET /not/in/catalogue"]);
  const listing = composeDiscoveryListing(served);

  it("parses with DiscoveryListing", () => {
    const result = DiscoveryListing.safeParse(listing);
    expect(result.success, result.success ? "" : z.prettifyError(result.error)).toBe(true);
  });

  it("lists every catalogue route once, in catalogue order", () => {
    expect(listing.routes.map((r) => routeKey(r.method, r.path))).toEqual(catalogueKeys);
  });

  it("marks served exactly the catalogue keys passed in", () => {
    const servedKeys = listing.routes.filter((r) => r.served).map((r) => routeKey(r.method, r.path));
    expect(servedKeys.sort()).toEqual(["GET /api/virtues", "POST /api/guardrail"]);
  });

  it("marks nothing served for an empty set", () => {
    const empty = composeDiscoveryListing(new Set());
    expect(empty.routes.some((r) => r.served)).toBe(false);
    expect(empty.skills.some((s) => s.served)).toBe(false);
  });

  it("marks a skill served when one of its routes is served", () => {
    const servedSkills = listing.skills.filter((s) => s.served).map((s) => s.id);
    expect(servedSkills).toEqual(["svc-guard"]);
    expect(listing.skills.find((s) => s.id === "svc-guard")?.routes).toContain("POST /api/guardrail");
  });

  it("describes a skill's own route by what the skill does", () => {
    const own = listing.routes.find((r) => r.method === "POST" && r.path === "/api/skill/svc-guard");
    expect(own?.summary).toBe(skillSummary("svc-guard"));
    expect(own?.summary).toMatch(/^Gate an action/);
    for (const skill of SKILLS) {
      const summary = listing.routes.find((r) => r.path === `/api/skill/${skill.id}`)?.summary;
      expect(summary, skill.id).not.toMatch(/^Call /);
      expect(summary?.length, skill.id).toBeGreaterThan(10);
    }
  });

  it("lists one route per skill, and marks a skill served when its own route is", () => {
    for (const skill of SKILLS) {
      expect(
        ROUTE_CATALOGUE.filter((e) => e.method === "POST" && e.path === `/api/skill/${skill.id}`),
        skill.id,
      ).toHaveLength(1);
    }
    const one = composeDiscoveryListing(new Set(["POST /api/skill/svc-decide"]));
    expect(one.skills.filter((s) => s.served).map((s) => s.id)).toEqual(["svc-decide"]);
    const all = composeDiscoveryListing(new Set(SKILLS.map((s) => `POST /api/skill/${s.id}`)));
    expect(all.skills.every((s) => s.served)).toBe(true);
  });

  it("counts routes and served routes per function", () => {
    const overview = listing.functions.find((f) => f.name === "overview");
    expect(overview?.routes).toBe(ROUTE_CATALOGUE.filter((e) => e.function === "overview").length);
    expect(overview?.served).toBe(1);
    expect(listing.functions.find((f) => f.name === "guardrail")?.served).toBe(1);
    expect(listing.functions.find((f) => f.name === "reason")?.served).toBe(0);
  });
});

describe("renderListingText (llms.txt)", () => {
  const listing = composeDiscoveryListing(new Set(["GET /api/virtues", "POST /api/guardrail", "GET /api/public-key"]));
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

  it("links every served route once, at the base URL, with its summary as the purpose", () => {
    for (const route of listing.routes.filter((r) => r.served)) {
      const found = linkOf(routeKey(route.method, route.path));
      expect(found, routeKey(route.method, route.path)).toHaveLength(1);
      expect(found[0]!.url).toBe(`${BASE}${route.path}`);
      expect(found[0]!.notes).toContain(route.summary.replace(/\.$/, ""));
    }
  });

  it("lists the routes not yet served only under Optional, marked as such", () => {
    const optional = parsed.sections.find((s) => s.title === "Optional");
    expect(optional?.links.length).toBe(listing.routes.filter((r) => !r.served).length);
    expect(parsed.sections.at(-1)?.title).toBe("Optional");
    expect(optional?.links.find((l) => l.name === "GET /api/v1/virtues")?.notes).toContain("planned, not yet served");
    expect(optional?.links.find((l) => l.name === "POST /api/reason")?.notes).toMatch(/\(.*not yet served\)/);
    expect(links).toHaveLength(listing.routes.length);
  });

  it("says who may call each route and which allowance it draws on", () => {
    expect(linkOf("GET /api/virtues")[0]!.notes).toMatch(/\(public\)\.$/);
    expect(linkOf("POST /api/guardrail")[0]!.notes).toContain("Bearer credential; skill svc-guard, 500 calls a month free");
    expect(linkOf("POST /api/admin/keys")[0]!.notes).toContain("operator credential");
    expect(linkOf("POST /api/reason")[0]!.notes).toContain("30 loops a month free");
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

describe("catalogueMismatches", () => {
  it("accepts served routes that match the catalogue, ignoring /healthz", () => {
    expect(
      catalogueMismatches([
        {
          name: "overview",
          routes: [
            { method: "get", path: "/api/virtues", auth: "none" },
            { method: "get", path: "/healthz", auth: "none" },
          ],
        },
      ]),
    ).toEqual([]);
  });

  it("reports a served route missing from the catalogue", () => {
    const problems = catalogueMismatches([{ name: "overview", routes: [{ method: "get", path: "/api/not-catalogued", auth: "none" }] }]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("GET /api/not-catalogued");
    expect(problems[0]).toContain("not in the route catalogue");
  });

  it("reports a served route with the wrong auth", () => {
    const problems = catalogueMismatches([{ name: "overview", routes: [{ method: "get", path: "/api/virtues", auth: "bearer" }] }]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("GET /api/virtues");
    expect(problems[0]).toMatch(/auth bearer .*catalogued as none/);
  });

  it("reports a served route owned by another function", () => {
    const problems = catalogueMismatches([{ name: "discovery", routes: [{ method: "get", path: "/api/virtues", auth: "none" }] }]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("catalogued under overview");
  });

  it("does not match a method it was not catalogued with", () => {
    const problems = catalogueMismatches([{ name: "overview", routes: [{ method: "delete", path: "/api/virtues", auth: "none" }] }]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("DELETE /api/virtues");
  });
});
