export * from "./dsl/index.js";
export * from "./expression/index.js";
export * from "./json-document.js";
export * from "./read.js";
export * from "./schema-walk.js";
export * from "./source.js";
export * from "./symbols.js";
export * from "./zod-diagnostics.js";
