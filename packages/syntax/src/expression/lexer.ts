import { message } from "../catalogue.js";
import type { Diagnostic, Span } from "../diagnostic.js";

export type TokenKind =
  | "identifier"
  | "number"
  | "string"
  | "regex"
  | "("
  | ")"
  | "["
  | "]"
  | "{"
  | "}"
  | ","
  | ":"
  /** A single `=`: between an argument name or object key and its value. */
  | "="
  | "."
  | "|"
  | "=="
  | "<"
  | "<="
  | ">"
  | ">="
  /** A character or operator the language does not have, such as `#`, `&&` or `!=`. */
  | "invalid"
  | "end";

/** A token is its own span. */
export interface Token extends Span {
  readonly kind: TokenKind;
  /** The decoded content of a string or regex; the source text of any other token. */
  readonly value: string;
  /** Set on a string or regex that runs to the end of the text without its closing quote. */
  readonly unterminated?: true;
}

/** Words that are operators or constants, so a name spelt like one must be quoted where a name is expected. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(["and", "or", "not", "true", "false", "null"]);

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether the text is an identifier (reserved words included: they are identifiers after a dot or as a key). */
export function isIdentifier(text: string): boolean {
  return IDENTIFIER.test(text);
}

const SYNTAX = "expression-syntax";

const isDigit = (c: number) => c >= 48 && c <= 57;
const isIdentifierStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isIdentifierPart = (c: number) => isIdentifierStart(c) || isDigit(c);
const isHexDigit = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

const PUNCTUATION: Readonly<Record<string, TokenKind>> = {
  "(": "(",
  ")": ")",
  "[": "[",
  "]": "]",
  "{": "{",
  "}": "}",
  ",": ",",
  ":": ":",
  ".": ".",
};

/** Operators of other languages, lexed whole so the parser can name them and say what to write instead. */
const FOREIGN_OPERATORS = ["===", "&&", "||", "!="];

/** The operator of another language at `i`, if any (a loop, not `find`: this runs at every `|` and `=`). */
function foreignOperatorAt(text: string, i: number): string | undefined {
  for (const op of FOREIGN_OPERATORS) if (text.startsWith(op, i)) return op;
  return undefined;
}

/**
 * Splits an expression into tokens, ending with an `end` token. Never throws: an unterminated string or regex
 * runs to the end of the text, an unknown escape is kept as written, and each such problem is a diagnostic.
 * One linear pass with no regular expressions, so a megabyte of text costs a megabyte of work.
 */
export function tokenize(text: string): { tokens: Token[]; diagnostics: Diagnostic[] } {
  const tokens: Token[] = [];
  const diagnostics: Diagnostic[] = [];
  const error = (offset: number, length: number, message: string) =>
    diagnostics.push({ code: SYNTAX, severity: "error", message, span: { offset, length } });
  // Two literals rather than a spread: this runs for every token of every expression.
  const push = (kind: TokenKind, offset: number, end: number, value = text.slice(offset, end), unterminated = false) =>
    tokens.push(
      unterminated
        ? { kind, offset, length: end - offset, value, unterminated }
        : { kind, offset, length: end - offset, value },
    );

  let i = 0;
  const n = text.length;
  while (i < n) {
    const start = i;
    const c = text.charCodeAt(i);
    const ch = text[i] as string;
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
    } else if (isIdentifierStart(c)) {
      while (i < n && isIdentifierPart(text.charCodeAt(i))) i++;
      push("identifier", start, i);
    } else if (isDigit(c) || (c === 45 && isDigit(text.charCodeAt(i + 1)))) {
      i = scanNumber(text, i);
      push("number", start, i);
    } else if (c === 34) {
      i = scanDoubleQuoted(text, i, push, error);
    } else if (c === 39) {
      i = scanDelimited(text, i, "'", "'\\", push, error);
    } else if (c === 47) {
      i = scanDelimited(text, i, "/", "/", push, error);
    } else if (PUNCTUATION[ch] !== undefined) {
      push(PUNCTUATION[ch], start, ++i);
    } else if (ch === "<" || ch === ">") {
      i += text[i + 1] === "=" ? 2 : 1;
      push(text.slice(start, i) as TokenKind, start, i);
    } else {
      const foreign = foreignOperatorAt(text, i);
      if (foreign !== undefined) {
        i += foreign.length;
        push("invalid", start, i);
      } else if (text.startsWith("==", i)) {
        i += 2;
        push("==", start, i);
      } else if (ch === "=") {
        push("=", start, ++i);
      } else if (ch === "|") {
        push("|", start, ++i);
      } else {
        // One code point, so an emoji or other astral character is reported whole.
        i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
        push("invalid", start, i);
      }
    }
  }
  push("end", n, n, "");
  return { tokens, diagnostics };
}

type Push = (kind: TokenKind, offset: number, end: number, value?: string, unterminated?: boolean) => void;
type Report = (offset: number, length: number, message: string) => void;

/** `-? digits (. digits)? ([eE] [+-]? digits)?`, the form `String(number)` prints (`1e+21`, `5e-7`). */
function scanNumber(text: string, start: number): number {
  let i = start + 1;
  while (isDigit(text.charCodeAt(i))) i++;
  if (text[i] === "." && isDigit(text.charCodeAt(i + 1))) {
    i += 2;
    while (isDigit(text.charCodeAt(i))) i++;
  }
  if (text[i] === "e" || text[i] === "E") {
    const sign = text[i + 1] === "+" || text[i + 1] === "-" ? 1 : 0;
    if (isDigit(text.charCodeAt(i + 1 + sign))) {
      i += 1 + sign;
      while (isDigit(text.charCodeAt(i))) i++;
    }
  }
  return i;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  n: "\n",
  r: "\r",
  t: "\t",
};

function scanDoubleQuoted(text: string, start: number, push: Push, error: Report): number {
  // Most strings hold no escape: their value is one slice of the text.
  const plainEnd = endOfPlain(text, start + 1, '"');
  if (text[plainEnd] !== "\\")
    return closeQuoted(text, start, plainEnd, '"', "string", text.slice(start + 1, plainEnd), push, error);
  const parts: string[] = [];
  let i = plainEnd;
  let run = start + 1;
  while (i < text.length && text[i] !== '"') {
    if (text[i] !== "\\") {
      i++;
      continue;
    }
    parts.push(text.slice(run, i));
    const escaped = text[i + 1];
    if (escaped === undefined) {
      i++;
      run = i;
      break;
    }
    const simple = SIMPLE_ESCAPES[escaped];
    if (simple !== undefined) {
      parts.push(simple);
      i += 2;
    } else if (escaped === "u") {
      const hex = text.slice(i + 2, i + 6);
      if (hex.length === 4 && [...hex].every((h) => isHexDigit(h.charCodeAt(0)))) {
        parts.push(String.fromCharCode(Number.parseInt(hex, 16)));
        i += 6;
      } else {
        error(i, 2, message(SYNTAX, "hexDigits", { found: describeText(hex) }));
        parts.push("\\u");
        i += 2;
      }
    } else {
      error(i, 2, message(SYNTAX, "escapeUnknown", { escape: `\\${escaped}` }));
      parts.push(`\\${escaped}`);
      i += 2;
    }
    run = i;
  }
  parts.push(text.slice(run, Math.min(i, text.length)));
  return closeQuoted(text, start, i, '"', "string", parts.join(""), push, error);
}

/**
 * A single-quoted string or a `/.../` regex: up to the next `close` character not escaped, where a backslash before
 * one of `unescapes` stands for that character, and before any other is kept with it. Single quotes unescape `'`
 * and `\\` (handy for regexes and `\$`); inside a regex only `\/` is an escape (for `/`).
 */
function scanDelimited(
  text: string,
  start: number,
  close: "'" | "/",
  unescapes: string,
  push: Push,
  error: Report,
): number {
  const plainEnd = endOfPlain(text, start + 1, close);
  if (text[plainEnd] !== "\\") {
    const kind = close === "/" ? "regex" : "string";
    return closeQuoted(text, start, plainEnd, close, kind, text.slice(start + 1, plainEnd), push, error);
  }
  const parts: string[] = [];
  let i = plainEnd;
  let run = start + 1;
  while (i < text.length && text[i] !== close) {
    if (text[i] === "\\" && i + 1 < text.length) {
      const next = text[i + 1] as string;
      if (unescapes.includes(next)) {
        parts.push(text.slice(run, i), next);
        run = i + 2;
      }
      i += 2;
    } else i++;
  }
  parts.push(text.slice(run, i));
  return closeQuoted(text, start, i, close, close === "/" ? "regex" : "string", parts.join(""), push, error);
}

/** Where the run of characters from `from` that are neither `close` nor a backslash ends. */
function endOfPlain(text: string, from: number, close: string): number {
  let i = from;
  while (i < text.length && text[i] !== close && text[i] !== "\\") i++;
  return i;
}

function closeQuoted(
  text: string,
  start: number,
  i: number,
  quote: string,
  kind: "string" | "regex",
  value: string,
  push: Push,
  error: Report,
): number {
  if (i < text.length) {
    push(kind, start, i + 1, value);
    return i + 1;
  }
  const what = kind === "string" ? "string" : "regular expression";
  error(start, 1, message(SYNTAX, "unterminated", { quote, what }));
  push(kind, start, text.length, value, true);
  return text.length;
}

/** Characters that look like nothing, or like a space, in a message: named by code point instead. */
const isInvisible = (c: number) =>
  c <= 0x20 ||
  (c >= 0x7f && c <= 0xa0) ||
  (c >= 0x2000 && c <= 0x200f) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x3000 ||
  c === 0xfeff;

/** A short quoted rendering of source text for messages. */
export function describeText(text: string): string {
  if (text === "") return "end of text";
  if (text.length === 1 && isInvisible(text.charCodeAt(0)))
    return `the character U+${text.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
  return JSON.stringify(text.length > 24 ? `${text.slice(0, 24)}…` : text);
}

const ESCAPES: Readonly<Record<number, string>> = { 34: '\\"', 92: "\\\\", 10: "\\n", 13: "\\r", 9: "\\t" };

/**
 * Controls, line separators and surrogates without their pair: a literal shows them as `\uXXXX`, so that
 * printed text stays visible and survives being written as UTF-8.
 */
function isUnprintableAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029) return true;
  if (c >= 0xd800 && c <= 0xdbff) return !isLowSurrogate(text.charCodeAt(i + 1));
  return isLowSurrogate(c) && !(text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff);
}

const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** A string literal for any text: double quotes, and escapes only where needed; reads back to the same text. */
export function quoteString(value: string): string {
  let out = '"';
  let run = 0;
  for (let i = 0; i < value.length; i++) {
    const escaped = ESCAPES[value.charCodeAt(i)] ?? (isUnprintableAt(value, i) ? unicodeEscape(value, i) : undefined);
    if (escaped !== undefined) {
      out += value.slice(run, i) + escaped;
      run = i + 1;
    }
  }
  return `${out}${value.slice(run)}"`;
}

const unicodeEscape = (text: string, i: number) => `\\u${text.charCodeAt(i).toString(16).padStart(4, "0")}`;

/**
 * The `/.../` literal that reads back to exactly this pattern, or undefined when there is none (a pattern
 * holding `\/`, or ending in a lone backslash) or when a string reads better (an empty pattern, which would
 * look like `//`, or one with characters a string literal escapes).
 */
export function regexLiteral(pattern: string): string | undefined {
  if (pattern === "") return undefined;
  let out = "/";
  for (let i = 0; i < pattern.length; i++) {
    if (isUnprintableAt(pattern, i)) return undefined;
    const ch = pattern[i] as string;
    if (ch === "/") out += "\\/";
    else if (ch === "\\") {
      const next = pattern[i + 1];
      if (next === undefined || next === "/" || isUnprintableAt(pattern, i + 1)) return undefined;
      out += ch + next;
      i++;
    } else out += ch;
  }
  return `${out}/`;
}
