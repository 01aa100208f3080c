export * from "./diagnostic.js";
export * from "./json.js";
export * from "./line-index.js";
export * from "./suggest.js";
export * from "./tree.js";
