import { javaTrim } from "@mailroom/java";
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
  /** Set on a position a diacritic was merged into (`mergeDiacritic`): its characters' widths. */
  readonly individualWidths?: readonly number[];
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

/** The widths of the characters of a position's text: its own width, and a 0 per diacritic merged into it. */
export const individualWidths = (p: TextPosition): readonly number[] => p.individualWidths ?? [p.width];

/** `isDiacritic`: one character, a non-spacing mark, modifier symbol or modifier letter (but not the prolonged sound mark). */
export function isDiacritic(p: TextPosition): boolean {
  return p.unicode.length === 1 && p.unicode !== "ー" && /^[\p{Mn}\p{Sk}\p{Lm}]$/u.test(p.unicode);
}

/**
 * `contains`: whether `inner` overlaps `outer` enough to be drawn over it: some vertical overlap and, when it sticks
 * out on one side, more than 15% of `outer`'s width covered. Java computes it in doubles.
 */
export function contains(outer: TextPosition, inner: TextPosition): boolean {
  const start = xDirAdj(outer);
  const width = widthDirAdj(outer);
  const end = start + width;
  const innerStart = xDirAdj(inner);
  const innerEnd = innerStart + widthDirAdj(inner);
  if (innerEnd <= start || innerStart >= end) return false;
  const top = yDirAdj(outer);
  const innerTop = yDirAdj(inner);
  if (innerTop + inner.height < top || innerTop > top + outer.height) return false;
  if (innerStart > start && innerEnd > end) return (end - innerStart) / width > 0.15;
  if (innerStart < start && innerEnd < end) return (innerEnd - start) / width > 0.15;
  return true;
}

/** The spacing diacritics NFKC leaves alone, with the combining mark `mergeDiacritic` writes for each. */
const combiningForms: ReadonlyMap<number, string> = new Map([
  [0x0060, "\u0300"],
  [0x02cb, "\u0300"],
  [0x0027, "\u0301"],
  [0x02b9, "\u0301"],
  [0x02ca, "\u0301"],
  [0x005e, "\u0302"],
  [0x02c6, "\u0302"],
  [0x007e, "\u0303"],
  [0x02c9, "\u0304"],
  [0x00b0, "\u030a"],
  [0x02ba, "\u030b"],
  [0x02c7, "\u030c"],
  [0x02c8, "\u030d"],
  [0x0022, "\u030e"],
  [0x02bb, "\u0312"],
  [0x02bc, "\u0313"],
  [0x0486, "\u0313"],
  [0x055a, "\u0313"],
  [0x02bd, "\u0314"],
  [0x0485, "\u0314"],
  [0x0559, "\u0314"],
  [0x02d4, "\u031d"],
  [0x02d5, "\u031e"],
  [0x02d6, "\u031f"],
  [0x02d7, "\u0320"],
  [0x02b2, "\u0321"],
  [0x02cc, "\u0329"],
  [0x02b7, "\u032b"],
  [0x02cd, "\u0331"],
  [0x005f, "\u0332"],
  [0x204e, "\u0359"],
]);

const combining = (diacritic: string) =>
  combiningForms.get(diacritic.codePointAt(0) ?? 0) ?? javaTrim(diacritic.normalize("NFKC"));

/**
 * `mergeDiacritic`: `base` with the diacritic's combining form written after the character it stands over (by their
 * widths, in float arithmetic), as a new position; `base` itself when no character takes it.
 */
export function mergeDiacritic(base: TextPosition, diacritic: TextPosition): TextPosition {
  const widths = individualWidths(base);
  const diacriticStart = xDirAdj(diacritic);
  const diacriticEnd = f32(diacriticStart + (individualWidths(diacritic)[0] ?? 0));
  let start = xDirAdj(base);
  const insert = (i: number): TextPosition => ({
    ...base,
    unicode: base.unicode.slice(0, i + 1) + combining(diacritic.unicode) + base.unicode.slice(i + 1),
    individualWidths: [...widths.slice(0, i + 1), 0, ...widths.slice(i + 1)],
  });
  // A ligature has fewer widths than characters: PDFBox stops at the last width.
  for (let i = 0; i < base.unicode.length && i < widths.length; i++) {
    const width = widths[i] ?? 0;
    const end = f32(start + width);
    if (diacriticStart < start && diacriticEnd <= end) {
      if (i === 0) return insert(i);
      // Over this character and the one before: the one it covers the more of.
      const thisShare = f32(f32(diacriticEnd - start) / width);
      const previousShare = f32(f32(start - diacriticStart) / (widths[i - 1] ?? 0));
      return insert(thisShare >= previousShare ? i : i - 1);
    }
    if (diacriticStart < start || diacriticEnd <= end || i === base.unicode.length - 1) return insert(i);
    start = f32(start + width);
  }
  return base;
}
