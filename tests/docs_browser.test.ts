import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCS_MANIFEST } from "@svc/fn-discovery";
import { openWatchedPage, type WatchedPage } from "./support/chromium";
import { startLocalServer, type LocalServer } from "../packages/local/src/server";
import { needs } from "./support/requirements";

// The reference page as a person sees it: /docs from the local server (`npm start`), rendered
// by Redoc in headless Chromium watched over the DevTools protocol. Runs where Chromium is
// installed (.ci/run installs it), like the badge's and the agent page's browser tests.

interface Operation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
}

interface Drawn {
  readonly operationId: string;
  readonly heading: string | null;
  readonly verb: string | null;
  readonly path: string | null;
  readonly menu: string | null;
}

/** Each operation as Redoc drew it: its section (heading, method, path) and its sidebar entry. */
const DRAWN = (ids: readonly string[]) => `(${JSON.stringify(ids)}).map((id) => {
  const section = document.querySelector('[data-section-id$="operation/' + id + '"]');
  const verb = section && section.querySelector(".http-verb");
  const menu = document.querySelector('li[data-item-id$="operation/' + id + '"]');
  return {
    operationId: id,
    heading: section && section.querySelector("h2") ? section.querySelector("h2").textContent.trim() : null,
    verb: verb ? verb.textContent : null,
    path: verb && verb.nextElementSibling ? verb.nextElementSibling.textContent : null,
    menu: menu ? menu.getAttribute("aria-label") : null,
  };
})`;

/** Entries a person would see as a problem in the console. */
const problems = (page: WatchedPage) => page.console.filter((entry) => ["error", "warning", "assert"].includes(entry.level));

describe("the reference page at /docs in headless Chromium", needs("chromium"), () => {
  const dir = mkdtempSync(join(tmpdir(), "svc-docs-page-"));
  let server: LocalServer;
  let control: Server;
  let controlUrl: string;
  let operations: Operation[];

  beforeAll(async () => {
    server = await startLocalServer({ PORT: "0", LOG_LEVEL: "silent", DATA_DIR: join(dir, "data") });
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string; summary: string }>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ operationId: op.operationId, method, path, summary: op.summary })),
    );
    // A page that reaches off its origin and logs an error: the checks below must see both.
    control = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html><head><title>control</title></head><body><img src="https://cdn.example.invalid/logo.svg" alt=""><script>console.error("control error")</script></body></html>`,
      );
    });
    await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
    controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}/`;
  }, 120_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => control?.close(() => resolve()));
    await server?.close();
  });

  it("renders every operation of /openapi.json, with no console error and no request off the local server", async () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
    const page = await openWatchedPage(`${server.url}/docs`, { userDataDir: join(dir, "profile-docs") });
    try {
      const ids = operations.map((op) => op.operationId);
      await page.waitFor(`${DRAWN(ids)}.every((op) => op.heading !== null && op.menu !== null)`, 150_000);
      // Let late work (the search index in its worker, lazy images) run before the checks.
      await page.evaluate("new Promise((resolve) => setTimeout(resolve, 1500))");
      const drawn = await page.evaluate<Drawn[]>(DRAWN(ids));
      expect(drawn).toEqual(operations.map((op) => ({ operationId: op.operationId, heading: op.summary, verb: op.method, path: op.path, menu: op.summary })));
      expect(await page.evaluate<string>("document.title")).toBe("Stoic Reasoning Service: API reference");

      const origin = new URL(server.url).origin;
      const offServer = page.requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url));
      expect(offServer, page.requests.join("\n")).toEqual([]);
      expect(page.requests).toContain(`${origin}/openapi.json`);
      expect(page.requests).toContain(`${origin}/docs/assets/${DOCS_MANIFEST.script.name}`);
      expect(problems(page), JSON.stringify(page.console, null, 2)).toEqual([]);
    } finally {
      await page.close();
    }
  }, 240_000);

  it("sees a request off the server and a console error when a page makes them (control)", async () => {
    const page = await openWatchedPage(controlUrl, { userDataDir: join(dir, "profile-control") });
    try {
      await page.waitFor(`document.readyState === "complete"`, 30_000);
      expect(page.requests).toContain("https://cdn.example.invalid/logo.svg");
      expect(problems(page).map((entry) => entry.text)).toContain("control error");
    } finally {
      await page.close();
    }
  }, 120_000);
});
