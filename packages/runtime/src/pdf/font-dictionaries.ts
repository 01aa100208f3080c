import { byteString } from "./byte-string.js";
import { type PdfDict, PdfName, type PdfObjects, PdfRef, type PdfValue } from "./pdf-objects.js";

/** What PDFBox reads from a font's dictionaries for text extraction, as written in the PDF. */
export interface FontDictionary {
  /** The font descriptor's CapHeight, Ascent and Descent (0 when absent), or undefined without a descriptor. */
  readonly descriptor?: { readonly capHeight: number; readonly ascent: number; readonly descent: number };
  /** The descriptor's FontBBox (or a Type 3 font's own), when given. */
  readonly bbox?: readonly number[];
  readonly hasToUnicode: boolean;
  /** The code the ToUnicode map gives a space (the last one it lists), -1 for none (`CMap.getSpaceMapping`). */
  readonly spaceMapping: number;
  /** /Widths of a simple font, numbers as written (not a number: 0). */
  readonly widths?: readonly number[];
  readonly firstChar: number;
  readonly lastChar: number;
  /** The descriptor's MissingWidth (0 when absent). */
  readonly missingWidth: number;
  /** Whether the descriptor has a font program (FontFile, FontFile2, FontFile3). */
  readonly embedded: boolean;
  /** The object number of a Type 1 program (FontFile). */
  readonly type1Program?: number;
  /** The glyph names /Encoding gives codes: its Differences, or a space for code 32 of a named encoding. */
  readonly encoding: ReadonlyMap<number, string>;
  /** Whether /Encoding names a base encoding (a name, or a BaseEncoding), in place of the font's own. */
  readonly baseEncoding: boolean;
  /** A CID font's /W widths (by CID) and /DW. */
  readonly cidWidths?: ReadonlyMap<number, number>;
  readonly defaultWidth?: number;
}

/** Bytes of a CMap destination as PDFBox reads them: one byte as Latin-1, more as UTF-16BE. */
const isSpace = (hex: string) => /^(00)*20$/i.test(hex) && hex.length <= 4;

/** The last code a ToUnicode CMap stream maps to a space (bfchar, or the first code of a bfrange), or -1. */
function spaceMapping(objects: PdfObjects, toUnicode: PdfValue | undefined): number {
  const data = toUnicode instanceof PdfRef ? objects.stream(toUnicode.num) : undefined;
  if (!data) return -1;
  const text = byteString(data);
  let code = -1;
  const blocks = /begin(bfchar|bfrange)([\s\S]*?)end\1/g;
  for (let block = blocks.exec(text); block; block = blocks.exec(text)) {
    const tokens = block[2]?.match(/<[0-9a-fA-F\s]*>|\[|\]/g) ?? [];
    const hex = (t: string | undefined) => (t ?? "").replace(/[<>\s]/g, "");
    for (let i = 0; i < tokens.length; ) {
      if (block[1] === "bfchar") {
        if (isSpace(hex(tokens[i + 1]))) code = Number.parseInt(hex(tokens[i]), 16);
        i += 2;
      } else if (tokens[i + 2] === "[") {
        const low = Number.parseInt(hex(tokens[i]), 16);
        let k = i + 3;
        for (; k < tokens.length && tokens[k] !== "]"; k++) if (isSpace(hex(tokens[k]))) code = low + (k - i - 3);
        i = k + 1;
      } else {
        if (isSpace(hex(tokens[i + 2]))) code = Number.parseInt(hex(tokens[i]), 16);
        i += 3;
      }
    }
  }
  return code;
}

/**
 * The names a simple font's /Encoding gives codes: a dictionary's Differences; code 32's space for the named
 * encodings (Standard, WinAnsi, MacRoman all have it), the only code of theirs asked for.
 */
function encodingOf(encoding: PdfValue | undefined): Map<number, string> {
  const names = new Map<number, string>();
  if (encoding instanceof PdfName) names.set(32, "space");
  if (encoding instanceof Map) {
    if (encoding.get("BaseEncoding") instanceof PdfName) names.set(32, "space");
    const differences = encoding.get("Differences");
    let code = 0;
    for (const item of Array.isArray(differences) ? differences : []) {
      if (typeof item === "number") code = item;
      else if (item instanceof PdfName) names.set(code++, item.name);
    }
  }
  return names;
}

const numberOr = (value: PdfValue | undefined, fallback: number) => (typeof value === "number" ? value : fallback);

/**
 * The fonts of a PDF by the names pdf.js gives them (the descriptor's FontName, else the BaseFont), each name with
 * every font dictionary that has it: pdf.js reports no reference to the dictionary it read, and a name usually
 * stands for one font (subsets of one font under one name share their descriptor's values).
 */
export function fontDictionaries(objects: PdfObjects): Map<string, FontDictionary[]> {
  const byName = new Map<string, FontDictionary[]>();
  const resolve = (v: PdfValue | undefined) => objects.resolve(v);
  const dictOf = (v: PdfValue | undefined) => {
    const d = resolve(v);
    return d instanceof Map ? d : undefined;
  };
  const nameOf = (v: PdfValue | undefined) => {
    const n = resolve(v);
    return n instanceof PdfName ? n.name : undefined;
  };
  const numbers = (v: PdfValue | undefined) => {
    const a = resolve(v);
    return Array.isArray(a) ? a.map((x) => numberOr(resolve(x), 0)) : undefined;
  };
  const entryOf = (font: PdfDict, toUnicodeOf: PdfDict): FontDictionary => {
    const subtype = nameOf(font.get("Subtype"));
    const descriptor = dictOf(font.get("FontDescriptor"));
    const encoding = resolve(font.get("Encoding"));
    let cidWidths: Map<number, number> | undefined;
    if (subtype === "CIDFontType0" || subtype === "CIDFontType2") {
      cidWidths = new Map();
      const w = resolve(font.get("W"));
      for (let i = 0; Array.isArray(w) && i < w.length; ) {
        const first = numberOr(resolve(w[i]), 0);
        const next = resolve(w[i + 1]);
        if (Array.isArray(next)) {
          for (const [k, width] of next.entries()) cidWidths.set(first + k, numberOr(resolve(width), 0));
          i += 2;
        } else {
          const width = numberOr(resolve(w[i + 2]), 0);
          for (let cid = first; cid <= numberOr(next, first) && cid - first < 65536; cid++) cidWidths.set(cid, width);
          i += 3;
        }
      }
    }
    return {
      ...(descriptor
        ? {
            descriptor: {
              capHeight: numberOr(resolve(descriptor.get("CapHeight")), 0),
              ascent: numberOr(resolve(descriptor.get("Ascent")), 0),
              descent: numberOr(resolve(descriptor.get("Descent")), 0),
            },
          }
        : {}),
      bbox: numbers(descriptor?.get("FontBBox") ?? (subtype === "Type3" ? font.get("FontBBox") : undefined)),
      hasToUnicode: toUnicodeOf.has("ToUnicode"),
      spaceMapping: spaceMapping(objects, toUnicodeOf.get("ToUnicode")),
      widths: numbers(font.get("Widths")),
      firstChar: numberOr(resolve(font.get("FirstChar")), -1),
      lastChar: numberOr(resolve(font.get("LastChar")), -1),
      missingWidth: numberOr(resolve(descriptor?.get("MissingWidth")), 0),
      embedded: ["FontFile", "FontFile2", "FontFile3"].some((key) => descriptor?.has(key)),
      ...(descriptor?.get("FontFile") instanceof PdfRef
        ? { type1Program: (descriptor.get("FontFile") as PdfRef).num }
        : {}),
      encoding: encodingOf(encoding),
      baseEncoding:
        encoding instanceof PdfName || (encoding instanceof Map && encoding.get("BaseEncoding") instanceof PdfName),
      ...(cidWidths ? { cidWidths, defaultWidth: numberOr(resolve(font.get("DW")), 1000) } : {}),
    };
  };
  const add = (name: string | undefined, entry: FontDictionary) => {
    if (name === undefined) return;
    const list = byName.get(name) ?? [];
    list.push(entry);
    byName.set(name, list);
  };
  for (const num of objects.containing(/\/Type\s*\/Font\b/g)) {
    const font = objects.get(num);
    if (!(font instanceof Map) || nameOf(font.get("Type")) !== "Font") continue;
    const subtype = nameOf(font.get("Subtype"));
    if (subtype === "CIDFontType0" || subtype === "CIDFontType2") continue;
    // A composite font's values are its descendant's, but its ToUnicode map is its own.
    const descendants = resolve(font.get("DescendantFonts"));
    const descendant = subtype === "Type0" && Array.isArray(descendants) ? dictOf(descendants[0]) : undefined;
    const facts = entryOf(descendant ?? font, font);
    const names = [
      nameOf(font.get("BaseFont")),
      nameOf(dictOf((descendant ?? font).get("FontDescriptor"))?.get("FontName")),
    ];
    if (descendant) names.push(nameOf(descendant.get("BaseFont")));
    for (const name of new Set(names)) add(name, facts);
  }
  return byName;
}
