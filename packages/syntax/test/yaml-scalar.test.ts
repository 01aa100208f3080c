import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDocument, stringify } from "yaml";
import {
  parseYaml,
  type ScalarNode,
  type ScalarStyle,
  scalarOffsetMap,
  scalarSpanMap,
  valueSpanToSource,
  walkPath,
} from "../src/index.js";

/** The scalar at a path of a YAML text that must parse without problems. */
function scalarAt(text: string, path: (string | number)[]): ScalarNode {
  const { root, diagnostics } = parseYaml(text);
  expect(diagnostics).toEqual([]);
  if (!root) throw new Error("no tree");
  const node = walkPath(root, path).at(-1)?.node;
  if (node?.kind !== "scalar") throw new Error(`no scalar at ${path.join(".")}`);
  return node;
}

const crlf = (text: string) => text.replace(/\n/g, "\r\n");

describe("scalarOffsetMap", () => {
  const marker = "meta.x";
  it.each<[string, ScalarStyle, string]>([
    ["plain, one line", "plain", "k: concat(meta.x, 1)\n"],
    ["plain, third line of three", "plain", "k: concat(a,\n  b,\n     meta.x)\nnext: 1\n"],
    ["plain, after an empty line", "plain", "k: first\n\n  meta.x\n"],
    ["single-quoted with '' and folding", "single-quoted", "k: 'it''s a\n  long one ''and''\n\n   meta.x'\n"],
    ["double-quoted after escapes", "double-quoted", 'k: "\\t\\u00e9\\U0001F600 \\"q\\" \\\\ \\x41\\/\\N meta.x"\n'],
    ["double-quoted on the third line", "double-quoted", 'k: "one \\\n  two\n  three  \n\n   meta.x"\n'],
    ["literal", "literal", "k: |\n  a\n  b\n  c == meta.x\n"],
    ["literal, strip", "literal", "k: |-\n    a\n\n    meta.x\n\n"],
    ["literal, keep", "literal", "k: |+\n  a\n   meta.x\n\n\n"],
    ["literal, explicit indentation", "literal", "k: |2\n     a\n    meta.x\n"],
    ["literal in a sequence", "literal", "- x\n- |\n   a\n   meta.x\n"],
    ["folded, third line", "folded", "k: >\n  line one\n  line two\n  x == meta.x and\n"],
    ["folded, more-indented and empty lines", "folded", "k: >-\n  a\n\n    more\n  b\n\n\n  meta.x\n"],
    ["folded, explicit indentation in a sequence", "folded", "s:\n  - >2\n      lead\n     meta.x\n"],
  ])("finds %s", (_, style, yaml) => {
    for (const text of [yaml, crlf(yaml)]) {
      const path = text.startsWith("-") ? [1] : text.startsWith("s:") ? ["s", 0] : ["k"];
      const node = scalarAt(text, path);
      expect(node.style).toBe(style);
      const value = String(node.value);
      const index = value.indexOf(marker);
      expect(index).toBeGreaterThanOrEqual(0);
      const offset = scalarOffsetMap(text, node)(index);
      expect(text.slice(offset, offset + marker.length)).toBe(marker);
      expect(valueSpanToSource(text, node, { offset: index, length: marker.length })).toEqual({
        offset,
        length: marker.length,
      });
    }
  });

  it("maps an escape to the whole escape and positions past the end to the end of the value", () => {
    const text = 'k: "a\\u00e9b"\n';
    const node = scalarAt(text, ["k"]);
    expect(node.value).toBe("aéb");
    const toSource = scalarSpanMap(text, node);
    expect(toSource({ offset: 1, length: 1 })).toEqual({ offset: 5, length: 6 });
    expect(toSource({ offset: 0, length: 3 })).toEqual({ offset: 4, length: 8 });
    expect(toSource({ offset: 3, length: 0 })).toEqual({ offset: 12, length: 0 });
    expect(scalarOffsetMap(text, node)(3)).toBe(12);
  });

  it("places the end of an empty quoted value between its quotes", () => {
    for (const text of ["k: ''\n", 'k: ""\n']) {
      const node = scalarAt(text, ["k"]);
      expect(scalarOffsetMap(text, node)(0)).toBe(4);
      expect(valueSpanToSource(text, node, { offset: 0, length: 0 })).toEqual({ offset: 4, length: 0 });
    }
  });

  it("maps both halves of a surrogate pair from \\U to the escape", () => {
    const text = 'k: "\\U0001F600!"\n';
    const node = scalarAt(text, ["k"]);
    const map = scalarOffsetMap(text, node);
    expect([map(0), map(1), map(2)]).toEqual([4, 4, 14]);
  });

  it("maps a folded line break to the source line break", () => {
    const text = "k: >\n  a\n  b\n";
    const node = scalarAt(text, ["k"]);
    expect(node.value).toBe("a b\n");
    const map = scalarOffsetMap(text, node);
    expect([map(0), map(1), map(2), map(3)]).toEqual([7, 8, 11, 12]);
  });

  it("falls back to the scalar's start when the value is not its text", () => {
    const text = 'k: !!int "12"\n';
    const { root } = parseYaml(text);
    const node = root && walkPath(root, ["k"]).at(-1)?.node;
    if (node?.kind !== "scalar") throw new Error("no scalar");
    expect(node.value).toBe(12);
    expect(scalarOffsetMap(text, node)(1)).toBe(node.span.offset);
    expect(valueSpanToSource(text, node, { offset: 0, length: 1 })).toEqual(node.span);
  });

  it("maps a scalar whose value differs from what its text decodes to as a whole", () => {
    const text = "k: abc\n";
    const node = scalarAt(text, ["k"]);
    const altered: ScalarNode = { ...node, value: "abd", source: "abd" };
    expect(scalarOffsetMap(text, altered)(2)).toBe(node.span.offset);
  });
});

/** Escapes of double-quoted YAML, by the character after the backslash. */
const ESCAPES: Record<string, string> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  N: "\u0085",
  _: "\u00a0",
  L: "\u2028",
  P: "\u2029",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
  "\t": "\t",
};

/** What an escape starting at a backslash stands for. */
function decodeEscape(text: string, backslash: number): string | undefined {
  const kind = text[backslash + 1] ?? "";
  const digits = { x: 2, u: 4, U: 8 }[kind];
  if (digits) return String.fromCodePoint(Number.parseInt(text.slice(backslash + 2, backslash + 2 + digits), 16));
  return ESCAPES[kind];
}

/**
 * Whether text[offset] is a character that produces value[index]: the same character, an escape that stands for
 * it, or a line break that folding turned into a space or a newline (or the end of the text for the newline
 * that clip or keep chomping adds to a block scalar's last line).
 */
function produces(text: string, offset: number, node: ScalarNode, value: string, index: number): boolean {
  const wanted = value[index] ?? "";
  const found = text[offset];
  if (offset === text.length) return wanted === "\n" && (node.style === "literal" || node.style === "folded");
  if (found === wanted) return true;
  if (found === "\\" && node.style === "double-quoted") {
    const unit = value.charCodeAt(index);
    const decoded = decodeEscape(text, offset) ?? "";
    return decoded === wanted || decoded.includes(String.fromCharCode(unit));
  }
  return (wanted === " " || wanted === "\n") && (found === "\n" || (found === "\r" && text[offset + 1] === "\n"));
}

const STRING_TYPES = ["PLAIN", "QUOTE_SINGLE", "QUOTE_DOUBLE", "BLOCK_LITERAL", "BLOCK_FOLDED"] as const;

describe("scalarOffsetMap (property)", () => {
  const pieces = fc.constantFrom(
    "a",
    "b",
    "meta.x",
    " ",
    "  ",
    "\t",
    "\n",
    "\n\n",
    "'",
    '"',
    "\\",
    "#",
    ": ",
    "- ",
    "é",
    "😀",
    "\u0085",
    "\u2028",
    "\0",
    "|",
    ">",
    "{",
  );
  const values = fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join(""));

  it("points every value unit at a source character that produced it, in every style", () => {
    fc.assert(
      fc.property(
        values,
        fc.constantFrom(...STRING_TYPES),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 12, max: 60 }),
        fc.boolean(),
        (value, defaultStringType, indent, depth, lineWidth, windows) => {
          let document: unknown = { k: value };
          for (let i = 0; i < depth; i++) document = i % 2 ? [document] : { [`level${i}`]: document };
          const rendered = stringify(document, { defaultStringType, indent, lineWidth, minContentWidth: 0 });
          const text = windows ? crlf(rendered) : rendered;
          // With narrow lines `yaml`'s stringify sometimes folds inside an escape and writes invalid YAML.
          fc.pre(parseDocument(text).errors.length === 0);
          const { root, diagnostics } = parseYaml(text);
          expect(diagnostics).toEqual([]);
          if (!root) throw new Error("no tree");
          const path: (string | number)[] = [];
          for (let i = depth - 1; i >= 0; i--) path.push(i % 2 ? 0 : `level${i}`);
          const node = walkPath(root, [...path, "k"]).at(-1)?.node;
          if (node?.kind !== "scalar") throw new Error("no scalar");
          // Not always `value`: `yaml`'s stringify drops leading blanks of some keep-chomped block scalars.
          const parsed = typeof node.value === "string" ? node.value : (node.source ?? "");
          const map = scalarOffsetMap(text, node);
          // Precise, not the fallback that maps everything to the scalar's start.
          if (parsed.length > 1) expect(map(parsed.length - 1)).toBeGreaterThan(node.span.offset);
          for (let i = 0; i < parsed.length; i++) {
            const offset = map(i);
            if (!produces(text, offset, node, parsed, i)) {
              throw new Error(`unit ${i} of ${JSON.stringify(parsed)} maps to ${offset} in ${JSON.stringify(text)}`);
            }
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  // `stringify` writes tidy YAML; people do not. Random scalar text in each style: ragged indentation, blanks at
  // line ends, empty and more-indented lines, escapes, CRLF.
  const line = (style: ScalarStyle) =>
    fc
      .tuple(
        fc.integer({ min: 0, max: 5 }),
        fc.array(
          fc.constantFrom(
            "a",
            "meta.x",
            " ",
            "\t",
            "é",
            "😀",
            "#",
            ...(style === "double-quoted"
              ? ["\\n", "\\t", '\\"', "\\\\", "\\x41", "\\u00e9", "\\U0001F600", "\\"]
              : []),
            ...(style === "single-quoted" ? ["''"] : []),
          ),
          { maxLength: 6 },
        ),
      )
      .map(([indent, parts]) => " ".repeat(indent) + parts.join(""));
  const scalarText = fc
    .constantFrom<ScalarStyle>("plain", "single-quoted", "double-quoted", "literal", "folded")
    .chain((style) =>
      fc.record({
        style: fc.constant(style),
        lines: fc.array(line(style), { minLength: 1, maxLength: 6 }),
        header: fc.constantFrom("", "-", "+", "1", "2-", "+3"),
        newline: fc.constantFrom("\n", "\r\n"),
      }),
    );

  it("maps random scalar text in every style precisely", () => {
    fc.assert(
      fc.property(scalarText, ({ style, lines, header, newline }) => {
        const [first = "", ...rest] = lines;
        const body = [first.trimStart(), ...rest.map((l) => `  ${l}`)].join(newline);
        const text =
          style === "literal" || style === "folded"
            ? `k: ${style === "literal" ? "|" : ">"}${header}${newline}${lines.map((l) => `  ${l}`).join(newline)}${newline}`
            : style === "plain"
              ? `k: ${body}${newline}`
              : `k: ${style === "double-quoted" ? `"${body}"` : `'${body}'`}${newline}`;
        fc.pre(parseDocument(text).errors.length === 0);
        const { root, diagnostics } = parseYaml(text);
        expect(diagnostics).toEqual([]);
        const node = root && walkPath(root, ["k"]).at(-1)?.node;
        fc.pre(node?.kind === "scalar" && node.style === style);
        if (node?.kind !== "scalar") return;
        const value = typeof node.value === "string" ? node.value : (node.source ?? "");
        const map = scalarOffsetMap(text, node);
        if (value.length > 1) expect(map(value.length - 1)).toBeGreaterThan(node.span.offset);
        for (let i = 0; i < value.length; i++) {
          if (!produces(text, map(i), node, value, i)) {
            throw new Error(`unit ${i} of ${JSON.stringify(value)} maps to ${map(i)} in ${JSON.stringify(text)}`);
          }
        }
      }),
      { numRuns: 3000 },
    );
  });
});
