import { type Diagnostic, diagnostic, span } from "@mailroom/syntax";

export const START_MARKER = "<!-- mailroom-docs:start -->";
export const END_MARKER = "<!-- mailroom-docs:end -->";

/**
 * The text with what stands between its marker lines replaced by `content`, set off by blank lines; the marker
 * lines and everything outside them are kept byte for byte (line endings included: the content takes the
 * file's). A marker is a line holding only it, give or take spaces, outside fenced code: a README that shows
 * the markers in a code block (or in a code span, which is no line of its own) documents them, it does not
 * place the documentation.
 */
export function inject(text: string, content: string): string | Diagnostic {
  const lines = markerLines(text);
  const starts = lines.filter((l) => l.marker === START_MARKER);
  const ends = lines.filter((l) => l.marker === END_MARKER);
  const at = (l: { start: number; end: number }) => span(l.start, l.end - l.start);
  if (starts.length === 0) return diagnostic("missing-markers", "missing", { marker: START_MARKER }, span(0, 0));
  if (ends.length === 0) return diagnostic("missing-markers", "missing", { marker: END_MARKER }, span(text.length, 0));
  if (starts.length > 1)
    return diagnostic("missing-markers", "repeated", { marker: START_MARKER }, at(starts[1] as (typeof starts)[0]));
  if (ends.length > 1)
    return diagnostic("missing-markers", "repeated", { marker: END_MARKER }, at(ends[1] as (typeof ends)[0]));
  const [first, last] = [starts[0], ends[0]] as [(typeof starts)[0], (typeof ends)[0]];
  if (last.start < first.start) return diagnostic("missing-markers", "order", {}, at(last));
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  // The end of the start marker's line (after its line break, which the regex left out).
  const afterStart = text.indexOf("\n", first.end) + 1;
  const body = content.replace(/\r?\n/g, newline).replace(/(\r?\n)+$/, "");
  return `${text.slice(0, afterStart)}${newline}${body}${newline}${newline}${text.slice(last.start)}`;
}

// A line of a fenced code block's opening fence: three or more backticks (whose info string holds none) or tildes,
// indented by at most three spaces, as CommonMark has it.
const FENCE = /^ {0,3}(`{3,}(?!.*`)|~{3,})/;
// A marker line: indented by at most three spaces (more makes it an indented code block's text).
const MARKER = /^ {0,3}(<!-- mailroom-docs:(?:start|end) -->)[ \t]*\r?$/;

/** The marker lines of a Markdown text that are not inside a fenced code block, with their offsets. */
function markerLines(text: string): { start: number; end: number; marker: string }[] {
  const found: { start: number; end: number; marker: string }[] = [];
  let fence: string | undefined;
  let start = 0;
  for (const line of text.split("\n")) {
    const at = start;
    start += line.length + 1;
    if (fence !== undefined) {
      // The fence closes on a line of the same character, at least as long, and nothing else.
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/.exec(line)?.[1];
      if (close !== undefined && close[0] === fence[0] && close.length >= fence.length) fence = undefined;
      continue;
    }
    const open = FENCE.exec(line)?.[1];
    if (open !== undefined) {
      fence = open;
      continue;
    }
    const marker = MARKER.exec(line);
    if (marker) found.push({ start: at, end: at + line.replace(/\r$/, "").length, marker: marker[1] as string });
  }
  return found;
}
