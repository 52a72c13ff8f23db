import { EXTRACTION_SCHEMA_VERSION, Layer1Extraction, type DomainReading, type KatorthomaProximity } from "@svc/core";

/** Builders of Layer 1 extractions for engine and lens tests, and a seeded generator for property tests. */
export const notEngaged = (): DomainReading => ({ engaged: false, reading: null, evidence: [] });
export const engaged = (reading: KatorthomaProximity): DomainReading => ({ engaged: true, reading, evidence: [] });

export type ExtractionOverrides = Partial<Omit<Layer1Extraction, "deliberation" | "grave_act" | "domains">> & {
  deliberation?: Partial<Layer1Extraction["deliberation"]>;
  grave_act?: Partial<Layer1Extraction["grave_act"]>;
  domains?: Partial<Layer1Extraction["domains"]>;
};

/** A valid extraction (parsed with the published schema) with the given parts changed. */
export function extraction(overrides: ExtractionOverrides = {}): Layer1Extraction {
  return Layer1Extraction.parse({
    schema_version: EXTRACTION_SCHEMA_VERSION,
    situation: { summary: "An act.", act_kind: "past_action", ...overrides.situation },
    deliberation: { level: "considered", examined_before_acting: null, evidence: [], ...overrides.deliberation },
    grave_act: { present: false, harmed_circle: null, quote: null, ...overrides.grave_act },
    domains: { dikaiosyne: notEngaged(), andreia: notEngaged(), sophrosyne: notEngaged(), ...overrides.domains },
    passions: overrides.passions ?? [],
    circles: overrides.circles ?? [],
    ambiguity: overrides.ambiguity ?? { trigger_code: null, slot_fills: [] },
  });
}

/** mulberry32: a small, well-mixed 32-bit generator; the same seed gives the same cases. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
