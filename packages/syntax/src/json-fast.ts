import { MAX_NESTING, type PropertyNode, type SyntaxNode } from "./tree.js";

/** JSON text read by the native parser, with its positioned tree built only if someone asks for it. */
export interface FastJson {
  /** The value, as `JSON.parse` gives it (equal to `toJson` of the tree). */
  readonly value: unknown;
  /** The positioned tree, exactly as the positioned parser builds it; built on the first call, then cached. */
  tree(): SyntaxNode;
}

/**
 * A text read from UTF-8 bytes, decoded only when `text` is first read (a getter). `binary` holds the bytes, one
 * Latin-1 character each (valid UTF-8, without a byte order mark), `beyondAscii` how many of them are beyond ASCII:
 * the JSON reader parses `binary`, as every byte of JSON's syntax is ASCII, and decodes only the strings that hold
 * other characters. A clean file is then checked without its text ever being decoded, which costs about as much
 * as parsing it.
 */
export interface Utf8Text {
  readonly binary: string;
  readonly beyondAscii: number;
  readonly text: string;
}

/** The text of a source given as text or as UTF-8 bytes (decoded then, if not yet). */
export const textOf = (source: string | Utf8Text): string => (typeof source === "string" ? source : source.text);

/**
 * `parseJson`'s fast path, for a clean text: `JSON.parse` for the value, a count of colons for what JSON.parse does
 * not tell (duplicate keys; nesting deeper than `MAX_NESTING` from the value), and positions only on demand.
 * Returns undefined when the positioned parser would report anything (a syntax error, a duplicate key, nesting
 * too deep, an empty file), for its exact diagnostics. jsonc-parser in strict mode accepts everything
 * JSON.parse accepts (same white space, escapes and numbers), so clean means clean for both.
 *
 * Given a `Utf8Text`, it parses the bytes, and decodes in place the strings with bytes beyond ASCII. Not when the
 * text has an escape `\u` (it may write such a character, not to be decoded again), nor when the strings do not
 * hold all the bytes beyond ASCII (a key has some): the text is decoded then, and read as text.
 */
export function readFastJson(source: string | Utf8Text): FastJson | undefined {
  const utf8 = typeof source !== "string";
  const text = utf8 ? source.binary : source;
  // Most texts have no `\u` escape: one scan spares them the two checks that need one.
  const escapes = text.includes("\\u");
  if (utf8 && escapes) return readFastJson(source.text);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // Every key written is followed by a colon, and the other colons are inside strings: with no colon written as an
  // escape, the colons of the text are the keys written plus the colons of the strings. JSON.parse keeps one own
  // property per distinct key, and drops the first value of a duplicate key: so the text has as many colons as the
  // value has own keys and colons in its strings exactly when no key is written twice. (Bytes beyond ASCII are
  // never a colon.)
  if (escapes && ESCAPED_COLON.test(text)) return undefined;
  const strings = utf8 ? new BinaryStrings() : undefined;
  let keysAndColons = 0;
  if (typeof value === "string") {
    keysAndColons = colonsIn(value);
    if (strings && NOT_ASCII.test(value)) value = strings.decode(value);
  } else if (typeof value === "object" && value !== null) {
    keysAndColons = countKeysAndColons(value, 0, strings);
  }
  if (utf8 && strings?.beyondAscii !== source.beyondAscii) return readFastJson(source.text);
  if (keysAndColons < 0 || colonsIn(text) !== keysAndColons) return undefined;
  let tree: SyntaxNode | undefined;
  return { value, tree: () => (tree ??= buildTree(utf8 ? source.text : text)) };
}

// Character codes of JSON's punctuation.
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/** The end (offset of the closing quote) of the valid JSON string whose opening quote is at `start`. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    // A quote preceded by an odd run of backslashes is escaped.
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

/** `:` written as an escape (`\u003a`), which would make a string's colons differ from its text's. */
const ESCAPED_COLON = /\\u003a/i;

/** A character beyond ASCII: in a binary string, a byte of a UTF-8 sequence. */
const NOT_ASCII = /[^\0-\x7f]/;

// A string may begin with U+FEFF: it is a character of the value there, not a byte-order mark to drop.
const UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** Decodes strings of UTF-8 bytes (one Latin-1 character each), counting the bytes beyond ASCII they hold. */
class BinaryStrings {
  beyondAscii = 0;

  decode(binary: string): string {
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) {
      const byte = binary.charCodeAt(i);
      bytes[i] = byte;
      if (byte > 0x7f) this.beyondAscii++;
    }
    return UTF8.decode(bytes);
  }
}

/** The number of colons in a string. */
function colonsIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf(":"); at >= 0; at = text.indexOf(":", at + 1)) count++;
  return count;
}

/**
 * The own keys of every object in a JSON.parse value plus the colons of its strings (keys and values), or -1 when
 * objects and arrays nest deeper than `MAX_NESTING` (`depth` is the number of those around the value). With
 * `strings` (the value was parsed from bytes), the strings beyond ASCII are decoded where they are.
 */
function countKeysAndColons(value: object, depth: number, strings: BinaryStrings | undefined): number {
  if (depth >= MAX_NESTING) return -1;
  let count = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === "string") {
        count += colonsIn(item);
        if (strings && NOT_ASCII.test(item)) value[i] = strings.decode(item);
      } else if (typeof item === "object" && item !== null) {
        const inner = countKeysAndColons(item, depth + 1, strings);
        if (inner < 0) return -1;
        count += inner;
      }
    }
    return count;
  }
  const object = value as Record<string, unknown>;
  // A JSON.parse value's objects are plain: `for...in` lists their own keys without an array of them.
  for (const key in object) {
    count += 1 + colonsIn(key);
    const item = object[key];
    if (typeof item === "string") {
      count += colonsIn(item);
      if (strings && NOT_ASCII.test(item)) {
        // JSON.parse makes "__proto__" an own property, which assigning would not set but take as the prototype.
        if (key === "__proto__") Object.defineProperty(object, key, { value: strings.decode(item) });
        else object[key] = strings.decode(item);
      }
    } else if (typeof item === "object" && item !== null) {
      const inner = countKeysAndColons(item, depth + 1, strings);
      if (inner < 0) return -1;
      count += inner;
    }
  }
  return count;
}

/** The offset just after the closing bracket of each object and array of valid JSON text, by its opening one's. */
function containerEnds(text: string): Map<number, number> {
  const ends = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) open.push(i);
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) ends.set(open.pop() as number, i + 1);
  }
  return ends;
}

/**
 * Builds the positioned tree of valid JSON text (checked by JSON.parse, nesting within `MAX_NESTING`, so the
 * recursion is bounded), with the same nodes and spans as the positioned parser. No error handling: none can occur.
 * The members of an object or array are read when first asked for: locating a few paths in a file at the size
 * limit (an array of four million numbers) builds the nodes on those paths, not four million nodes.
 */
function buildTree(text: string): SyntaxNode {
  const ends = containerEnds(text);
  let i = 0;
  // JSON's white space: space, line feed, carriage return, tab.
  const skipSpace = () => {
    for (let c = text.charCodeAt(i); c === 32 || c === 10 || c === 13 || c === 9; c = text.charCodeAt(++i));
  };
  const string = (): string => {
    const start = i;
    const end = stringEnd(text, start);
    i = end + 1;
    const raw = text.slice(start + 1, end);
    return raw.includes("\\") ? (JSON.parse(text.slice(start, i)) as string) : raw;
  };
  /** The members of the object whose opening brace is at `offset`. */
  const members = (offset: number): PropertyNode[] => {
    i = offset + 1;
    const properties: PropertyNode[] = [];
    skipSpace();
    if (text.charCodeAt(i) !== CLOSE_BRACE)
      do {
        skipSpace();
        const keyOffset = i;
        const key = string();
        const keySpan = { offset: keyOffset, length: i - keyOffset };
        skipSpace();
        i++; // the colon
        properties.push({ key, keySpan, value: value() });
      } while (skipSpaceThen(COMMA));
    return properties;
  };
  /** The items of the array whose opening bracket is at `offset`. */
  const itemsOf = (offset: number): SyntaxNode[] => {
    i = offset + 1;
    const items: SyntaxNode[] = [];
    skipSpace();
    if (text.charCodeAt(i) !== CLOSE_BRACKET)
      do items.push(value());
      while (skipSpaceThen(COMMA));
    return items;
  };
  const value = (): SyntaxNode => {
    skipSpace();
    const offset = i;
    const c = text.charCodeAt(i);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      i = ends.get(offset) as number;
      const span = { offset, length: i - offset };
      if (c === OPEN_BRACE) {
        let properties: PropertyNode[] | undefined;
        return {
          kind: "object",
          span,
          get properties() {
            properties ??= members(offset);
            return properties;
          },
        };
      }
      let items: SyntaxNode[] | undefined;
      return {
        kind: "array",
        span,
        get items() {
          items ??= itemsOf(offset);
          return items;
        },
      };
    }
    if (c === QUOTE) {
      const contents = string();
      return { kind: "scalar", span: { offset, length: i - offset }, value: contents };
    }
    // true, false, null: the first letter tells which.
    if (c === 116 || c === 102 || c === 110) {
      const length = c === 102 ? 5 : 4;
      i += length;
      return { kind: "scalar", span: { offset, length }, value: c === 110 ? null : c === 116 };
    }
    while (isNumberChar(text.charCodeAt(i))) i++;
    return { kind: "scalar", span: { offset, length: i - offset }, value: Number(text.slice(offset, i)) };
  };
  /** Skips white space and the character after it (a comma, or the closing bracket); true for `code`. */
  const skipSpaceThen = (code: number): boolean => {
    skipSpace();
    return text.charCodeAt(i++) === code;
  };
  return value();
}

/** Digits, sign, decimal point and exponent: the characters of a JSON number. */
const isNumberChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69;
