import { f32, type Matrix } from "./matrix.js";

/**
 * One glyph as PDFBox's `TextPosition` sees it: its text rendering matrix (crop box applied), the end of its
 * advance, its height and width in display units, and the page's rotation and (crop box) size. The getters below
 * are PDFBox's, in float arithmetic.
 */
export interface TextPosition {
  readonly unicode: string;
  /** Identifies the font: PDFBox resets its average character width when the font or the size changes. */
  readonly fontId: string;
  readonly fontSize: number;
  readonly textPos: Matrix;
  readonly endX: number;
  readonly endY: number;
  readonly height: number;
  readonly width: number;
  readonly widthOfSpace: number;
  readonly rotation: 0 | 90 | 180 | 270;
  readonly pageWidth: number;
  readonly pageHeight: number;
}

type Direction = 0 | 90 | 180 | 270;

/** The direction of the text from its matrix (`getDir`). */
export function direction(p: TextPosition): Direction {
  const [a, b, c, d] = p.textPos;
  if (a > 0 && Math.abs(b) < d && Math.abs(c) < a && d > 0) return 0;
  if (a < 0 && Math.abs(b) < Math.abs(d) && Math.abs(c) < Math.abs(a) && d < 0) return 180;
  if (Math.abs(a) < Math.abs(c) && b > 0 && c < 0 && Math.abs(d) < b) return 90;
  if (Math.abs(a) < c && b < 0 && c > 0 && Math.abs(d) < Math.abs(b)) return 270;
  return 0;
}

function xRot(p: TextPosition, rotation: Direction): number {
  const e = p.textPos[4];
  const f = p.textPos[5];
  switch (rotation) {
    case 0:
      return e;
    case 90:
      return f;
    case 180:
      return f32(p.pageWidth - e);
    case 270:
      return f32(p.pageHeight - f);
  }
}

function yLowerLeftRot(p: TextPosition, rotation: Direction): number {
  const e = p.textPos[4];
  const f = p.textPos[5];
  switch (rotation) {
    case 0:
      return f;
    case 90:
      return f32(p.pageWidth - e);
    case 180:
      return f32(p.pageHeight - f);
    case 270:
      return e;
  }
}

function yRot(p: TextPosition, rotation: Direction): number {
  const size = rotation === 0 || rotation === 180 ? p.pageHeight : p.pageWidth;
  return f32(size - yLowerLeftRot(p, rotation));
}

function widthRot(p: TextPosition, rotation: Direction): number {
  return rotation === 90 || rotation === 270
    ? Math.abs(f32(p.endY - p.textPos[5]))
    : Math.abs(f32(p.endX - p.textPos[4]));
}

/** The glyph's origin on the displayed page (`getX`, `getY`): top left origin, y at the baseline. */
export const displayX = (p: TextPosition) => xRot(p, p.rotation);
export const displayY = (p: TextPosition) => yRot(p, p.rotation);
export const displayWidth = (p: TextPosition) => widthRot(p, p.rotation);

/** The same, adjusted to the text's own direction (`getXDirAdj`, `getYDirAdj`, `getWidthDirAdj`). */
export const xDirAdj = (p: TextPosition) => xRot(p, direction(p));
export const yDirAdj = (p: TextPosition) => yRot(p, direction(p));
export const widthDirAdj = (p: TextPosition) => widthRot(p, direction(p));
