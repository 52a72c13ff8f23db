export * from "./types";
export { tokenize, stemOf } from "./text";
export { lexicon, find, findAll, near, spanOf, type Lexicon, type Match } from "./lexicon";
export { documentOf, renderToolCall } from "./document";
export { WEIGHTS, VERDICTS, sigmoid, logitOf, verdictOf, weightOf, scoreOf, isModifier, isAggravator, isHarm, isLexical, type Weights, type Verdict } from "./scorer";
export { readAction, hitsOf, CODE_MESSAGES, READER_ENGINE, type Reading, type Reason, type Mitigation } from "./read";
export { PRIORS, STRONG_PRIOR } from "./priors";
export { readAccount, ACCOUNT_WEIGHTS, type AccountAct, type AccountReading, type AccountSpan, type AccountWeights } from "./accounts";
