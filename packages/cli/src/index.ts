export { formatServiceJson } from "./build.js";
export { main } from "./main.js";
export { allSchemas } from "./schemas.js";
