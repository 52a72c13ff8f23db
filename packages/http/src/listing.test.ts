import { describe, expect, it } from "vitest";
import { listedRoutesOf } from "./listing";
import type { RouteContract } from "./route";

const contract = (method: RouteContract["method"], path: string, extra: Partial<RouteContract> = {}): RouteContract => ({
  operationId: `${method}${path.replace(/\W/g, "_")}`,
  method,
  path,
  summary: `What ${path} does`,
  tags: ["test"],
  auth: "bearer",
  listing: { spec: "4.2" },
  responses: { 200: { description: "ok" } },
  ...extra,
});

describe("listedRoutesOf", () => {
  it("lists each contract with its function, auth, summary, spec and the skill its charge draws on", () => {
    const routes = listedRoutesOf([
      { name: "scoring", routes: [contract("post", "/api/score-action", { charge: { skill: "svc-score" } }), contract("get", "/api/user/scores")] },
    ]);
    expect(routes).toEqual([
      {
        method: "POST",
        path: "/api/score-action",
        function: "scoring",
        auth: "bearer",
        skill: "svc-score",
        summary: "What /api/score-action does",
        spec: "4.2",
      },
      { method: "GET", path: "/api/user/scores", function: "scoring", auth: "bearer", summary: "What /api/user/scores does", spec: "4.2" },
    ]);
  });

  it("puts the requirement in words, followed by what the listing part adds, and keeps the planned mark", () => {
    const [route] = listedRoutesOf([
      {
        name: "accreditation",
        routes: [
          contract("post", "/api/v1/x", {
            requires: { kinds: ["prac"], capability: "accreditation_write" },
            listing: { spec: "4.6", planned: true, requires: "the agent's own key" },
          }),
        ],
      },
    ]);
    expect(route!.requires).toBe("svc_prac_ key with capability accreditation_write; the agent's own key");
    expect(route!.listed_as_planned).toBe(true);
    const [paid] = listedRoutesOf([{ name: "assessments", routes: [contract("post", "/api/y", { requires: { tier: "paid" } })] }]);
    expect(paid!.requires).toBe("paid key");
    expect(paid).not.toHaveProperty("listed_as_planned");
  });

  it("lists a route mounted by several functions once, under the first (GET /healthz)", () => {
    const health = contract("get", "/healthz", { auth: "none", listing: { spec: "-" } });
    const routes = listedRoutesOf([
      { name: "discovery", routes: [health] },
      { name: "overview", routes: [health, contract("get", "/api/virtues", { auth: "none" })] },
    ]);
    expect(routes.map((r) => `${r.function} ${r.method} ${r.path}`)).toEqual(["discovery GET /healthz", "overview GET /api/virtues"]);
  });

  it("refuses a route whose contract has no listing part, naming it", () => {
    const { listing: _, ...bare } = contract("post", "/api/unlisted");
    expect(() => listedRoutesOf([{ name: "scoring", routes: [bare] }])).toThrow(/POST \/api\/unlisted \(function scoring\)/);
  });

  it("refuses a function that is not one of the service's", () => {
    expect(() => listedRoutesOf([{ name: "elsewhere", routes: [contract("get", "/x")] }])).toThrow();
  });
});
