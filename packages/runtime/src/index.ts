export * from "./env";
export * from "./errors";
export * from "./log";
export * from "./runtime";
export * from "./secrets";
