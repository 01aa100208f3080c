export * from "./check.js";
export * from "./validate.js";
