import { describe, expect, it } from "vitest";
import * as z from "zod";
import { DomainFileId } from "./framework";
import {
  IndifferentsResponse,
  StoicBrainDomainResponse,
  StoicBrainHubResponse,
  StoicBrainResponse,
  VirtuesResponse,
  listIndifferents,
  listVirtues,
  stoicBrainDomain,
  stoicBrainHub,
  stoicBrainOverview,
} from "./overview";

/** Parse and, on failure, show which fields were wrong. */
function expectParses(schema: z.ZodType, value: unknown): void {
  const result = schema.safeParse(value);
  expect(result.success, result.success ? "" : z.prettifyError(result.error)).toBe(true);
}

describe("listVirtues", () => {
  it("matches VirtuesResponse with the four virtues and their sub-virtues", () => {
    const body = listVirtues();
    expectParses(VirtuesResponse, body);
    expect(body.virtues.map((v) => [v.id, v.domain_id])).toEqual([
      ["wisdom", "phronesis"],
      ["justice", "dikaiosyne"],
      ["courage", "andreia"],
      ["temperance", "sophrosyne"],
    ]);
    expect(body.virtues[0]?.sub_virtues[0]).toEqual({ id: "euboulia", name: "Good deliberation" });
    expect(body.note).toMatch(/reflection/);
  });

  it("exposes only the fields of spec 2.2", () => {
    const virtue = listVirtues().virtues[0];
    expect(Object.keys(virtue ?? {}).sort()).toEqual(["definition", "domain_id", "id", "name", "sub_virtues"]);
  });
});

describe("listIndifferents", () => {
  it("matches IndifferentsResponse with 12 preferred and 10 dispreferred", () => {
    const body = listIndifferents();
    expectParses(IndifferentsResponse, body);
    expect(body.indifferents.filter((i) => i.category === "preferred")).toHaveLength(12);
    expect(body.indifferents.filter((i) => i.category === "dispreferred")).toHaveLength(10);
    expect(Object.keys(body.indifferents[0] ?? {}).sort()).toEqual(["category", "description", "domain", "id", "name", "selective_value"]);
  });
});

describe("stoicBrainOverview", () => {
  it("matches StoicBrainResponse at version 3.0.0 with the three foundation strings", () => {
    const body = stoicBrainOverview();
    expectParses(StoicBrainResponse, body);
    expect(body.version).toBe("3.0.0");
    for (const key of ["dichotomy_of_control", "sage_definition", "flourishing"] as const) {
      expect(body.foundations[key].length, key).toBeGreaterThan(20);
    }
    expect(body.virtues).toEqual(listVirtues().virtues);
    expect(body.indifferents).toEqual(listIndifferents().indifferents);
  });

  it("is deterministic", () => {
    expect(JSON.stringify(stoicBrainOverview())).toBe(JSON.stringify(stoicBrainOverview()));
  });
});

describe("stoicBrainHub", () => {
  it("matches StoicBrainHubResponse with the weights and the seven domain files", () => {
    const body = stoicBrainHub();
    expectParses(StoicBrainHubResponse, body);
    expect(body.version).toBe("3.0.0");
    expect(body.decision_layer.weights).toEqual({ wisdom: 30, justice: 25, courage: 25, temperance: 20 });
    expect(body.dichotomy_of_control.up_to_us).toContain("assent");
    expect(body.dichotomy_of_control.not_up_to_us).toContain("other people's actions");
    expect(body.domain_files.map((f) => f.path)).toEqual([
      "/api/stoic-brain/psychology",
      "/api/stoic-brain/passions",
      "/api/stoic-brain/virtue",
      "/api/stoic-brain/value",
      "/api/stoic-brain/action",
      "/api/stoic-brain/progress",
      "/api/stoic-brain/scoring",
    ]);
  });

  it("returns copies, so changing one response leaves the next intact", () => {
    stoicBrainHub().dichotomy_of_control.up_to_us.push("weather");
    expect(stoicBrainHub().dichotomy_of_control.up_to_us).not.toContain("weather");
  });
});

describe("stoicBrainDomain", () => {
  it.each(DomainFileId.options)("serves %s matching StoicBrainDomainResponse", (id) => {
    const body = stoicBrainDomain(id);
    expectParses(StoicBrainDomainResponse, body);
    expect(body.version).toBe("3.0.0");
    expect(body.domain.id).toBe(id);
  });

  it("names in the hub exactly the files it serves", () => {
    const hubIds = stoicBrainHub().domain_files.map((f) => f.id);
    expect(hubIds).toEqual(DomainFileId.options);
    for (const ref of stoicBrainHub().domain_files) {
      expect(stoicBrainDomain(ref.id).domain.title).toBe(ref.title);
    }
  });

  it("survives a JSON round trip unchanged", () => {
    for (const id of DomainFileId.options) {
      const body = stoicBrainDomain(id);
      expect(JSON.parse(JSON.stringify(body))).toEqual(body);
    }
  });
});
