import { findFunction, NAMESPACES } from "@mailroom/compiler";
import { RESERVED_WORDS, type Span, type Token, type TokenKind, tokenize } from "@mailroom/syntax";
import type { ParsedDocument } from "./document.js";
import { expressionScalars, scalarExpression } from "./expression-site.js";
import type { SemanticToken, TokenType } from "./types.js";

const OPERATORS: ReadonlySet<TokenKind> = new Set(["==", "<", "<=", ">", ">=", "|", "="]);
const NAMESPACE_NAMES: ReadonlySet<string> = new Set(NAMESPACES.map((ns) => ns.name));

/** The kind of one expression token, from the token and its neighbours (no parse needed). */
function classify(tokens: readonly Token[], i: number): TokenType | undefined {
  const token = tokens[i] as Token;
  switch (token.kind) {
    case "string":
      return "string";
    case "number":
      return "number";
    case "regex":
      return "regexp";
    case "identifier":
      break;
    default:
      return OPERATORS.has(token.kind) ? "operator" : undefined;
  }
  const before = tokens[i - 1]?.kind;
  const after = tokens[i + 1]?.kind;
  if (before === ".") return "property";
  if (after === "." && NAMESPACE_NAMES.has(token.value)) return "namespace";
  if (after === "=") return "parameter";
  if (RESERVED_WORDS.has(token.value)) return "keyword";
  // A call, a pipe step, or a keyword written bare (`fileName`, `now`).
  if (after === "(" || before === "|" || findFunction(token.value)) return "function";
  // Flags and box names given bare as arguments.
  return before === "," || before === "(" ? "parameter" : "variable";
}

/** Splits a document span at line breaks, dropping the indentation that starts each continuation line. */
function lineParts(text: string, span: Span): Span[] {
  const parts: Span[] = [];
  let start = span.offset;
  const end = span.offset + span.length;
  for (let i = start; i <= end; i++) {
    if (i < end && text[i] !== "\n" && text[i] !== "\r") continue;
    let from = start;
    if (parts.length > 0) while (from < i && (text[from] === " " || text[from] === "\t")) from++;
    if (i > from) parts.push({ offset: from, length: i - from });
    start = i + 1;
  }
  return parts;
}

/**
 * Semantic tokens of the expression text of a DSL file: functions, namespaces, reference names, strings,
 * numbers, regexes, operators and keywords, at their exact source spans through the YAML quoting, sorted by
 * offset; a token of a multi-line scalar is split at line ends.
 */
export function semanticTokens(doc: ParsedDocument): SemanticToken[] {
  const out: SemanticToken[] = [];
  for (const { node, site } of expressionScalars(doc)) {
    const expression = scalarExpression(doc, node, site, node.span.offset);
    const tokens = tokenize(expression.text).tokens;
    for (let i = 0; i < tokens.length; i++) {
      const type = classify(tokens, i);
      if (!type) continue;
      const span = expression.toDocument(tokens[i] as Token);
      // A scalar the decoder could not follow maps every span to the whole scalar: no exact place to colour.
      if (tokens.length > 2 && span.offset === node.span.offset && span.length === node.span.length) break;
      for (const part of lineParts(doc.text, span)) out.push({ span: part, type });
    }
  }
  return out.sort((a, b) => a.span.offset - b.span.offset);
}
