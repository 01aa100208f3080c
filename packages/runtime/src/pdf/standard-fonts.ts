/**
 * The font bounding boxes of the standard 14 fonts (from their Adobe font metrics), which PDFBox uses for a glyph's
 * height when a PDF names such a font without a font descriptor. pdf.js does not report them for those fonts.
 */
const boxes: Readonly<Record<string, readonly [number, number, number, number]>> = {
  Courier: [-23, -250, 715, 805],
  "Courier-Bold": [-113, -250, 749, 801],
  "Courier-BoldOblique": [-57, -250, 869, 801],
  "Courier-Oblique": [-27, -250, 849, 805],
  Helvetica: [-166, -225, 1000, 931],
  "Helvetica-Bold": [-170, -228, 1003, 962],
  "Helvetica-BoldOblique": [-174, -228, 1114, 962],
  "Helvetica-Oblique": [-170, -225, 1116, 931],
  Symbol: [-180, -293, 1090, 1010],
  "Times-Bold": [-168, -218, 1000, 935],
  "Times-BoldItalic": [-200, -218, 996, 921],
  "Times-Italic": [-169, -217, 1010, 883],
  "Times-Roman": [-168, -218, 1000, 898],
  ZapfDingbats: [-1, -143, 981, 820],
};

/** The bounding box of a standard font by its PostScript name (subset prefix removed), if it is one. */
export function standardFontBox(name: string): readonly [number, number, number, number] | undefined {
  return boxes[name.replace(/^[A-Z]{6}\+/, "")];
}
