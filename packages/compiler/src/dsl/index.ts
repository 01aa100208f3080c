export { type CompileOptions, compileDsl, pointer, spellPage } from "./compile.js";
export { ExpressionCache } from "./expressions.js";
export { DslService, dslJsonSchema } from "./schema.js";
