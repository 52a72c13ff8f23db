import { sha256Hex } from "../encoding";
import type { Layer1Extractor } from "./ports";
import { assess, type Assessment, type DepthTier } from "./engine";
import type { Layer1Extraction } from "./extraction";

/** How many texts one call examines at once: bounded, so 55 responses do not open 55 model calls at once. */
export const EXAMINATION_POOL = 5;

/**
 * The one engine every scoring lens looks through: Layer 1 (the deployment's extractor) and
 * the deterministic Layer 2 of the reason endpoint, unsigned. The lenses only re-present what
 * this returns; none of them reads the text again on its own.
 */
export interface Examination {
  readonly text: string;
  readonly extraction: Layer1Extraction;
  readonly assessment: Assessment;
}

export interface ExamineRequest {
  /** The account examined, verbatim; corroboration reads only this. */
  readonly text: string;
  /** Background the extractor may use, never read as the account. */
  readonly context: string | null;
  readonly ref: string;
  readonly depth?: DepthTier;
}

export async function examine(extractor: Layer1Extractor, request: ExamineRequest): Promise<Examination> {
  const depth = request.depth ?? "quick";
  const extraction = await extractor.extract({
    input: request.text,
    context: request.context,
    domain_context: null,
    clarification_response: null,
    // Scoring lenses never stop to ask: an ambiguity is read as it stands.
    answered_triggers: [],
    depth,
  });
  const assessment = assess({
    extraction,
    text: request.text,
    examination: { ref: request.ref, depth_tier: depth, prior_feedback_ref: null, input_sha256: await sha256Hex(request.text) },
  });
  return { text: request.text, extraction, assessment };
}
