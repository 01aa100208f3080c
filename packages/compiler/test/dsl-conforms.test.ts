import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseYaml, type SyntaxNode, toJson } from "@mailroom/syntax";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyRandomEdits, randomEdit } from "../../../test/random-edits.js";
import { conforms } from "../src/dsl/conforms.js";
import { DslService } from "../src/index.js";

const examplesDir = fileURLToPath(new URL("../../../examples", import.meta.url));
const examples = readdirSync(examplesDir)
  .filter((name) => name.endsWith(".service.yaml"))
  .map((name) => readFileSync(join(examplesDir, name), "utf8"));

const tree = (text: string): SyntaxNode => {
  const { root } = parseYaml(text);
  if (!root) throw new Error("no tree");
  return root;
};
const zodAccepts = (root: SyntaxNode) => DslService.safeParse(toJson(root)).success;

const HEAD = "id: 1\nname: S\ntype: SIMPLE_UNIQUE\n";

describe("conforms, the quick structural check of a DSL file", () => {
  it("passes every example, as zod does", () => {
    expect(examples.length).toBeGreaterThan(0);
    for (const text of examples) {
      const root = tree(text);
      expect(conforms(DslService, root)).toBe(true);
      expect(zodAccepts(root)).toBe(true);
    }
  });

  const rejected: Record<string, string> = {
    "a missing required field": "id: 1\nname: S\nboxes: {}\n",
    "a number that is not an integer": `${HEAD.replace("id: 1", "id: 1.5")}boxes: {}\n`,
    "an infinite number": `${HEAD}boxes:\n  a: { type: pdf, elements: 1, split: { pages: .inf } }\n`,
    "a range that is not one": `${HEAD}boxes:\n  a: { type: pdf, elements: 1...5 }\n`,
    "null for an optional string": `${HEAD}description:\nboxes: {}\n`,
    "an unknown box type": `${HEAD}boxes:\n  a: { type: zip, elements: 1 }\n`,
    "an area of three numbers": `${HEAD}boxes:\n  a: { type: pdf, elements: 1, split: { area: [1, 2, 3], value: x, page: first } }\n`,
    "a colour that is not one": `${HEAD}icon: { color: "#12" }\nboxes: {}\n`,
  };
  for (const [name, text] of Object.entries(rejected)) {
    it(`doubts ${name}, which zod rejects`, () => {
      const root = tree(text);
      expect(conforms(DslService, root)).toBe(false);
      expect(zodAccepts(root)).toBe(false);
    });
  }

  it("never passes what zod rejects, on random edits of the examples", () => {
    const inserts = ["", "1", "-2", "1.5", "x", "~", ".inf", "[]", "{}", "[1, 2]", "..", "*", "true", "#"];
    const edit = randomEdit(inserts, 10);
    let passed = 0;
    fc.assert(
      fc.property(fc.nat({ max: examples.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 3 }), (i, edits) => {
        const { root } = parseYaml(applyRandomEdits(examples[i] as string, edits));
        if (!root || !conforms(DslService, root)) return;
        passed++;
        expect(zodAccepts(root)).toBe(true);
      }),
      { numRuns: 400 },
    );
    // Edits often leave a file valid; the check above must have been exercised.
    expect(passed).toBeGreaterThan(20);
  });
});
