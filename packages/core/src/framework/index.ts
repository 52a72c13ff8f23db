export * from "./domains";
export * from "./foundations";
export * from "./indifferents";
export * from "./passions";
export * from "./virtues";
