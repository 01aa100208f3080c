import { type Diagnostic, diagnostic, span } from "@mailroom/syntax";

export const START_MARKER = "<!-- mailroom-docs:start -->";
export const END_MARKER = "<!-- mailroom-docs:end -->";

/**
 * The text with what stands between its marker lines replaced by `content`, set off by blank lines; the marker
 * lines and everything outside them are kept byte for byte (line endings included: the content takes the
 * file's). A marker is a line holding only it, give or take spaces.
 */
export function inject(text: string, content: string): string | Diagnostic {
  const lines: { start: number; end: number; marker: string }[] = [];
  for (const match of text.matchAll(/^[ \t]*(<!-- mailroom-docs:(?:start|end) -->)[ \t]*\r?$/gm)) {
    const start = match.index;
    lines.push({ start, end: start + match[0].length, marker: match[1] as string });
  }
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
