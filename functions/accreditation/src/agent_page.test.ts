import { AGENT_PAGE_CSP } from "@svc/core";
import type { Runtime } from "@svc/runtime";
import { clearCredentialCache } from "@svc/http/auth";
import { beforeEach, describe, expect, it } from "vitest";
import { api, ENV, seededAgent } from "../../../tests/support/accreditation";
import { testRuntime } from "../../../tests/support/database";

beforeEach(() => clearCredentialCache());

const page = (agent: string, env: Record<string, unknown> = ENV) => api.send("GET", `/agents/${encodeURIComponent(agent)}`, undefined, undefined, env);

/** The test runtime with one store's reads failing. */
function failing(store: "trust" | "accreditations" | "both"): Runtime {
  const down = async () => {
    throw new Error("down");
  };
  return {
    name: `${store}-down`,
    open: async (config) => {
      const session = await (await testRuntime()).open(config);
      const trust = store === "accreditations" ? session.trust : { ...session.trust, events: down, readings: down, gaps: down, gapCount: down };
      const accreditations = store === "trust" ? session.accreditations : { ...session.accreditations, find: down, gradeHistory: down };
      return { ...session, trust, accreditations };
    },
  };
}

function expectPageHeaders(res: Response, cache: string): void {
  expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(res.headers.get("content-security-policy")).toBe(AGENT_PAGE_CSP);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("cache-control")).toBe(cache);
}

describe("GET /agents/{agent_id}: the public agent page", () => {
  it("200 with the accreditation and the chart of the trust record, public for a minute", async () => {
    const a = await seededAgent();
    const res = await page(a.agent);
    expect(res.status).toBe(200);
    expectPageHeaders(res, "public, max-age=60");
    const html = await res.text();
    expect(html).toContain(`<title>Agent ${a.agent}: accreditation and trust record</title>`);
    expect(html).toMatch(/<dd data-field="senecan_grade"><strong>grade 3<\/strong><span class="prov"[^>]*>agent-reported<\/span>/);
    expect(html).toMatch(/<dd data-field="coverage_status"><strong>agent elected<\/strong><span class="prov"[^>]*>server-computed<\/span>/);
    expect(html.match(/<g class="bar[^"]*" data-domain=/g)).toHaveLength(4);
    expect(html).toContain('<table class="readings">');
  });

  it("404 is still a page, saying there is neither record", async () => {
    const res = await page(`nobody-${crypto.randomUUID()}`);
    expect(res.status).toBe(404);
    expectPageHeaders(res, "public, max-age=60");
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("The service holds no accreditation record and no trust record for this agent.");
    expect(html).not.toContain("<svg");
  });

  it("with the trust store down: the accreditation, a note that the trust record is temporarily unavailable, never cached", async () => {
    const a = await seededAgent();
    const res = await page(a.agent, { ...ENV, SVC_RUNTIME: failing("trust") });
    expect(res.status).toBe(200);
    expectPageHeaders(res, "no-store");
    const html = await res.text();
    expect(html).toContain('data-field="senecan_grade"');
    expect(html).toContain("The trust record is temporarily unavailable; try again shortly.");
    expect(html).not.toContain("No trust record:");
  });

  it("with the accreditation store down the trust record still shows; with both down a 503 page, never cached", async () => {
    const a = await seededAgent();
    const partial = await page(a.agent, { ...ENV, SVC_RUNTIME: failing("accreditations") });
    expect(partial.status).toBe(200);
    expectPageHeaders(partial, "no-store");
    const html = await partial.text();
    expect(html).toContain("The accreditation record is temporarily unavailable; try again shortly.");
    expect(html.match(/<g class="bar[^"]*" data-domain=/g)).toHaveLength(4);

    const dark = await page(a.agent, { ...ENV, SVC_RUNTIME: failing("both") });
    expect(dark.status).toBe(503);
    expectPageHeaders(dark, "no-store");
    expect(await dark.text()).toContain("This agent&#39;s records cannot be read just now.");
  });
});
