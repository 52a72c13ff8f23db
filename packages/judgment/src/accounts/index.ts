export { readAccount, ACCOUNT_WEIGHTS, type AccountAct, type AccountReading, type AccountSpan, type AccountWeights } from "./read";
