export { compileDsl, pointer } from "./compile.js";
export { DslService, dslJsonSchema } from "./schema.js";
