import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AgentCard, agentCardAt, DiscoveryListing, OPENAPI_OPERATIONS_EXTENSION, routeKey, SKILLS } from "@svc/core";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { SERVICE_FUNCTIONS } from "../../../packages/local/src/functions";
import { localDocsAssets, readDocsScript, RENDERER_PATCHES, writeDocsAssets } from "../../../packages/local/src/docs_assets";
import { GENERATED_DIR, generateArtifacts } from "../../../packages/local/src/generate";
import { IMMUTABLE_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from "@svc/http";
import { parseLlmsTxt } from "../../../tests/support/llms_txt";
import { DOCS_ASSETS_BINDING, DOCS_CSP, DOCS_MANIFEST, discoveryFunction } from "./function";

const SILENT = { LOG_LEVEL: "silent" };

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

function request(path: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(discoveryFunction.fetch(new Request(`http://discovery.test${path}`, init), SILENT));
}

async function getText(path: string): Promise<{ res: Response; text: string }> {
  const res = await request(path);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { res, text };
}

async function getListing(): Promise<DiscoveryListing> {
  const { res, text } = await getText("/.well-known/discovery.json");
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  const result = DiscoveryListing.safeParse(JSON.parse(text));
  expect(result.success, result.success ? "" : z.prettifyError(result.error)).toBe(true);
  return result.data!;
}

/** What the functions really mount, as `METHOD /path`, with the function that mounts it. */
const mounted = new Map(SERVICE_FUNCTIONS.flatMap((fn) => fn.routes.map((route) => [routeKey(route.method, route.path), fn.name] as const)));
const mountedPaths = new Set(SERVICE_FUNCTIONS.flatMap((fn) => fn.routes.map((route) => route.path)));

describe("GET /.well-known/discovery.json", () => {
  it("parses with DiscoveryListing and is public and cacheable", async () => {
    await getListing();
    const res = await request("/.well-known/discovery.json", { headers: { Origin: "https://agent.example" } });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Cache-Control")).toMatch(/^public/);
    const etag = res.headers.get("ETag")!;
    const again = await request("/.well-known/discovery.json", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("lists every mounted route, under the function that mounts it", async () => {
    const listing = await getListing();
    for (const [key, fnName] of mounted) {
      const entry = listing.routes.find((r) => routeKey(r.method, r.path) === key);
      expect(entry, `${key} is mounted by ${fnName} but not listed`).toBeDefined();
      if (!key.endsWith(" /healthz")) expect(entry!.function, key).toBe(fnName);
    }
  });

  it("lists only routes that are really mounted, each once", async () => {
    const keys = (await getListing()).routes.map((r) => routeKey(r.method, r.path));
    for (const key of keys) expect(mounted.has(key), `${key} is listed but not mounted`).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("lists routes without path parameters that their owning function answers (no 404 or 405)", async () => {
    const listing = await getListing();
    for (const route of listing.routes.filter((r) => !r.path.includes("{"))) {
      const fn = SERVICE_FUNCTIONS.find((f) => f.name === route.function)!;
      const res = await fn.fetch(
        new Request(`http://svc.test${route.path}`, {
          method: route.method,
          ...(route.method === "GET" ? {} : { body: "{}", headers: { "Content-Type": "application/json" } }),
        }),
        SILENT,
      );
      expect([404, 405], `${route.method} ${route.path} answered ${res.status}: ${await res.text()}`).not.toContain(res.status);
    }
  });

  it("lists the 27 skills of the pricing table", async () => {
    const listing = await getListing();
    expect(listing.skills.map((s) => s.id)).toEqual(SKILLS.map((s) => s.id));
  });

  it("is the listing the route contracts give (npm run generate)", async () => {
    expect(await getListing()).toEqual(JSON.parse(generateArtifacts()["listing.json"]!));
  });

  it("writes path parameters as {name} templates", async () => {
    for (const route of (await getListing()).routes) expect(route.path, route.path).not.toMatch(/:[a-z]|\/\/|.\/$/);
  });

  describe.each(Object.entries(SPEC_ROUTES))("spec %s", (_section, routes) => {
    it.each(routes.map((r) => [r]))("lists %s", async (key) => {
      expect((await getListing()).routes.map((r) => routeKey(r.method, r.path))).toContain(key);
    });
  });

  it("marks the six /api/v1 routes as planned, and only those", async () => {
    const planned = (await getListing()).routes.filter((r) => r.listed_as_planned).map((r) => routeKey(r.method, r.path));
    expect(planned.sort()).toEqual([...SPEC_ROUTES["4.6 planned /api/v1"]!].sort());
  });

  it("gives the spec's public routes auth none, the bearer routes bearer, and says what the narrower ones require", async () => {
    const listing = await getListing();
    const routeOf = (key: string) => listing.routes.find((r) => routeKey(r.method, r.path) === key);
    for (const key of [
      ...SPEC_ROUTES["4.1 public overview"]!,
      "GET /api/accreditation/{agent_id}",
      "GET /api/public-key",
      "GET /api/trust-record/{agent_id}",
    ]) {
      expect(routeOf(key)?.auth, key).toBe("none");
    }
    for (const key of [...SPEC_ROUTES["4.2 scoring and user data"]!, ...SPEC_ROUTES["4.3 assessments"]!, "POST /api/reason", "POST /api/practice/reflect"]) {
      expect(routeOf(key)?.auth, key).toBe("bearer");
    }
    expect(routeOf("POST /api/calling/approve")?.auth).toBe("operator");
    expect(routeOf("POST /api/accreditation/{agent_id}")?.requires).toBe("svc_prac_ key with capability accreditation_write");
    expect(routeOf("POST /api/practice/reflect")?.requires).toBe("capability reflect");
    expect(routeOf("POST /api/assessment/full")?.requires).toBe("paid key");
    expect(routeOf("POST /api/reason")?.requires).toMatch(/l1_supply/);
  });

  it("names only skills of the pricing table, each from the route's charge", async () => {
    const ids = new Set(SKILLS.map((s) => s.id));
    for (const route of (await getListing()).routes.filter((r) => r.skill)) {
      expect(ids.has(route.skill!), `${routeKey(route.method, route.path)} -> ${route.skill}`).toBe(true);
    }
    const skillOf = (key: string) => SERVICE_FUNCTIONS.flatMap((fn) => fn.routes).find((r) => routeKey(r.method, r.path) === key)?.charge?.skill;
    for (const route of (await getListing()).routes) expect(route.skill, routeKey(route.method, route.path)).toBe(skillOf(routeKey(route.method, route.path)));
  });
});

/** Asks the function that owns `METHOD /path` (no 404 or 405 means it is really served there). */
async function answerOf(method: string, path: string): Promise<Response> {
  const owner = mounted.get(routeKey(method, path));
  expect(owner, `${method} ${path} is not mounted`).toBeDefined();
  const fn = SERVICE_FUNCTIONS.find((f) => f.name === owner)!;
  return fn.fetch(
    new Request(`http://svc.test${path}`, {
      method,
      ...(method === "GET" ? {} : { body: "{}", headers: { "Content-Type": "application/json" } }),
    }),
    SILENT,
  );
}

describe("GET /llms.txt", () => {
  it("is text/plain in the llmstxt.org structure: H1, blockquote summary, H2 sections of link lines", async () => {
    const { res, text } = await getText("/llms.txt");
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const parsed = parseLlmsTxt(text);
    expect(parsed.title).toBe("Stoic Reasoning Service");
    expect(parsed.h1Count).toBe(1);
    expect(parsed.summary).toMatch(/Stoic ethical framework/);
    expect(parsed.stray, text).toEqual([]);
    expect(parsed.sections.map((s) => s.title)).toEqual(
      expect.arrayContaining(["Guardrail: gate an action before executing it", "Reasoning: the signed assessment", "Discovery"]),
    );
  });

  it("links every listed route once, with an absolute URL on the request's origin and its purpose", async () => {
    const listing = await getListing();
    const links = parseLlmsTxt((await getText("/llms.txt")).text).sections.flatMap((s) => s.links);
    for (const route of listing.routes) {
      const found = links.filter((l) => l.name === routeKey(route.method, route.path));
      expect(found, routeKey(route.method, route.path)).toHaveLength(1);
      expect(found[0]!.url).toBe(`http://discovery.test${route.path}`);
      expect(found[0]!.notes.length).toBeGreaterThan(route.summary.length - 2);
    }
    expect(links).toHaveLength(listing.routes.length);
  });

  it("links routes the functions answer (no 404 or 405), for every link without a path parameter", async () => {
    const links = parseLlmsTxt((await getText("/llms.txt")).text).sections.flatMap((s) => s.links);
    for (const link of links.filter((l) => !l.url.includes("{"))) {
      const [method, path] = link.name.split(" ") as [string, string];
      expect(new URL(link.url).pathname).toBe(path);
      const res = await answerOf(method, path);
      expect([404, 405], `${link.name} answered ${res.status}: ${await res.text()}`).not.toContain(res.status);
    }
  });

  it("uses PUBLIC_BASE_URL for its links when set", async () => {
    const res = await discoveryFunction.fetch(new Request("http://internal.test/llms.txt"), { ...SILENT, PUBLIC_BASE_URL: "https://api.example.com/" });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const links = parseLlmsTxt(text).sections.flatMap((s) => s.links);
    expect(links.find((l) => l.name === "POST /api/guardrail")?.url).toBe("https://api.example.com/api/guardrail");
    expect(text).not.toContain("internal.test");
  });
});

describe("GET /.well-known/agent-card.json", () => {
  async function getCard(): Promise<AgentCard> {
    const { res, text } = await getText("/.well-known/agent-card.json");
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const result = AgentCard.safeParse(JSON.parse(text));
    expect(result.success, result.success ? "" : z.prettifyError(result.error)).toBe(true);
    return result.data!;
  }

  it("is an A2A 0.3 card with absolute URLs on the request's origin, public and cacheable", async () => {
    const card = await getCard();
    expect(card.protocolVersion).toBe("0.3.0");
    expect(card.name).toBe("Stoic Reasoning Service");
    expect(card.url).toBe("http://discovery.test/");
    expect(card.documentationUrl).toBe("http://discovery.test/openapi.json");
    expect(card.defaultInputModes).toEqual(["application/json"]);
    expect(card.defaultOutputModes).toEqual(["application/json"]);
    const res = await request("/.well-known/agent-card.json", { headers: { Origin: "https://agent.example" } });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Cache-Control")).toMatch(/^public/);
    const again = await request("/.well-known/agent-card.json", { headers: { "If-None-Match": res.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });

  it("declares the Bearer credential, as the OpenAPI document does", async () => {
    const card = await getCard();
    const openapi = JSON.parse((await getText("/openapi.json")).text) as { components: { securitySchemes: Record<string, { type: string; scheme: string }> } };
    expect(card.security).toEqual([{ bearer: [] }]);
    expect(card.securitySchemes.bearer).toMatchObject({
      type: openapi.components.securitySchemes.bearer!.type,
      scheme: openapi.components.securitySchemes.bearer!.scheme,
    });
    expect(card.securitySchemes.bearer!.description).toContain("Authorization: Bearer");
  });

  it("has one skill per skill of the pricing table, each with id, name, description, tags and examples", async () => {
    const card = await getCard();
    expect(card.skills.map((s) => s.id)).toEqual(SKILLS.map((s) => s.id));
    for (const skill of card.skills) {
      expect(skill.name.length, skill.id).toBeGreaterThan(0);
      expect(skill.description.length, skill.id).toBeGreaterThan(40);
      expect(skill.tags.length, skill.id).toBeGreaterThan(0);
      expect(skill.examples.length, skill.id).toBeGreaterThan(0);
    }
  });

  it("maps every skill to routes that are mounted, listed for that skill, and answered by their function", async () => {
    const card = await getCard();
    const listing = await getListing();
    const extension = card.capabilities.extensions.find((e) => e.uri === OPENAPI_OPERATIONS_EXTENSION)!;
    expect(extension.params.openapi).toBe("http://discovery.test/openapi.json");
    const openapi = JSON.parse((await getText("/openapi.json")).text) as { paths: Record<string, Record<string, unknown>> };
    for (const skill of card.skills) {
      const operations = extension.params.operations[skill.id] ?? [];
      expect(operations.length, skill.id).toBeGreaterThan(0);
      expect(operations[0], skill.id).toEqual({ method: "POST", path: `/api/skill/${skill.id}` });
      const listed = listing.skills.find((s) => s.id === skill.id)!.routes;
      for (const { method, path } of operations) {
        const key = routeKey(method, path);
        expect(listed, `${skill.id} -> ${key}`).toContain(key);
        expect(openapi.paths[path]?.[method.toLowerCase()], `${key} is not in the OpenAPI document`).toBeDefined();
        expect(skill.description, skill.id).toContain(key);
        const res = await answerOf(method, path);
        expect([404, 405], `${key} answered ${res.status}: ${await res.text()}`).not.toContain(res.status);
      }
    }
  });

  it("uses PUBLIC_BASE_URL for its URLs when set", async () => {
    const res = await discoveryFunction.fetch(new Request("http://internal.test/.well-known/agent-card.json"), {
      ...SILENT,
      PUBLIC_BASE_URL: "https://api.example.com",
    });
    const card = AgentCard.parse(await res.json());
    expect(card.url).toBe("https://api.example.com/");
    expect(card.capabilities.extensions[0]!.params.openapi).toBe("https://api.example.com/openapi.json");
  });
});

describe("GET /openapi.json", () => {
  it("is OpenAPI 3.1.0 whose paths are exactly the served route paths", async () => {
    const { text } = await getText("/openapi.json");
    const document = JSON.parse(text) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual([...mountedPaths].sort());
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((m) => routeKey(m, path)));
    expect(operations.sort()).toEqual([...mounted.keys()].sort());
  });
});

describe("generated files (drift check)", () => {
  const generated = generateArtifacts();

  it.each(Object.keys(generated))("committed %s equals generateArtifacts()", (file) => {
    const committed = readFileSync(join(GENERATED_DIR, file), "utf8");
    // toBe on the whole text would print both files; compare parsed first for a readable diff.
    expect(JSON.parse(committed), `${file} is stale: run npm run generate`).toEqual(JSON.parse(generated[file]!));
    expect(committed === generated[file], `${file} differs in formatting: run npm run generate`).toBe(true);
  });

  it("serves the generated listing, OpenAPI document and agent card", async () => {
    const listing = await getText("/.well-known/discovery.json");
    expect(JSON.parse(listing.text)).toEqual(JSON.parse(generated["listing.json"]!));
    const openapi = await getText("/openapi.json");
    expect(JSON.parse(openapi.text)).toEqual(JSON.parse(generated["openapi.json"]!));
    const card = await getText("/.well-known/agent-card.json");
    expect(JSON.parse(card.text)).toEqual(agentCardAt(JSON.parse(generated["agent-card.json"]!) as AgentCard, "http://discovery.test"));
  });
});

describe("errors", () => {
  it("answers an unknown path with the 404 envelope", async () => {
    const res = await request("/.well-known/nothing.json");
    const text = await res.text();
    expect(res.status, text).toBe(404);
    expect(JSON.parse(text).error.code).toBe("not_found");
  });

  it("answers POST /openapi.json with 405", async () => {
    const res = await request("/openapi.json", { method: "POST" });
    expect(res.status, await res.clone().text()).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD");
  });
});

describe("GET /docs and its script", () => {
  // The local server's ASSETS binding: the same bytes the Worker's static assets hold.
  const WITH_ASSETS = { ...SILENT, [DOCS_ASSETS_BINDING]: localDocsAssets() };
  const scriptPath = `/docs/assets/${DOCS_MANIFEST.script.name}`;
  const get = (path: string, env: Record<string, unknown> = WITH_ASSETS, init: RequestInit = {}) =>
    Promise.resolve(discoveryFunction.fetch(new Request(`http://discovery.test${path}`, init), env));

  it("serves the page as HTML under its CSP, revalidated before every use", async () => {
    const res = await get("/docs");
    const html = await res.text();
    expect(res.status, html).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("Content-Security-Policy")).toBe(DOCS_CSP);
    expect(res.headers.get("Cache-Control")).toBe(REVALIDATE_CACHE_CONTROL);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const again = await get("/docs", WITH_ASSETS, { headers: { "If-None-Match": res.headers.get("ETag")! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("Content-Security-Policy")).toBe(DOCS_CSP);
  });

  it("links the renderer by its hashed name with its integrity, and the document by its path", async () => {
    const html = await (await get("/docs")).text();
    expect(html).toContain('<redoc spec-url="/openapi.json"');
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual([`<script src="${scriptPath}" integrity="${DOCS_MANIFEST.script.integrity}">`]);
    // Every address the page names is on its own origin (the empty icon spares the browser's /favicon.ico).
    for (const [, url] of html.matchAll(/(?:src|href|spec-url)="([^"]*)"/g)) expect(url, url).toMatch(/^(\/[^/]|data:,$)/);
    expect(DOCS_CSP).not.toMatch(/https?:|\*/);
  });

  it("serves the script from ASSETS: the manifest's bytes, cached for good, 304 on its ETag", async () => {
    const res = await get(scriptPath);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(bytes.byteLength).toBe(DOCS_MANIFEST.script.bytes);
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(DOCS_MANIFEST.script.sha256);
    expect(`sha384-${createHash("sha384").update(bytes).digest("base64")}`).toBe(DOCS_MANIFEST.script.integrity);
    const again = await get(scriptPath, WITH_ASSETS, { headers: { "If-None-Match": res.headers.get("ETag")! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const head = await get(scriptPath, WITH_ASSETS, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("answers 404 for any other name under /docs/assets/", async () => {
    for (const name of ["redoc.standalone.js", DOCS_MANIFEST.script.name.replace(/[0-9a-f]{16}\.js$/, "0000000000000000.js"), "..%2Fopenapi.json"]) {
      const res = await get(`/docs/assets/${name}`);
      const body = (await res.json()) as { error: { code: string; field: string } };
      expect(res.status, name).toBe(404);
      expect(body.error).toMatchObject({ code: "not_found", field: "name" });
    }
  });

  it("is a 500 bad_environment naming ASSETS without the binding, or with assets of another build", async () => {
    for (const env of [SILENT, { ...SILENT, [DOCS_ASSETS_BINDING]: { fetch: async () => new Response("Not Found", { status: 404 }) } }]) {
      const res = await get(scriptPath, env);
      const body = (await res.json()) as { error: { code: string; field: string; message: string } };
      expect(res.status).toBe(500);
      expect(body.error).toMatchObject({ code: "bad_environment", field: DOCS_ASSETS_BINDING });
      expect(body.error.message).toContain("wrangler deploy --env discovery");
    }
  });

  it("builds the script from the installed renderer with every patch applied once, and writes it alone for wrangler", () => {
    const { manifest, bytes } = readDocsScript();
    expect(manifest).toEqual(DOCS_MANIFEST);
    const text = new TextDecoder().decode(bytes);
    for (const patch of RENDERER_PATCHES) {
      expect(text).not.toContain(patch.find);
      expect(text.split(patch.replace)).toHaveLength(2);
    }
    const dir = mkdtempSync(join(tmpdir(), "svc-docs-assets-"));
    writeDocsAssets(dir);
    expect(readdirSync(dir)).toEqual([DOCS_MANIFEST.script.name]);
    expect(new Uint8Array(readFileSync(join(dir, DOCS_MANIFEST.script.name)))).toEqual(bytes);
  });
});
