export { applyDslRoles, canonicalExpression } from "./dsl.js";
export { type ExpressionLine, expressionLines } from "./expression-lines.js";
export { CANNOT_FORMAT, FORMAT_DISABLE, type FormatResult, format } from "./format.js";
export { FLOW_WIDTH, printLayout, WIDTH } from "./print.js";
export { commentsOf, type ReadResult, readLayout } from "./read.js";
export * from "./tree.js";
