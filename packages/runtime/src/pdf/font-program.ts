import { byteString } from "./byte-string.js";

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
      const tag = byteString(data.subarray(record, record + 4));
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

/** Type 1 decryption (eexec and charstrings): each byte undoes the key, which the cipher byte then moves on. */
function decrypt(data: Uint8Array, key: number, skip: number): Uint8Array {
  const plain = new Uint8Array(Math.max(0, data.length - skip));
  let r = key;
  for (let i = 0; i < data.length; i++) {
    const cipher = data[i] as number;
    if (i >= skip) plain[i - skip] = cipher ^ (r >> 8);
    r = ((cipher + r) * 52845 + 22719) & 0xffff;
  }
  return plain;
}

/**
 * The width a Type 1 font program (a FontFile stream) gives glyph `name`, or .notdef's when it has no such glyph
 * (fontbox's `Type1Font.getWidth`), in the program's units; undefined when the program cannot be read.
 */
export function type1Width(program: Uint8Array, name: string): number | undefined {
  const clear = byteString(program);
  const eexec = clear.indexOf("eexec");
  if (eexec < 0) return undefined;
  let start = eexec + 5;
  while (start < program.length && /[\r\n\t ]/.test(clear[start] as string)) start++;
  let encrypted = program.subarray(start);
  // Some programs give the encrypted part in hexadecimal.
  if (/^[0-9A-Fa-f]{4}/.test(clear.slice(start, start + 4))) {
    const hex = clear.slice(start).replace(/[^0-9A-Fa-f]/g, "");
    encrypted = Uint8Array.from({ length: hex.length >> 1 }, (_, i) =>
      Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16),
    );
  }
  const bytes = decrypt(encrypted, 55665, 4);
  const text = byteString(bytes);
  const lenIV = Number(/\/lenIV\s+(-?\d+)/.exec(text)?.[1] ?? 4);
  const charStrings = text.indexOf("/CharStrings");
  if (charStrings < 0) return undefined;
  const find = (glyph: string) => {
    const escaped = glyph.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const entry = new RegExp(`/${escaped}\\s+(\\d+)\\s+\\S+ `, "g");
    entry.lastIndex = charStrings;
    const match = entry.exec(text);
    if (!match) return undefined;
    const from = match.index + match[0].length;
    return bytes.subarray(from, from + Number(match[1]));
  };
  const charString = find(name) ?? find(".notdef");
  if (!charString) return undefined;
  const code = lenIV < 0 ? charString : decrypt(charString, 4330, lenIV);
  // The numbers up to hsbw (sidebearing, width) or sbw (sidebearing x and y, width x and y).
  const stack: number[] = [];
  for (let i = 0; i < code.length; ) {
    const v = code[i++] as number;
    if (v >= 32) {
      if (v <= 246) stack.push(v - 139);
      else if (v <= 250) stack.push((v - 247) * 256 + (code[i++] ?? 0) + 108);
      else if (v <= 254) stack.push(-(v - 251) * 256 - (code[i++] ?? 0) - 108);
      else {
        stack.push(
          ((code[i] ?? 0) << 24) | ((code[i + 1] ?? 0) << 16) | ((code[i + 2] ?? 0) << 8) | (code[i + 3] ?? 0),
        );
        i += 4;
      }
    } else if (v === 13) {
      return stack[1];
    } else if (v === 12 && code[i] === 7) {
      return stack[2];
    } else if (v === 12 && code[i] === 12) {
      // div, as some programs write a width that is not an integer.
      i++;
      const b = stack.pop() ?? 1;
      const a = stack.pop() ?? 0;
      stack.push(a / b);
    } else {
      return undefined;
    }
  }
  return undefined;
}

/** The glyph names of a Type 1 program's built-in encoding ("dup code /name put"), by code. */
export function type1Encoding(program: Uint8Array): Map<number, string> {
  const clear = byteString(program.subarray(0, Math.min(program.length, 65536)));
  const names = new Map<number, string>();
  const end = clear.indexOf("eexec");
  const head = end < 0 ? clear : clear.slice(0, end);
  if (/\/Encoding\s+StandardEncoding\s+def/.test(head)) names.set(32, "space");
  for (const [, code, name] of head.matchAll(/dup\s+(\d+)\s*\/(\S+)\s+put/g)) names.set(Number(code), name as string);
  return names;
}
