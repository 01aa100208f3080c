export { CompileCache, isKeptBox } from "./cache.js";
export { type CompileOptions, compileDsl, pointer, spellPage } from "./compile.js";
export { ExpressionCache } from "./expressions.js";
export {
  APPOSITION_TYPES,
  BOX,
  BOX_TYPES,
  type BoxType,
  DslService,
  dslJsonSchema,
  type ExpressionPlace,
  expressionPlace,
  ICON,
  keyOf,
  PROPERTIES,
  type Row,
  type RowKind,
  rowOf,
  SERVICE,
  type Shape,
  writtenRows,
} from "./shape.js";
