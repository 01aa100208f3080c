import { describe, expect, it } from "vitest";
import { mainPdfBox } from "../../compiler/test/service-text.js";
import { parseDocument } from "../src/document.js";
import { inlayHints } from "../src/inlay-hints.js";

const TEXT = `boxes:
${mainPdfBox("invoices")}    metadata:
      number: fileName[0:8]
      title: pdfMeta("Title")
  annexes:
    type: pdf
    elements: 0..5
    metadata:
      key: pdfText(1, [0, 0, 10, 10])
      other: fileName(box=invoices)
      main: positionInBox(main)
    reconcile:
      when: meta.key == meta.number
`;

const hintsIn = (text: string, span = { offset: 0, length: text.length }) =>
  inlayHints(parseDocument("x.service.yaml", text), span).map((h) => [
    text.slice(0, h.offset).split("\n").at(-1),
    h.label,
  ]);

describe("inlay hints", () => {
  it("shows the implied box target and the implied defaults, in document order", () => {
    expect(hintsIn(TEXT)).toEqual([
      ["    elements: 1", "..1"],
      ["      number: fileName", "(main)"],
      ['      title: pdfMeta("Title"', ", main"],
      ["      key: pdfText(1, [0, 0, 10, 10]", ", box=annexes"],
      ["    reconcile:", "expected: 0..*, matches: 0..1"],
    ]);
  });

  it("returns only the hints inside the span", () => {
    const start = TEXT.indexOf("  annexes:");
    expect(hintsIn(TEXT, { offset: start, length: TEXT.indexOf("    reconcile") - start })).toEqual([
      ["      key: pdfText(1, [0, 0, 10, 10]", ", box=annexes"],
    ]);
  });

  it("gives nothing for JSON and never throws on broken text", () => {
    expect(inlayHints(parseDocument("x.service.json", "{}"), { offset: 0, length: 2 })).toEqual([]);
    const broken = "boxes:\n  a:\n    metadata:\n      x: fileName(\n    reconcile: [\n";
    expect(() =>
      inlayHints(parseDocument("x.service.yaml", broken), { offset: 0, length: broken.length }),
    ).not.toThrow();
  });
});
