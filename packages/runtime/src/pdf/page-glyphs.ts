import { f32, identity, type Matrix, matrix, multiply, scalingFactorX, scalingFactorY, translation } from "./matrix.js";
import type { PdfjsOps, PdfjsPage } from "./pdfjs.js";
import { standardFontBox } from "./standard-fonts.js";
import type { TextPosition } from "./text-position.js";

/** What a glyph needs from its font: pdf.js's font object, with `fontExtraProperties` on. */
interface PdfjsFont {
  readonly loadedName?: string;
  readonly name?: string;
  readonly bbox?: readonly number[];
  readonly fontMatrix?: readonly number[];
  readonly widths?: Readonly<Record<number, number>>;
  /** The width of the glyphs without their own (all of a monospaced standard font's). */
  readonly defaultWidth?: number;
}

/** A glyph of an operator list: pdf.js's `Glyph`, or a number (a `TJ` adjustment). */
type ShownGlyph = number | { readonly unicode: string; readonly width: number; readonly isSpace: boolean };

interface Font {
  readonly id: string;
  /** Glyph space to text space: a division by 1000, as PDFBox does, except for Type 3 fonts' own matrix. */
  readonly toText: (glyphUnits: number) => number;
  /** The glyph height of PDFBox's text extraction: half the font's bounding box, in text space. */
  readonly height: number;
  /** The width of a space, in glyph space units. */
  readonly spaceWidth: number;
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

function fontOf(page: PdfjsPage, name: string): Font {
  const font = page.commonObjs.get(name) as PdfjsFont;
  const box = font.bbox?.some((v) => v !== 0) ? font.bbox : standardFontBox(font.name ?? "");
  const scale = f32(font.fontMatrix?.[0] ?? 0.001);
  const toText = scale === f32(0.001) ? (v: number) => f32(v / 1000) : (v: number) => f32(v * scale);
  const boxHeight = box ? f32(f32(box[3] ?? 0) - f32(box[1] ?? 0)) : 0;
  const widths = Object.values(font.widths ?? {}).filter((w) => w > 0);
  const space = font.widths?.[32] || font.defaultWidth || 0;
  return {
    id: name,
    toText,
    height: toText(f32(boxHeight / 2)),
    // PDFBox falls back on 80% of the average width when the font has no space.
    spaceWidth:
      space > 0 ? space : widths.length > 0 ? f32(f32(widths.reduce((a, b) => a + b, 0) / widths.length) * 0.8) : 1000,
  };
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
      const spaceWidthText = f32(font.spaceWidth * f32(0.001));
      const spaceWidthDisplay = f32(spaceWidthText * scalingFactorX(trm));
      let textPos = trm;
      if (cropTranslation) {
        textPos = multiply(trm, cropTranslation);
        nextX = f32(nextX - cropX);
        nextY = f32(nextY - cropY);
      }
      glyphs.push({
        unicode: item.unicode,
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
        state.text.font = fontOf(page, String(args[0]));
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
