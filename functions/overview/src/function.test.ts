import {
  DomainFileId,
  INDIFFERENTS,
  IndifferentsResponse,
  RankIndifferentsResponse,
  StoicBrainDomainResponse,
  StoicBrainHubResponse,
  StoicBrainResponse,
  VirtuesResponse,
} from "@svc/core";
import { ErrorEnvelope } from "@svc/http";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { overviewFunction } from "./function";

const SILENT = { LOG_LEVEL: "silent" };

function request(path: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(overviewFunction.fetch(new Request(`http://overview.test${path}`, init), SILENT));
}

/** Expects a 200 whose body parses with the schema; returns the parsed body. */
async function getParsed<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  const res = await request(path);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  expect(res.headers.get("Content-Type"), text).toMatch(/^application\/json/);
  const result = schema.safeParse(JSON.parse(text));
  expect(result.success, result.success ? text : `${z.prettifyError(result.error)}\n${text}`).toBe(true);
  return result.data as z.output<S>;
}

async function expectError(res: Response, status: number, code: string, field?: string) {
  const text = await res.clone().text();
  expect(res.status, text).toBe(status);
  const parsed = ErrorEnvelope.safeParse(JSON.parse(text));
  expect(parsed.success, text).toBe(true);
  expect(parsed.data!.error.code, text).toBe(code);
  expect(parsed.data!.error.field, text).toBe(field);
  expect(parsed.data!.error.request_id, text).toBe(res.headers.get("X-Request-Id"));
  return parsed.data!.error;
}

const GET_ROUTES: readonly [string, z.ZodType][] = [
  ["/api/virtues", VirtuesResponse],
  ["/api/v1/virtues", VirtuesResponse],
  ["/api/indifferents", IndifferentsResponse],
  ["/api/v1/indifferents", IndifferentsResponse],
  ["/api/stoic-brain", StoicBrainResponse],
  ["/api/stoic-brain/hub", StoicBrainHubResponse],
  ...DomainFileId.options.map((id): [string, z.ZodType] => [`/api/stoic-brain/${id}`, StoicBrainDomainResponse]),
];

describe("GET routes", () => {
  describe.each(GET_ROUTES)("%s", (path, schema) => {
    it("is 200 and parses with its response schema", async () => {
      await getParsed(path, schema);
    });

    it("is public and cacheable, open to every origin", async () => {
      const res = await request(path, { headers: { Origin: "https://any.example" } });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
      expect(res.headers.get("ETag")).toMatch(/^"[^"]+"$/);
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    });

    it("answers If-None-Match with its ETag by a 304 and an empty body", async () => {
      const first = await request(path);
      const etag = first.headers.get("ETag");
      expect(etag, await first.text()).not.toBeNull();
      const second = await request(path, { headers: { "If-None-Match": etag! } });
      expect(second.status).toBe(304);
      expect(await second.text()).toBe("");
      expect(second.headers.get("ETag")).toBe(etag);
      const stale = await request(path, { headers: { "If-None-Match": '"stale"' } });
      expect(stale.status).toBe(200);
    });
  });
});

describe("GET /api/virtues (spec 2.2)", () => {
  it("lists the four virtues, each with four sub-virtues {id, name} and a definition, plus note", async () => {
    const body = await getParsed("/api/virtues", VirtuesResponse);
    expect(body.virtues.map((v) => v.id)).toEqual(["wisdom", "justice", "courage", "temperance"]);
    for (const virtue of body.virtues) {
      expect(virtue.sub_virtues, virtue.id).toHaveLength(4);
      for (const sub of virtue.sub_virtues) {
        expect(Object.keys(sub).sort(), `${virtue.id}/${sub.id}`).toEqual(["id", "name"]);
        expect(sub.id.length).toBeGreaterThan(0);
        expect(sub.name.length).toBeGreaterThan(0);
      }
      expect(virtue.definition.length, virtue.id).toBeGreaterThan(20);
    }
    expect(body.note.length).toBeGreaterThan(0);
  });

  it("is the same document at /api/v1/virtues", async () => {
    const [plain, v1] = await Promise.all([request("/api/virtues"), request("/api/v1/virtues")]);
    expect(await v1.text()).toBe(await plain.text());
  });
});

describe("GET /api/indifferents (spec 2.3)", () => {
  it("lists items whose category is preferred or dispreferred, both present", async () => {
    const body = await getParsed("/api/indifferents", IndifferentsResponse);
    expect(body.indifferents.length).toBe(INDIFFERENTS.length);
    for (const item of body.indifferents) expect(["preferred", "dispreferred"], item.id).toContain(item.category);
    expect(new Set(body.indifferents.map((i) => i.category))).toEqual(new Set(["preferred", "dispreferred"]));
    expect(body.note.length).toBeGreaterThan(0);
  });

  it("is the same document at /api/v1/indifferents", async () => {
    const [plain, v1] = await Promise.all([request("/api/indifferents"), request("/api/v1/indifferents")]);
    expect(await v1.text()).toBe(await plain.text());
  });
});

describe("GET /api/stoic-brain (spec 2.4)", () => {
  it("has version 3.0.0, the three foundation strings, virtues, indifferents and note", async () => {
    const body = await getParsed("/api/stoic-brain", StoicBrainResponse);
    expect(body.version).toBe("3.0.0");
    expect(Object.keys(body.foundations).sort()).toEqual(["dichotomy_of_control", "flourishing", "sage_definition"]);
    for (const [key, text] of Object.entries(body.foundations)) {
      expect(typeof text, key).toBe("string");
      expect(text.length, key).toBeGreaterThan(20);
    }
    expect(body.virtues).toEqual((await getParsed("/api/virtues", VirtuesResponse)).virtues);
    expect(body.indifferents).toEqual((await getParsed("/api/indifferents", IndifferentsResponse)).indifferents);
    expect(body.note.length).toBeGreaterThan(0);
  });
});

describe("GET /api/stoic-brain/hub and the domain files", () => {
  it("names seven domain files whose paths each serve that domain", async () => {
    const hub = await getParsed("/api/stoic-brain/hub", StoicBrainHubResponse);
    expect(hub.domain_files).toHaveLength(7);
    expect(hub.domain_files.map((f) => f.id)).toEqual(["psychology", "passions", "virtue", "value", "action", "progress", "scoring"]);
    for (const ref of hub.domain_files) {
      const file = await getParsed(ref.path, StoicBrainDomainResponse);
      expect(file.domain.id, ref.path).toBe(ref.id);
      expect(file.domain.title, ref.path).toBe(ref.title);
      expect(file.version).toBe(hub.version);
    }
  });

  it("carries the decision weights 30/25/25/20", async () => {
    const hub = await getParsed("/api/stoic-brain/hub", StoicBrainHubResponse);
    expect(hub.decision_layer.weights).toEqual({ wisdom: 30, justice: 25, courage: 25, temperance: 20 });
  });

  describe.each(["unknown", "Psychology", "hubs", "psychology.json", "%20"])("GET /api/stoic-brain/%s", (segment) => {
    it("is a 404 naming domain", async () => {
      await expectError(await request(`/api/stoic-brain/${segment}`), 404, "not_found", "domain");
    });
  });

  it("is a 404 not_found for a path below a domain file", async () => {
    await expectError(await request("/api/stoic-brain/psychology/extra"), 404, "not_found");
  });
});

describe("POST /api/v1/rank-indifferents", () => {
  function rank(body: RequestInit["body"], headers: Record<string, string> = {}): Promise<Response> {
    return request("/api/v1/rank-indifferents", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", ...headers },
    });
  }

  it("ranks the given indifferents", async () => {
    const res = await rank(JSON.stringify({ indifferents: ["death", "wealth", "health", "strength"] }));
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const parsed = RankIndifferentsResponse.safeParse(JSON.parse(text));
    expect(parsed.success, text).toBe(true);
    expect(parsed.data!.ranked.map((r) => [r.rank, r.id])).toEqual([
      [1, "health"],
      [2, "strength"],
      [2, "wealth"],
      [4, "death"],
    ]);
  });

  it("is open to every origin, like the public GETs", async () => {
    const res = await rank(JSON.stringify({ indifferents: ["life"] }), { Origin: "https://any.example" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  const tooMany = Array.from({ length: INDIFFERENTS.length + 1 }, (_, i) => `id_${i}`);

  describe.each([
    ["not JSON", "{indifferents: [health]}", 400, "invalid_json", undefined],
    ["an empty body", "", 400, "invalid_json", undefined],
    ["a JSON array", "[]", 400, "invalid_field", undefined],
    ["no indifferents", JSON.stringify({}), 400, "missing_field", "indifferents"],
    ["indifferents not an array", JSON.stringify({ indifferents: "health" }), 400, "invalid_field", "indifferents"],
    ["an empty array", JSON.stringify({ indifferents: [] }), 400, "invalid_field", "indifferents"],
    ["more ids than there are indifferents", JSON.stringify({ indifferents: tooMany }), 400, "invalid_field", "indifferents"],
    ["a number among the ids", JSON.stringify({ indifferents: ["health", 7] }), 400, "invalid_field", "indifferents[1]"],
    ["an empty id", JSON.stringify({ indifferents: ["health", "life", ""] }), 400, "invalid_field", "indifferents[2]"],
    ["an unknown id", JSON.stringify({ indifferents: ["health", "happiness"] }), 400, "unknown_indifferent", "indifferents[1]"],
    ["a duplicate id", JSON.stringify({ indifferents: ["health", "life", "health"] }), 400, "duplicate_indifferent", "indifferents[2]"],
    ["an extra key", JSON.stringify({ indifferents: ["health"], weights: {} }), 400, "unknown_field", "weights"],
    ["a body over its byte cap", JSON.stringify({ indifferents: ["health"], pad: "x".repeat(32 * 1024) }), 413, "payload_too_large", undefined],
  ])("with %s", (_label, body, status, code, field) => {
    it(`is a ${status} ${code}${field ? ` naming ${field}` : ""}`, async () => {
      await expectError(await rank(body), status, code, field);
    });
  });

  it("answers GET with 405 and Allow: POST", async () => {
    const res = await request("/api/v1/rank-indifferents");
    await expectError(res, 405, "method_not_allowed");
    expect(res.headers.get("Allow")).toBe("POST");
  });
});

describe("wrong method and unknown path", () => {
  it("answers POST /api/virtues with 405 in the envelope, allowing GET and HEAD", async () => {
    const res = await request("/api/virtues", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    await expectError(res, 405, "method_not_allowed");
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
  });

  it("answers an unknown path with 404 in the envelope", async () => {
    await expectError(await request("/api/vices"), 404, "not_found");
  });

  it("answers /healthz for the overview function", async () => {
    const res = await request("/healthz");
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text)).toEqual({ status: "ok", function: "overview" });
  });
});
