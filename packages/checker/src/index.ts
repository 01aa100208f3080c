export * from "./check.js";
export * from "./config/index.js";
export * from "./engine/expressions.js";
export * from "./engine/rule.js";
export * from "./engine/run.js";
export { RULES } from "./rules/index.js";
export * from "./suppressions.js";
export * from "./validate.js";
