export type * from "./ast.js";
export {
  describeText,
  isIdentifier,
  quoteString,
  RESERVED_WORDS,
  regexLiteral,
  type Token,
  type TokenKind,
  tokenize,
} from "./lexer.js";
export {
  DEFAULT_MAX_DEPTH,
  EXPRESSION_SYNTAX,
  EXPRESSION_TOO_DEEP,
  type ParseOptions,
  type ParseResult,
  parseExpression,
} from "./parser.js";
