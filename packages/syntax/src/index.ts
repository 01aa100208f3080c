export * from "./diagnostic.js";
export * from "./expression/index.js";
export * from "./json.js";
export * from "./line-index.js";
export * from "./suggest.js";
export * from "./tree.js";
export * from "./yaml.js";
export * from "./yaml-scalar.js";
