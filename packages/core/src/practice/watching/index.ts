export * from "./schemas";
export * from "./store";
export * from "./checks";
export * from "./service";
