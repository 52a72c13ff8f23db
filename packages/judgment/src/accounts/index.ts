export { readAccount, featuresOfActs, probabilityOf, ACCOUNT_WEIGHTS, type AccountAct, type AccountReading, type AccountSpan, type AccountWeights } from "./read";
export { WRONGS, RIGHTS, CIRCLES, type ActType, type Circle, type WrongAct, type RightAct } from "./lexicons";
