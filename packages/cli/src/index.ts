export { formatServiceJson } from "@mailroom/compiler";
export { main } from "./main.js";
export { allSchemas } from "./schemas.js";
