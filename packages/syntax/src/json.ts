import { type ParseErrorCode, printParseErrorCode, visit } from "jsonc-parser";
import { diagnostic } from "./catalogue.js";
import type { Diagnostic, Span } from "./diagnostic.js";
import { readFastJson, textOf, type Utf8Text } from "./json-fast.js";

export { textOf, type Utf8Text };

import {
  type ArrayNode,
  MAX_NESTING,
  type ObjectNode,
  type PropertyNode,
  type ScalarValue,
  type SyntaxNode,
} from "./tree.js";

/** A JSON object, as parsed JSON or YAML gives it: not null, not an array. */
export type JsonObject = Record<string, unknown>;

/** Whether a value read from JSON or YAML is an object (not null, not an array). */
export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export interface ParsedJson {
  /** The value, as JSON.parse gives it (the last of duplicate keys wins); undefined when none could be read. */
  readonly value: unknown;
  /** The positioned tree; undefined when nothing could be read. For a clean text, built on the first call. */
  tree(): SyntaxNode | undefined;
  readonly diagnostics: Diagnostic[];
}

export interface JsonOptions {
  /** Read through the positioned parser even a clean text: the reference the fast path is tested against. */
  readonly positioned?: boolean;
}

/**
 * Reads JSON text (strict JSON: no comments, no trailing commas). A clean text (the usual case) is read by
 * JSON.parse, its positioned tree built only when asked for (json-fast.ts), and a `Utf8Text` is then never decoded
 * whole; a text with a problem goes through the positioned parser for its precise, recovering diagnostics. Never
 * throws.
 */
export function parseJson(source: string | Utf8Text, options: JsonOptions = {}): ParsedJson {
  const fast = options.positioned ? undefined : readFastJson(source);
  if (fast) return { value: fast.value, tree: fast.tree, diagnostics: [] };
  const { root, diagnostics } = readPositioned(textOf(source));
  return { value: root && toJson(root), tree: () => root, diagnostics };
}

/** What each of the scanner's errors (by its name, from `printParseErrorCode`) expected instead. */
const EXPECTED: Readonly<Record<string, string>> = {
  InvalidSymbol: "a JSON value",
  InvalidNumberFormat: "a number such as 12 or 3.5",
  PropertyNameExpected: 'a property name in double quotes, such as "name"',
  ValueExpected: "a value (a string, number, object, array, true, false or null)",
  ColonExpected: '":" after the property name',
  CommaExpected: '"," between two entries',
  CloseBraceExpected: '"}" to close the object',
  CloseBracketExpected: '"]" to close the array',
  EndOfFileExpected: "the end of the file after the top-level value",
  InvalidCommentToken: "no comment (JSON has none)",
  UnexpectedEndOfComment: "no comment (JSON has none)",
  UnexpectedEndOfString: 'a closing double quote (")',
  UnexpectedEndOfNumber: "more digits",
  InvalidUnicode: "four hexadecimal digits after \\u",
  InvalidEscapeCharacter: 'one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\u after the backslash',
  InvalidCharacter: "no control character inside a string (write it escaped, e.g. \\n)",
};

function describeFound(text: string, offset: number, length: number): string {
  if (offset >= text.length) return "the end of the file";
  const token = text.slice(offset, offset + Math.max(length, 1));
  return token.length > 40 ? `"${token.slice(0, 37)}..."` : JSON.stringify(token);
}

type Open =
  | { node: ObjectNode; keys: Set<string>; pendingKey?: { key: string; keySpan: Span } }
  | { node: ArrayNode; keys?: undefined; pendingKey?: undefined };

/**
 * Parses JSON text into a positioned tree in one pass (jsonc-parser's scanner). Syntax errors and duplicate keys
 * become diagnostics; the parser recovers and keeps going, so one run reports every problem.
 */
function readPositioned(text: string): { root: SyntaxNode | undefined; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const stack: Open[] = [];
  let root: SyntaxNode | undefined;
  let lastErrorEnd = Number.NEGATIVE_INFINITY;
  let skipDepth = 0; // > 0 while inside containers deeper than MAX_NESTING, which are not built

  const attach = (node: SyntaxNode) => {
    const top = stack.at(-1);
    if (!top) {
      root ??= node;
      return;
    }
    if (top.node.kind === "array") {
      top.node.items.push(node);
    } else if (top.pendingKey) {
      const property: PropertyNode = { ...top.pendingKey, value: node };
      top.node.properties.push(property);
      top.pendingKey = undefined;
    }
  };

  const open = (node: ObjectNode | ArrayNode, offset: number) => {
    if (skipDepth > 0 || stack.length >= MAX_NESTING) {
      if (skipDepth++ === 0) {
        diagnostics.push(diagnostic("too-deep", "json", { max: MAX_NESTING }, { offset, length: 1 }));
      }
      return;
    }
    attach(node);
    stack.push(node.kind === "object" ? { node, keys: new Set() } : { node });
  };

  const close = (offset: number, length: number) => {
    if (skipDepth > 0) {
      skipDepth--;
      return;
    }
    const top = stack.pop();
    if (top) (top.node as { span: Span }).span = spanTo(top.node.span.offset, offset + length);
  };

  try {
    visit(
      text,
      {
        onObjectBegin: (offset) => open({ kind: "object", span: { offset, length: 1 }, properties: [] }, offset),
        onObjectEnd: close,
        onArrayBegin: (offset) => open({ kind: "array", span: { offset, length: 1 }, items: [] }, offset),
        onArrayEnd: close,
        onObjectProperty: (key, offset, length) => {
          const top = stack.at(-1);
          if (skipDepth > 0 || !top?.keys) return;
          const keySpan = { offset, length };
          if (top.keys.has(key)) {
            diagnostics.push(diagnostic("duplicate-key", "inObject", { key: JSON.stringify(key) }, keySpan));
          }
          top.keys.add(key);
          top.pendingKey = { key, keySpan };
        },
        onLiteralValue: (value: ScalarValue, offset, length) => {
          if (skipDepth === 0) attach({ kind: "scalar", span: { offset, length: whole(text, offset, length) }, value });
        },
        onError: (error: ParseErrorCode, offset, scanned) => {
          const length = whole(text, offset, scanned);
          // The scanner's recovery makes one slip report twice ("tru}" gives a bad symbol, then a missing
          // value at "}"); a second error touching the first is noise.
          if (offset <= lastErrorEnd + leadingSpace(text, lastErrorEnd)) return;
          lastErrorEnd = offset + length;
          const name = printParseErrorCode(error);
          const trailingComma =
            name === "ValueExpected" || name === "PropertyNameExpected"
              ? text.slice(0, offset).trimEnd().endsWith(",") && /^[\]}]/.test(text.slice(offset))
              : false;
          const span = { offset, length: Math.max(length, offset < text.length ? 1 : 0) };
          diagnostics.push(
            trailingComma
              ? diagnostic("syntax-error", "jsonTrailingComma", { found: describeFound(text, offset, 1) }, span)
              : diagnostic(
                  "syntax-error",
                  "jsonUnexpected",
                  { found: describeFound(text, offset, length), expected: EXPECTED[name] ?? "valid JSON" },
                  span,
                ),
          );
        },
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    );
  } catch (error) {
    // jsonc-parser recurses per level: far past the bound (already reported) its own stack can run out.
    if (!(error instanceof RangeError)) throw error;
    if (skipDepth === 0)
      diagnostics.push(diagnostic("too-deep", "jsonStack", { max: MAX_NESTING }, { offset: 0, length: 0 }));
  }
  if (root === undefined && diagnostics.length === 0) {
    diagnostics.push(diagnostic("syntax-error", "jsonEmpty", {}, { offset: 0, length: 0 }));
  }
  // Containers left open by a truncated file end where the text ends.
  for (const open of stack) (open.node as { span: Span }).span = spanTo(open.node.span.offset, text.length);
  return { root, diagnostics };
}

/**
 * A token's length, one more when it ends between a CR and its LF: the scanner takes a CR as the character a
 * backslash escapes (`"\` at the end of a CRLF line), and a span must not split a line break.
 */
const whole = (text: string, offset: number, length: number): number =>
  text[offset + length - 1] === "\r" && text[offset + length] === "\n" ? length + 1 : length;

/** Number of white-space characters at an offset (0 past the end or for a non-finite offset). */
function leadingSpace(text: string, offset: number): number {
  if (!Number.isFinite(offset)) return 0;
  let i = offset;
  while (i < text.length && /\s/.test(text[i] ?? "")) i++;
  return i - offset;
}

const spanTo = (start: number, end: number): Span => ({ offset: start, length: end - start });

/** The plain JSON value of a node, as JSON.parse would give it (the last of duplicate keys wins). */
export function toJson(node: SyntaxNode): unknown {
  switch (node.kind) {
    case "scalar":
      return node.value;
    case "array":
      return node.items.map(toJson);
    case "object": {
      const result: Record<string, unknown> = {};
      for (const property of node.properties) {
        const value = toJson(property.value);
        // A "__proto__" key is data, as JSON.parse treats it, not a prototype change: only it needs
        // defineProperty, which is far slower than assignment.
        if (property.key === "__proto__") {
          Object.defineProperty(result, property.key, { value, enumerable: true, writable: true, configurable: true });
        } else result[property.key] = value;
      }
      return result;
    }
  }
}
