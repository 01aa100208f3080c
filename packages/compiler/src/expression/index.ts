export { explainExpression } from "./explain.js";
export {
  type ExpressionContext,
  type ExpressionKind,
  type LowerContext,
  type LowerResult,
  lowerExpression,
} from "./lower.js";
export { NAMESPACES } from "./namespaces.js";
export { ExpressionPointers } from "./pointers.js";
export { printExpression } from "./print.js";
export { areaWords, ordinal, pageWords, parametersWords } from "./words.js";
