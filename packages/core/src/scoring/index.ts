export * from "../reason/examine";
export * from "./guardrail";
export * from "./lenses";
export * from "./profile";
export * from "./conversations";
export * from "./decisions";
export * from "./documents";
export * from "./journal";
