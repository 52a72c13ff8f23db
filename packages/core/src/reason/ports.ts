import type { ClarificationTriggerCode } from "../enums";
import type { Assessment, DepthTier } from "./engine";
import type { Layer1Extraction } from "./extraction";

/**
 * The reason engine's ports: what Layer 1 and Layer 3 are asked, by the consult, the narrative
 * worker and the examinations. Implemented by the offline extractor and narrator here and by the
 * language-model layers in @svc/llm.
 */

export interface Layer1Request {
  readonly input: string;
  readonly context: string | null;
  readonly domain_context: string | null;
  readonly clarification_response: string | null;
  /** Triggers whose questions were answered in this consult, oldest first: never to be raised again. */
  readonly answered_triggers: readonly ClarificationTriggerCode[];
  readonly depth: DepthTier;
}

/** Layer 1 port: the language model (sampled) or the offline extractor. */
export interface Layer1Extractor {
  readonly name: string;
  extract(request: Layer1Request): Promise<Layer1Extraction>;
}

/** Layer 3 port. */
export interface Narrator {
  readonly name: string;
  narrate(assessment: Assessment): Promise<string>;
}
