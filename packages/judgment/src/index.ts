export * from "./types";
export { tokenize, stemOf } from "./text";
export { lexicon, find, findAll, near, spanOf, type Lexicon, type Match } from "./lexicon";
export { documentOf, renderToolCall } from "./document";
export {
  WEIGHTS,
  VERDICTS,
  sigmoid,
  logitOf,
  verdictOf,
  weightOf,
  scoreOf,
  isModifier,
  isAggravator,
  isHarm,
  isLexical,
  type Weights,
  type Verdict,
  type WordingCode,
} from "./scorer";
export { readAction, hitsOf, CODE_MESSAGES, READER_ENGINE, type Reading, type Reason, type Mitigation } from "./read";
export { PRIORS, STRONG_PRIOR } from "./priors";
export { accountSegment } from "./accounts/grammar";
export { readPassions, type PassionReading, type PassionsReading, type SetAsidePassion, type RootPassionId } from "./accounts/passions";
export { readDeliberation, deliberationCues, type DeliberationReading, type DeliberationLevelId } from "./accounts/deliberation";
export { readActKind, type ActKindReading, type ActKindId } from "./accounts/act_kind";
export { readCourage, readTemperance, type VirtueReading, type DomainReadingLevel } from "./accounts/virtues";
export { readAccount, ACCOUNT_WEIGHTS, type AccountAct, type AccountReading, type AccountSpan, type AccountWeights } from "./accounts";
