import { describe, expect, it } from "vitest";
import type { KatorthomaProximity, VirtueDomain } from "../enums";
import { AGENT_PAGE_CSP, AGENT_PAGE_PALETTE, AGENT_PAGE_READINGS_SHOWN, agentPageBarHeight, renderAgentPage } from "./agent_page";
import type { AccreditationRecord } from "./records";
import { AccreditationReadBack, readBackOf } from "./service";
import type { OrientationReading, TrustEvent } from "./trust_events";
import { composeTrustRecord, digestOf, READING_CLAUSE, TrustRecord } from "./trust_record";

const NOW = new Date("2026-11-20T12:00:00Z");
const HOSTILE = `<script>alert("x")</script>'&"><img src=x onerror=alert(1)>`;

let seq = 0;
function evidence(agent: string, domain: VirtueDomain, level: KatorthomaProximity): TrustEvent {
  seq += 1;
  return {
    id: `e${seq}`,
    agent_id: agent,
    source: "examination",
    class: "evidence",
    domain,
    level,
    source_ref: `loop_${seq}`,
    occurred_at: new Date(NOW.getTime() - seq * 60_000).toISOString(),
    latch: false,
    note: null,
    minted_at: NOW.toISOString(),
  };
}

function readings(agent: string, n: number): OrientationReading[] {
  return Array.from({ length: n }, (_, i) => ({
    agent_id: agent,
    loop_id: `loop_r${i}`,
    class: i % 2 ? "observed" : "examined",
    direction: i % 3 === 0 ? "toward" : "indeterminate",
    proximity: i === 0 ? "sage_like" : "habitual",
    elapsed_ms: 100,
    examined_at: new Date(Date.UTC(2026, 10, 20 - i)).toISOString(),
    minted_at: NOW.toISOString(),
  }));
}

/** A real trust record, composed from events: the given domain levels, the others without evidence. */
function trustOf(agent: string, levels: Partial<Record<VirtueDomain, KatorthomaProximity>>, extra: TrustEvent[] = [], readingCount = 3): TrustRecord {
  const events = Object.entries(levels).flatMap(([d, l]) => [evidence(agent, d as VirtueDomain, l), evidence(agent, d as VirtueDomain, l)]);
  return TrustRecord.parse(
    composeTrustRecord({
      agent_id: agent,
      digest: digestOf([...events, ...extra], NOW),
      readings: { readings: readings(agent, readingCount), total: readingCount, examined: Math.ceil(readingCount / 2) },
      gaps: [],
      gap_count: 0,
      has_accreditation: true,
      now: NOW,
    }),
  );
}

function accreditationOf(agent: string, overrides: Partial<AccreditationRecord> = {}): AccreditationReadBack {
  const stored: AccreditationRecord = {
    agent_id: agent,
    owner_id: "owner-1",
    senecan_grade: "grade_2",
    typical_proximity: "deliberate",
    authority_level: "spot_checked",
    record: { agent_id: agent, senecan_grade: "grade_2", typical_proximity: "deliberate", authority_level: "spot_checked", direction_of_travel: null },
    regressing_check_count: 0,
    total_actions_evaluated: 12,
    examination_mode: "pre_decision_harness",
    coverage_status: "agent_elected",
    credential_basis: "Written with svc_prac_ key k1",
    version: 2,
    seeded_at: "2026-10-01T00:00:00.000Z",
    updated_at: "2026-11-01T00:00:00.000Z",
    ...overrides,
  };
  return AccreditationReadBack.parse(readBackOf(stored, []));
}

/** The chart's bar groups, in document order: domain, level and the rect's height. */
function bars(html: string) {
  const svg = /<svg[^>]*class="chart"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? "";
  return [
    ...svg.matchAll(/<g class="bar[^"]*" data-domain="(\w+)" data-level="(\w+)"[^>]*aria-label="([^"]*)">\s*<rect [^>]*height="(\d+)"[^>]*fill="([^"]+)"/g),
  ].map((m) => ({
    domain: m[1],
    level: m[2],
    label: m[3],
    height: Number(m[4]),
    fill: m[5],
  }));
}

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("the agent page renderer", () => {
  it("is a complete HTML5 document that loads nothing and names the agent in its title", () => {
    const html = renderAgentPage({
      agentId: "agent-one",
      accreditation: accreditationOf("agent-one"),
      trust: trustOf("agent-one", { phronesis: "principled" }),
    });
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe("Agent agent-one: accreditation and trust record");
    // No script, no external resource: nothing with src, no stylesheet link, no remote url.
    expect(html).not.toMatch(/<script|<link|<iframe|<img|\ssrc=|@import|https?:\/\//i);
    expect(AGENT_PAGE_CSP).toMatch(/^default-src 'none'; /);
    expect(AGENT_PAGE_CSP).not.toMatch(/script-src|unsafe-eval/);
  });

  it("escapes an agent id with markup and quotes everywhere it appears", () => {
    const html = renderAgentPage({ agentId: HOSTILE, accreditation: accreditationOf(HOSTILE), trust: trustOf(HOSTILE, { dikaiosyne: "habitual" }) });
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    const escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39;&amp;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;";
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(`Agent ${escaped}: accreditation and trust record`);
    expect(html).toContain(`<code id="agent-id">${escaped}</code>`);
    expect(html).toContain(`<title id="chart-title">Domain levels of ${escaped}</title>`);
    // In links the id is percent-encoded, so it cannot leave the attribute either.
    expect(html).toContain(`href="/api/accreditation/${encodeURIComponent(HOSTILE).replace(/'/g, "&#39;")}"`);
    // Every attribute value is a closed double-quoted string with no raw quote or angle bracket inside.
    for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
      expect(tag.replace(/\s[\w:-]+="[^"<>]*"/g, ""), tag).toMatch(/^<[a-z0-9]+\s*\/?>$/i);
    }
  });

  it("draws one bar per domain, its height one rung per level of the five-rung ladder", () => {
    const levels = { phronesis: "reflexive", dikaiosyne: "deliberate", andreia: "sage_like", sophrosyne: "habitual" } as const;
    const html = renderAgentPage({ agentId: "a-1", accreditation: null, trust: trustOf("a-1", levels) });
    const drawn = bars(html);
    expect(drawn.map((b) => [b.domain, b.level])).toEqual(Object.entries(levels));
    expect(drawn.map((b) => b.height)).toEqual([48, 144, 240, 96]);
    expect(drawn.map((b) => b.height)).toEqual(Object.values(levels).map(agentPageBarHeight));
    expect(drawn.map((b) => b.fill)).toEqual(Object.values(levels).map((l) => AGENT_PAGE_PALETTE.rungs[l]));
    expect(drawn.map((b) => b.label)).toEqual([
      "phronesis (wisdom): reflexive, rung 1 of 5",
      "dikaiosyne (justice): deliberate, rung 3 of 5",
      "andreia (courage): sage-like, rung 5 of 5",
      "sophrosyne (temperance): habitual, rung 2 of 5",
    ]);
    // The axis names every rung, lowest at the bottom.
    const rungs = [...html.matchAll(/<text class="rung" x="\d+" y="(\d+)"[^>]*>([^<]+)<\/text>/g)].map((m) => [m[2], Number(m[1])] as const);
    expect(rungs.map(([name]) => name)).toEqual(["reflexive", "habitual", "deliberate", "principled", "sage-like"]);
    expect(rungs.map(([, y]) => y)).toEqual([...rungs.map(([, y]) => y)].sort((a, b) => b - a));
  });

  it("draws a domain without evidence as a hatched outline labelled no evidence, never as a zero bar", () => {
    const html = renderAgentPage({ agentId: "a-2", accreditation: null, trust: trustOf("a-2", { phronesis: "habitual", sophrosyne: "principled" }) });
    const drawn = bars(html);
    expect(drawn).toHaveLength(4);
    const empty = drawn.filter((b) => b.level === "none");
    expect(empty.map((b) => b.domain)).toEqual(["dikaiosyne", "andreia"]);
    for (const b of empty) {
      expect(b.height).toBeGreaterThan(0);
      expect(b.fill).toBe("url(#hatch)");
      expect(b.label).toMatch(/: no evidence$/);
    }
    const group = /<g class="bar no-evidence" data-domain="andreia"[\s\S]*?<\/g>/.exec(html)?.[0] ?? "";
    expect(group).toContain('stroke-dasharray="6 4"');
    expect(
      group
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    ).toBe("no evidence");
    expect(html).toContain('<pattern id="hatch"');
    // The table says the same in words.
    expect(html).toMatch(/<tr data-domain="andreia">.*?<td>no evidence<\/td>/);
  });

  it("gives the chart a title and a description with every level in words", () => {
    const html = renderAgentPage({ agentId: "a-3", accreditation: null, trust: trustOf("a-3", { phronesis: "principled", dikaiosyne: "habitual" }) });
    expect(html).toMatch(/<svg [^>]*role="img" aria-labelledby="chart-title chart-desc"/);
    const desc = /<desc id="chart-desc">([^<]*)<\/desc>/.exec(html)?.[1];
    expect(desc).toBe(
      "Domain levels on the five-rung ladder from reflexive (lowest) to sage-like (highest). " +
        "phronesis (wisdom): principled, rung 4 of 5; dikaiosyne (justice): habitual, rung 2 of 5; andreia (courage): no evidence; sophrosyne (temperance): no evidence. " +
        "Aggregate (the lowest domain with a level): habitual.",
    );
  });

  it("keeps every colour at AA contrast against the white page", () => {
    for (const fill of Object.values(AGENT_PAGE_PALETTE.rungs)) {
      expect(contrast(fill, AGENT_PAGE_PALETTE.page), fill).toBeGreaterThanOrEqual(4.5);
    }
    for (const ink of [AGENT_PAGE_PALETTE.text, AGENT_PAGE_PALETTE.muted, AGENT_PAGE_PALETTE.noEvidence]) {
      expect(contrast(ink, AGENT_PAGE_PALETTE.page), ink).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(AGENT_PAGE_PALETTE.rule, AGENT_PAGE_PALETTE.page)).toBeGreaterThanOrEqual(3);
  });

  it("shows the accreditation summary, each value with its provenance label", () => {
    const html = renderAgentPage({ agentId: "a-4", accreditation: accreditationOf("a-4"), trust: null });
    const field = (name: string) =>
      new RegExp(`<dd data-field="${name}"><strong>([^<]*)</strong><span class="prov"[^>]*>([^<]*)</span>`).exec(html)?.slice(1, 3);
    expect(field("senecan_grade")).toEqual(["grade 2", "agent-reported"]);
    expect(field("typical_proximity")).toEqual(["deliberate", "agent-reported"]);
    expect(field("authority_level")).toEqual(["spot checked", "agent-reported"]);
    expect(field("direction_of_travel")).toEqual(["not assessed", "not-assessed"]);
    expect(field("coverage_status")).toEqual(["agent elected", "server-computed"]);
    expect(field("examination_mode")).toEqual(["pre decision harness", "server-computed"]);
    expect(html).not.toContain('id="no-accreditation"');
    // Without a trust record and no outage: said plainly, and no chart.
    expect(html).toContain('<p id="no-trust">No trust record');
    expect(html).not.toContain("<svg");
  });

  it("leaves examination mode out when the record never declared one", () => {
    const html = renderAgentPage({ agentId: "a-5", accreditation: accreditationOf("a-5", { examination_mode: null }), trust: null });
    expect(html).not.toContain('data-field="examination_mode"');
    expect(html).not.toContain("Examination mode");
  });

  it("says plainly when there is no accreditation record, and when the trust record is unavailable", () => {
    const none = renderAgentPage({ agentId: "a-6", accreditation: null, trust: trustOf("a-6", { andreia: "deliberate" }) });
    expect(none).toContain('<p id="no-accreditation">No accreditation record: this agent has not published one.</p>');
    expect(bars(none)).toHaveLength(4);

    const down = renderAgentPage({ agentId: "a-6", accreditation: accreditationOf("a-6"), trust: null, trustUnavailable: true });
    expect(down).toContain('id="trust-unavailable">The trust record is temporarily unavailable; try again shortly.</p>');
    expect(down).not.toContain('id="no-trust"');
    expect(down).toContain('data-field="senecan_grade"');

    const nothing = renderAgentPage({ agentId: "a-7", accreditation: null, trust: null });
    expect(nothing).toContain("The service holds no accreditation record and no trust record for this agent.");
    expect(nothing).toContain('id="no-accreditation"');
    expect(nothing).toContain('id="no-trust"');
  });

  it("shows aggregate, confidence, sparse and the justice latch only when engaged", () => {
    const agent = "a-8";
    const calm = renderAgentPage({ agentId: agent, accreditation: null, trust: trustOf(agent, { phronesis: "principled", dikaiosyne: "principled" }) });
    expect(calm).toMatch(/<dd data-field="aggregate"><strong>principled<\/strong>/);
    expect(calm).toContain('<dd data-field="confidence">moderate</dd>');
    expect(calm).toMatch(/<dd data-field="sparse">no<\/dd>/);
    expect(calm).not.toContain('data-field="justice_latch"');

    const flag: TrustEvent = {
      ...evidence(agent, "dikaiosyne", "reflexive"),
      source: "curator_flag",
      class: "decrease",
      latch: true,
      occurred_at: "2026-11-10T00:00:00.000Z",
    };
    const latched = trustOf(agent, { phronesis: "principled", dikaiosyne: "principled" }, [flag]);
    expect(latched.justice_latch.engaged).toBe(true);
    const html = renderAgentPage({ agentId: agent, accreditation: null, trust: latched });
    expect(/<dd data-field="justice_latch">(.*?)<\/dd>/.exec(html)?.[1]).toBe(
      "<strong>engaged</strong>: dikaiosyne capped at reflexive since 2026-11-10, until 2027-05-09 (curator flag)",
    );
    expect(bars(html).find((b) => b.domain === "dikaiosyne")).toMatchObject({ level: "reflexive", height: 48 });
    expect(html).toMatch(/<tr data-domain="dikaiosyne">.*?<td>curator flag<\/td>/);
  });

  it("lists the honest claims, the reading clause and the 10 most recent readings", () => {
    const trust = trustOf("a-9", { phronesis: "habitual" }, [], 14);
    const html = renderAgentPage({ agentId: "a-9", accreditation: null, trust });
    const list = (id: string) =>
      [...(new RegExp(`<h3 id="${id}">[^<]*</h3><ul>(.*?)</ul>`).exec(html)?.[1] ?? "").matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
    expect(list("attests")).toEqual(trust.honest_claims.attests.map((s) => s.replace(/'/g, "&#39;")));
    expect(list("does-not-attest")).toEqual(trust.honest_claims.does_not_attest.map((s) => s.replace(/'/g, "&#39;")));
    expect(html).toContain(`<p class="clause"><em>${READING_CLAUSE}</em></p>`);
    const table = /<table class="readings">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? "";
    expect(table).toContain(`<caption>The ${AGENT_PAGE_READINGS_SHOWN} most recent of 14 readings (7 examined), newest first</caption>`);
    const rows = [...table.matchAll(/<tr><td>(\w+)<\/td><td>(\w+)<\/td><td>([\w-]+)<\/td><td><time datetime="([^"]+)">([^<]+)<\/time><\/td><\/tr>/g)].map((m) =>
      m.slice(1),
    );
    expect(rows).toHaveLength(AGENT_PAGE_READINGS_SHOWN);
    expect(rows[0]).toEqual(["examined", "toward", "sage-like", "2026-11-20T00:00:00.000Z", "2026-11-20"]);
    expect(rows[1]).toEqual(["observed", "indeterminate", "habitual", "2026-11-19T00:00:00.000Z", "2026-11-19"]);
    expect(rows[9]![4]).toBe("2026-11-11");
  });
});
