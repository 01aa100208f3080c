import { describe, expect, it } from "vitest";
import { mainPdfBox, serviceHead } from "../../compiler/test/service-text.js";
import { parseDocument } from "../src/document.js";
import { documentSymbols, foldingRanges } from "../src/outline.js";
import type { DocumentSymbol } from "../src/types.js";

const DSL = `# Invoices, with their annexes.
# Second line of the header.
${serviceHead("Invoices")}${mainPdfBox("invoices")}    metadata:
      number: fileName[0:8]
      customer:
        value: >-
          pdfText(1, [20, 40, 80, 10])
          | upper
        persist: true
  bundle: { type: archive, elements: 0..1 }
channels:
  Mail:
    outputFiles: [MAIN]
`;

/** The outline as `name (kind, detail)` lines, indented by depth. */
function outline(symbols: readonly DocumentSymbol[], depth = 0): string[] {
  return symbols.flatMap((s) => [
    `${"  ".repeat(depth)}${s.name} (${s.kind}${s.detail ? `, ${s.detail}` : ""})`,
    ...outline(s.children, depth + 1),
  ]);
}

const text = (source: string, span: { offset: number; length: number }) =>
  source.slice(span.offset, span.offset + span.length);

describe("documentSymbols", () => {
  it("outlines a DSL service: boxes with type and MAIN, their metadata, channels", () => {
    const symbols = documentSymbols(parseDocument("a.service.yaml", DSL));
    expect(outline(symbols)).toEqual([
      "Invoices (service, id 1)",
      "  invoices (box, pdf, MAIN)",
      "    number (metadata)",
      "    customer (metadata)",
      "  bundle (box, archive)",
      "  Mail (channel)",
    ]);
    const box = symbols[0]?.children[0] as DocumentSymbol;
    expect(text(DSL, box.selectionSpan)).toBe("invoices");
    expect(text(DSL, box.span)).toMatch(/^invoices:\n {4}type: pdf[\s\S]*persist: true$/);
  });

  it("outlines JSON services, the authentication response's list included", () => {
    const service = parseDocument("a.service.yaml", DSL).source.services[0]?.json;
    const json = JSON.stringify({ result: { services: [service, { name: "Other", properties: {} }] } }, null, 2);
    const symbols = documentSymbols(parseDocument("a.service.json", json));
    expect(outline(symbols)).toEqual([
      "Invoices (service, id 1)",
      "  invoices (box, box.PDF, MAIN)",
      "    number (metadata)",
      "    customer (metadata)",
      "  bundle (box, box.ARCHIVE)",
      "  Mail (channel)",
      "Other (service)",
    ]);
    const box = symbols[0]?.children[0] as DocumentSymbol;
    expect(text(json, box.selectionSpan)).toBe('"invoices"');
  });

  it("outlines what it can of a file that does not compile, and never throws", () => {
    const broken = "name: Draft\nboxes:\n  invoices:\n    type: pdf\n    metadata:\n      ref: meta.\n  annexes:\n";
    expect(outline(documentSymbols(parseDocument("a.service.yaml", broken)))).toEqual([
      "Draft (service)",
      "  invoices (box, pdf)",
      "    ref (metadata)",
      "  annexes (box)",
    ]);
    for (const [file, source] of [
      ["a.service.yaml", "boxes: [\n"],
      ["a.service.yaml", ""],
      ["a.service.json", "[1, {"],
      ["a.service.json", '{"properties": {"boxes": [3, {"name": 4}, {"name": "x", "metadatas": {}}]}}'],
    ] as const) {
      expect(() => documentSymbols(parseDocument(file, source))).not.toThrow();
    }
  });
});

describe("foldingRanges", () => {
  it("folds multi-line mappings from their key, block scalars, and comment blocks", () => {
    const document = parseDocument("a.service.yaml", DSL);
    const folds = foldingRanges(document).map((f) => {
      const start = document.lines.position(f.start).line;
      const end = document.lines.position(f.end).line;
      return `${start}-${end}${f.kind ? ` ${f.kind}` : ""}`;
    });
    expect(folds).toEqual(["1-2 comment", "3-21", "6-18", "7-17", "11-17", "13-17", "14-16", "19-21", "20-21"]);
  });

  it("folds JSON objects and arrays, and nothing of broken text", () => {
    const document = parseDocument("a.service.json", '{\n  "a": [\n    1\n  ],\n  "b": {}\n}\n');
    expect(foldingRanges(document).map((f) => [f.start, f.end])).toEqual([
      [0, 32],
      [4, 19],
    ]);
    expect(() => foldingRanges(parseDocument("a.service.yaml", "a: [\n  b"))).not.toThrow();
  });

  it("takes lines of a block scalar starting with # for text, not comments", () => {
    const document = parseDocument("a.service.yaml", "description: |\n  # not a comment\n  # nor this\nname: x\n");
    expect(foldingRanges(document)).toEqual([
      { start: 0, end: 52 },
      { start: 0, end: 44 },
    ]);
  });
});
