import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type LoadedPdf, loadPdf, parseExtractionParameters } from "@mailroom/runtime";
import { beforeAll, describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const read = async (name: string): Promise<LoadedPdf> => {
  const loaded = await loadPdf(readFileSync(join(here, "pdfs", name)));
  if (!loaded.ok) throw new Error(loaded.problem);
  return loaded.pdf;
};
const page = { left: 0, top: 0, width: 1000, height: 1000 };

describe("loadPdf", () => {
  it("gives a problem for bytes that are not a PDF", async () => {
    const loaded = await loadPdf(new TextEncoder().encode("Dear customer, this is not a PDF."));
    expect(loaded.ok).toBe(false);
    expect(!loaded.ok && loaded.problem).toMatch(/^it is not a readable PDF/);
  });

  it("gives a problem for a truncated PDF", async () => {
    const bytes = readFileSync(join(here, "pdfs", "invoice.pdf"));
    const loaded = await loadPdf(bytes.subarray(0, 200));
    expect(loaded.ok).toBe(false);
  });
});

describe("LoadedPdf", () => {
  let pages: LoadedPdf;
  let invoice: LoadedPdf;
  beforeAll(async () => {
    pages = await read("pages.pdf");
    invoice = await read("invoice.pdf");
  });

  it("counts pages from the end with negative numbers; 0 and pages out of range give no text", () => {
    expect(pages.pageCount).toBe(6);
    expect(pages.textInArea(5, page)).toBe("Page 5 of 5\nBody of page 5: code P5X\n");
    expect(pages.textInArea(-2, page)).toBe(pages.textInArea(5, page));
    expect(pages.textInArea(-6, page)).toBe(pages.textInArea(1, page));
    for (const n of [0, 7, -7]) expect(pages.textInArea(n, page)).toBe("");
  });

  it("ends the text of an area with PDFBox's page end, even when the area holds no glyph", () => {
    expect(pages.textInArea(1, { left: 250, top: 150, width: 40, height: 40 })).toBe("\n");
    // The last page has no content stream: PDFBox writes nothing at all.
    expect(pages.textInArea(-1, page)).toBe("");
  });

  it("keeps a glyph when its origin is in the area: left and top edges in, right and bottom edges out", () => {
    // "Page 1 of 5" in 12 pt Helvetica at x = 20, baseline y = 200 - 170 = 30.
    expect(pages.textInArea(1, { left: 20, top: 30, width: 200, height: 1 })).toBe("Page 1 of 5\n");
    expect(pages.textInArea(1, { left: 0, top: 0, width: 20, height: 100 })).toBe("\n");
    expect(pages.textInArea(1, { left: 0, top: 0, width: 100, height: 30 })).toBe("\n");
  });

  // Without sorting, "world" (drawn first, right of "hello") and "hello" are one line, and no gap precedes "hello".
  it("sorts by position only when asked", async () => {
    const outOfOrder = await read("out-of-order.pdf");
    const area = { left: 0, top: 50, width: 400, height: 110 };
    expect(outOfOrder.textInArea(1, area)).toBe("third line last\nfirst line\nsecond line\nworldhello\n");
    expect(outOfOrder.textInArea(1, area, { sortByPosition: "true" })).toBe(
      "first line\nsecond line\nthird line last\nhello world\n",
    );
  });

  it("refuses extraction parameters it does not honour", () => {
    expect(() => invoice.textInArea(1, page, { addMoreFormatting: "true" })).toThrow(/is not one mailroom reads/);
    expect(() => invoice.textInArea(1, page, { sortByPosition: "yes" })).toThrow(/"true" or "false"/);
  });

  it("reads the document information dictionary, custom keys included, and '' for what is absent", () => {
    expect(invoice.metadata("Title")).toBe("Invoice INV-2024-0042");
    expect(invoice.metadata("Author")).toBe("Compta Générale");
    expect(invoice.metadata("ClientId")).toBe("C-1234");
    expect(invoice.metadata("CreationDate")).toBe("D:20240305102030Z");
    expect(invoice.metadata("Trapped")).toBe("");
    expect(invoice.metadata("PDFFormatVersion")).toBe("");
  });
});

describe("parseExtractionParameters", () => {
  it("reads PDFBox's setters with Java's spelling of values", () => {
    const parsed = parseExtractionParameters({
      sortByPosition: "TRUE",
      suppressDuplicateOverlappingText: "false",
      spacingTolerance: " 0.75f",
      averageCharTolerance: "1e-1",
    });
    expect(parsed).toEqual({
      ok: true,
      options: {
        sortByPosition: true,
        suppressDuplicateOverlappingText: false,
        spacingTolerance: 0.75,
        averageCharTolerance: Math.fround(0.1),
      },
    });
    expect(parseExtractionParameters({ spacingTolerance: "wide" }).ok).toBe(false);
  });
});
