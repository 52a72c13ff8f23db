import { KatorthomaProximity, VirtueDomain } from "../enums";
import { rankOf } from "../ladders";
import type { AccreditationReadBack } from "./service";
import { READING_CLAUSE, type TrustRecord } from "./trust_record";

/**
 * The public page of an agent (GET /agents/{agent_id}): its accreditation and trust record as
 * one HTML document a person would rather look at than read, with the four domain levels drawn
 * as a bar chart. Pure: the route reads the stores and passes what it read.
 *
 * Every piece of text is escaped (agent ids are chosen by their owners); the page loads
 * nothing (no script, font, stylesheet or image from anywhere) and is served under
 * AGENT_PAGE_CSP. Colours keep AA contrast against the white page.
 */

/** The response's Content-Security-Policy: nothing may load or run; only the inline stylesheet applies. */
export const AGENT_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

export interface AgentPageInput {
  readonly agentId: string;
  /** Null when the agent has no accreditation record (or it could not be read: see accreditationUnavailable). */
  readonly accreditation: AccreditationReadBack | null;
  /** Null when the agent has no trust record (or it could not be read: see trustUnavailable). */
  readonly trust: TrustRecord | null;
  /** The trust store could not be read: the page says so instead of "no trust record". */
  readonly trustUnavailable?: boolean;
  /** The accreditation store could not be read: the page says so instead of "no accreditation record". */
  readonly accreditationUnavailable?: boolean;
}

export const AGENT_PAGE_READINGS_SHOWN = 10;

const LADDER = KatorthomaProximity.options;
const DOMAINS = VirtueDomain.options;
const DOMAIN_GLOSS: Record<VirtueDomain, string> = {
  phronesis: "wisdom",
  dikaiosyne: "justice",
  andreia: "courage",
  sophrosyne: "temperance",
};

/**
 * One fill per rung of the ladder. Each is dark enough for white text above 4.5:1 and, as a
 * shape, far above the 3:1 WCAG asks of graphics against the white page (as the badge's bands).
 */
export const AGENT_PAGE_PALETTE = {
  page: "#ffffff",
  text: "#1a1a1a",
  muted: "#4d4d4d",
  rule: "#767676",
  noEvidence: "#595959",
  rungs: {
    reflexive: "#9b1c1c",
    habitual: "#8a4b00",
    deliberate: "#1e6b34",
    principled: "#1d4e89",
    sage_like: "#5b2a86",
  } satisfies Record<KatorthomaProximity, string>,
} as const;

/** Escapes text for HTML and SVG content and for double- or single-quoted attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[ch]!);
}
const e = escapeHtml;

/** A ladder value as words: `sage_like` reads "sage-like". */
function levelWords(level: string): string {
  return level.replace(/_/g, "-");
}
const words = (value: string) => value.replace(/_/g, " ");
const dateOf = (iso: string) => iso.slice(0, 10);

// Chart geometry (SVG user units). A bar's height is its rank on the ladder plus one rung, so
// the lowest rung is still a visible bar and no level is ever drawn as zero.
const CHART = { width: 640, height: 340, left: 130, right: 620, top: 36, bottom: 276, rung: 48 } as const;
const COLUMN = (CHART.right - CHART.left) / DOMAINS.length;
const BAR_WIDTH = 64;

/** The height of a bar for a level, in SVG units: one rung per step on the five-rung ladder. */
export function agentPageBarHeight(level: KatorthomaProximity): number {
  return (rankOf(KatorthomaProximity, level) + 1) * CHART.rung;
}

function domainSentence(domain: VirtueDomain, level: KatorthomaProximity | null): string {
  const name = `${domain} (${DOMAIN_GLOSS[domain]})`;
  if (level === null) return `${name}: no evidence`;
  return `${name}: ${levelWords(level)}, rung ${rankOf(KatorthomaProximity, level) + 1} of ${LADDER.length}`;
}

function chartSvg(trust: TrustRecord): string {
  const levels = DOMAINS.map((d) => ({ domain: d, level: trust.domains[d].level }));
  const desc =
    `Domain levels on the five-rung ladder from reflexive (lowest) to sage-like (highest). ` +
    levels.map(({ domain, level }) => domainSentence(domain, level)).join("; ") +
    ". " +
    (trust.aggregate.level ? `Aggregate (the lowest domain with a level): ${levelWords(trust.aggregate.level)}.` : "No aggregate: no domain has a level.");
  const out: string[] = [
    `<svg class="chart" width="${CHART.width}" height="${CHART.height}" viewBox="0 0 ${CHART.width} ${CHART.height}" role="img" aria-labelledby="chart-title chart-desc">`,
    `<title id="chart-title">${e(`Domain levels of ${trust.agent_id}`)}</title>`,
    `<desc id="chart-desc">${e(desc)}</desc>`,
    `<defs><pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
      `<line x1="0" y1="0" x2="0" y2="8" stroke="${AGENT_PAGE_PALETTE.noEvidence}" stroke-width="2" stroke-opacity="0.35"/></pattern></defs>`,
  ];
  // The axis: one labelled rule per rung, at the top of a bar of that level.
  out.push(`<g class="axis" font-size="13" fill="${AGENT_PAGE_PALETTE.text}">`);
  LADDER.forEach((rung, i) => {
    const y = CHART.bottom - (i + 1) * CHART.rung;
    out.push(
      `<line class="rung-line" data-rung="${rung}" x1="${CHART.left - 6}" y1="${y}" x2="${CHART.right}" y2="${y}" stroke="${AGENT_PAGE_PALETTE.rule}" stroke-width="1" stroke-dasharray="2 4"/>`,
      `<text class="rung" x="${CHART.left - 10}" y="${y + 4}" text-anchor="end">${e(levelWords(rung))}</text>`,
    );
  });
  out.push(`<line x1="${CHART.left}" y1="${CHART.bottom}" x2="${CHART.right}" y2="${CHART.bottom}" stroke="${AGENT_PAGE_PALETTE.text}" stroke-width="1.5"/>`);
  out.push(`</g>`);

  levels.forEach(({ domain, level }, i) => {
    const x = CHART.left + i * COLUMN + (COLUMN - BAR_WIDTH) / 2;
    const centre = x + BAR_WIDTH / 2;
    const label = domainSentence(domain, level);
    if (level === null) {
      // No evidence is not a low level: an empty hatched outline over the whole ladder.
      const h = LADDER.length * CHART.rung;
      const top = CHART.bottom - h;
      out.push(
        `<g class="bar no-evidence" data-domain="${domain}" data-level="none" aria-label="${e(label)}">`,
        `<rect x="${x}" y="${top}" width="${BAR_WIDTH}" height="${h}" fill="url(#hatch)" stroke="${AGENT_PAGE_PALETTE.noEvidence}" stroke-width="1.5" stroke-dasharray="6 4"/>`,
        `<text x="${centre}" y="${top + h / 2 - 4}" text-anchor="middle" font-size="12" fill="${AGENT_PAGE_PALETTE.text}">no</text>`,
        `<text x="${centre}" y="${top + h / 2 + 12}" text-anchor="middle" font-size="12" fill="${AGENT_PAGE_PALETTE.text}">evidence</text>`,
        `</g>`,
      );
    } else {
      const h = agentPageBarHeight(level);
      const top = CHART.bottom - h;
      out.push(
        `<g class="bar" data-domain="${domain}" data-level="${level}" data-rank="${rankOf(KatorthomaProximity, level)}" aria-label="${e(label)}">`,
        `<rect x="${x}" y="${top}" width="${BAR_WIDTH}" height="${h}" fill="${AGENT_PAGE_PALETTE.rungs[level]}"/>`,
        `<text x="${centre}" y="${top - 8}" text-anchor="middle" font-size="13" font-weight="bold" fill="${AGENT_PAGE_PALETTE.text}">${e(levelWords(level))}</text>`,
        `</g>`,
      );
    }
    out.push(
      `<text class="domain" x="${centre}" y="${CHART.bottom + 22}" text-anchor="middle" font-size="14" font-weight="bold" fill="${AGENT_PAGE_PALETTE.text}">${domain}</text>`,
      `<text x="${centre}" y="${CHART.bottom + 40}" text-anchor="middle" font-size="12" fill="${AGENT_PAGE_PALETTE.muted}">${DOMAIN_GLOSS[domain]}</text>`,
    );
  });
  out.push(`</svg>`);
  return out.join("\n");
}

const STYLE = `
:root { color-scheme: light; }
body { margin: 0; background: ${AGENT_PAGE_PALETTE.page}; color: ${AGENT_PAGE_PALETTE.text}; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
main { max-width: 52rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; overflow-wrap: anywhere; }
h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; border-bottom: 1px solid ${AGENT_PAGE_PALETTE.rule}; padding-bottom: .25rem; }
h3 { font-size: 1.05rem; margin: 1.25rem 0 .25rem; }
.lede, .muted, .basis { color: ${AGENT_PAGE_PALETTE.muted}; }
.basis { font-size: .85rem; display: block; }
.note { border-left: 4px solid #8a4b00; padding: .5rem .75rem; background: #fff8ec; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: 0; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
.prov { display: inline-block; font-size: .8rem; border: 1px solid ${AGENT_PAGE_PALETTE.muted}; border-radius: .6rem; padding: 0 .45rem; margin-left: .4rem; color: ${AGENT_PAGE_PALETTE.text}; }
figure { margin: 1rem 0; }
svg.chart { max-width: 100%; height: auto; display: block; margin: .5rem 0; font-family: system-ui, sans-serif; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; font-size: .95rem; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #c4c4c4; }
caption { text-align: left; color: ${AGENT_PAGE_PALETTE.muted}; padding-bottom: .25rem; }
a { color: #1d4e89; }
code { overflow-wrap: anywhere; }
footer { margin-top: 2.5rem; font-size: .9rem; color: ${AGENT_PAGE_PALETTE.muted}; }
`;

const ACCREDITATION_FIELDS = [
  ["senecan_grade", "Senecan grade"],
  ["typical_proximity", "Typical proximity"],
  ["authority_level", "Authority level"],
  ["direction_of_travel", "Direction of travel"],
  ["coverage_status", "Coverage"],
  ["examination_mode", "Examination mode"],
] as const;

function accreditationSection(input: AgentPageInput): string {
  const a = input.accreditation;
  if (!a) {
    const message = input.accreditationUnavailable
      ? `<p class="note" role="status">The accreditation record is temporarily unavailable; try again shortly.</p>`
      : `<p id="no-accreditation">No accreditation record: this agent has not published one.</p>`;
    return `<section aria-labelledby="accreditation-heading"><h2 id="accreditation-heading">Accreditation</h2>${message}</section>`;
  }
  const rows: string[] = [];
  for (const [key, label] of ACCREDITATION_FIELDS) {
    const value = a.data[key];
    if (key === "examination_mode" && value === undefined) continue;
    const shown = value === null || value === undefined ? "not assessed" : key === "typical_proximity" ? levelWords(value) : words(value);
    const provenance = a.field_provenance[key];
    const basis = a.field_basis[key];
    rows.push(
      `<dt>${e(label)}</dt><dd data-field="${key}"><strong>${e(shown)}</strong>` +
        (provenance ? `<span class="prov" title="provenance">${e(provenance)}</span>` : "") +
        (basis ? `<span class="basis">${e(basis)}</span>` : "") +
        `</dd>`,
    );
  }
  const latest = a.grade_history[0];
  const history = latest
    ? `<p>Last grade change: ${e(words(latest.from_grade))} to ${e(words(latest.to_grade))} (${e(latest.trigger_type)}), ${e(dateOf(latest.created_at))}.</p>`
    : `<p class="muted">No grade change since the seed.</p>`;
  return (
    `<section aria-labelledby="accreditation-heading"><h2 id="accreditation-heading">Accreditation</h2>` +
    `<dl class="facts">${rows.join("")}</dl>` +
    `<p class="muted">Version ${a.data.version}; seeded ${e(dateOf(a.data.seeded_at))}, updated ${e(dateOf(a.data.updated_at))}. ` +
    `Each value carries its provenance label: agent-reported values are the agent's own account.</p>` +
    history +
    `</section>`
  );
}

function trustSection(input: AgentPageInput): string {
  const t = input.trust;
  const heading = `<h2 id="trust-heading">Trust record</h2>`;
  if (!t) {
    const message = input.trustUnavailable
      ? `<p class="note" role="status" id="trust-unavailable">The trust record is temporarily unavailable; try again shortly.</p>`
      : `<p id="no-trust">No trust record: the service holds no examined evidence and no provenance gap for this agent.</p>`;
    return `<section aria-labelledby="trust-heading">${heading}${message}</section>`;
  }
  const facts: string[] = [
    `<dt>Aggregate level</dt><dd data-field="aggregate">${t.aggregate.level ? `<strong>${e(levelWords(t.aggregate.level))}</strong>` : "none: no domain has a level"} <span class="basis">${e(t.aggregate.rule)}</span></dd>`,
    `<dt>Confidence</dt><dd data-field="confidence">${e(t.confidence ?? "none")}</dd>`,
    `<dt>Coverage</dt><dd data-field="coverage">${t.coverage.domains_with_evidence} of ${t.coverage.domains_total} domains have examined evidence</dd>`,
    `<dt>Sparse</dt><dd data-field="sparse">${t.sparse ? "yes: little examined evidence stands behind these levels" : "no"}</dd>`,
  ];
  if (t.justice_latch.engaged) {
    const l = t.justice_latch;
    facts.push(
      `<dt>Justice latch</dt><dd data-field="justice_latch"><strong>engaged</strong>` +
        (l.level ? `: dikaiosyne capped at ${e(levelWords(l.level))}` : "") +
        (l.since ? ` since ${e(dateOf(l.since))}` : "") +
        (l.releases_at ? `, until ${e(dateOf(l.releases_at))}` : "") +
        (l.source ? ` (${e(words(l.source))})` : "") +
        `</dd>`,
    );
  }
  if (t.total_provenance_gaps_count !== undefined) {
    const n = t.total_provenance_gaps_count;
    facts.push(
      `<dt>Provenance gaps</dt><dd data-field="provenance_gaps">${n === 0 ? "none" : `${n} presented examination${n === 1 ? "" : "s"} the service could not attest`}</dd>`,
    );
  }
  const domainRows = DOMAINS.map((d) => {
    const x = t.domains[d];
    return (
      `<tr data-domain="${d}"><th scope="row">${d} <span class="muted">(${DOMAIN_GLOSS[d]})</span></th>` +
      `<td>${x.level ? e(levelWords(x.level)) : "no evidence"}</td>` +
      `<td>${x.evidence_level ? e(levelWords(x.evidence_level)) : "none"}</td>` +
      `<td>${x.examined_events}</td>` +
      `<td>${x.lowered_by.length ? e(x.lowered_by.map(words).join(", ")) : "none"}${x.held_events ? `; ${x.held_events} held` : ""}</td></tr>`
    );
  }).join("");
  return (
    `<section aria-labelledby="trust-heading">${heading}` +
    `<p class="lede">Composed ${e(t.composed_at.replace("T", " ").slice(0, 16))} UTC from examinations the service itself ran; evidence halves in weight every ${t.decay.half_life_days} days and none older than ${t.decay.horizon_days} days counts.</p>` +
    `<figure>${chartSvg(t)}<figcaption class="muted">Each bar rises one rung per level, from reflexive to sage-like. A hatched outline means no examined evidence in that domain, not a low level.</figcaption></figure>` +
    `<table class="domains"><caption>Domain levels</caption><thead><tr><th scope="col">Domain</th><th scope="col">Level</th><th scope="col">Evidence alone</th><th scope="col">Examined events</th><th scope="col">Lowered by</th></tr></thead><tbody>${domainRows}</tbody></table>` +
    `<dl class="facts">${facts.join("")}</dl>` +
    claimsSection(t) +
    readingsSection(t) +
    `</section>`
  );
}

function claimsSection(t: TrustRecord): string {
  const list = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${e(i)}</li>`).join("")}</ul>`;
  return (
    `<h3 id="attests">What this record attests</h3>${list(t.honest_claims.attests)}` +
    `<h3 id="does-not-attest">What it does not attest</h3>${list(t.honest_claims.does_not_attest)}`
  );
}

function readingsSection(t: TrustRecord): string {
  const shown = t.orientation_readings.slice(0, AGENT_PAGE_READINGS_SHOWN);
  const clause = `<p class="clause"><em>${e(READING_CLAUSE)}</em></p>`;
  if (shown.length === 0) return `<h3>Orientation readings</h3><p class="muted">No orientation readings yet.</p>${clause}`;
  const rows = shown
    .map(
      (r) =>
        `<tr><td>${e(r.class)}</td><td>${e(r.direction)}</td><td>${e(levelWords(r.katorthoma_proximity))}</td>` +
        `<td><time datetime="${e(r.examined_at)}">${e(dateOf(r.examined_at))}</time></td></tr>`,
    )
    .join("");
  return (
    `<h3>Orientation readings</h3>${clause}` +
    `<table class="readings"><caption>The ${shown.length} most recent of ${t.total_orientation_readings_count} readings (${t.examined_orientation_readings_count} examined), newest first</caption>` +
    `<thead><tr><th scope="col">Class</th><th scope="col">Direction</th><th scope="col">Proximity</th><th scope="col">Date</th></tr></thead><tbody>${rows}</tbody></table>`
  );
}

/** The whole page: a complete HTML5 document. */
export function renderAgentPage(input: AgentPageInput): string {
  const id = input.agentId;
  const path = encodeURIComponent(id);
  const nothing = !input.accreditation && !input.trust;
  const lede = nothing
    ? input.trustUnavailable || input.accreditationUnavailable
      ? "This agent's records cannot be read just now."
      : "The service holds no accreditation record and no trust record for this agent."
    : "Its published accreditation, and the trust record the service composes from the examinations it ran itself.";
  return [
    `<!doctype html>`,
    `<html lang="en">`,
    `<head>`,
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${e(`Agent ${id}: accreditation and trust record`)}</title>`,
    `<style>${STYLE}</style>`,
    `</head>`,
    `<body>`,
    `<main>`,
    `<header><h1>Agent <code id="agent-id">${e(id)}</code></h1><p class="lede">${e(lede)}</p></header>`,
    accreditationSection(input),
    trustSection(input),
    `<footer><p>Advisory and measure-only: nothing here binds anyone, and human judgement overrides it. ` +
      `Machine-readable: <a href="/api/accreditation/${e(path)}">accreditation</a>, <a href="/api/trust-record/${e(path)}">trust record</a>; ` +
      `signatures verify with <a href="/api/public-key">the public key</a>.</p></footer>`,
    `</main>`,
    `</body>`,
    `</html>`,
    ``,
  ].join("\n");
}
