import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse, parseDocument } from "yaml";
import {
  LineIndex,
  MAX_ALIAS_EXPANSION,
  MAX_YAML_NESTING,
  type PathSegment,
  parseYaml,
  type Span,
  type SyntaxNode,
  toJson,
  walkPath,
} from "../src/index.js";
import { atEndOfFile, LAST_VALUES } from "./yaml-corpus.js";

const at = (text: string, offset: number) => {
  const { line, column } = new LineIndex(text).position(offset);
  return `${line}:${column}`;
};

const slice = (text: string, span: Span) => text.slice(span.offset, span.offset + span.length);

/** Parses text that must have no problems and returns its tree. */
function tree(text: string): SyntaxNode {
  const { root, diagnostics } = parseYaml(text);
  expect(diagnostics).toEqual([]);
  if (!root) throw new Error("no tree");
  return root;
}

function nodeAt(root: SyntaxNode, path: PathSegment[]): SyntaxNode {
  const trail = walkPath(root, path);
  if (trail.length !== path.length + 1) throw new Error(`nothing at ${path.join(".")}`);
  return (trail.at(-1) as { node: SyntaxNode }).node;
}

/** Collection levels of a tree, without recursion. */
function height(root: SyntaxNode): number {
  let deepest = 0;
  const stack: [SyntaxNode, number][] = [[root, 0]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [node, depth] = entry;
    if (node.kind === "scalar") continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of node.kind === "array" ? node.items : node.properties.map((p) => p.value)) {
      stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

describe("parseYaml: the tree", () => {
  it("reads block mappings and sequences with the span of every node and key", () => {
    const text =
      "service: mail\nboxes:\n  invoices:\n    type: pdf\n    elements: 1..50\n  list:\n    - 1\n    - two\n";
    const root = tree(text);
    expect(toJson(root)).toEqual(parse(text));
    expect(root.span).toEqual({ offset: 0, length: text.length });
    const invoices = walkPath(root, ["boxes", "invoices"]).at(-1);
    expect(invoices?.keySpan && at(text, invoices.keySpan.offset)).toBe("3:3");
    expect(invoices && slice(text, invoices.node.span)).toBe("type: pdf\n    elements: 1..50\n");
    const elements = nodeAt(root, ["boxes", "invoices", "elements"]);
    expect(elements).toEqual({
      kind: "scalar",
      span: { offset: text.indexOf("1..50"), length: 5 },
      value: "1..50",
      style: "plain",
      source: "1..50",
    });
    const list = nodeAt(root, ["boxes", "list"]);
    expect(list.kind).toBe("array");
    expect(slice(text, list.span)).toBe("- 1\n    - two\n");
    expect(slice(text, nodeAt(root, ["boxes", "list", 1]).span)).toBe("two");
  });

  it("reads flow collections with their brackets in the span", () => {
    const text = 'split: { area: [10, 10, 60, 12], value: "^INVOICE", page: first }\nnone: []\n';
    const root = tree(text);
    expect(toJson(root)).toEqual(parse(text));
    expect(slice(text, nodeAt(root, ["split"]).span)).toBe(
      '{ area: [10, 10, 60, 12], value: "^INVOICE", page: first }',
    );
    expect(slice(text, nodeAt(root, ["split", "area"]).span)).toBe("[10, 10, 60, 12]");
    expect(slice(text, nodeAt(root, ["split", "area", 2]).span)).toBe("60");
    const value = nodeAt(root, ["split", "value"]);
    expect(slice(text, value.span)).toBe('"^INVOICE"');
    expect(value).toMatchObject({ value: "^INVOICE", style: "double-quoted" });
    expect(slice(text, nodeAt(root, ["none"]).span)).toBe("[]");
  });

  it("reads a flow pair inside a sequence as a one-entry mapping", () => {
    const root = tree("[a: 1, b]");
    expect(toJson(root)).toEqual([{ a: 1 }, "b"]);
  });

  it("keeps plain keys as written and quoted keys as their value, with the key's span", () => {
    const text = "007: a\ntrue: b\nnull: c\n~: d\n\"q\\tx\": e\n'it''s': f\n<<: g\n1.50: h\n";
    const root = tree(text);
    if (root.kind !== "object") throw new Error("not an object");
    expect(root.properties.map((p) => p.key)).toEqual(["007", "true", "null", "~", "q\tx", "it's", "<<", "1.50"]);
    expect(root.properties.map((p) => slice(text, p.keySpan))).toEqual([
      "007",
      "true",
      "null",
      "~",
      '"q\\tx"',
      "'it''s'",
      "<<",
      "1.50",
    ]);
  });

  it("resolves scalars with the YAML 1.2 core schema, keeping style and plain source", () => {
    const text =
      "[1, -0x1F, 0o17, 1.5e3, .inf, -.Inf, .nan, true, True, FALSE, null, Null, ~, '', yes, no, on, 007, 1_000, '1', 2001-01-01, !!str 12, !!float 1.5]";
    const root = tree(text);
    if (root.kind !== "array") throw new Error("not an array");
    expect(root.items.map((item) => (item.kind === "scalar" ? item.value : undefined))).toEqual([
      1,
      "-0x1F",
      15,
      1500,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.NaN,
      true,
      true,
      false,
      null,
      null,
      null,
      "",
      "yes",
      "no",
      "on",
      7,
      "1_000",
      "1",
      "2001-01-01",
      "12",
      1.5,
    ]);
    expect(root.items[17]).toMatchObject({ value: 7, style: "plain", source: "007" });
    expect(root.items[19]).toMatchObject({ value: "1", style: "single-quoted", source: undefined });
  });

  it("reads a `%YAML 1.1` document with the 1.2 core schema all the same", () => {
    const root = tree("%YAML 1.1\n---\na: yes\n<<: {b: 1}\nc: 010\n");
    expect(toJson(root)).toEqual({ a: "yes", "<<": { b: 1 }, c: 10 });
  });

  it("gives an empty value a null with a zero-length span right after the colon", () => {
    const text = "a:\nb:   # note\nc: {d: , e: }\n? f\ng: &x\n";
    const root = tree(text);
    const empty = (path: PathSegment[]) => {
      const node = nodeAt(root, path);
      expect(node.kind === "scalar" && node.value).toBe(null);
      expect(node.span.length).toBe(0);
      return at(text, node.span.offset);
    };
    expect(empty(["a"])).toBe("1:3");
    expect(empty(["b"])).toBe("2:3");
    expect(empty(["c", "d"])).toBe("3:7");
    expect(empty(["c", "e"])).toBe("3:12");
    expect(empty(["f"])).toBe("4:4"); // no ":" at all: after the key
    expect(empty(["g"])).toBe("5:6"); // after the anchor that comes first
  });

  it("reuses the anchored node for every alias, without copying it", () => {
    const text = "base: &b {type: pdf, main: true}\none: *b\ntwo: [*b, &s text, *s]\n";
    const root = tree(text);
    const base = nodeAt(root, ["base"]);
    expect(nodeAt(root, ["one"])).toBe(base);
    expect(nodeAt(root, ["two", 0])).toBe(base);
    expect(nodeAt(root, ["two", 2])).toBe(nodeAt(root, ["two", 1]));
    expect(slice(text, base.span)).toBe("{type: pdf, main: true}");
    expect(toJson(root)).toEqual(parse(text));
  });

  it("lets a later anchor with the same name take over from where it is defined", () => {
    const root = tree("a: &x 1\nb: *x\nc: &x 2\nd: *x\n");
    expect(toJson(root)).toEqual({ a: 1, b: 1, c: 2, d: 2 });
  });

  it("gives every comment with its span, by every reader, a block scalar's lines starting with # not among them", () => {
    const text = "# head\na: 1 # one\nb: |\n  # text\n  more\nc: [x] # two\n---\n# in a second document\n";
    const comments = ["# head", "# one", "# two", "# in a second document"];
    for (const written of [text.slice(0, text.indexOf("---")), text]) {
      for (const compose of [false, true]) {
        const parsed = parseYaml(written, { compose });
        const expected = comments.filter((comment) => written.includes(comment));
        expect(parsed.comments.map((c) => c.text)).toEqual(expected);
        for (const { span, text: comment } of parsed.comments)
          expect(written.slice(span.offset, span.offset + span.length)).toBe(comment);
      }
    }
  });

  it("reads `---` alone as a null document and an empty text as no document", () => {
    expect(tree("---\n")).toMatchObject({ kind: "scalar", value: null });
    for (const text of ["", "# only a comment\n"]) {
      const { root, diagnostics } = parseYaml(text);
      expect(root).toBeUndefined();
      expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
        ["syntax-error", "Found an empty document; expected a YAML value such as a mapping."],
      ]);
    }
  });
});

describe("parseYaml: problems", () => {
  it.each(LAST_VALUES)("reads %j last in a file, with or without a final line end (malformed: %s)", (value, bad) => {
    for (const text of atEndOfFile(value)) {
      const errors = parseYaml(text).diagnostics.filter((d) => d.code === "syntax-error");
      if (!bad) {
        expect(errors, text).toEqual([]);
        continue;
      }
      // One error, at the quote or bracket never closed.
      const start = text.lastIndexOf(value);
      const quote = value.search(/["']/);
      expect(
        errors.map((d) => at(text, d.span.offset)),
        text,
      ).toEqual([at(text, start + Math.max(quote, 0))]);
      expect(errors[0]?.message).toMatch(/^Found .* never closed[;:] .*expected .*"?[\]}'"]/);
    }
  });

  it("says why a string whose last quote is escaped is not closed", () => {
    const [double] = parseYaml('label: "Avis \\"').diagnostics;
    expect(double?.message).toBe(
      'Found a double-quoted string that is never closed: its last " is escaped by the backslash before it; expected a closing double quote (") after it (a backslash itself is written \\\\).',
    );
    const [single] = parseYaml("label: 'it''\n").diagnostics;
    expect(single?.message).toBe(
      "Found a single-quoted string that is never closed: its last '' is an escaped quote; expected a closing single quote (') after it.",
    );
  });

  it.each([
    ["TAB_AS_INDENT", "a:\n\tb: 1\n", "2:1", "Found a tab used for indentation; expected spaces."],
    [
      "BAD_INDENT (mapping)",
      "a:\n  b: 1\n c: 2\n",
      "3:2",
      'Found the key "c" indented differently from the keys before it; expected every key of a mapping to start in the same column.',
    ],
    [
      "BAD_INDENT (sequence)",
      "- - a\n  - b\n - c\n",
      "3:2",
      'Found the item "- c" indented differently from the items before it; expected every "- " item of a sequence to start in the same column.',
    ],
    [
      "BAD_INDENT (flow continued too far left)",
      "a: [1,\n2]\n",
      "2:1",
      'Found "2" inside a flow sequence that is not closed or not indented past its key; expected "]" to close it first, or more indentation.',
    ],
    [
      "BAD_INDENT (unclosed flow mapping)",
      "a: {b: 1\n",
      "1:4",
      'Found "{" that is never closed; expected "}" to end the flow mapping.',
    ],
    [
      "MISSING_CHAR (unclosed flow at the root)",
      "[1, 2\n\n",
      "1:1",
      'Found "[" that is never closed; expected "]" to end the flow sequence.',
    ],
    [
      "MISSING_CHAR (double quote)",
      'a: "x\nb: 2\n',
      "1:4",
      'Found a double-quoted string that is never closed; expected a closing double quote (").',
    ],
    [
      "MISSING_CHAR (single quote)",
      "a: 'x\n",
      "1:4",
      "Found a single-quoted string that is never closed; expected a closing single quote (').",
    ],
    [
      "MISSING_CHAR (comma)",
      '["a" "b"]\n',
      "1:6",
      'Found "\\"b\\"" right after the previous entry of a flow sequence; expected "," between entries, or ":" after a key.',
    ],
    [
      "MISSING_CHAR (no value)",
      "a: 1\nb\nc: 2\n",
      "2:1",
      'Found "b" without ":" after it inside a mapping; expected a key followed by ":" and its value.',
    ],
    [
      "MISSING_CHAR (comment)",
      'a: "x"#c\n',
      "1:7",
      'Found the comment "#c" right after other text; expected a space before "#".',
    ],
    [
      "MISSING_CHAR (anchor)",
      "a: &x[1]\n",
      "1:6",
      'Found "[" directly after an anchor or tag; expected a space between them.',
    ],
    [
      "MISSING_CHAR (directives end)",
      "%YAML 1.2\na: 1\n",
      "2:1",
      'Found "a" after a directive; expected a "---" line between directives and content.',
    ],
    [
      "MISSING_CHAR (block scalar leading lines)",
      "a: |\n\n    \n  x\n",
      "4:3",
      'Found leading empty lines indented more than the first line of a block scalar; expected an indentation indicator such as "|2" after "|" or ">".',
    ],
    [
      "BLOCK_AS_IMPLICIT_KEY (two keys on a line)",
      "a: b: c\n",
      "1:4",
      'Found a second "key: value" starting at "b" on the line of another key; expected one key per line, or quotes around a value that contains ": ".',
    ],
    [
      "BLOCK_AS_IMPLICIT_KEY (value and block)",
      "a: 1\n  b: 2\n",
      "1:4",
      'Found more-indented lines after the value "1"; expected either a value on the key\'s line or an indented block below the key, not both.',
    ],
    [
      "BLOCK_AS_IMPLICIT_KEY (sequence item)",
      "a:\n  - 1\n - 2\n",
      "3:2",
      'Found the sequence item "- 2" where a mapping key was expected; expected it aligned with the other items of its sequence.',
    ],
    [
      "MULTILINE_IMPLICIT_KEY",
      "a\nb: 1\n",
      "1:1",
      'Found "a" without ":" on its line, so it runs on into the next line as a key; expected "key: value" on one line.',
    ],
    [
      "UNEXPECTED_TOKEN (after a value)",
      "- a\nb: 1\n",
      "2:1",
      'Found "b" after a complete value; expected nothing more there, or an entry aligned with its siblings on a new line.',
    ],
    [
      "UNEXPECTED_TOKEN (comma)",
      "a: [1,,2]\n",
      "1:7",
      'Found an extra "," in a flow collection; expected a value between two commas.',
    ],
    [
      "UNEXPECTED_TOKEN (sequence after a key)",
      "a: - b\n",
      "1:4",
      'Found "- " on the line of a key; expected the sequence to start on the next line, indented under the key.',
    ],
    [
      "UNEXPECTED_TOKEN (block scalar header)",
      "a: |x\n  y\n",
      "1:5",
      'Found "x" in a block scalar header; expected only "|" or ">", then optionally "-" or "+" and an indentation digit 1-9.',
    ],
    [
      "UNEXPECTED_TOKEN (closing bracket)",
      "a: ]\n",
      "1:4",
      'Found "]" without a matching opening bracket; expected "[" before it, or no "]".',
    ],
    [
      "BAD_SCALAR_START",
      "a: @x\n",
      "1:4",
      'Found "@" at the start of a plain value; expected the value in quotes (a plain value cannot start with "@").',
    ],
    [
      "BAD_SCALAR_START (block scalar in flow)",
      "a: [|]\n",
      "1:5",
      'Found "|" starting a value inside a flow collection; expected a quoted string (block scalars cannot appear inside [ ] or { }).',
    ],
    [
      "BAD_DQ_ESCAPE",
      'a: "x\\uZZZZ"\n',
      "1:6",
      'Found the escape "\\\\uZZZZ" in a double-quoted string; expected one of \\\\ \\" \\/ \\n \\t \\r \\xXX \\uXXXX \\UXXXXXXXX (write a backslash as \\\\).',
    ],
    [
      "KEY_OVER_1024_CHARS",
      `${"k".repeat(1030)}: 1\n`,
      "1:1",
      `Found the key "${"k".repeat(37)}..." longer than 1024 characters; expected a shorter key, or an explicit key after "? ".`,
    ],
    [
      "BAD_ALIAS (empty alias)",
      "a: *\n",
      "1:4",
      'Found "*" without an anchor name; expected "*name" for an earlier "&name".',
    ],
    ["BAD_ALIAS (empty anchor)", "a: & x\n", "1:4", 'Found "&" without a name; expected "&name".'],
    [
      "ALIAS_PROPS",
      "a: &x 1\nb: &y *x\n",
      "2:7",
      'Found an anchor or tag on the alias "*x"; expected an alias without either.',
    ],
    [
      "MULTIPLE_DOCS",
      "a: 1\n---\nb: 2\n",
      "2:1",
      'Found a second YAML document starting with "---"; expected one document per file.',
    ],
    [
      "MULTIPLE_DOCS (after `...`)",
      "a: 1\n...\nb: 2\n",
      "3:1",
      'Found a second YAML document starting with "b"; expected one document per file.',
    ],
    [
      "MULTIPLE_ANCHORS",
      "a: &x &y 1\n",
      "1:7",
      'Found a second anchor "&y" on one value; expected at most one anchor.',
    ],
    [
      "MULTIPLE_TAGS",
      "a: !!str !!int 1\n",
      "1:10",
      'Found a second tag "!!int" on one value; expected at most one tag.',
    ],
    ["BAD_PROP_ORDER", "&x ? a\n: 1\n", "1:4", 'Found an anchor or tag before "?"; expected it after "?".'],
    [
      "TAG_RESOLVE_FAILED (undeclared handle)",
      "a: !e!x 1\n",
      "1:4",
      'Found the tag "!e!x" with a handle no %TAG directive declares; expected "!", "!!" or a declared handle.',
    ],
    [
      "BLOCK_IN_FLOW",
      "a: {b: 1 c: 2}\n",
      "1:8",
      'Found "1 c: 2" inside a flow collection, where it reads as a nested block collection; expected "," between entries, or a nested collection written with [ ] or { }.',
    ],
    ["a missing key", ": x\n", "1:1", 'Found ":" with no key before it; expected a key such as "name:".'],
    [
      "a sequence as a key",
      "[a, b]: 1\n",
      "1:1",
      'Found a sequence used as a key; expected a string key such as "name:".',
    ],
    [
      "a mapping as an explicit key",
      "? {a: 1}\n: 2\n",
      "1:3",
      'Found a mapping used as a key; expected a string key such as "name:".',
    ],
    [
      "an unknown alias",
      "a: *nope\n",
      "1:4",
      'Found the alias "*nope", but no anchor "&nope" comes before it; expected an anchor defined earlier in the document.',
    ],
    [
      "an alias inside its own anchor",
      "a: &x [1, *x]\n",
      "1:11",
      'Found the alias "*x" inside the value anchored "&x" it refers to; expected an alias to a complete value (a value cannot contain itself).',
    ],
  ])("reports %s once, at %s, in words", (_, text, position, message) => {
    const { diagnostics } = parseYaml(text);
    expect(diagnostics.map((d) => [d.code, d.severity, at(text, d.span.offset), d.message])).toEqual([
      ["syntax-error", "error", position, message],
    ]);
  });

  it.each([
    [
      "TAG_RESOLVE_FAILED (tag that does not fit)",
      "a: !!int x\n",
      "1:4",
      'Found the tag "!!int", which does not fit this value; expected no tag, or a core tag that fits it such as "!!str" (the value is read without the tag).',
    ],
    [
      "TAG_RESOLVE_FAILED (unknown tag)",
      "a: !!binary aGk=\n",
      "1:4",
      'Found the tag "!!binary", which does not fit this value; expected no tag, or a core tag that fits it such as "!!str" (the value is read without the tag).',
    ],
    [
      "BAD_ALIAS (name ending in a colon)",
      "a: &x: 1\n",
      "1:6",
      'Found an anchor or alias name ending in ":"; expected a space before ":" (here the ":" is part of the name).',
    ],
    [
      "BAD_DIRECTIVE",
      "%FOO bar\n---\na: 1\n",
      "1:1",
      'Found the unknown directive "%FOO bar"; expected %YAML or %TAG.',
    ],
    [
      "BAD_DIRECTIVE (version)",
      "%YAML 1.3\n---\na: 1\n",
      "1:7",
      'Found the YAML version "1.3"; expected 1.1 or 1.2 (mailroom reads YAML 1.2 in any case).',
    ],
  ])("warns about %s at %s", (_, text, position, message) => {
    const { root, diagnostics } = parseYaml(text);
    expect(diagnostics.map((d) => [d.code, d.severity, at(text, d.span.offset), d.message])).toEqual([
      ["syntax-error", "warning", position, message],
    ]);
    expect(root).toBeDefined();
  });

  it("spans the narrowest token", () => {
    const spans = (text: string) => parseYaml(text).diagnostics.map((d) => slice(text, d.span));
    expect(spans('a: "x\\q"\n')).toEqual(["\\q"]);
    expect(spans('a: "\\x4"\n')).toEqual(['\\x4"']);
    expect(spans("a: !!str !!int 1\n")).toEqual(["!!int"]);
    expect(spans("a\nb: 1\n")).toEqual(["a"]);
    expect(spans("a: *nope\n")).toEqual(["*nope"]);
    expect(spans("a:\n  b: 1\n cc: 2\n")).toEqual(["cc"]);
  });

  it("reports one slip that upsets several tokens on a line once", () => {
    expect(parseDocument("- a\nb: 1\n").errors.length).toBeGreaterThan(1);
    expect(parseYaml("- a\nb: 1\n").diagnostics).toHaveLength(1);
    const text = "a: [\n- b\n]\n";
    expect(parseYaml(text).diagnostics.map((d) => at(text, d.span.offset))).toEqual(["2:1", "3:1"]);
  });

  it("keeps separate problems of one line, but not those a syntax error on the line may have caused", () => {
    const twice = "a: [*x, *y]\n";
    expect(parseYaml(twice).diagnostics.map((d) => slice(twice, d.span))).toEqual(["*x", "*y"]);
    const caused = "a: &x *y\n";
    expect(parseYaml(caused).diagnostics.map((d) => d.message)).toEqual([
      'Found an anchor or tag on the alias "*y"; expected an alias without either.',
    ]);
  });

  it("reads anchored keys and aliases used as keys", () => {
    expect(toJson(tree("&k key: 1\nother: *k\n"))).toEqual({ key: 1, other: "key" });
    expect(toJson(tree("a: &k name\n*k : 1\n"))).toEqual({ a: "name", name: 1 });
  });

  it("reports a duplicate key at the second key, pointing at the first, in small and large mappings", () => {
    for (const size of [3, 30]) {
      const keys = Array.from({ length: size }, (_, i) => `k${i}: ${i}`);
      const text = [...keys, "k1: again", `k${size - 1}: again`].join("\n");
      const { root, diagnostics } = parseYaml(text);
      expect(diagnostics.map((d) => [d.code, at(text, d.span.offset), d.span.length])).toEqual([
        ["duplicate-key", `${size + 1}:1`, 2],
        ["duplicate-key", `${size + 2}:1`, String(size - 1).length + 1],
      ]);
      expect(diagnostics[0]?.message).toBe(
        'Found the key "k1" a second time in the same mapping; expected each key once (the last one wins).',
      );
      expect(diagnostics[0]?.related?.map((r) => at(text, r.span.offset))).toEqual(["2:1"]);
      expect(root && (toJson(root) as Record<string, unknown>).k1).toBe("again");
    }
  });
});

describe("parseYaml: hostile input", () => {
  it("stops a billion laughs at the first alias past the bound, with one diagnostic", () => {
    let text = 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n';
    for (const [name, previous] of [..."bcdefghij"].map((c, i) => [c, "abcdefghij"[i]])) {
      text += `${name}: &${name} [${Array(9).fill(`*${previous}`).join(", ")}]\n`;
    }
    const { root, diagnostics } = parseYaml(text);
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "too-large",
        `Found aliases that expand to more than ${MAX_ALIAS_EXPANSION} nodes; expected a smaller document.`,
      ],
    ]);
    // Up to "e" the aliases add 74,718 nodes; the first "*e" in "f" would add 66,430 more.
    expect(at(text, diagnostics[0]?.span.offset ?? -1)).toBe("6:8");
    expect(slice(text, diagnostics[0]?.span ?? { offset: 0, length: 0 })).toBe("*e");
    if (!root) throw new Error("no tree");
    expect(nodeAt(root, ["f", 0])).toEqual({ kind: "scalar", span: diagnostics[0]?.span, value: null });
    expect(JSON.stringify(toJson(root)).length).toBeLessThan(2_000_000);
  });

  it.each([
    ["a flow sequence", "[".repeat(10_000) + "]".repeat(10_000), MAX_YAML_NESTING],
    ["flow mappings", `${"{a: ".repeat(10_000)}1${"}".repeat(10_000)}`, 4 * MAX_YAML_NESTING],
    ["compact sequences", `${"- ".repeat(10_000)}x\n`, 2 * MAX_YAML_NESTING],
  ])("refuses %s nested 10,000 deep once, at the first level too deep", (_, text, offset) => {
    // How the time grows with the depth (linearly) is measured in bench/hostile.js.
    const { root, diagnostics } = parseYaml(text);
    expect(diagnostics.map((d) => [d.code, d.span.offset])).toEqual([["too-deep", offset]]);
    expect(diagnostics[0]?.message).toBe(
      `Found mappings and sequences nested more than ${MAX_YAML_NESTING} deep; expected at most ${MAX_YAML_NESTING} levels.`,
    );
    expect(root && height(root)).toBe(MAX_YAML_NESTING);
  });

  it("refuses block mappings indented 10,000 levels deep (a 50 MB text)", () => {
    const lines: string[] = [];
    for (let i = 0; i < 10_000; i++) lines.push(`${" ".repeat(i)}a:`);
    const text = lines.join("\n");
    const { root, diagnostics } = parseYaml(text);
    expect(diagnostics.map((d) => [d.code, at(text, d.span.offset)])).toEqual([
      ["too-deep", `${MAX_YAML_NESTING + 1}:${MAX_YAML_NESTING + 1}`],
    ]);
    expect(root && height(root)).toBe(MAX_YAML_NESTING);
  });

  it("refuses an alias that would nest its anchor too deep", () => {
    const deep = (n: number, inner: string) => "[".repeat(n) + inner + "]".repeat(n);
    const text = `a: &a ${deep(200, "1")}\nb: ${deep(100, "*a")}\n`;
    const { root, diagnostics } = parseYaml(text);
    expect(diagnostics.map((d) => [d.code, text.slice(d.span.offset, d.span.offset + 2)])).toEqual([
      ["too-deep", "*a"],
    ]);
    expect(root && height(root)).toBeLessThanOrEqual(MAX_YAML_NESTING);
  });

  const known = new Set(["syntax-error", "duplicate-key", "too-deep", "too-large"]);
  const check = (text: string) => {
    const result = parseYaml(text);
    expect(parseYaml(text)).toEqual(result);
    for (const d of result.diagnostics) {
      expect(known.has(d.code)).toBe(true);
      expect(d.message).toMatch(/^Found .*; expected .*\.$/s);
      expect(d.span.offset).toBeGreaterThanOrEqual(0);
      expect(d.span.offset + d.span.length).toBeLessThanOrEqual(text.length);
    }
    const reference = parseDocument(text, { schema: "core", merge: false, resolveKnownTags: false, uniqueKeys: false });
    if (reference.errors.length > 0) expect(result.diagnostics.length).toBeGreaterThan(0);
    if (result.root) {
      expect(height(result.root)).toBeLessThanOrEqual(MAX_YAML_NESTING);
      expect(() => JSON.stringify(toJson(result.root as SyntaxNode))).not.toThrow();
    }
  };

  it("never throws on random text, and always explains what yaml rejects", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 200 }), check), { numRuns: 1000 });
  });

  it("never throws on random YAML-like text", () => {
    const token = fc.constantFrom(
      "a",
      "key",
      ": ",
      ":",
      " ",
      "  ",
      "\n",
      "\r\n",
      "\t",
      "- ",
      "? ",
      "[",
      "]",
      "{",
      "}",
      ", ",
      "&a ",
      "*a",
      "&b ",
      "*b",
      "!!str ",
      "!x ",
      "|",
      "|-",
      ">+",
      "'",
      '"',
      "\\",
      "# c",
      "---",
      "...",
      "%YAML 1.2\n",
      "<<",
      "1",
      "true",
      "null",
    );
    fc.assert(
      fc.property(
        fc.array(token, { maxLength: 60 }).map((parts) => parts.join("")),
        check,
      ),
      {
        numRuns: 2000,
      },
    );
  });
});
