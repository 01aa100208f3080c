import type { FontDictionary } from "./font-dictionaries.js";
import { programWidth, type1Encoding, type1Width } from "./font-program.js";
import { f32, identity, type Matrix, matrix, multiply, scalingFactorX, scalingFactorY, translation } from "./matrix.js";
import type { PdfObjects } from "./pdf-objects.js";
import type { PdfjsOps, PdfjsPage } from "./pdfjs.js";
import { standardFontBox } from "./standard-fonts.js";
import type { TextPosition } from "./text-position.js";
import { ZAPF_DINGBATS_ENCODING, ZAPF_DINGBATS_FIRST_CODE, ZAPF_DINGBATS_GLYPHS } from "./zapf-dingbats.js";

/** What a glyph needs from its font: pdf.js's font object, with `fontExtraProperties` on. */
interface PdfjsFont {
  readonly name?: string;
  readonly bbox?: readonly number[];
  readonly fontMatrix?: readonly number[];
  /** Widths by code (simple fonts) or by CID (composite fonts), from /Widths, /W or the standard fonts' metrics. */
  readonly widths?: Readonly<Record<number, number>>;
  /** The width of the glyphs without their own (all of a monospaced standard font's). */
  readonly defaultWidth?: number;
  readonly isType3Font?: boolean;
  readonly composite?: boolean;
  /** A composite font's CMap: `_map` takes codes to CIDs (absent for Identity). */
  readonly cMap?: { readonly _map?: readonly (number | undefined)[] };
  /** The Unicode of each code: `_map` for a map pdf.js read or built. */
  readonly toUnicode?: { readonly _map?: readonly (string | undefined)[] };
  /** pdf.js's character of each code in `data`. */
  readonly toFontChar?: readonly (number | undefined)[];
  /** The OpenType font pdf.js built from the embedded program. */
  readonly data?: Uint8Array;
}

/** A glyph of an operator list: pdf.js's `Glyph`, or a number (a `TJ` adjustment). */
type ShownGlyph =
  | number
  | { readonly unicode: string; readonly width: number; readonly isSpace: boolean; readonly originalCharCode: number };

export interface Font {
  readonly id: string;
  /** Glyph space to text space: a division by 1000, as PDFBox does, except for Type 3 fonts' own matrix. */
  readonly toText: (glyphUnits: number) => number;
  /** `computeFontHeight`: the glyph height of PDFBox's text extraction, in text space. */
  readonly height: number;
  /** The width of a space in text space, as `LegacyPDFStreamEngine.showGlyph` estimates it. */
  readonly spaceWidthText: number;
  /**
   * The text of a code, as PDFBox's `toUnicode` gives it where pdf.js's differs; undefined where pdf.js's is PDFBox's,
   * null where PDFBox has none and drops the glyph.
   */
  readonly unicode: (code: number) => string | null | undefined;
}

/** The fonts of a document: pdf.js's, read with the font dictionaries found in the file, each built once. */
export interface Fonts {
  readonly objects: PdfObjects;
  readonly dictionaries: ReadonlyMap<string, readonly FontDictionary[]>;
  readonly built: Map<string, Font>;
}

/** PDFBox's `getBoundingBox` as a rectangle from an array: corners in any order, in floats. */
function boxHeight(box: readonly number[] | undefined): number {
  if (!box || box.length < 4 || box.every((v) => v === 0)) return 0;
  const [, y1, , y2] = box.map(f32) as [number, number, number, number];
  return f32(Math.max(y1, y2) - Math.min(y1, y2));
}

/**
 * The dictionary pdf.js read for a font: the only one under its name, else the one whose bounding box and widths
 * are the ones pdf.js reports (some producers give two fonts one descriptor name).
 */
function dictionaryOf(font: PdfjsFont, fonts: Fonts): FontDictionary | undefined {
  const candidates = fonts.dictionaries.get(font.name ?? "") ?? [];
  if (candidates.length < 2) return candidates[0];
  const sameBox = (d: FontDictionary) => !font.bbox || d.bbox?.every((v, i) => v === font.bbox?.[i]) === true;
  const sameWidths = (d: FontDictionary) =>
    d.cidWidths
      ? [...d.cidWidths].every(([cid, w]) => (font.widths?.[cid] ?? d.defaultWidth) === w)
      : (d.widths ?? []).every((w, i) => (font.widths?.[d.firstChar + i] ?? 0) === w);
  return candidates.find((d) => sameBox(d) && sameWidths(d)) ?? candidates.find(sameBox) ?? candidates[0];
}

function fontOf(page: PdfjsPage, name: string, fonts: Fonts): Font {
  const known = fonts.built.get(name);
  if (known) return known;
  const font = page.commonObjs.get(name) as PdfjsFont;
  const dictionary = font.isType3Font ? undefined : dictionaryOf(font, fonts);
  const type3 = font.isType3Font === true;
  const scale = f32(font.fontMatrix?.[0] ?? 0.001);
  const toText = scale === f32(0.001) ? (v: number) => f32(v / 1000) : (v: number) => f32(v * scale);

  // computeFontHeight: half the bounding box, or the cap height when lower, or half ascent to descent when the cap
  // height is above the ascent.
  let glyphHeight = f32(
    boxHeight(dictionary?.bbox) / 2 || boxHeight(font.bbox ?? standardFontBox(font.name ?? "")) / 2,
  );
  const descriptor = dictionary?.descriptor;
  if (descriptor) {
    const { capHeight, ascent, descent } = descriptor;
    if (capHeight !== 0 && (capHeight < glyphHeight || glyphHeight === 0)) glyphHeight = f32(capHeight);
    const half = f32(f32(ascent - descent) / 2);
    if (capHeight > ascent && ascent > 0 && descent < 0 && (half < glyphHeight || glyphHeight === 0)) {
      glyphHeight = half;
    }
  }
  const matrix = font.fontMatrix ?? [0.001, 0, 0, 0.001, 0, 0];
  const height = type3 ? f32(f32(glyphHeight * f32(matrix[3] ?? 0)) + f32(matrix[5] ?? 0)) : f32(glyphHeight / 1000);

  const cidOf = (code: number) => (font.cMap?._map ? (font.cMap._map[code] ?? 0) : code);
  // PDFont.getWidth: /Widths (or /W), else MissingWidth, else the standard fonts' metrics, else the program.
  const widthOf = (code: number): number => {
    if (font.composite) {
      const cid = cidOf(code);
      return (
        dictionary?.cidWidths?.get(cid) ?? dictionary?.defaultWidth ?? font.widths?.[cid] ?? font.defaultWidth ?? 0
      );
    }
    if (dictionary?.widths) {
      const index = code - dictionary.firstChar;
      if (code >= dictionary.firstChar && code <= dictionary.lastChar && index < dictionary.widths.length) {
        return dictionary.widths[index] ?? 0;
      }
      if (dictionary.descriptor) return dictionary.missingWidth;
    }
    return font.widths?.[code] ?? fromProgram(code);
  };
  // getWidthFromFont: a Type 3 glyph's own width (none for a code without a glyph), else the program's.
  const fromProgram = (code: number): number => {
    if (type3) return 0;
    const program = dictionary?.type1Program === undefined ? undefined : fonts.objects.stream(dictionary.type1Program);
    if (program && dictionary) {
      // The code's glyph by /Encoding, else by the program's own encoding, else .notdef.
      const name = dictionary.encoding.get(code) ?? type1Encoding(program).get(code) ?? ".notdef";
      const width = type1Width(program, name);
      // PDFBox takes a Type 1 width through the font matrix scaled to 1000, in floats then doubles.
      return width === undefined ? 0 : f32(f32(width) * f32(0.001) * 1000);
    }
    const width = font.data ? programWidth(font.data, font.toFontChar?.[code]) : undefined;
    return width ?? 0;
  };
  const average = (): number => {
    if (font.composite) {
      const widths = [...(dictionary?.cidWidths?.values() ?? [])].map(f32).filter((w) => w > 0);
      const sum = widths.reduce((a, b) => f32(a + b), 0);
      return widths.length > 0 && sum > 0 ? f32(sum / widths.length) : (dictionary?.defaultWidth ?? 0);
    }
    const widths = (dictionary?.widths ?? Object.values(font.widths ?? {})).map(f32).filter((w) => w > 0);
    const sum = widths.reduce((a, b) => f32(a + b), 0);
    return sum > 0 ? f32(sum / widths.length) : 0;
  };
  // getSpaceWidth: the width of the code the ToUnicode map gives a space (if any), else of code 32; else the
  // program's code 32; else the average width.
  let space: number;
  if (dictionary?.hasToUnicode) {
    space = dictionary.spaceMapping > -1 ? widthOf(dictionary.spaceMapping) : -1;
  } else {
    space = widthOf(32);
  }
  if (space <= 0) space = fromProgram(32);
  if (space <= 0) space = average();
  const toTextFactor = type3 ? scale : f32(1 / 1000);
  let spaceWidthText = f32(space * toTextFactor);
  if (spaceWidthText === 0) spaceWidthText = f32(f32(average() * toTextFactor) * f32(0.8));
  if (spaceWidthText === 0) spaceWidthText = 1;

  // A predefined CMap other than Identity (whose map pdf.js leaves empty), with a Unicode map pdf.js built or read.
  const cids = font.composite && font.cMap?._map?.length ? font.cMap._map : undefined;
  const unicodes = font.toUnicode?._map;
  // ZapfDingbats, not embedded, without ToUnicode: PDFBox names each code's glyph by /Encoding's differences, else the
  // font's built-in encoding, and reads ZapfDingbats's own glyph list (■ for a73); pdf.js's text is the code's letter.
  const dingbats =
    !font.composite && font.name === "ZapfDingbats" && dictionary && !dictionary.embedded && !dictionary.hasToUnicode
      ? dictionary
      : undefined;
  const unicode = (code: number): string | null | undefined => {
    if (cids && unicodes && unicodes[code] === undefined) {
      // A code the CMap does not map is CID 0, which PDFBox's UCS-2 maps to U+FFFD; a CID without Unicode has none.
      return cids[code] === undefined ? "\ufffd" : null;
    }
    if (!dingbats) return undefined;
    const name =
      dingbats.encoding.get(code) ??
      (dingbats.baseEncoding ? undefined : ZAPF_DINGBATS_ENCODING[code - ZAPF_DINGBATS_FIRST_CODE]);
    // GlyphList.toUnicode also reads a name with a suffix (a73.alt) as the name before it.
    return name ? (ZAPF_DINGBATS_GLYPHS[name] ?? ZAPF_DINGBATS_GLYPHS[name.split(".")[0] ?? ""]) : undefined;
  };
  const built: Font = { id: name, toText, height, spaceWidthText, unicode };
  fonts.built.set(name, built);
  return built;
}

interface TextState {
  font: Font | undefined;
  fontSize: number;
  charSpacing: number;
  wordSpacing: number;
  horizontalScaling: number;
  leading: number;
  rise: number;
}

interface GraphicsState {
  ctm: Matrix;
  text: TextState;
}

/**
 * The glyphs of a page in content order, positioned as PDFBox's `PDFTextStreamEngine.showGlyph` positions them,
 * from pdf.js's operator list (annotations excluded, as PDFBox's text extraction excludes them).
 */
export function pageGlyphs(
  page: PdfjsPage,
  ops: PdfjsOps,
  fnArray: readonly number[],
  argsArray: readonly unknown[],
  fonts: Fonts,
): TextPosition[] {
  const [x1, y1, x2, y2] = page.view.map(f32) as [number, number, number, number];
  const cropX = x1;
  const cropY = y1;
  const pageWidth = f32(x2 - x1);
  const pageHeight = f32(y2 - y1);
  const rotation = (((page.rotate % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const cropTranslation = cropX !== 0 || cropY !== 0 ? translation(-cropX, -cropY) : undefined;

  const glyphs: TextPosition[] = [];
  let state: GraphicsState = {
    ctm: identity,
    text: {
      font: undefined,
      fontSize: 0,
      charSpacing: 0,
      wordSpacing: 0,
      horizontalScaling: 1,
      leading: 0,
      rise: 0,
    },
  };
  const stack: GraphicsState[] = [];
  const save = () => {
    stack.push(state);
    state = { ctm: state.ctm, text: { ...state.text } };
  };
  const restore = () => {
    state = stack.pop() ?? state;
  };
  let textMatrix = identity;
  let lineMatrix = identity;
  const moveText = (x: number, y: number) => {
    lineMatrix = multiply(translation(x, y), lineMatrix);
    textMatrix = lineMatrix;
  };
  const matrixArg = (args: readonly unknown[]): Matrix => {
    const m = (args.length === 1 ? args[0] : args) as ArrayLike<number>;
    return matrix(m[0] ?? 1, m[1] ?? 0, m[2] ?? 0, m[3] ?? 1, m[4] ?? 0, m[5] ?? 0);
  };

  const show = (items: readonly ShownGlyph[]) => {
    const text = state.text;
    const font = text.font;
    if (!font) return;
    const fontSize = text.fontSize;
    const hs = text.horizontalScaling;
    const parameters = matrix(f32(fontSize * hs), 0, 0, fontSize, 0, text.rise);
    for (const item of items) {
      if (typeof item === "number") {
        const tx = f32(f32(f32(f32(-f32(item)) / 1000) * fontSize) * hs);
        textMatrix = multiply(translation(tx, 0), textMatrix);
        continue;
      }
      const displacement = font.toText(f32(item.width));
      const trm = multiply(multiply(parameters, textMatrix), state.ctm);
      const advance = f32(f32(displacement * fontSize) * hs);
      const next = multiply(multiply(translation(advance, 0), textMatrix), state.ctm);
      let nextX = next[4];
      let nextY = next[5];
      const dxDisplay = f32(nextX - trm[4]);
      const dyDisplay = f32(font.height * scalingFactorY(trm));
      const spaceWidthDisplay = f32(font.spaceWidthText * scalingFactorX(trm));
      let textPos = trm;
      if (cropTranslation) {
        textPos = multiply(trm, cropTranslation);
        nextX = f32(nextX - cropX);
        nextY = f32(nextY - cropY);
      }
      const unicode = font.unicode(item.originalCharCode);
      // PDFBox drops a glyph of a composite font it has no Unicode for; it still moves the text on.
      if (unicode !== null)
        glyphs.push({
          unicode: unicode ?? item.unicode,
          fontId: font.id,
          fontSize,
          textPos,
          endX: nextX,
          endY: nextY,
          height: Math.abs(dyDisplay),
          width: dxDisplay,
          widthOfSpace: Math.abs(spaceWidthDisplay),
          rotation,
          pageWidth,
          pageHeight,
        });
      const wordSpacing = item.isSpace ? text.wordSpacing : 0;
      const tx = f32(f32(f32(f32(displacement * fontSize) + text.charSpacing) + wordSpacing) * hs);
      textMatrix = multiply(translation(tx, 0), textMatrix);
    }
  };

  for (let i = 0; i < fnArray.length; i++) {
    const args = (argsArray[i] ?? []) as readonly unknown[];
    const number = (k = 0) => f32(Number(args[k]));
    switch (fnArray[i]) {
      case ops.save:
        save();
        break;
      case ops.restore:
        restore();
        break;
      case ops.transform:
        state.ctm = multiply(matrixArg(args), state.ctm);
        break;
      case ops.paintFormXObjectBegin:
        save();
        if (args[0]) state.ctm = multiply(matrixArg(args[0] as readonly number[]), state.ctm);
        break;
      case ops.paintFormXObjectEnd:
        restore();
        break;
      case ops.beginText:
        textMatrix = identity;
        lineMatrix = identity;
        break;
      case ops.setFont:
        state.text.font = fontOf(page, String(args[0]), fonts);
        state.text.fontSize = number(1);
        break;
      case ops.setTextMatrix:
        lineMatrix = matrixArg(args);
        textMatrix = lineMatrix;
        break;
      case ops.moveText:
        moveText(number(0), number(1));
        break;
      case ops.setLeadingMoveText:
        state.text.leading = f32(-number(1));
        moveText(number(0), number(1));
        break;
      case ops.nextLine:
        moveText(0, f32(-state.text.leading));
        break;
      case ops.setLeading:
        state.text.leading = number();
        break;
      case ops.setCharSpacing:
        state.text.charSpacing = number();
        break;
      case ops.setWordSpacing:
        state.text.wordSpacing = number();
        break;
      case ops.setHScale:
        state.text.horizontalScaling = f32(number() / 100);
        break;
      case ops.setTextRise:
        state.text.rise = number();
        break;
      case ops.showText:
      case ops.showSpacedText:
        show(args[0] as readonly ShownGlyph[]);
        break;
    }
  }
  return glyphs;
}
