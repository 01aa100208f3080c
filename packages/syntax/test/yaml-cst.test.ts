import { describe, expect, it } from "vitest";
import { Parser } from "yaml";
import { readPlainYaml } from "../src/yaml-cst.js";
import {
  ALIAS_BOMB,
  agreesOnRandomEdits,
  agreesOnRandomPieces,
  examples,
  expectSameAsComposer,
  fixtures,
  readerCases,
} from "./yaml-corpus.js";

/** Whether the direct reader takes the text (rather than leaving it to the composer). */
const direct = (text: string) => readPlainYaml(text, [...new Parser().parse(text)], []) !== undefined;

describe("reading YAML straight from the parser's tokens", () => {
  it("agrees with the composer on every fixture, broken ones included", () => {
    for (const text of fixtures) expectSameAsComposer(text);
  });

  const plain: Record<string, string> = {
    "comments after the last entry": "a:\n  b: 1\n  # end of b\n# end of a\n",
    "comments after the last item": "a:\n  - 1\n  -\n  # after\n",
    "empty values": "a:\nb: # note\nc:\n  -\n  - # x\nd: {e: , f: }\n",
    "block scalars":
      "a: |\n  one\n   two\n\nb: >-\n  folded\n  text\n\n  more\nc: |+\n  kept\n\n\nd: |2-\n    indented\n",
    "quoted scalars over lines": "a: \"one\n  two \\u00e9\\n\"\nb: 'it''s\n\n  three'\n",
    "plain scalars over lines": "a: one\n  two\n\n  three\nb: [x,\n  y, ]\n",
    "core schema values": "a: [~, null, Null, true, False, 0x1F, 0o17, .inf, -.Inf, .nan, 1e3, +1, 007, 1.5, -0, x1]\n",
    "flow collections with comments": 'a: { b: [1, 2], # one\n  c: "d" } # two\ne: [ ] # three\n',
    "quoted keys and duplicates": "'a': 1\n\"a\": 2\nb: {c: 1, c: 2}\n",
    "anchors and aliases": "a: &x {b: 1}\nc: *x\nd: &y\n  - 1\ne: [*y, *x] # both\nf: &s text\ng: *s\n",
    "a long mapping with a duplicate": `${Array.from({ length: 20 }, (_, i) => `k${i}: ${i}`).join("\n")}\nk3: again\n`,
    "nesting under sequences": "- a: 1\n  b:\n    - [x, {y: z}]\n- - deep\n  - er\n",
  };
  const composed: Record<string, string> = {
    tabs: "a:\t1\n",
    "carriage returns": "a: 1\r\nb: 2\r\n",
    tags: "a: !!str 1\n",
    "explicit keys": "? a\n: 1\n",
    "a document start": "---\na: 1\n",
    "a second document": "a: 1\n---\nb: 2\n",
    "an anchored key": "&k a: 1\nb: *k\n",
    "an alias before its anchor": "a: *x\nb: &x 1\n",
    "an alias inside its own anchor": "a: &x\n  b: *x\n",
    "an alias bomb": ALIAS_BOMB,
    "a missing colon": "a: 1\nb\nc: 2\n",
    "a comment without a blank before it": "a: 'x'# c\n",
    // The line end before the comment belongs to the value before it: the composer still wants a blank.
    "a comment first on a line inside a flow mapping": "a: { b: { c: 1 }\n# c\n  , d: 2 }\n",
    "an unclosed quote": 'a: "x\n',
    "a flow pair in a sequence": "a: [b: 1]\n",
    "a bad indentation": "a:\n  b: 1\n c: 2\n",
    "an empty key": ": 1\n",
  };
  readerCases(direct, { read: plain, left: composed }, { read: "directly", left: "the composer" });

  it("agrees with the composer on random YAML-like text", () => {
    const pieces = [
      ...["a", "b", "key", "1", "0x1", "~", "true", ".5", "é", ": ", ":", " ", "  ", "\n", "\n  ", "\n    ", "- "],
      ...["[", "]", "{", "}", ", ", "&a ", "*a", "&b ", "*b", "|", "|-", ">", ">-", "'", '"', "\\n", "# c", "? "],
    ];
    // The comparison means something only if the direct reader takes a fair share of the texts.
    expect(agreesOnRandomPieces(pieces, direct, 4000)).toBeGreaterThan(400);
  });

  it("agrees with the composer on random edits of the examples", () => {
    const inserts = [
      ...["", " ", "\n", "\n  ", "- ", ": ", "&z ", "*z", "#", "'", "{", "]", ",", "a: b"],
      ...["\n# c\n", " # c", "# c\n", "\n  # c\n  ", "{ x: [1, 2] }", "\n  - 1\n  -\n"],
    ];
    expect(agreesOnRandomEdits(examples, inserts, direct, 1000)).toBeGreaterThan(30);
  });
});
