import {
  ClarificationTriggerCode,
  DeliberationLevel,
  EXTRACTION_SCHEMA_VERSION,
  KatorthomaProximity,
  OikeiosisCircle,
  rankOf,
  RootPassion,
  type CircleObligation,
  type DomainReading,
  type ExtractedPassion,
  type Layer1Extraction,
} from "@svc/core";

/**
 * Reconciles several Layer 1 samples of the same consult into one extraction, field by field,
 * so that one odd sample cannot swing a verdict. Pure and order-independent: the same samples
 * in any order give the same extraction (ties are broken by fixed rules, never by position).
 *
 * The rules, each a plain vote among the valid samples:
 * - enums: the value most samples gave; a tie goes to the more cautious value (the lower rung
 *   for the deliberation level; `unclear` for act_kind; `indeterminate` for an obligation);
 * - trigger_code: set only when a strict majority names the same trigger, else null;
 * - examined_before_acting: by majority, a tie is null (not said); grave_act.present: by
 *   majority, a tie is true, because a grave act is the safety-relevant reading and Layer 2
 *   only ever lowers a verdict for it;
 * - a domain is engaged when at least half the samples engage it (a tie engages it: an engaged
 *   domain can only lower the aggregate), and its reading is the median rung of the samples
 *   that engaged it, the lower median on even counts;
 * - a root passion, a circle: kept when a strict majority of samples report it; a passion's
 *   sub-species are those a strict majority of the reporting samples name (else one entry with
 *   sub_species null), "strong" only with a strict majority of those samples;
 * - quotes: only a verbatim substring of the input, the one most samples gave, else null;
 *   evidence: the union of verbatim quotes, most given first, at most 8;
 * - summary: the one most samples gave (a tie goes to the first in code-unit order).
 */

const EVIDENCE_CAP = 8;
const PASSIONS_CAP = 8;

type Proximity = KatorthomaProximity;
type DomainId = "dikaiosyne" | "andreia" | "sophrosyne";
const DOMAIN_IDS: readonly DomainId[] = ["dikaiosyne", "andreia", "sophrosyne"];

/** Code-unit order: locale-independent, so the result never depends on where it runs. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const strictMajority = (count: number, of: number) => count * 2 > of;

/**
 * The value most often given, or, when several share the top count, `onTie` of those
 * (handed over in code-unit order of their JSON, so the choice never depends on sample order).
 */
function plurality<T>(values: readonly T[], onTie: (tied: T[]) => T): T {
  const counts = new Map<string, { value: T; count: number }>();
  for (const value of values) {
    const key = JSON.stringify(value);
    const entry = counts.get(key);
    if (entry) entry.count += 1;
    else counts.set(key, { value, count: 1 });
  }
  const top = Math.max(...[...counts.values()].map((e) => e.count));
  const tied = [...counts.entries()]
    .filter(([, e]) => e.count === top)
    .sort(([a], [b]) => byCodeUnits(a, b))
    .map(([, e]) => e.value);
  return tied.length === 1 ? tied[0]! : onTie(tied);
}

const lowestRung =
  <T extends string>(ladder: { readonly options: readonly T[] }) =>
  (tied: T[]): T =>
    tied.reduce((low, v) => (rankOf(ladder, v) < rankOf(ladder, low) ? v : low));

const always =
  <T>(value: T) =>
  (): T =>
    value;

/** Quotes ranked: given by more samples first, then earlier in the input, then code-unit order. */
function rankQuotes(perSample: ReadonlyArray<readonly (string | null)[]>, input: string): string[] {
  const counts = new Map<string, number>();
  for (const quotes of perSample) {
    for (const quote of new Set(quotes)) {
      if (quote === null || !input.includes(quote)) continue;
      counts.set(quote, (counts.get(quote) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort(([qa, ca], [qb, cb]) => cb - ca || input.indexOf(qa) - input.indexOf(qb) || byCodeUnits(qa, qb)).map(([quote]) => quote);
}

/** The verbatim quote most samples gave, else null: a quote not in the input is never kept. */
function chooseQuote(quotes: readonly (string | null)[], input: string): string | null {
  return (
    rankQuotes(
      quotes.map((q) => [q]),
      input,
    )[0] ?? null
  );
}

function unionEvidence(perSample: ReadonlyArray<readonly string[]>, input: string): string[] {
  return rankQuotes(perSample, input).slice(0, EVIDENCE_CAP);
}

function reconcileDomain(readings: readonly DomainReading[], input: string): DomainReading {
  const engaging = readings.filter((r) => r.engaged && r.reading !== null);
  if (engaging.length * 2 < readings.length || engaging.length === 0) return { engaged: false, reading: null, evidence: [] };
  const rungs = engaging.map((r) => r.reading!).sort((a, b) => rankOf(KatorthomaProximity, a) - rankOf(KatorthomaProximity, b));
  const median: Proximity = rungs[Math.floor((rungs.length - 1) / 2)]!;
  return {
    engaged: true,
    reading: median,
    evidence: unionEvidence(
      engaging.map((r) => r.evidence),
      input,
    ),
  };
}

function reconcilePassions(samples: readonly Layer1Extraction[], input: string): ExtractedPassion[] {
  const passions: ExtractedPassion[] = [];
  for (const root of RootPassion.options) {
    const reporting = samples.map((s) => s.passions.filter((p) => p.root_passion === root)).filter((entries) => entries.length > 0);
    if (!strictMajority(reporting.length, samples.length)) continue;

    const named = new Map<string, number>();
    for (const entries of reporting) {
      for (const sub of new Set(entries.map((p) => p.sub_species))) if (sub !== null) named.set(sub, (named.get(sub) ?? 0) + 1);
    }
    const subs = [...named.entries()]
      .filter(([, count]) => strictMajority(count, reporting.length))
      .map(([sub]) => sub)
      .sort(byCodeUnits);

    // Each kept entry is voted on by the samples that gave it: with no agreed sub-species,
    // every sample reporting the root.
    for (const sub of subs.length > 0 ? subs : [null]) {
      const voters = reporting
        .map((entries) => (sub === null ? entries : entries.filter((p) => p.sub_species === sub)))
        .filter((entries) => entries.length > 0);
      const strong = voters.filter((entries) => entries.some((p) => p.intensity === "strong")).length;
      passions.push({
        root_passion: root,
        sub_species: sub,
        intensity: strictMajority(strong, voters.length) ? "strong" : "mild",
        quote:
          rankQuotes(
            voters.map((entries) => entries.map((p) => p.quote)),
            input,
          )[0] ?? null,
      });
    }
  }
  return passions.slice(0, PASSIONS_CAP);
}

function reconcileCircles(samples: readonly Layer1Extraction[], input: string): CircleObligation[] {
  const circles: CircleObligation[] = [];
  for (const circle of OikeiosisCircle.options) {
    const including = samples.map((s) => s.circles.filter((c) => c.circle === circle)).filter((entries) => entries.length > 0);
    if (!strictMajority(including.length, samples.length)) continue;
    // A sample that says two different things about one circle says nothing determinate.
    const claimOf = (entries: readonly CircleObligation[]) =>
      entries.every((c) => c.obligation_claim === entries[0]!.obligation_claim) ? entries[0]!.obligation_claim : "indeterminate";
    const claim = plurality(including.map(claimOf), always("indeterminate" as const));
    // The quote must come from samples that made the same claim: it is what Layer 2 checks the claim against.
    const agreeing = including.filter((entries) => claimOf(entries) === claim);
    circles.push({
      circle,
      obligation_claim: claim,
      quote:
        rankQuotes(
          agreeing.map((entries) => entries.map((c) => c.quote)),
          input,
        )[0] ?? null,
    });
  }
  return circles;
}

function reconcileAmbiguity(samples: readonly Layer1Extraction[]): Layer1Extraction["ambiguity"] {
  const codes = samples.map((s) => s.ambiguity.trigger_code);
  const agreed = ClarificationTriggerCode.options.find((code) => strictMajority(codes.filter((c) => c === code).length, samples.length)) ?? null;
  if (agreed === null) return { trigger_code: null, slot_fills: [] };
  const fills = samples.filter((s) => s.ambiguity.trigger_code === agreed).map((s) => s.ambiguity.slot_fills);
  return { trigger_code: agreed, slot_fills: plurality(fills, (tied) => tied[0]!) };
}

export function reconcileSamples(samples: readonly Layer1Extraction[], input: string): Layer1Extraction {
  if (samples.length === 0) throw new RangeError("reconcileSamples needs at least one sample");

  const present = plurality(
    samples.map((s) => s.grave_act.present),
    always(true),
  );
  const graveSamples = samples.filter((s) => s.grave_act.present === present);

  return {
    schema_version: EXTRACTION_SCHEMA_VERSION,
    situation: {
      summary: plurality(
        samples.map((s) => s.situation.summary),
        (tied) => tied.sort(byCodeUnits)[0]!,
      ),
      act_kind: plurality(
        samples.map((s) => s.situation.act_kind),
        always("unclear" as const),
      ),
    },
    deliberation: {
      level: plurality(
        samples.map((s) => s.deliberation.level),
        lowestRung(DeliberationLevel),
      ),
      examined_before_acting: plurality(
        samples.map((s) => s.deliberation.examined_before_acting),
        always(null),
      ),
      evidence: unionEvidence(
        samples.map((s) => s.deliberation.evidence),
        input,
      ),
    },
    grave_act: present
      ? {
          present: true,
          harmed_circle: plurality(
            graveSamples.map((s) => s.grave_act.harmed_circle),
            always(null),
          ),
          quote: chooseQuote(
            graveSamples.map((s) => s.grave_act.quote),
            input,
          ),
        }
      : { present: false, harmed_circle: null, quote: null },
    domains: Object.fromEntries(
      DOMAIN_IDS.map((id) => [
        id,
        reconcileDomain(
          samples.map((s) => s.domains[id]),
          input,
        ),
      ]),
    ) as Layer1Extraction["domains"],
    passions: reconcilePassions(samples, input),
    circles: reconcileCircles(samples, input),
    ambiguity: reconcileAmbiguity(samples),
  };
}
