export { formatServiceJson } from "./build.js";
export { allSchemas, main } from "./main.js";
