import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_NESTING, parseJson, toJson } from "../src/index.js";
import { readFastJson, type Utf8Text } from "../src/json-fast.js";

/** `parseJson` through its positioned parser alone: the reference of the fast path. */
const positionedJson = (text: string) => {
  const { tree, diagnostics } = parseJson(text, { positioned: true });
  return { root: tree(), diagnostics };
};

/**
 * The contract: the fast path answers only when the positioned parser reports nothing (and the text writes no colon
 * as an escape), and then gives the same value and, on demand, the very same tree; `parseJson` gives what the path
 * it takes gives.
 */
function expectSameAsPositioned(text: string) {
  const positioned = positionedJson(text);
  const lazy = readFastJson(text);
  // It also leaves a colon written as an escape (`\u003a`) to the positioned parser: its count of keys would be off.
  expect(lazy === undefined).toBe(positioned.diagnostics.length > 0 || /\\u003a/i.test(text));
  const read = parseJson(text);
  expect(read.diagnostics).toEqual(positioned.diagnostics);
  expect(read.tree()).toEqual(positioned.root);
  if (!lazy || !positioned.root) return;
  expect(lazy.tree()).toEqual(positioned.root);
  expect(lazy.value).toEqual(toJson(positioned.root));
  expect(Object.keys(lazy.value ?? {})).toEqual(Object.keys(toJson(positioned.root) ?? {}));
}

// JSON text written token by token, so that objects may repeat keys, keys and strings may be written with
// escapes, and white space varies between tokens.
const space = fc.constantFrom("", "", " ", "\n  ", "\r\n", "\t");
const keyName = fc.constantFrom("a", "b", "name", "__proto__", 'q"uote', "back\\slash", "é", "\ud83d\ude00", "\ud800");
const escaped = (s: string) => `"${[...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}"`;
const stringText = (arb: fc.Arbitrary<string>) =>
  fc.tuple(arb, fc.boolean()).map(([s, withEscapes]) => (withEscapes ? escaped(s) : JSON.stringify(s)));
const scalarText = fc.oneof(
  stringText(fc.string({ unit: "grapheme-composite" })),
  stringText(fc.string({ unit: "binary" })),
  fc.double().map((n) => JSON.stringify(n)),
  fc.integer().map(String),
  fc.constantFrom("true", "false", "null", "-0", "1e400", "-1E-400", "12345678901234567890", "0.1e+2"),
);
const { json: jsonText } = fc.letrec<{ json: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalarText,
    fc
      .tuple(fc.array(fc.tuple(space, tie("json"), space)), space)
      .map(([items, s]) => `[${items.map(([a, v, b]) => a + v + b).join(",") || s}]`),
    fc
      .tuple(fc.array(fc.tuple(space, stringText(keyName), space, space, tie("json"), space)), space)
      .map(([entries, s]) => `{${entries.map(([a, k, b, c, v, d]) => `${a}${k}${b}:${c}${v}${d}`).join(",") || s}}`),
  ),
}));

describe("parseJson's fast path", () => {
  it("matches parseJson on random JSON, duplicate and escaped keys included", () => {
    fc.assert(
      fc.property(space, jsonText, space, (before, text, after) => expectSameAsPositioned(before + text + after)),
      { numRuns: 500 },
    );
  });

  it("matches parseJson on random JSON values as JSON.stringify writes them", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2, "\t"), (value, indent) =>
        expectSameAsPositioned(JSON.stringify(value, null, indent)),
      ),
      { numRuns: 300 },
    );
  });

  it("matches parseJson on damaged JSON (only a clean text takes the lazy path)", () => {
    const damage = fc.constantFrom(...'{}[]",:\\ \n\t0-eE.tfnu/x\ufeff\u2028\u00a0\u0001\ud800');
    fc.assert(
      fc.property(jsonText, fc.nat(), damage, fc.boolean(), (text, at, char, insert) => {
        const i = at % (text.length + 1);
        expectSameAsPositioned(insert ? text.slice(0, i) + char + text.slice(i) : text.slice(0, i) + text.slice(i + 1));
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    ["a duplicate key", '{"a": 1, "a": 2}'],
    ["a duplicate key written with an escape", '{"a": 1, "\\u0061": 2}'],
    ["a duplicate deep down", '[{"x": {"k": [1, {"k": 1, "k": 1}]}}]'],
    ["two __proto__ keys", '{"__proto__": 1, "__proto__": 2}'],
    ["a duplicate key whose first value, dropped, holds colons", '{"a": "x:y:z", "a": 1}'],
    ["a duplicate key beside a colon written as an escape", '{"a": 1, "a": "\\u003a"}'],
    ["a duplicate key beside a colon written as an upper-case escape", '{"a:": 1, "a\\u003A": 2}'],
    ["a byte-order mark", '\ufeff{"a": 1}'],
    ["an empty file", ""],
    ["white space alone", " \n"],
    ["a control character in a string", '{"a": "x\u0001"}'],
    ["a trailing comma", "[1,]"],
    ["nesting one level too deep", `${"[".repeat(MAX_NESTING + 1)}${"]".repeat(MAX_NESTING + 1)}`],
  ])("leaves %s to parseJson", (_, text) => {
    expect(readFastJson(text)).toBeUndefined();
    expect(parseJson(text).diagnostics.length).toBeGreaterThan(0);
  });

  it.each([
    ["nesting at the bound", `${"[".repeat(MAX_NESTING)}${"]".repeat(MAX_NESTING)}`],
    ["a __proto__ key", '{"__proto__": {"polluted": true}, "b": [1]}'],
    ["lone surrogates, raw and escaped", '{"\ud800": "\\udc00", "x": "\udfff"}'],
    ["huge and tiny numbers", "[1e400, -1e400, 1e-400, -0, 12345678901234567890123]"],
    ["quotes, backslashes and colons inside strings", '{"a\\\\": "\\\\\\"", "b:\\"": ":", "c": "\\\\"}'],
    ["same keys in sibling objects", '[{"a": 1}, {"a": 2}, {"a": {"a": 3}}]'],
    ["colons in keys and values", '{"https://a:b": "c:d", "e": ["::", {":": ":"}], "f": "10:00"}'],
  ])("reads %s like parseJson", (_, text) => {
    expect(readFastJson(text)).toBeDefined();
    expectSameAsPositioned(text);
  });

  it("gives a __proto__ key as data, as JSON.parse and toJson do", () => {
    const value = readFastJson('{"__proto__": {"polluted": true}}')?.value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("builds the tree once, on the first call", () => {
    const lazy = readFastJson('{"a": [1, 2]}');
    expect(lazy?.tree()).toBe(lazy?.tree());
  });
});

/** A text as the checker reads a file of it whose bytes go beyond ASCII: its bytes, and its text counting reads. */
function fromBytes(text: string): Utf8Text & { readonly reads: number; readonly decoded: string } {
  const bytes = new TextEncoder().encode(text);
  // A byte-order mark is part of the bytes given here: the decoder must keep it too.
  const decoded = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  let reads = 0;
  return {
    binary: String.fromCharCode(...bytes),
    beyondAscii: bytes.filter((byte) => byte > 0x7f).length,
    decoded,
    get text() {
      reads++;
      return decoded;
    },
    get reads() {
      return reads;
    },
  };
}

describe("parseJson on UTF-8 bytes", () => {
  /** Bytes give what their text gives: the same value, tree and diagnostics. */
  function expectSameAsText(text: string) {
    const source = fromBytes(text);
    const fromText = parseJson(source.decoded);
    const read = parseJson(source);
    expect(read.diagnostics).toEqual(fromText.diagnostics);
    expect(read.value).toEqual(fromText.value);
    expect(Object.keys(read.value ?? {})).toEqual(Object.keys(fromText.value ?? {}));
    expect(read.tree()).toEqual(fromText.tree());
  }

  it("matches the text on random JSON, characters beyond ASCII, escapes and duplicates included", () => {
    fc.assert(
      fc.property(space, jsonText, space, (before, text, after) => expectSameAsText(before + text + after)),
      { numRuns: 500 },
    );
  });

  it("matches the text on damaged JSON", () => {
    const damage = fc.constantFrom(...'{}[]",:\\ \n0-\ufeff\u00a0\u2013é');
    fc.assert(
      fc.property(jsonText, fc.nat(), damage, (text, at, char) => {
        const i = at % (text.length + 1);
        expectSameAsText(text.slice(0, i) + char + text.slice(i));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a string's first character when it is U+FEFF (a decoder drops it as a byte-order mark)", () => {
    expectSameAsText('"\ufeff"');
    expectSameAsText('{"a": "\ufeffb", "c": ["\ufeff"]}');
    expect(parseJson(fromBytes('"\ufeff"')).value).toBe("\ufeff");
  });

  it("decodes the strings beyond ASCII in place and never the whole text of a clean file", () => {
    const text = '{"name": "Relevé – n°1", "list": ["été", "x:y", {"deep": "ça"}], "plain": "abc"}';
    const source = fromBytes(text);
    const lazy = readFastJson(source);
    expect(lazy?.value).toEqual(JSON.parse(text));
    expect(source.reads).toBe(0);
    // Positions are the text's, not the bytes': the tree is built from the text, when asked for.
    expect(lazy?.tree()).toEqual(positionedJson(text).root);
    expect(source.reads).toBe(1);
  });

  it.each([
    ["a key beyond ASCII", '{"clé": "valeur é"}'],
    ["an escape of a character beyond ASCII beside one written as it is", '{"a": "\\u00e9", "b": "é"}'],
    ["an escape in a regular expression", '{"pattern": "\\\\u00e9+", "b": "é"}'],
  ])("reads the text for %s", (_, text) => {
    const source = fromBytes(text);
    expect(readFastJson(source)?.value).toEqual(JSON.parse(text));
    expect(source.reads).toBeGreaterThan(0);
  });

  it("keeps a __proto__ key beyond ASCII as data", () => {
    const value = readFastJson(fromBytes('{"__proto__": "é", "b": "ü"}'))?.value as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["__proto__", "b"]);
    expect(Object.getOwnPropertyDescriptor(value, "__proto__")).toMatchObject({ value: "é", enumerable: true });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it("reports a duplicate key among strings beyond ASCII", () => {
    expect(readFastJson(fromBytes('{"a": "é:è", "a": "ü"}'))).toBeUndefined();
    expect(parseJson(fromBytes('{"a": "é:è", "a": "ü"}')).diagnostics.map((d) => d.code)).toEqual(["duplicate-key"]);
  });
});
