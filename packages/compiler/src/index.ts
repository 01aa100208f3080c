export * from "./json-document.js";
export * from "./source.js";
