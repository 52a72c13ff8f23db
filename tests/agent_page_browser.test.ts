import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, FLAGS, run } from "./support/chromium";
import { AGENT_PAGE_CSP, KatorthomaProximity, VirtueDomain, type TrustRecord } from "@svc/core";
import { clearCredentialCache } from "@svc/http/auth";
import { accreditationFunction } from "../functions/accreditation/src/function";
import { ACCOUNTS, api, consult, ENV, seedBody, write, type Agent } from "./support/accreditation";
import { mintApiKey } from "./support/credentials";
import { freshOwner, testRuntime } from "./support/database";
import { readJson } from "./support/reason";
import { needs } from "./support/requirements";

// The public agent page as a person sees it: an agent seeded through the API, its page served
// by the accreditation function and loaded by headless Chromium, the chart measured as drawn.
// Runs where Chromium is installed (.ci/run installs it), like the badge's browser test.
/** Chromium writes every console message of a page (CSP violations, failed loads, errors) to stderr as `:CONSOLE`. */
const LOGGING = ["--enable-logging=stderr", "--v=0"];
const consoleLines = (stderr: string) => stderr.split("\n").filter((line) => line.includes(":CONSOLE"));

const DOMAINS = VirtueDomain.options;
const rank = (level: KatorthomaProximity) => KatorthomaProximity.options.indexOf(level);
const words = (level: string) => level.replace(/_/g, "-");

interface Box {
  top: number;
  bottom: number;
  height: number;
  width: number;
}
interface Measured {
  title: string;
  heading: string;
  scripts: number;
  text: string;
  svg: Box & { role: string | null; title: string; desc: string };
  bars: (Box & { domain: string; level: string; label: string | null; fill: string; caption: string })[];
  rungs: { rung: string; y: number }[];
  rungLabels: { text: string; y: number }[];
}

// The harness frames the page on the same origin (the page's CSP allows frame-ancestors 'self')
// and measures it from outside: the page itself runs no script.
const HARNESS = (pagePath: string) => `<!doctype html><html><head><title>pending</title></head><body style="margin:0">
<pre id="out"></pre>
<iframe id="page" style="width:1000px;height:3000px;border:0"></iframe>
<script>
const frame = document.getElementById("page");
const box = (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, height: r.height, width: r.width }; };
frame.addEventListener("load", () => {
  const d = frame.contentDocument;
  const svg = d.querySelector("svg.chart");
  const out = {
    title: d.title,
    heading: d.querySelector("h1").innerText,
    scripts: d.querySelectorAll("script").length,
    text: d.body.innerText,
    svg: svg ? { ...box(svg), role: svg.getAttribute("role"), title: svg.querySelector("title").textContent, desc: svg.querySelector("desc").textContent } : null,
    bars: [...d.querySelectorAll("svg.chart g.bar")].map((g) => ({
      ...box(g.querySelector("rect")),
      domain: g.dataset.domain,
      level: g.dataset.level,
      label: g.getAttribute("aria-label"),
      fill: getComputedStyle(g.querySelector("rect")).fill,
      caption: [...g.querySelectorAll("text")].map((t) => t.textContent).join(" "),
    })),
    rungs: [...d.querySelectorAll("svg.chart line.rung-line")].map((l) => ({ rung: l.dataset.rung, y: l.getBoundingClientRect().top })),
    rungLabels: [...d.querySelectorAll("svg.chart text.rung")].map((t) => { const r = t.getBoundingClientRect(); return { text: t.textContent, y: (r.top + r.bottom) / 2 }; }),
  };
  document.getElementById("out").textContent = JSON.stringify(out);
  document.title = "measured";
});
frame.src = ${JSON.stringify(pagePath)};
</script></body></html>`;

// A page that breaks its own CSP, to show the console check sees a violation when there is one.
const VIOLATION = `<!doctype html><html><head><title>violation</title></head><body><script>document.title = "ran";</script><p>control</p></body></html>`;

const unescapeText = (html: string) =>
  html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");

describe("the agent page in headless Chromium", needs("chromium"), () => {
  const dir = mkdtempSync(join(tmpdir(), "svc-agent-page-"));
  // Markup and quotes in the id: shown as text, never run or parsed as markup.
  const agentId = `<script>document.title='pwned'</script>"&-${crypto.randomUUID().slice(0, 8)}`;
  const pagePath = `/agents/${encodeURIComponent(agentId)}`;
  let server: Server;
  let origin: string;
  let trust: TrustRecord;

  beforeAll(async () => {
    clearCredentialCache();
    const owner = freshOwner();
    const { key, id } = await mintApiKey(await testRuntime(), {
      kind: "prac",
      tier: "paid",
      capabilities: ["accreditation_write", "l1_supply"],
      owner,
      agent: agentId,
    });
    const agent: Agent = { agent: agentId, owner, key, keyId: id };
    const elements = [];
    for (const account of ACCOUNTS) elements.push(await consult(key, account));
    await readJson(await write(agent, seedBody(agentId, elements), encodeURIComponent(agentId)), 201);
    trust = await readJson<TrustRecord>(await api.send("GET", `/api/trust-record/${encodeURIComponent(agentId)}`, undefined), 200);

    // The accreditation function over HTTP, on the same test runtime the agent was seeded on.
    server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", origin);
      const send = (status: number, headers: Record<string, string>, body: string | Buffer) => {
        res.writeHead(status, headers);
        res.end(body);
      };
      if (url.pathname === "/harness") return send(200, { "content-type": "text/html; charset=utf-8" }, HARNESS(pagePath));
      if (url.pathname === "/violation") {
        return send(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": AGENT_PAGE_CSP }, VIOLATION);
      }
      void (async () => {
        const response = await accreditationFunction.fetch(new Request(url, { method: req.method ?? "GET" }), ENV);
        send(response.status, Object.fromEntries(response.headers), Buffer.from(await response.arrayBuffer()));
      })().catch((err: unknown) => send(500, { "content-type": "text/plain" }, String(err)));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  async function measure(): Promise<Measured> {
    const { stdout } = await run(
      CHROMIUM,
      [...FLAGS, `--user-data-dir=${join(dir, "profile-measure")}`, "--window-size=1100,3200", "--virtual-time-budget=5000", "--dump-dom", `${origin}/harness`],
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
    );
    expect(/<title>([^<]*)<\/title>/.exec(stdout)?.[1], stdout.slice(0, 500)).toBe("measured");
    return JSON.parse(unescapeText(/<pre id="out">([\s\S]*?)<\/pre>/.exec(stdout)![1]!)) as Measured;
  }

  it("serves the page as HTML under the strict Content-Security-Policy", async () => {
    const res = await fetch(`${origin}${pagePath}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toBe(AGENT_PAGE_CSP);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("draws four bars whose measured heights follow the domain levels, up to the rung named on the axis", async () => {
    const page = await measure();
    expect(page.svg.role).toBe("img");
    expect(page.svg.height).toBeGreaterThan(100);
    expect(page.bars.map((b) => b.domain)).toEqual(DOMAINS);
    expect(page.bars.map((b) => b.level)).toEqual(DOMAINS.map((d) => trust.domains[d].level ?? "none"));

    const levelled = page.bars.filter((b) => b.level !== "none") as (Measured["bars"][number] & { level: KatorthomaProximity })[];
    // The data under test: at least two domains at different levels, so the order means something.
    expect(new Set(levelled.map((b) => b.level)).size, JSON.stringify(trust.domains)).toBeGreaterThanOrEqual(2);
    const rungY = Object.fromEntries(page.rungs.map((r) => [r.rung, r.y]));
    const baseline = levelled[0]!.bottom;
    const perRung = levelled[0]!.height / (rank(levelled[0]!.level) + 1);
    expect(perRung).toBeGreaterThan(20);
    for (const bar of levelled) {
      expect(bar.width).toBeGreaterThan(20);
      expect(bar.bottom).toBeCloseTo(baseline, 0);
      expect(bar.height / (rank(bar.level) + 1)).toBeCloseTo(perRung, 0);
      // Its top is the axis rule of its level.
      expect(Math.abs(bar.top - rungY[bar.level]!)).toBeLessThan(1.5);
      expect(bar.caption).toBe(words(bar.level));
      expect(bar.label).toMatch(new RegExp(`^${bar.domain} \\(\\w+\\): ${words(bar.level)}, rung ${rank(bar.level) + 1} of 5$`));
    }
    // Ordered by what was drawn, the bars are ordered by level.
    const byHeight = [...levelled].sort((a, b) => a.height - b.height).map((b) => rank(b.level));
    expect(byHeight).toEqual([...byHeight].sort((a, b) => a - b));
    for (const a of levelled) for (const b of levelled) if (rank(a.level) > rank(b.level)) expect(a.height).toBeGreaterThan(b.height + perRung / 2);

    // A domain without evidence: a visible hatched outline saying so, not a zero bar.
    for (const bar of page.bars.filter((b) => b.level === "none")) {
      expect(bar.height).toBeGreaterThan(perRung);
      expect(bar.fill).toMatch(/^url\("?#hatch"?\)/);
      expect(bar.caption).toBe("no evidence");
    }
    // The axis names the five rungs, lowest at the bottom.
    expect(page.rungLabels.map((r) => r.text)).toEqual(KatorthomaProximity.options.map(words));
    const ys = page.rungLabels.map((r) => r.y);
    expect(ys).toEqual([...ys].sort((a, b) => b - a));
  });

  it("shows the agent id as text and the levels in words: nothing in the id runs or becomes markup", async () => {
    const page = await measure();
    expect(page.title).toBe(`Agent ${agentId}: accreditation and trust record`);
    expect(page.heading).toBe(`Agent ${agentId}`);
    expect(page.scripts).toBe(0);
    expect(page.svg.title).toBe(`Domain levels of ${agentId}`);
    for (const d of DOMAINS) {
      const level = trust.domains[d].level;
      expect(page.svg.desc).toMatch(new RegExp(`${d} \\(\\w+\\): ${level ? words(level) : "no evidence"}`));
      expect(page.text).toMatch(new RegExp(`${d} \\(\\w+\\)\\t${level ? words(level) : "no evidence"}\\t`));
    }
    expect(page.text).toContain(`Aggregate level\n${words(trust.aggregate.level!)}`);
    expect(page.text).toContain("Typical proximity\nhabitual");
    expect(page.text).toContain("What this record attests");
    expect(page.text).toContain(trust.honest_claims.does_not_attest[0]!);
    expect(page.text).toContain(`The ${Math.min(10, trust.orientation_readings.length)} most recent of ${trust.total_orientation_readings_count} readings`);
  });

  it("loads with no console message: no CSP violation, failed load or error (and the check sees one when there is)", async () => {
    const load = (path: string, profile: string) =>
      run(CHROMIUM, [...FLAGS, ...LOGGING, `--user-data-dir=${join(dir, profile)}`, "--virtual-time-budget=5000", "--dump-dom", `${origin}${path}`], {
        timeout: 60_000,
        maxBuffer: 16 * 1024 * 1024,
      });
    const page = await load(pagePath, "profile-console");
    expect(page.stdout).toContain('<code id="agent-id">');
    expect(consoleLines(page.stderr)).toEqual([]);

    const control = await load("/violation", "profile-control");
    expect(control.stdout).toContain("<title>violation</title>");
    expect(consoleLines(control.stderr).join("\n")).toMatch(/Content Security Policy/);
  });

  it("renders to a screenshot", async () => {
    const shot = join(dir, "agent.png");
    await run(CHROMIUM, [...FLAGS, `--user-data-dir=${join(dir, "profile-shot")}`, `--screenshot=${shot}`, "--window-size=900,1400", `${origin}${pagePath}`], {
      timeout: 60_000,
    });
    const png = readFileSync(shot);
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    // A blank page compresses to a few kilobytes; the chart, tables and text do not.
    expect(png.byteLength).toBeGreaterThan(20_000);
  });
});
