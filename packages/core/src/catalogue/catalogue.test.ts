import { describe, expect, it } from "vitest";
import * as z from "zod";
import { catalogueMismatches, composeDiscoveryListing, DiscoveryListing, renderListingText, routeKey } from "./listing";
import { CatalogueEntrySchema, ROUTE_CATALOGUE } from "./routes";
import { SKILLS, SkillSchema } from "./skills";

const catalogueKeys = ROUTE_CATALOGUE.map((e) => routeKey(e.method, e.path));

/** Every route named by spec sections 4.1 to 4.6, written out from the spec. */
const SPEC_ROUTES: Record<string, readonly string[]> = {
  "4.1 public overview": ["GET /api/virtues", "GET /api/indifferents", "GET /api/stoic-brain"],
  "4.2 scoring and user data": [
    "POST /api/score-action",
    "POST /api/advise-action",
    "GET /api/user/scores",
    "GET /api/user/profile",
  ],
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
  "4.5 reflection, calling and watching": [
    "POST /api/practice/reflect",
    "POST /api/calling",
    "POST /api/calling/approve",
    "POST /api/practice/watching",
  ],
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
    for (const key of [...SPEC_ROUTES["4.1 public overview"]!, "GET /api/accreditation/{agent_id}", "GET /api/public-key", "GET /api/trust-record/{agent_id}"]) {
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
  const EVALUATION = ["svc-decide", "svc-audit", "svc-converse", "svc-scenario", "svc-reflect", "svc-classify", "svc-prioritise", "svc-moderate"];
  const MARKETPLACE = [
    "svc-premortem", "svc-negotiate", "svc-invest", "svc-pivot", "svc-retro", "svc-align",
    "svc-resolve", "svc-coach", "svc-govern", "svc-compliance", "svc-educate", "svc-identity",
  ];
  const EXPECTED_ALLOWANCE: Record<string, number | null> = {
    "svc-guard": 500,
    "svc-reason": 30,
    "svc-score": 100,
    "svc-iterate": 50,
    ...Object.fromEntries(EVALUATION.map((id) => [id, 100])),
    ...Object.fromEntries(MARKETPLACE.map((id) => [id, 50])),
    "svc-diagnose": 25,
    "svc-profile": 25,
    "svc-context": null,
  };

  it("has the 27 skills, each once", () => {
    const ids = SKILLS.map((s) => s.id);
    expect(ids).toHaveLength(27);
    expect(new Set(ids).size).toBe(27);
    expect([...ids].sort()).toEqual(Object.keys(EXPECTED_ALLOWANCE).sort());
  });

  it.each(Object.entries(EXPECTED_ALLOWANCE))("gives %s a free monthly allowance of %s", (id, allowance) => {
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

  it("lists one route per skill, and marks a skill served when its own route is", () => {
    for (const skill of SKILLS) {
      expect(ROUTE_CATALOGUE.filter((e) => e.method === "POST" && e.path === `/api/skill/${skill.id}`), skill.id).toHaveLength(1);
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

describe("renderListingText", () => {
  const listing = composeDiscoveryListing(new Set(["GET /api/virtues"]));
  const text = renderListingText(listing);
  const lines = text.split("\n");

  it("has one line per route", () => {
    for (const route of listing.routes) {
      const matching = lines.filter((l) => l.startsWith(`${route.method} ${route.path} |`));
      expect(matching, routeKey(route.method, route.path)).toHaveLength(1);
    }
    const routeLines = lines.filter((l) => /^(GET|POST|PUT|PATCH|DELETE) \//.test(l));
    expect(routeLines).toHaveLength(listing.routes.length);
  });

  it("has one line per skill", () => {
    for (const skill of listing.skills) {
      expect(lines.filter((l) => l.startsWith(`${skill.id} |`)), skill.id).toHaveLength(1);
    }
    expect(lines.filter((l) => /^svc-[a-z]+ \|/.test(l))).toHaveLength(listing.skills.length);
  });

  it("shows which routes are served, planned or not yet served", () => {
    expect(lines.find((l) => l.startsWith("GET /api/virtues |"))).toContain("| served |");
    expect(lines.find((l) => l.startsWith("GET /api/v1/virtues |"))).toContain("| planned |");
    expect(lines.find((l) => l.startsWith("POST /api/reason |"))).toContain("| not yet served |");
  });

  it("writes svc-context's allowance as unlimited", () => {
    expect(lines.find((l) => l.startsWith("svc-context |"))).toContain("unlimited");
    expect(lines.find((l) => l.startsWith("svc-guard |"))).toContain("500 calls");
  });
});

describe("catalogueMismatches", () => {
  it("accepts served routes that match the catalogue, ignoring /healthz", () => {
    expect(
      catalogueMismatches([
        { name: "overview", routes: [{ method: "get", path: "/api/virtues", auth: "none" }, { method: "get", path: "/healthz", auth: "none" }] },
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
