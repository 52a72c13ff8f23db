export * from "./contradictions";
export * from "./declarations";
export * from "./store";
