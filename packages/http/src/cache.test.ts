import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL, publicBody, publicJson, staticPublicBody, staticPublicJson } from "./cache";
import type { AppEnv } from "./route";

let document: unknown = { virtues: ["wisdom", "justice"] };

const app = new Hono<AppEnv>();
app.get("/doc", (c) => publicJson(c, document));
app.get("/text", (c) => publicBody(c, "one line\n", "text/plain; charset=utf-8"));

let staticRenders = 0;
app.get(
  "/static",
  staticPublicJson(() => {
    staticRenders += 1;
    return { rendered: staticRenders };
  }),
);
app.get(
  "/static-text",
  staticPublicBody(() => "fixed text\n", "text/plain; charset=utf-8"),
);

function get(path: string, ifNoneMatch?: string): Promise<Response> {
  return Promise.resolve(app.request(path, ifNoneMatch === undefined ? {} : { headers: { "If-None-Match": ifNoneMatch } }));
}

async function etagOf(path: string): Promise<string> {
  const res = await get(path);
  expect(res.status, await res.clone().text()).toBe(200);
  const etag = res.headers.get("ETag");
  expect(etag).not.toBeNull();
  return etag!;
}

describe("publicJson", () => {
  it("answers the JSON with a strong ETag and the public Cache-Control", async () => {
    const res = await get("/doc");
    const text = await res.clone().text();
    expect(res.status, text).toBe(200);
    expect(JSON.parse(text)).toEqual(document);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(res.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
    expect(res.headers.get("ETag")).toMatch(/^"[A-Za-z0-9_-]{16,}"$/);
  });

  it("gives the same ETag for the same body and another for another body", async () => {
    const first = await etagOf("/doc");
    expect(await etagOf("/doc")).toBe(first);
    const previous = document;
    document = { virtues: ["wisdom", "justice", "courage"] };
    try {
      expect(await etagOf("/doc")).not.toBe(first);
    } finally {
      document = previous;
    }
  });
});

describe("publicBody", () => {
  it("keeps the given content type and caches the same way", async () => {
    const res = await get("/text");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("one line\n");
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(res.headers.get("ETag")).not.toBe(await etagOf("/doc"));
  });
});

describe("If-None-Match", () => {
  describe.each([
    ["the same ETag", (etag: string) => etag],
    ["the weak form W/ of the same ETag", (etag: string) => `W/${etag}`],
    ["a list holding it", (etag: string) => `"stale-1", ${etag}, "stale-2"`],
    ["a list holding its weak form", (etag: string) => `"stale-1",W/${etag}`],
    ["*", () => "*"],
  ])("with %s", (_label, header) => {
    it("is a 304 with an empty body, still carrying ETag and Cache-Control", async () => {
      const etag = await etagOf("/doc");
      const res = await get("/doc", header(etag));
      const text = await res.text();
      expect(res.status, text).toBe(304);
      expect(text).toBe("");
      expect(res.headers.get("ETag")).toBe(etag);
      expect(res.headers.get("Cache-Control")).toBe(PUBLIC_CACHE_CONTROL);
    });
  });

  describe.each([
    ["a different ETag", () => `"not-the-current-one"`],
    ["a list of other ETags", () => `"a", W/"b", "c"`],
    ["the ETag without its quotes", (etag: string) => etag.slice(1, -1)],
    ["the ETag of another document", async () => etagOf("/text")],
    ["an empty header", () => ""],
  ])("with %s", (_label, header) => {
    it("is a 200 with the body", async () => {
      const etag = await etagOf("/doc");
      const res = await get("/doc", await header(etag));
      const text = await res.text();
      expect(res.status, text).toBe(200);
      expect(JSON.parse(text)).toEqual(document);
      expect(res.headers.get("ETag")).toBe(etag);
    });
  });

  it("works for text bodies too", async () => {
    const etag = await etagOf("/text");
    const res = await get("/text", etag);
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
  });
});

describe("staticPublicJson / staticPublicBody", () => {
  it("renders once and answers every request from that one copy", async () => {
    const first = await get("/static");
    const second = await get("/static");
    const third = await get("/static", '"something-else"');
    for (const res of [first, second, third]) {
      const text = await res.text();
      expect(res.status, text).toBe(200);
      expect(JSON.parse(text)).toEqual({ rendered: 1 });
    }
    expect(staticRenders).toBe(1);
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
  });

  it("gives the same headers and 304 behaviour as publicJson", async () => {
    const res = await get("/static");
    expect(res.headers.get("Cache-Control")).toBe(PUBLIC_CACHE_CONTROL);
    expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    const etag = res.headers.get("ETag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{16,}"$/);
    const revalidated = await get("/static", `W/${etag}`);
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("hashes the same bytes to the same ETag as publicBody", async () => {
    const staticRes = await get("/static-text");
    expect(await staticRes.text()).toBe("fixed text\n");
    expect(staticRes.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const dynamic = new Hono<AppEnv>().get("/", (c) => publicBody(c, "fixed text\n", "text/plain; charset=utf-8"));
    const dynamicRes = await dynamic.request("/");
    expect(staticRes.headers.get("ETag")).toBe(dynamicRes.headers.get("ETag"));
  });
});
