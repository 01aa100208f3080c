/**
 * The advance width of a glyph in the OpenType font pdf.js builds from an embedded font program (its `data`), in
 * 1/1000 of the em: what PDFBox's `getWidthFromFont` reads from the program itself, for a code the /Widths do not
 * give (typically the space of a subset without one, which then has the width of .notdef, glyph 0).
 */
export function programWidth(data: Uint8Array, fontChar: number | undefined): number | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const tables = new Map<string, number>();
  try {
    const count = view.getUint16(4);
    for (let i = 0; i < count; i++) {
      const record = 12 + 16 * i;
      const tag = String.fromCharCode(...data.subarray(record, record + 4));
      tables.set(tag, view.getUint32(record + 8));
    }
    const head = tables.get("head");
    const hhea = tables.get("hhea");
    const hmtx = tables.get("hmtx");
    if (head === undefined || hhea === undefined || hmtx === undefined) return undefined;
    const unitsPerEm = view.getUint16(head + 18);
    const metrics = view.getUint16(hhea + 34);
    const glyph = fontChar === undefined ? 0 : glyphOf(view, tables.get("cmap"), fontChar);
    const advance = view.getUint16(hmtx + 4 * Math.min(glyph, metrics - 1));
    return unitsPerEm === 1000 ? advance : Math.fround(advance * Math.fround(1000 / unitsPerEm));
  } catch {
    // A table cut short: no width from the program.
    return undefined;
  }
}

/** The glyph of a character in a cmap table's (3,1) or (3,0) subtable of format 4 or 12; 0 when not mapped. */
function glyphOf(view: DataView, cmap: number | undefined, char: number): number {
  if (cmap === undefined) return 0;
  const count = view.getUint16(cmap + 2);
  for (let i = 0; i < count; i++) {
    const record = cmap + 4 + 8 * i;
    if (view.getUint16(record) !== 3) continue;
    const table = cmap + view.getUint32(record + 4);
    const format = view.getUint16(table);
    if (format === 4) {
      const segments = view.getUint16(table + 6) / 2;
      const ends = table + 14;
      const starts = ends + 2 * segments + 2;
      const deltas = starts + 2 * segments;
      const offsets = deltas + 2 * segments;
      for (let s = 0; s < segments; s++) {
        if (char > view.getUint16(ends + 2 * s)) continue;
        const start = view.getUint16(starts + 2 * s);
        if (char < start) return 0;
        const delta = view.getUint16(deltas + 2 * s);
        const offset = view.getUint16(offsets + 2 * s);
        if (offset === 0) return (char + delta) & 0xffff;
        const glyph = view.getUint16(offsets + 2 * s + offset + 2 * (char - start));
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    }
    if (format === 12) {
      const groups = view.getUint32(table + 12);
      for (let g = 0; g < groups; g++) {
        const group = table + 16 + 12 * g;
        const start = view.getUint32(group);
        if (char >= start && char <= view.getUint32(group + 4)) return view.getUint32(group + 8) + (char - start);
      }
      return 0;
    }
  }
  return 0;
}
