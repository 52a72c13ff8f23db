import * as z from "zod";
import { ClarificationTriggerCode, KatorthomaProximity, OikeiosisCircle, OrientationDirection, RootPassion } from "../enums";

/**
 * Layer 1: the features of a consult that Layer 2 assesses. Produced by the language model
 * (sampled and reconciled), by the offline extractor, or supplied by the caller
 * (`layer1_schema`). Versioned; its JSON Schema is published at GET /api/reason/schema.
 * Quotes are meant to be verbatim spans of the input; Layer 2 checks that they are.
 */
export const EXTRACTION_SCHEMA_VERSION = "l1-extraction/v1";

const Quote = z.string().min(1).max(500).describe("A verbatim span of the input.");

export const DeliberationLevel = z
  .enum(["none", "habitual", "considered", "principled", "exemplary"])
  .describe("How the act was reasoned: no deliberation, by habit, weighed, from principle, as a sage would.");
export type DeliberationLevel = z.infer<typeof DeliberationLevel>;

export const DomainReading = z
  .strictObject({
    engaged: z.boolean().describe("Whether the act engages this virtue domain."),
    reading: KatorthomaProximity.nullable().describe("Proximity in this domain; null exactly when not engaged."),
    evidence: z.array(Quote).max(8).default([]),
  })
  .refine((d) => d.engaged === (d.reading !== null), {
    message: "reading must be set when the domain is engaged and null when it is not",
    path: ["reading"],
  });
export type DomainReading = z.infer<typeof DomainReading>;

export const ExtractedPassion = z.strictObject({
  root_passion: RootPassion,
  sub_species: z
    .string()
    .regex(/^[a-z]+$/)
    .nullable()
    .describe("Sub-species id (e.g. orge), or null when it cannot be told."),
  intensity: z.enum(["mild", "strong"]),
  quote: Quote.nullable(),
});
export type ExtractedPassion = z.infer<typeof ExtractedPassion>;

export const CircleObligation = z.strictObject({
  circle: OikeiosisCircle,
  obligation_claim: z.enum(["met", "violated", "indeterminate"]).describe("What the account claims about the duty owed to this circle."),
  quote: Quote.nullable(),
});
export type CircleObligation = z.infer<typeof CircleObligation>;

export const OrientationObservation = z.strictObject({
  direction: OrientationDirection,
  basis: z.string().max(300),
});

/** What a caller may supply: everything but the server's own orientation observations. */
export const Layer1Extraction = z
  .strictObject({
    schema_version: z.literal(EXTRACTION_SCHEMA_VERSION),
    situation: z.strictObject({
      summary: z.string().min(1).max(1000),
      act_kind: z.enum(["past_action", "proposed_action", "reasoning", "unclear"]),
    }),
    deliberation: z.strictObject({
      level: DeliberationLevel,
      examined_before_acting: z.boolean().nullable().describe("Whether the account says the act was examined first; null when it does not say."),
      evidence: z.array(Quote).max(8).default([]),
    }),
    grave_act: z.strictObject({
      present: z.boolean().describe("Whether the act risks grave harm to others or deep wrong."),
      harmed_circle: OikeiosisCircle.nullable(),
      quote: Quote.nullable(),
    }),
    domains: z.strictObject({
      dikaiosyne: DomainReading,
      andreia: DomainReading,
      sophrosyne: DomainReading,
    }),
    passions: z.array(ExtractedPassion).max(8),
    circles: z.array(CircleObligation).max(5),
    ambiguity: z.strictObject({
      trigger_code: ClarificationTriggerCode.nullable().describe("The one axis on which the situation is too ambiguous to assess, if any."),
      slot_fills: z.array(z.string().max(200)).max(4).default([]),
    }),
  })
  .describe("Layer 1 extraction, version l1-extraction/v1.");
export type Layer1Extraction = z.infer<typeof Layer1Extraction>;

/** The extraction as returned in a response: the server adds its orientation observations. */
export const Extraction = Layer1Extraction.extend({ orientation_observations: z.array(OrientationObservation) }).describe(
  "The Layer 1 extraction the assessment rests on, with the server's orientation observations.",
);
export type Extraction = Layer1Extraction & { orientation_observations: z.infer<typeof OrientationObservation>[] };
