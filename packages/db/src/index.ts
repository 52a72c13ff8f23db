export * from "./migrate";
export * from "./migrations";
export * from "./repositories/api_keys";
export * from "./schema";
export type { DatabaseConnection } from "./neon";
export * from "./repositories/consults";
export * from "./repositories/narratives";
export * from "./repositories/scores";
export * from "./repositories/documents";
