export * from "./examine";
export * from "./guardrail";
export * from "./lenses";
export * from "./profile";
