import { applyEdits } from "@mailroom/checker";
import { format as fmt } from "@mailroom/format";
import { describe, expect, it } from "vitest";
import { mainPdfBox } from "../../compiler/test/service-text.js";
import { parseDocument } from "../src/document.js";
import { format, lineEdits } from "../src/formatting.js";

const MESSY = `id: 1
name: Letters
type:   ADVANCED
boxes:
${mainPdfBox("letters")}    metadata:
      # the reference
      ref: { value:   'fileName[0:8]', persist: true }
      other:   fileName[0:2]
    reconcile:
      when: meta.ref=="A"
`;

describe("format", () => {
  it("gives the fmt layout as edits of the lines that change only", () => {
    const document = parseDocument("a.service.yaml", MESSY);
    const edits = format(document);
    const expected = fmt(MESSY).text;
    expect(expected).not.toBe(MESSY);
    expect(applyEdits(MESSY, edits)).toBe(expected);
    // Unchanged lines are not touched: each edit covers whole changed lines only.
    const kept = new Set(expected.split("\n"));
    const changed = MESSY.split("\n").filter((line) => !kept.has(line)).length;
    expect(changed).toBe(4);
    expect(edits).toHaveLength(3); // the two adjacent metadata lines make one edit
    const touched = edits.reduce(
      (n, e) => n + MESSY.slice(e.span.offset, e.span.offset + e.span.length).split("\n").length - 1,
      0,
    );
    expect(touched).toBe(changed);
    expect(edits.every((e) => e.span.offset === 0 || MESSY[e.span.offset - 1] === "\n")).toBe(true);
  });

  it("gives nothing for a formatted file, a broken one, a disabled one, or broken JSON", () => {
    const formatted = fmt(MESSY).text;
    expect(format(parseDocument("a.service.yaml", formatted))).toEqual([]);
    expect(format(parseDocument("a.service.yaml", "boxes: [\n"))).toEqual([]);
    expect(format(parseDocument("a.service.yaml", `# mailroom-fmt-disable\n${MESSY}`))).toEqual([]);
    expect(format(parseDocument("a.service.json", '{ "id":1, }'))).toEqual([]);
    expect(format(parseDocument("a.service.json", '{\n  "id": 1\n}\n'))).toEqual([]);
  });

  it("lays a JSON service out as the compiler writes it", () => {
    const text = '{ "id":1, "name" :"A" }';
    expect(applyEdits(text, format(parseDocument("a.service.json", text)))).toBe('{\n  "id": 1,\n  "name": "A"\n}\n');
  });
});

describe("lineEdits", () => {
  it("turns one text into another with inserted, removed and replaced lines", () => {
    const cases: [string, string][] = [
      ["a\nb\nc\n", "a\nc\n"],
      ["a\nc\n", "a\nb\nc\n"],
      ["a\nb\nc\nd\ne\n", "x\nb\ny\nd\nz\n"],
      ["", "a\n"],
      ["a\n", ""],
      ["a\nb", "a\nb\n"],
      ["a\na\nb\na\n", "b\na\na\nb\n"],
    ];
    for (const [before, after] of cases) expect(applyEdits(before, lineEdits(before, after))).toBe(after);
    expect(lineEdits("a\nb\nc\nd\ne\n", "x\nb\ny\nd\nz\n")).toHaveLength(3);
  });

  it("stays exact on texts with many differences", () => {
    const before = Array.from({ length: 3000 }, (_, i) => `line ${i}\n`).join("");
    const after = Array.from({ length: 3000 }, (_, i) => `line ${i % 2 ? i : -i}\n`).join("");
    expect(applyEdits(before, lineEdits(before, after))).toBe(after);
  });
});
