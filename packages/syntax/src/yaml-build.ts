import { diagnostic, message } from "./catalogue.js";
import type { Diagnostic, Span } from "./diagnostic.js";
import type { PropertyNode, ScalarNode, ScalarStyle, ScalarValue, SyntaxNode } from "./tree.js";

/**
 * Deepest nesting of mappings and sequences a YAML document may have: lower than JSON's MAX_NESTING because
 * `yaml` composes recursively and needs the stack to spare (see `trimDeepCollections`); no service comes near.
 */
export const MAX_YAML_NESTING = 256;

/** Most nodes aliases may add to a document. Beyond it a small file could expand into billions ("billion laughs"). */
export const MAX_ALIAS_EXPANSION = 100_000;

/** Keys of a mapping are compared by scanning up to this many properties, then through a Map. */
const SMALL_MAPPING = 8;

/**
 * The properties of one YAML mapping as they are read, in order, reporting a key written twice (in linear
 * time: small mappings are scanned, larger ones indexed). Shared by both ways a YAML tree is built.
 */
export class PropertyList {
  readonly properties: PropertyNode[] = [];
  #seen: Map<string, Span> | undefined;

  constructor(readonly diagnostics: Diagnostic[]) {}

  add(key: string, keySpan: Span, value: SyntaxNode): void {
    const properties = this.properties;
    let first: Span | undefined;
    if (this.#seen) first = this.#seen.get(key);
    else {
      for (const property of properties) {
        if (property.key === key) {
          first = property.keySpan;
          break;
        }
      }
    }
    if (first) {
      const quoted = JSON.stringify(key);
      this.diagnostics.push({
        ...diagnostic("duplicate-key", "inMapping", { key: quoted }, keySpan),
        related: [{ message: message("duplicate-key", "firstHere", { key: quoted }), span: first }],
      });
    }
    properties.push({ key, keySpan, value });
    if (this.#seen) {
      if (!first) this.#seen.set(key, keySpan);
    } else if (properties.length > SMALL_MAPPING) {
      this.#seen = new Map();
      for (const property of properties)
        if (!this.#seen.has(property.key)) this.#seen.set(property.key, property.keySpan);
    }
  }
}

/** Our names of `yaml`'s scalar types. */
export const STYLES: Readonly<Record<string, ScalarStyle>> = {
  PLAIN: "plain",
  QUOTE_SINGLE: "single-quoted",
  QUOTE_DOUBLE: "double-quoted",
  BLOCK_LITERAL: "literal",
  BLOCK_FOLDED: "folded",
};

export const isBlank = (c: number) => c === 32 || c === 9;

/**
 * Whether the quoted scalar text[start, end) ends with its closing quote. `yaml` takes a last character that is
 * the quote for the closing one even when it is escaped (`"a\"`, `'a''`), as it is at the end of a text without
 * a final line end, and then reports nothing: the run before it tells (backslashes escape a double quote, quotes
 * pair up in single quotes), odd meaning escaped.
 */
export function quoteClosed(text: string, start: number, end: number): boolean {
  const quote = text.charCodeAt(start);
  if (end - start < 2 || text.charCodeAt(end - 1) !== quote) return false;
  const escaping = quote === 34 ? 92 : quote;
  let i = end - 2;
  while (i > start && text.charCodeAt(i) === escaping) i--;
  return (end - 2 - i) % 2 === 0;
}

/**
 * The message for a quoted scalar without its closing quote; `escaped` when its last character is the quote,
 * escaped, which is easy to misread as the closing one.
 */
export function unclosedQuoteMessage(double: boolean, escaped: boolean): string {
  if (escaped) return message("syntax-error", double ? "doubleQuoteEscaped" : "singleQuoteEscaped", {});
  return message(
    "syntax-error",
    "quoteUnclosed",
    double ? { style: "double", quote: '"' } : { style: "single", quote: "'" },
  );
}

/** `yaml` puts the empty value of `key:` after the blanks that follow ":"; it goes right after ":". */
function afterColon(text: string, offset: number): number {
  let colon = offset;
  while (colon > 0 && isBlank(text.charCodeAt(colon - 1))) colon--;
  return text.charCodeAt(colon - 1) === 58 ? colon : offset;
}

const isScalarValue = (value: unknown): value is ScalarValue =>
  value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";

/** Our node for a scalar `yaml` read at text[start, end): its value, or the text read when the value is no JSON. */
export function scalarNode(
  text: string,
  start: number,
  end: number,
  style: ScalarStyle,
  value: unknown,
  source: string,
): ScalarNode {
  return {
    kind: "scalar",
    span: { offset: start === end ? afterColon(text, start) : start, length: end - start },
    value: isScalarValue(value) ? value : source,
    style,
    source: style === "plain" ? source : undefined,
  };
}
