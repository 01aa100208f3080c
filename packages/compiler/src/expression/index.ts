export {
  FUNCTIONS,
  type FunctionForm,
  type FunctionName,
  type FunctionSpec,
  findFunction,
  formatSignature,
  NAMESPACES,
  type ParameterKind,
  type ParameterSpec,
} from "./functions.js";
export {
  EXPECTED_CONDITION,
  EXPECTED_VALUE,
  type ExpressionContext,
  type ExpressionKind,
  type LowerContext,
  type LowerResult,
  lowerExpression,
  MISSING_BOX_TARGET,
  UNKNOWN_ARGUMENT,
  UNKNOWN_FUNCTION,
  UNKNOWN_NAMESPACE,
  WRONG_ARGUMENT,
} from "./lower.js";
export { ExpressionPointers } from "./pointers.js";
export { printExpression } from "./print.js";
