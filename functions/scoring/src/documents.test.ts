import {
  badgeSvg,
  ConversationScore,
  DecisionScore,
  DocumentScore,
  JournalResponse,
  KatorthomaProximity,
  SCORING_DISCLAIMER,
  SKILLS,
  type StoredDocument,
} from "@svc/core";
import type { Runtime } from "@svc/runtime";
import { describe, expect, it } from "vitest";
import { accountFunction } from "../../account/src/function";
import { mintApiKey, TEST_JWT_SECRET, TEST_OPERATOR_KEY } from "../../../tests/support/credentials";
import { freshOwner, testRuntime } from "../../../tests/support/database";
import { meteredRuntime, METER_BACKENDS } from "../../../tests/support/meter";
import { expectError, readJson } from "../../../tests/support/reason";
import { describeSecurity } from "../../../tests/support/security";
import { scoringFunction } from "./function";

// Documents and badges (POST /api/score-document, GET /api/badge/{id}), decisions
// (POST /api/score-decision), conversations (POST /api/score-conversation) and the journal
// (POST /api/reflect), in-process on the test runtime (PGlite, or the real PostgreSQL when
// DATABASE_URL is set) with its in-process meter. Layer 1 is the offline extractor. Every test
// uses fresh owners, so usage counters start at zero.

const runtime: Runtime = { name: "test", open: async (cfg) => (await testRuntime()).open(cfg) };
const ENV = { LOG_LEVEL: "silent", OPERATOR_API_KEY: TEST_OPERATOR_KEY, JWT_SECRET: TEST_JWT_SECRET, SVC_RUNTIME: runtime, BURST_LIMIT: "1000" };

type Body = Record<string, unknown>;

type Env = Record<string, unknown>;

function send(
  method: "GET" | "POST",
  path: string,
  authorization: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
  env: Env = ENV,
): Promise<Response> {
  const all: Record<string, string> = { ...headers };
  if (authorization !== undefined) all.authorization = authorization;
  if (body !== undefined) all["content-type"] = "application/json";
  const init: RequestInit = { method, headers: all };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  return Promise.resolve(scoringFunction.fetch(new Request(`http://t${path}`, init), env));
}
const post = (path: string, credential: string, body: unknown, env: Env = ENV) => send("POST", path, `Bearer ${credential}`, body, {}, env);

async function mint(owner?: string) {
  return mintApiKey(await testRuntime(), { kind: "live", tier: "free", capabilities: [], ...(owner ? { owner } : {}) });
}

const show = (value: unknown) => JSON.stringify(value, null, 1);

async function usageOf(credential: string, env: Env = ENV): Promise<Record<string, number>> {
  const usage = await readJson<{ skills: { skill: string; used: number }[] }>(
    await accountFunction.fetch(new Request("http://t/api/usage", { headers: { authorization: `Bearer ${credential}` } }), env),
    200,
  );
  return Object.fromEntries(usage.skills.map((s) => [s.skill, s.used]));
}
const zeroUsage = () => Object.fromEntries(SKILLS.map((s) => [s.id, 0]));

const KEPT = "I kept my promise to my colleague and finished the report.";
const FURIOUS = "I was furious and yelled at my partner without thinking.";
const _LIED = "I lied to my colleague about the deadline because I was afraid.";

// ---------------------------------------------------------------- documents and badges

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The structural and accessibility checks every badge must pass; returns the rect fills. */
function expectAccessibleBadge(svg: string): string[] {
  expect(svg.startsWith("<svg"), svg).toBe(true);
  expect(svg.trimEnd().endsWith("</svg>"), svg).toBe(true);
  expect(svg, svg).toMatch(/^<svg[^>]*\bxmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svg, svg).toMatch(/^<svg[^>]*\brole="img"/);
  const labelledBy = /^<svg[^>]*\baria-labelledby="([^"]+)"/.exec(svg)?.[1];
  expect(labelledBy, svg).toBeDefined();
  const titleId = /<title id="([^"]+)">[^<]+<\/title>/.exec(svg)?.[1];
  const descId = /<desc id="([^"]+)">[^<]+<\/desc>/.exec(svg)?.[1];
  expect(titleId, svg).toBeDefined();
  expect(descId, svg).toBeDefined();
  expect(labelledBy!.split(/\s+/).sort(), svg).toEqual([titleId, descId].sort());
  // Balanced tags: every opened element is closed, in order.
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) expect(stack.pop(), `${name} in ${svg}`).toBe(name);
    else stack.push(name!);
  }
  expect(stack, svg).toEqual([]);
  // No raw ampersand that is not an entity.
  expect(svg, svg).not.toMatch(/&(?!(lt|gt|amp|quot|apos);)/);
  // The text is white; every coloured band behind it keeps AA contrast (4.5:1).
  const textFills = [...svg.matchAll(/<g[^>]*\bfill="(#[0-9a-fA-F]{6})"/g)].map((m) => m[1]!.toLowerCase());
  expect(textFills, svg).toEqual(["#ffffff"]);
  const fills = [...svg.matchAll(/<rect[^>]*\bfill="(#[0-9a-fA-F]{6})"/g)].map((m) => m[1]!);
  expect(fills.length, svg).toBeGreaterThanOrEqual(2);
  for (const fill of fills) expect(contrast("#ffffff", fill), `${fill} in ${svg}`).toBeGreaterThanOrEqual(4.5);
  return fills;
}

async function scoreDocument(credential: string, body: Body) {
  const res = await post("/api/score-document", credential, body);
  const json = await readJson(res, 200);
  const parsed = DocumentScore.strict().safeParse(json);
  expect(parsed.success, `${show(json)}\n${parsed.error?.message}`).toBe(true);
  return parsed.data!;
}

describe("contrast arithmetic (the checker itself)", () => {
  it("gives the known WCAG ratios", () => {
    expect(contrast("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrast("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
    expect(contrast("#ffffff", "#767676")).toBeCloseTo(4.54, 2);
    expect(contrast("#ffffff", "#777777")).toBeLessThan(4.5);
  });
});

describe("POST /api/score-document and GET /api/badge/{id}", () => {
  const SECRET_TEXT = "I kept my promise to Zorblax Quuxwidget and finished the Flumbergast report on time.";

  it("scores a text and returns its id and badge address; the badge is public, cacheable and accessible", async () => {
    const { key } = await mint();
    const doc = await scoreDocument(key, { text: SECRET_TEXT, title: "Weekly note" });
    expect(doc.badge_url, show(doc)).toBe(`/api/badge/${doc.id}`);
    expect(doc.disclaimer).toBe(SCORING_DISCLAIMER);

    const res = await send("GET", doc.badge_url, undefined);
    const svg = await res.text();
    expect(res.status, svg).toBe(200);
    expect(res.headers.get("content-type"), svg).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control"), svg).toMatch(/\bpublic\b/);
    const etag = res.headers.get("etag");
    expect(etag, svg).toBeTruthy();
    expectAccessibleBadge(svg);
    expect(svg, svg).toContain("Weekly note");
    expect(svg, svg).toContain(doc.katorthoma_proximity);

    // None of the scored text, beyond the title, appears on the badge.
    for (const word of ["Zorblax", "Quuxwidget", "Flumbergast", "promise", "report"]) expect(svg, svg).not.toContain(word);
    for (let i = 0; i + 12 <= SECRET_TEXT.length; i++) expect(svg.includes(SECRET_TEXT.slice(i, i + 12)), SECRET_TEXT.slice(i, i + 12)).toBe(false);

    // Revalidation: the same ETag answers 304 with no body.
    const again = await send("GET", doc.badge_url, undefined, undefined, { "if-none-match": etag! });
    expect(again.status, await again.clone().text()).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    // A stale ETag gets the badge again.
    const stale = await send("GET", doc.badge_url, undefined, undefined, { "if-none-match": '"stale"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(svg);
  });

  it("escapes a title with markup, keeping the badge well formed", async () => {
    const { key } = await mint();
    const doc = await scoreDocument(key, { text: KEPT, title: `<script>alert("x")</script> & co` });
    const svg = await (await send("GET", doc.badge_url, undefined)).text();
    expectAccessibleBadge(svg);
    expect(svg, svg).not.toContain("<script>");
    expect(svg, svg).toContain("&lt;script&gt;");
  });

  it.each([
    [FURIOUS, "contrary"],
    [KEPT, "progressing"],
  ] as const)("reads %j as %s, and its badge band keeps AA contrast", async (text, simple) => {
    const { key } = await mint();
    const doc = await scoreDocument(key, { text });
    expect(doc.katorthoma_proximity, show(doc)).toBe(simple);
    const svg = await (await send("GET", doc.badge_url, undefined)).text();
    expectAccessibleBadge(svg);
  });

  it.each(KatorthomaProximity.options)("the badge for proximity %s (every band) passes the accessibility checks", (proximity) => {
    const doc: StoredDocument = {
      id: crypto.randomUUID(),
      owner_id: "o",
      title: null,
      proximity,
      is_kathekon: null,
      kathekon_quality: null,
      passions: [],
      virtue_domains: [],
      created_at: new Date().toISOString(),
    };
    expectAccessibleBadge(badgeSvg(doc));
  });

  it("answers 404 for an unknown id and for a malformed one, without a credential", async () => {
    await expectError(await send("GET", `/api/badge/${crypto.randomUUID()}`, undefined), 404, "not_found");
    const malformed = await send("GET", "/api/badge/not-a-uuid", undefined);
    expect(malformed.status, await malformed.clone().text()).toBe(404);
  });

  it.each([
    ["a 20,001-character text", { text: "a".repeat(20_001) }, "invalid_field", "text"],
    ["a missing text", { title: "x" }, "missing_field", "text"],
    ["an empty text", { text: "" }, "invalid_field", "text"],
    ["a 121-character title", { text: KEPT, title: "t".repeat(121) }, "invalid_field", "title"],
    ["an unknown field", { text: KEPT, author: "me" }, "unknown_field", "author"],
  ] as const)("refuses %s (%j) with 400 %s naming %s, at no cost", async (_label, body, code, field) => {
    const { key } = await mint();
    const error = await expectError(await post("/api/score-document", key, body), 400, code, field);
    expect(error.message, show(error)).toContain(field);
    expect(await usageOf(key)).toEqual(zeroUsage());
  });

  it("accepts a text of exactly 20,000 characters", async () => {
    const { key } = await mint();
    await scoreDocument(key, { text: `${KEPT} `.repeat(400).slice(0, 20_000) });
  });
});

// ---------------------------------------------------------------- decisions

const TELL = "After thinking it over carefully, I will tell the client the truth about the delay, because they deserve to know.";
const HIDE = "I will hide the delay from the client and tell them everything is on schedule.";
const RAGE = "I was furious, so I will yell at the client and hang up on them without thinking.";

async function scoreDecision(credential: string, body: Body) {
  const json = await readJson(await post("/api/score-decision", credential, body), 200);
  const parsed = DecisionScore.strict().safeParse(json);
  expect(parsed.success, `${show(json)}\n${parsed.error?.message}`).toBe(true);
  const result = parsed.data!;
  expect(result.disclaimer).toBe(SCORING_DISCLAIMER);
  // Ranks are non-decreasing down the list, start at 1, and each rank is the 1-based position of its first holder.
  expect(result.ranked[0]!.rank, show(result)).toBe(1);
  result.ranked.forEach((r, i) => {
    expect(r.rank, show(result)).toBeLessThanOrEqual(i + 1);
    if (i > 0) expect(r.rank, show(result)).toBeGreaterThanOrEqual(result.ranked[i - 1]!.rank);
    if (i > 0 && r.rank !== result.ranked[i - 1]!.rank) expect(r.rank, show(result)).toBe(i + 1);
  });
  return result;
}
const rankByLabel = (result: DecisionScore) => Object.fromEntries(result.ranked.map((r) => [r.label, r.rank]));

describe("POST /api/score-decision", () => {
  it("ranks an option that hides something from the client below one that tells the truth after considering it", async () => {
    const { key } = await mint();
    const result = await scoreDecision(key, {
      decision: "What should I tell the client about the delay?",
      options: [
        { label: "hide", description: HIDE },
        { label: "tell", description: TELL },
      ],
    });
    expect(
      result.ranked.map((r) => r.label),
      show(result),
    ).toEqual(["tell", "hide"]);
    const ranks = rankByLabel(result);
    expect(ranks.tell!, show(result)).toBeLessThan(ranks.hide!);
    expect(result.recommendation, show(result)).toContain('"tell"');
  });

  it("gives options the engine cannot tell apart a shared rank", async () => {
    const { key } = await mint();
    const result = await scoreDecision(key, {
      decision: "Which wording?",
      options: [
        { label: "first", description: TELL },
        { label: "second", description: TELL },
        { label: "third", description: HIDE },
      ],
    });
    const ranks = rankByLabel(result);
    expect(ranks.first, show(result)).toBe(1);
    expect(ranks.second, show(result)).toBe(1);
    expect(ranks.third, show(result)).toBe(3);
    expect(result.recommendation, show(result)).toContain("cannot tell");
  });

  it("examines each option independently: every permutation of the options gives the same ranking by label, every time", async () => {
    const { key } = await mint();
    const options = [
      { label: "hide", description: HIDE },
      { label: "tell", description: TELL },
      { label: "rage", description: RAGE },
      { label: "plain", description: "Archive old log files." },
    ];
    const permutations = [
      [0, 1, 2, 3],
      [3, 2, 1, 0],
      [1, 3, 0, 2],
      [2, 0, 3, 1],
    ];
    const rankings = [];
    for (const order of permutations) {
      const result = await scoreDecision(key, { decision: "What next?", options: order.map((i) => options[i]!) });
      rankings.push(rankByLabel(result));
    }
    for (const r of rankings) expect(r, show(rankings)).toEqual(rankings[0]);
    // Not vacuous: the options are not all tied.
    expect(new Set(Object.values(rankings[0]!)).size, show(rankings)).toBeGreaterThan(2);
    // Deterministic: the same request twice gives the same answer.
    const body = { decision: "What next?", options };
    expect(await scoreDecision(key, body)).toEqual(await scoreDecision(key, body));
  });

  const option = (i: number) => ({ label: `option ${i}`, description: i % 2 ? TELL : HIDE });
  it.each([2, 3, 4, 5])("accepts %i options", async (n) => {
    const { key } = await mint();
    const result = await scoreDecision(key, { decision: "Which?", options: Array.from({ length: n }, (_, i) => option(i)) });
    expect(result.ranked, show(result)).toHaveLength(n);
    expect(result.ranked.map((r) => r.label).sort()).toEqual(Array.from({ length: n }, (_, i) => `option ${i}`).sort());
  });

  it.each([
    ["1 option", { decision: "Which?", options: [option(0)] }, "invalid_field", "options"],
    ["6 options", { decision: "Which?", options: Array.from({ length: 6 }, (_, i) => option(i)) }, "invalid_field", "options"],
    ["no options", { decision: "Which?", options: [] }, "invalid_field", "options"],
    ["a missing decision", { options: [option(0), option(1)] }, "missing_field", "decision"],
    ["a 2,001-character decision", { decision: "d".repeat(2001), options: [option(0), option(1)] }, "invalid_field", "decision"],
    ["a 5,001-character context", { decision: "Which?", options: [option(0), option(1)], context: "c".repeat(5001) }, "invalid_field", "context"],
    ["an unknown field", { decision: "Which?", options: [option(0), option(1)], weights: [1, 2] }, "unknown_field", "weights"],
  ] as const)("refuses %s (%j) with 400 %s naming %s, at no cost", async (_label, body, code, field) => {
    const { key } = await mint();
    const error = await expectError(await post("/api/score-decision", key, body), 400, code, field);
    expect(error.message, show(error)).toContain(field);
    expect(await usageOf(key)).toEqual(zeroUsage());
  });

  it("refuses an option whose description is over 5,000 characters with 400 naming it", async () => {
    const { key } = await mint();
    const res = await post("/api/score-decision", key, { decision: "Which?", options: [option(0), { label: "long", description: "x".repeat(5001) }] });
    const error = await expectError(res, 400, "invalid_field");
    expect(`${error.field} ${error.message}`, show(error)).toContain("description");
  });
});

// ---------------------------------------------------------------- conversations

async function scoreConversation(credential: string, body: { turns: { speaker: string; text: string }[]; context?: string }) {
  const json = await readJson(await post("/api/score-conversation", credential, body), 200);
  const parsed = ConversationScore.strict().safeParse(json);
  expect(parsed.success, `${show(json)}\n${parsed.error?.message}`).toBe(true);
  const result = parsed.data!;
  expect(result.disclaimer).toBe(SCORING_DISCLAIMER);
  expect(
    result.turns.map((t) => [t.index, t.speaker]),
    show(result),
  ).toEqual(body.turns.map((t, i) => [i, t.speaker]));
  for (const turn of result.turns) {
    const text = body.turns[turn.index]!.text;
    for (const e of turn.evidence) expect(text.slice(e.start, e.end), `turn ${turn.index}: ${show(e)}`).toBe(e.quote);
  }
  return result;
}

describe("POST /api/score-conversation", () => {
  const THREAD = [
    { speaker: "Ann", text: "Good morning. I kept my promise and sent the figures yesterday." },
    { speaker: "Bob", text: "I was furious when I read them and I yelled at the team without thinking." },
    { speaker: "Ann", text: "I understand. I lied to the client about the deadline because I was afraid." },
    { speaker: "Bob", text: "Let us archive the old files." },
  ];

  it("gives per-turn findings with verbatim evidence at its offsets, and a summary per speaker", async () => {
    const { key } = await mint();
    const result = await scoreConversation(key, { turns: THREAD, context: "An e-mail thread at work." });
    const [t0, t1, t2, t3] = result.turns;
    expect(t1!.passions, show(result)).toContain("epithumia");
    expect(t1!.flags, show(result)).toContain("passion");
    expect(t1!.evidence.length, show(result)).toBeGreaterThan(0);
    expect(t2!.passions, show(result)).toContain("phobos");
    expect(t2!.evidence.length, show(result)).toBeGreaterThan(0);
    expect(t3!.flags, show(result)).toEqual([]);
    expect(t0!.passions, show(result)).toEqual([]);
    // Evidence comes from the turn's own words only.
    expect(
      t1!.evidence.every((e) => THREAD[1]!.text.includes(e.quote)),
      show(result),
    ).toBe(true);

    expect(
      result.speakers.map((s) => [s.speaker, s.turns]),
      show(result),
    ).toEqual([
      ["Ann", 2],
      ["Bob", 2],
    ]);
    const bob = result.speakers.find((s) => s.speaker === "Bob")!;
    expect(bob.passions, show(result)).toContain("epithumia");
    expect(bob.lowest_proximity, show(result)).toBe(t1!.katorthoma_proximity);
    const ann = result.speakers.find((s) => s.speaker === "Ann")!;
    expect(ann.passions, show(result)).toContain("phobos");
    expect(ann.passions, show(result)).not.toContain("epithumia");
    expect(result.summary, show(result)).toMatch(/of 4 turns/);
  });

  it("places evidence at its offsets inside a longer turn", async () => {
    const { key } = await mint();
    const text = "Thanks for the notes. Later that day I was furious and I yelled at my partner without thinking. Anyway.";
    const result = await scoreConversation(key, { turns: [{ speaker: "Cy", text }] });
    const evidence = result.turns[0]!.evidence;
    expect(evidence.length, show(result)).toBeGreaterThan(0);
    expect(
      evidence.some((e) => e.start > 0),
      show(result),
    ).toBe(true);
  });

  it("accepts 50 turns", async () => {
    const { key } = await mint();
    const turns = Array.from({ length: 50 }, (_, i) => ({ speaker: i % 2 ? "A" : "B", text: i % 5 ? KEPT : FURIOUS }));
    const result = await scoreConversation(key, { turns });
    expect(result.turns).toHaveLength(50);
  });

  it.each([
    ["0 turns", { turns: [] }, "invalid_field", "turns"],
    ["51 turns", { turns: Array.from({ length: 51 }, () => ({ speaker: "A", text: KEPT })) }, "invalid_field", "turns"],
    ["missing turns", { context: "x" }, "missing_field", "turns"],
    ["a 5,001-character context", { turns: [{ speaker: "A", text: KEPT }], context: "c".repeat(5001) }, "invalid_field", "context"],
    ["an unknown field", { turns: [{ speaker: "A", text: KEPT }], channel: "mail" }, "unknown_field", "channel"],
  ] as const)("refuses %s (%j) with 400 %s naming %s, at no cost", async (_label, body, code, field) => {
    const { key } = await mint();
    await expectError(await post("/api/score-conversation", key, body), 400, code, field);
    expect(await usageOf(key)).toEqual(zeroUsage());
  });

  it("refuses a turn over 5,000 characters with 400 naming its text", async () => {
    const { key } = await mint();
    const error = await expectError(await post("/api/score-conversation", key, { turns: [{ speaker: "A", text: "x".repeat(5001) }] }), 400, "invalid_field");
    expect(`${error.field} ${error.message}`, show(error)).toContain("text");
  });
});

// ---------------------------------------------------------------- the journal

describe("POST /api/reflect", () => {
  const ENTRY = "Today I kept my promise to my colleague Xanthippe-Quorl and finished the report, though I was anxious.";

  it("stores the entry for its owner, sealed at rest, and answers with the reflection", async () => {
    const { key, owner } = await mint();
    const json = await readJson(await post("/api/reflect", key, { entry: ENTRY, date: "2026-11-20" }), 200);
    const parsed = JournalResponse.strict().safeParse(json);
    expect(parsed.success, `${show(json)}\n${parsed.error?.message}`).toBe(true);
    const reply = parsed.data!;
    expect(reply.date).toBe("2026-11-20");
    expect(reply.disclaimer).toBe(SCORING_DISCLAIMER);
    expect(reply.reflection.question_for_tomorrow, show(reply)).toMatch(/\?$/);

    const db = await (await testRuntime()).database();
    const row = await db.selectFrom("journal_entries").selectAll().where("id", "=", reply.id).executeTakeFirst();
    expect(row, show(reply)).toBeDefined();
    expect(row!.owner_id).toBe(owner);
    const sealed = row!.sealed_entry;
    expect(sealed.startsWith("v1."), sealed).toBe(true);
    expect(sealed, sealed).not.toContain(ENTRY);
    expect(sealed, sealed).not.toContain("Xanthippe");
    const opened = await (await (await testRuntime()).sealer()).open(sealed, reply.id);
    expect(opened).toBe(ENTRY);
    // Bound to its row: the sealed text does not open under another row's id.
    await expect((await (await testRuntime()).sealer()).open(sealed, crypto.randomUUID())).rejects.toThrow();
    const date = row!.entry_date as unknown;
    expect(date instanceof Date ? date.toISOString().slice(0, 10) : String(date).slice(0, 10)).toBe("2026-11-20");

    // Nothing of it is stored under another owner.
    const other = await mint();
    const theirs = await db.selectFrom("journal_entries").selectAll().where("owner_id", "=", other.owner).execute();
    expect(theirs).toEqual([]);
  });

  it("dates an entry without a date today (UTC)", async () => {
    const { key } = await mint();
    const before = new Date().toISOString().slice(0, 10);
    const reply = await readJson(await post("/api/reflect", key, { entry: KEPT }), 200);
    const after = new Date().toISOString().slice(0, 10);
    expect([before, after], show(reply)).toContain(reply.date);
  });

  it.each([
    ["a date that is not a day", { entry: KEPT, date: "2026-13-01" }, "invalid_field", "date"],
    ["a date in another format", { entry: KEPT, date: "20/11/2026" }, "invalid_field", "date"],
    ["a date with a time", { entry: KEPT, date: "2026-11-20T10:00:00Z" }, "invalid_field", "date"],
    ["a date that is not a string", { entry: KEPT, date: 20261120 }, "invalid_field", "date"],
    ["a missing entry", { date: "2026-11-20" }, "missing_field", "entry"],
    ["an empty entry", { entry: "" }, "invalid_field", "entry"],
    ["a 10,001-character entry", { entry: "e".repeat(10_001) }, "invalid_field", "entry"],
    ["an unknown field", { entry: KEPT, mood: "calm" }, "unknown_field", "mood"],
  ] as const)("refuses %s (%j) with 400 %s naming %s, storing nothing and at no cost", async (_label, body, code, field) => {
    const { key, owner } = await mint();
    const error = await expectError(await post("/api/reflect", key, body), 400, code, field);
    expect(error.message, show(error)).toContain(field);
    const db = await (await testRuntime()).database();
    expect(await db.selectFrom("journal_entries").select("id").where("owner_id", "=", owner).execute()).toEqual([]);
    expect(await usageOf(key)).toEqual(zeroUsage());
  });
});

// ---------------------------------------------------------------- metering

describe.each(METER_BACKENDS)("metering: each route under its own skill (%s meter)", (backend) => {
  const env = { ...ENV, SVC_RUNTIME: meteredRuntime(backend) };
  const CALLS: ReadonlyArray<[string, string, Body]> = [
    ["/api/score-document", "svc-audit", { text: KEPT }],
    [
      "/api/score-decision",
      "svc-decide",
      {
        decision: "Which?",
        options: [
          { label: "a", description: TELL },
          { label: "b", description: HIDE },
        ],
      },
    ],
    [
      "/api/score-conversation",
      "svc-converse",
      {
        turns: [
          { speaker: "A", text: KEPT },
          { speaker: "B", text: FURIOUS },
        ],
      },
    ],
    ["/api/reflect", "svc-reflect", { entry: KEPT }],
  ];

  it.each(CALLS)("%s moves %s by 1 and no other skill", async (path, skill, body) => {
    const { key } = await mint();
    const res = await post(path, key, body, env);
    await readJson(res, 200);
    expect(await usageOf(key, env)).toEqual({ ...zeroUsage(), [skill]: 1 });
    expect(res.headers.get("ratelimit"), path).toMatch(new RegExp(`^"${skill}-monthly";r=\\d+;t=\\d+$`));
  });

  it("fetching a badge costs nothing", async () => {
    const { key } = await mint();
    const doc = DocumentScore.parse(await readJson(await post("/api/score-document", key, { text: KEPT }, env), 200));
    for (let i = 0; i < 3; i++) expect((await send("GET", doc.badge_url, undefined, undefined, {}, env)).status).toBe(200);
    expect(await usageOf(key, env)).toEqual({ ...zeroUsage(), "svc-audit": 1 });
  });
});

// ---------------------------------------------------------------- security

const SECURED: ReadonlyArray<[string, Body]> = [
  ["/api/score-document", { text: KEPT }],
  [
    "/api/score-decision",
    {
      decision: "Which?",
      options: [
        { label: "a", description: TELL },
        { label: "b", description: HIDE },
      ],
    },
  ],
  ["/api/score-conversation", { turns: [{ speaker: "A", text: KEPT }] }],
  ["/api/reflect", { entry: KEPT }],
];

for (const [path, body] of SECURED) {
  describeSecurity({
    name: `POST ${path}`,
    call: (authorization) => send("POST", path, authorization, body),
    runtime: () => testRuntime(),
    validCredential: async () => (await mint(freshOwner("security"))).key,
  });
}
