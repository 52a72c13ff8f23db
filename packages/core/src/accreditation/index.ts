export * from "./trust_events";
export * from "./write_rules";
