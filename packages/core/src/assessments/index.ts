export * from "./framework";
export * from "./results";
export * from "./submissions";
export * from "./store";
export * from "./service";
export * from "./indexes";
