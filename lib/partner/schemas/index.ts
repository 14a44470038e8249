export * from "./wire";
export * from "./resources";
export * from "./requests";
export * from "./responses";
