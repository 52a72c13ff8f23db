export * from "./registry";
export * from "./iterate";
