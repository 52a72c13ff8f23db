export * from "./app";
export * from "./cache";
export * from "./context";
export * from "./env";
export * from "./errors";
export * from "./log";
export * from "./route";
