import type { ExtractionOptions } from "./extraction-parameters.js";
import { f32 } from "./matrix.js";
import { normalizeWord } from "./normalize-word.js";
import { sortAsPdfBox } from "./sort-positions.js";
import {
  contains,
  direction,
  displayWidth,
  displayX,
  displayY,
  individualWidths,
  isDiacritic,
  mergeDiacritic,
  type TextPosition,
  widthDirAdj,
  xDirAdj,
  yDirAdj,
} from "./text-position.js";

/** An area in PDF points, origin at the top left of the displayed page. */
export interface Area {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** The line separator of a Java service on Linux (`System.lineSeparator()`). */
const lineSeparator = "\n";

/** `Rectangle2D.Float.contains(x, y)`: the area's values are floats, the sums doubles. */
function inArea(area: Area, x: number, y: number): boolean {
  const left = f32(area.left);
  const top = f32(area.top);
  return x >= left && y >= top && x < left + f32(area.width) && y < top + f32(area.height);
}

/**
 * `PDFTextStripper.processTextPosition` for the glyphs whose origin lies in the area: a glyph drawn again at
 * (almost) the same place is dropped when duplicates are suppressed (fake bold), and a diacritic drawn over the glyph
 * just before or after it is merged into that glyph (as a combining mark).
 */
function keptGlyphs(glyphs: readonly TextPosition[], area: Area, options: ExtractionOptions): TextPosition[] {
  const kept: TextPosition[] = [];
  const seen = new Map<string, { x: number; y: number }[]>();
  for (const glyph of glyphs) {
    const x = displayX(glyph);
    const y = displayY(glyph);
    if (!inArea(area, x, y)) continue;
    if (options.suppressDuplicateOverlappingText) {
      const tolerance = f32(f32(displayWidth(glyph) / glyph.unicode.length) / 3);
      const same = seen.get(glyph.unicode) ?? [];
      // TreeMap.subMap(x - t, x + t) is inclusive below and exclusive above, as is TreeSet.subSet.
      const lowX = f32(x - tolerance);
      const highX = f32(x + tolerance);
      const lowY = f32(y - tolerance);
      const highY = f32(y + tolerance);
      if (same.some((p) => p.x >= lowX && p.x < highX && p.y >= lowY && p.y < highY)) continue;
      same.push({ x, y });
      seen.set(glyph.unicode, same);
    }
    const previous = kept[kept.length - 1];
    if (previous && isDiacritic(glyph) && contains(previous, glyph)) {
      kept[kept.length - 1] = mergeDiacritic(previous, glyph);
    } else if (previous && isDiacritic(previous) && contains(glyph, previous)) {
      // The diacritic goes, whether or not a character of the glyph takes it.
      kept[kept.length - 1] = mergeDiacritic(glyph, previous);
    } else {
      kept.push(glyph);
    }
  }
  return kept;
}

/** `Float.compare`: -0 before 0 (NaN, which positions never are, aside). */
const javaFloatCompare = (a: number, b: number) =>
  a < b ? -1 : a > b ? 1 : Object.is(a, b) ? 0 : Object.is(a, -0) ? -1 : 1;

/** `TextPositionComparator`: by direction, then top to bottom, left to right within overlapping lines. */
function compare(p1: TextPosition, p2: TextPosition): number {
  const d1 = direction(p1);
  const d2 = direction(p2);
  if (d1 !== d2) return d1 < d2 ? -1 : 1;
  const x1 = xDirAdj(p1);
  const x2 = xDirAdj(p2);
  const bottom1 = yDirAdj(p1);
  const bottom2 = yDirAdj(p2);
  const top1 = f32(bottom1 - p1.height);
  const top2 = f32(bottom2 - p2.height);
  const yDifference = Math.abs(f32(bottom1 - bottom2));
  if (yDifference < 0.1 || (bottom2 >= top1 && bottom2 <= bottom1) || (bottom1 >= top2 && bottom1 <= bottom2)) {
    return javaFloatCompare(x1, x2);
  }
  return bottom1 < bottom2 ? -1 : 1;
}

const within = (first: number, second: number, variance: number) =>
  second < f32(first + variance) && second > f32(first - variance);

function overlap(y1: number, height1: number, y2: number, height2: number): boolean {
  return within(y1, y2, f32(0.1)) || (y2 <= y1 && y2 >= f32(y1 - height1)) || (y1 <= y2 && y1 >= f32(y2 - height2));
}

/**
 * The text of the glyphs whose origin lies in the area, written as `PDFTextStripper.writePage` writes a page:
 * spaces inferred from gaps, line separators between lines, and the page end (a line separator) at the end.
 * Paragraph and article marks are empty strings by default, so they add nothing.
 */
export function textInArea(glyphs: readonly TextPosition[], area: Area, options: ExtractionOptions): string {
  const positions = keptGlyphs(glyphs, area, options);
  if (options.sortByPosition) sortAsPdfBox(positions, compare);
  const lines: string[] = [];
  let words: string[] = [];
  let word = "";
  const endLine = () => {
    if (word.length > 0) words.push(word);
    lines.push(words.map(normalizeWord).join(" "));
    words = [];
    word = "";
  };

  const lineReset = -3.4028234663852886e38; // -Float.MAX_VALUE
  let maxYForLine = lineReset;
  let endOfLastTextX = -1;
  let lastWordSpacing = -1;
  let maxHeightForLine = -1;
  let previousAverageCharWidth = -1;
  let last: TextPosition | undefined;
  for (const position of positions) {
    if (last && (position.fontId !== last.fontId || position.fontSize !== last.fontSize)) {
      previousAverageCharWidth = -1;
    }
    const sorted = options.sortByPosition;
    const positionX = sorted ? xDirAdj(position) : displayX(position);
    const positionY = sorted ? yDirAdj(position) : displayY(position);
    const positionWidth = sorted ? widthDirAdj(position) : displayWidth(position);
    const positionHeight = position.height;

    const wordSpacing = position.widthOfSpace;
    let deltaSpace: number;
    if (wordSpacing === 0 || Number.isNaN(wordSpacing)) deltaSpace = Number.MAX_VALUE;
    else if (lastWordSpacing < 0) deltaSpace = f32(wordSpacing * options.spacingTolerance);
    else deltaSpace = f32(f32(f32(wordSpacing + lastWordSpacing) / 2) * options.spacingTolerance);

    // Per character of the position: a glyph with merged diacritics counts one more per diacritic.
    const charWidth = f32(positionWidth / individualWidths(position).length);
    const averageCharWidth =
      previousAverageCharWidth < 0 ? charWidth : f32(f32(previousAverageCharWidth + charWidth) / 2);
    const deltaCharWidth = f32(averageCharWidth * options.averageCharTolerance);

    let expectedStartOfNextWordX = Number.NEGATIVE_INFINITY;
    if (endOfLastTextX !== -1) {
      expectedStartOfNextWordX = f32(endOfLastTextX + (deltaCharWidth > deltaSpace ? deltaSpace : deltaCharWidth));
    }

    if (last) {
      if (!overlap(positionY, positionHeight, maxYForLine, maxHeightForLine)) {
        endLine();
        expectedStartOfNextWordX = Number.NEGATIVE_INFINITY;
        maxYForLine = lineReset;
        maxHeightForLine = -1;
      }
      if (
        expectedStartOfNextWordX !== Number.NEGATIVE_INFINITY &&
        expectedStartOfNextWordX < positionX &&
        !last.unicode.endsWith(" ")
      ) {
        words.push(word);
        word = "";
      }
      // A glyph far from the last one along the page's x (a jump within the line, or rotated text) starts the line's
      // extent afresh.
      if (Math.abs(f32(displayX(position) - displayX(last))) > f32(wordSpacing + deltaSpace)) {
        maxYForLine = lineReset;
        maxHeightForLine = -1;
      }
    }
    if (positionY >= maxYForLine) maxYForLine = positionY;
    endOfLastTextX = f32(positionX + positionWidth);
    word += position.unicode;
    maxHeightForLine = Math.max(maxHeightForLine, positionHeight);
    last = position;
    lastWordSpacing = wordSpacing;
    previousAverageCharWidth = averageCharWidth;
  }
  if (last) endLine();
  // Lines apart, then the page end.
  return lines.join(lineSeparator) + lineSeparator;
}
