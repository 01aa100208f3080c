import { join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFastYaml } from "../src/yaml-fast.js";
import {
  ALIAS_BOMB,
  agreesOnRandomEdits,
  agreesOnRandomPieces,
  examples,
  expectSameAsComposer,
  fixtures,
  readerCases,
  repo,
} from "./yaml-corpus.js";

// The benchmark's generator of realistic services (it compiles them with the built compiler: `npx tsc -b` first).
const generator = (await import(pathToFileURL(join(repo, "bench/generate.js")).href)) as {
  generateServiceDsl(seed: number, index: number, options?: { boxes?: number }): string;
};
const generated = Array.from({ length: 60 }, (_, i) => generator.generateServiceDsl(3, i));

/** Whether the scanner takes the text (rather than leaving it to `yaml`). */
const fast = (text: string) => readFastYaml(text) !== undefined;

describe("reading plain YAML with the scanner", () => {
  it("reads every generated service itself, as the composer does", () => {
    for (const text of [...generated, generator.generateServiceDsl(7, 1, { boxes: 200 })]) {
      expect(fast(text)).toBe(true);
      expectSameAsComposer(text);
    }
  });

  it("agrees with the composer on every fixture, broken ones included", () => {
    let read = 0;
    for (const text of fixtures) {
      if (fast(text)) read++;
      expectSameAsComposer(text);
    }
    expect(read).toBeGreaterThan(fixtures.length / 2);
  });

  const plain: Record<string, string> = {
    "comments after values":
      "a: 1 # c\n\n   # indented\n# not\n  # after\nb:\n  c: x\n    y  \n  # e\n\nd: 2\ne:\n  f:\n    g: 1\n  # kept by e\nh: [1]\n    # into the flow\n",
    "comments after the last entry": "a:\n  b: 1\n  # end of b\n# end of a\n",
    "comments kept at each depth": "x:\n  a:\n    b: 1\n    # c\n  d: 2\n- \n".replace("- \n", ""),
    "empty values": "a:\nb:   \nc:\n  -\n  - \n  - x\nd:\n",
    "block scalars":
      "a: |\n  one\n   two\n\nb: >-\n  folded\n  text\n\n  more\nc: > # note\n    x\n\n  # after\nd: |-\n  end",
    "quoted scalars over lines": "a: \"one\n  two \\u00e9\\n\\\n  three\"\nb: 'it''s\n\n  three' # c\n",
    "plain scalars over lines": "a: one\n  two\n\n  three\nb: x # c\nc:\n  - p\n    q\n  -  r:s\n",
    "core schema values":
      "a: [~, null, Null, true, False, 0x1F, 0o17, .inf, -.Inf, .nan, 1e3, +1, 007, 1.5, -0, x1, -x]\nb: ~\nc: 1e3\n",
    "flow collections": 'a: { b: [1, 2], "c": d, \'e\': [ ], f: {} } # two\ng: [ a b , "c, d" ]\n',
    "quoted keys and duplicates": '\'a\': 1\n"a": 2\nb: {c: 1, c: 2}\n"x y"  : 3\n',
    "a long mapping with a duplicate": `${Array.from({ length: 20 }, (_, i) => `k${i}: ${i}`).join("\n")}\nk3: again\n`,
    "nesting under sequences": "- a: 1\n  b:\n    - [x, {y: z}]\n- - deep\n  - er\n-\n  c: d\n- 'q': 1\n",
    "a sequence at its key's indentation": "a:\n- 1\n- 2\n# c\nb: 3\n",
    "no final line end": "a:\n  b: x",
    "anchors and aliases": "a: &x {b: 1}\nc: *x\nd: &y\n  - 1\ne: [*y, *x] # both\nf: &s text\ng: *s\nh: {i: *s}\n",
  };
  const left: Record<string, string> = {
    tabs: "a:\t1\n",
    "carriage returns": "a: 1\r\nb: 2\r\n",
    "a byte order mark": "\ufeffa: 1\n",
    tags: "a: !!str 1\n",
    "an anchored key": "&k a: 1\nb: *k\n",
    "an alias before its anchor": "a: *x\nb: &x 1\n",
    "an alias inside its own anchor": "a: &x\n  b: *x\n",
    "an anchor before a comment": "a: &x # c\n  b: 1\n",
    "an alias bomb": ALIAS_BOMB,
    "explicit keys": "? a\n: 1\n",
    "a document start": "---\na: 1\n",
    "a document end": "a: 1\n...\n",
    directives: "%YAML 1.2\n---\na: 1\n",
    "a multi-line key": "a\n  b: 1\n",
    "a second mapping on a line": "a: b: c\n",
    "a missing colon": "a: 1\nb\nc: 2\n",
    "a comment without a blank before it": "a: 'x'# c\n",
    "a comment inside a flow collection": "a: [1, # c\n  2]\n",
    "a flow collection over lines": "a: [1,\n  2]\n",
    "a trailing comma": "a: [1, ]\n",
    "a flow pair in a sequence": "a: [b: 1]\n",
    "an empty flow value": "a: {b: }\n",
    "keep chomping": "a: |+\n  x\n\n",
    "an indentation indicator": "a: |2\n   x\n",
    "a blank line of spaces in a block scalar": "a: |\n  x\n  \n  y\n",
    "a bad indentation": "a:\n  b: 1\n c: 2\n",
    "more indentation after a value": "a: 1\n  b: 2\n",
    "an empty key": ": 1\n",
    "a comment after an empty value": "a:\n  # c\nb: 1\n",
    "a scalar on the line below its key": "a:\n  text\n",
    "a root scalar": "just text\n",
    "an empty document": "# only a comment\n",
    "a key over 1000 characters": `${"k".repeat(1001)}: 1\n`,
    "nesting near the limit": `${Array.from({ length: 120 }, (_, i) => `${" ".repeat(i)}a:`).join("\n")} 1\n`,
  };
  readerCases(fast, { read: plain, left }, { read: "itself", left: "yaml" });

  it("agrees with the composer on random YAML-like text", () => {
    const pieces = [
      ...["a", "b", "key", "1", "0x1", "~", "true", ".5", "é", ": ", ":", " ", "  ", "\n", "\n  ", "\n    ", "- "],
      ...["[", "]", "{", "}", ", ", "|", "|-", ">", ">-", "'", '"', "\\n", "# c", " # c", "\n# c", "\n  # c", "-"],
      ...["&a ", "*a", "&b\n  ", "*b"],
    ];
    // The comparison means something only if the scanner takes a fair share of the texts (most are not YAML).
    expect(agreesOnRandomPieces(pieces, fast, 6000)).toBeGreaterThan(120);
  });

  it("agrees with the composer on random lines of mappings, sequences and comments", () => {
    const line = fc.record({
      indent: fc.constantFrom("", "", "", "  ", "  ", "    ", " "),
      head: fc.constantFrom("a: ", "b:", "'c': ", "- ", "-", "- d: ", "# c", "", "- - ", "e : "),
      value: fc.constantFrom(
        ...["", "1", "x y", "007", "true", "~", "'q'", '"e\\t"', "[1, x]", "{f: 1}", "|", ">-", "&a", "&b v", "*a"],
        ...["*b", "  ", " # c", "z # c"],
      ),
    });
    let read = 0;
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const text = lines.map(({ indent, head, value }) => indent + head + value).join("\n");
        if (fast(text)) read++;
        expectSameAsComposer(text);
      }),
      { numRuns: 6000 },
    );
    expect(read).toBeGreaterThan(150);
  });

  it("agrees with the composer on random edits of the examples and generated services", () => {
    const inserts = [
      ...["", " ", "\n", "\n  ", "- ", ": ", "#", "'", '"', "{", "]", ",", "a: b", "|", ">-", "\n\n"],
      ...["\n# c\n", " # c", "# c\n", "\n  # c\n  ", "\n    # c\n", "{ x: [1, 2] }", "\n  - 1\n  -\n"],
      "\n  x: |\n    y\n",
    ];
    expect(agreesOnRandomEdits([...examples, ...generated.slice(0, 10)], inserts, fast, 1500)).toBeGreaterThan(150);
  });
});
