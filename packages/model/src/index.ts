export * from "./box.js";
export * from "./common.js";
export * from "./expressions.js";
export * from "./job.js";
export * from "./json-schema.js";
export * from "./organizational-unit.js";
export * from "./service.js";
