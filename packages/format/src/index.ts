export {
  type DecompiledService,
  type DecompileOptions,
  type DecompileResult,
  decompile,
  decompileText,
  withReconcileDefaults,
} from "./decompile.js";
export { applyDslRoles, canonicalExpression } from "./dsl.js";
export { type ExpressionLine, expressionLines } from "./expression-lines.js";
export { serviceFileName } from "./file-name.js";
export { FORMAT_DISABLE, type FormatResult, format } from "./format.js";
export { layoutJson } from "./json-layout.js";
export { FLOW_WIDTH, printLayout, WIDTH } from "./print.js";
export { type ReadResult, readLayout } from "./read.js";
export { doubleQuoted, isPlainSafe, readsAsString, singleQuoted } from "./scalar.js";
export * from "./tree.js";
