export * from "./document.js";
export * from "./types.js";
