import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, FLAGS, run } from "./support/chromium";
import { startLocalServer, type LocalServer } from "../packages/local/src/server";
import { needs } from "./support/requirements";

// The badge as a person sees it: loaded by headless Chromium as an image, and photographed.
// Runs where Chromium is installed (.ci/run installs it), like the real-database suites.

describe("the document badge in headless Chromium", needs("chromium"), () => {
  const dir = mkdtempSync(join(tmpdir(), "svc-badge-"));
  let server: LocalServer;
  let page: Server;
  let badgeUrl: string;
  let pageUrl: string;

  beforeAll(async () => {
    server = await startLocalServer({ PORT: "0", LOG_LEVEL: "silent", DATA_DIR: join(dir, "data"), OPERATOR_API_KEY: "badge-operator-key" });
    const created = await fetch(`${server.url}/api/admin/keys`, {
      method: "POST",
      headers: { authorization: "Bearer badge-operator-key", "content-type": "application/json" },
      body: JSON.stringify({ kind: "live", owner_id: "badge-owner" }),
    });
    const { key } = (await created.json()) as { key: string };
    const scored = await fetch(`${server.url}/api/score-document`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "We considered the options carefully and told our customers the truth about the outage.", title: "Outage letter" }),
    });
    const text = await scored.text();
    expect(scored.status, text).toBe(200);
    badgeUrl = `${server.url}${(JSON.parse(text) as { badge_url: string }).badge_url}`;
    // A page that reports whether the badge loaded as an image, and how wide it drew.
    page = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html><head><title>pending</title></head><body style="margin:0;background:#fff">` +
          `<img id="badge" src="${badgeUrl}" onload="document.title='loaded:'+this.naturalWidth+'x'+this.naturalHeight" onerror="document.title='error'">` +
          `</body></html>`,
      );
    });
    await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
  }, 120_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => page?.close(() => resolve()));
    await server?.close();
  });

  it("loads the SVG as an image of its declared size", async () => {
    const { stdout } = await run(CHROMIUM, [...FLAGS, `--user-data-dir=${join(dir, "profile-dom")}`, "--virtual-time-budget=5000", "--dump-dom", pageUrl], {
      timeout: 60_000,
    });
    const title = /<title>([^<]*)<\/title>/.exec(stdout)?.[1];
    const svg = await (await fetch(badgeUrl)).text();
    const width = /width="(\d+)"/.exec(svg)?.[1];
    expect(title, stdout.slice(0, 500)).toBe(`loaded:${width}x24`);
  });

  it("renders to a screenshot", async () => {
    const shot = join(dir, "badge.png");
    await run(CHROMIUM, [...FLAGS, `--user-data-dir=${join(dir, "profile-shot")}`, `--screenshot=${shot}`, "--window-size=400,40", badgeUrl], {
      timeout: 60_000,
    });
    const png = readFileSync(shot);
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    // A blank 400x40 PNG compresses to a few hundred bytes; the badge's shapes and text do not.
    expect(png.byteLength).toBeGreaterThan(1000);
  });
});
