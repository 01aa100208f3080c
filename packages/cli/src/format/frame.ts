/** Widest stretch of a source line a code frame shows; longer lines (minified JSON) show a window. */
const FRAME_WIDTH = 120;
/** How much of the line before the problem a window keeps. */
const FRAME_LEAD = 40;

/** What a code frame shows of a line: the window around the problem, where it starts, and the line's length. */
export interface FrameLine {
  readonly text: string;
  readonly start: number;
  readonly length: number;
}

/**
 * The part of `lineText` a code frame for a problem at `column` (1-based) shows: all of it, or a window of
 * FRAME_WIDTH around the problem when the line is longer. A copy: V8 slices share their parent string's memory,
 * and a lint run keeps this after dropping the file's text.
 */
export function frameLine(lineText: string, column: number): FrameLine {
  let start = 0;
  let end = lineText.length;
  if (lineText.length > FRAME_WIDTH) {
    start = Math.max(0, Math.min(column - 1 - FRAME_LEAD, lineText.length - FRAME_WIDTH));
    end = Math.min(lineText.length, start + FRAME_WIDTH);
  }
  // Concatenating then slicing flattens into a string of its own; the slice of it shares only that.
  const text = ` ${lineText.slice(start, end)}`.slice(1);
  return { text, start, length: lineText.length };
}
