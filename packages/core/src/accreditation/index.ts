export * from "./examinations";
export * from "./records";
export * from "./service";
export * from "./trust_events";
export * from "./trust_record";
export * from "./write_rules";
export * from "./agent_page";
