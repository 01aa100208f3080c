import { type Severity, showControls } from "@mailroom/syntax";
import { displayPath, filesOfChecked, located, problemCounts, type Report, summary } from "../report.js";
import type { FrameLine } from "./frame.js";
import type { FormatContext } from "./index.js";

type Paint = (text: string) => string;

const ansi =
  (open: number, close: number): Paint =>
  (text) =>
    `\u001b[${open}m${text}\u001b[${close}m`;

interface Palette {
  readonly bold: Paint;
  readonly dim: Paint;
  readonly underline: Paint;
  readonly severity: Record<Severity, Paint>;
}

const plain: Paint = (text) => text;
const NO_COLOR: Palette = {
  bold: plain,
  dim: plain,
  underline: plain,
  severity: { error: plain, warning: plain, info: plain },
};
const COLOR: Palette = {
  bold: ansi(1, 22),
  dim: ansi(2, 22),
  underline: ansi(4, 24),
  severity: { error: ansi(31, 39), warning: ansi(33, 39), info: ansi(36, 39) },
};

/** Text from a file or a message made safe for a terminal: its tabs kept, which the underline follows. */
export const printable = (text: string): string => showControls(text, "\t");

/**
 * The code frame of a problem: its first line, and under it a caret underline of the span on that line (one
 * caret for an empty span). A line cut to a window around the span (`frameLine`) is marked `…` where cut.
 */
export function codeFrame(
  frame: FrameLine,
  line: number,
  column: number,
  endColumn: number,
  gutterWidth: number,
  palette: Palette = NO_COLOR,
  paint: Paint = plain,
): string {
  const { text, start } = frame;
  const end = start + text.length;
  const before = start > 0 ? "…" : "";
  const shown = `${before}${text}${end < frame.length ? "…" : ""}`;
  const from = Math.max(column - 1, start);
  const to = Math.min(Math.max(endColumn - 1, from + 1), end + 1);
  // Tabs stay tabs under the text so that the carets sit under the same characters whatever the tab width.
  const lead = `${before}${text.slice(0, from - start)}`.replace(/[^\t]/g, " ");
  const carets = "^".repeat(Math.max(1, to - from));
  const gutter = " ".repeat(gutterWidth);
  return (
    `    ${palette.dim(`${String(line).padStart(gutterWidth)} |`)} ${printable(shown)}\n` +
    `    ${palette.dim(`${gutter} |`)} ${lead}${paint(carets)}\n`
  );
}

/**
 * For people: problems grouped by file, each as `line:col  severity  message  code` with the code frame under
 * it, then a summary line. Nothing at all when there is no problem. Colours only when the context says so.
 */
export function formatStylish(reports: readonly Report[], context: FormatContext): string {
  const palette = context.color ? COLOR : NO_COLOR;
  let out = "";
  for (const report of located(reports, true)) {
    if (report.diagnostics.length === 0) continue;
    const problems = report.diagnostics;
    const positionWidth = Math.max(...problems.map(({ range }) => `${range.line}:${range.column}`.length));
    const severityWidth = Math.max(...problems.map((d) => d.severity.length));
    const gutterWidth = Math.max(...problems.map(({ range }) => String(range.line).length));
    out += `${palette.underline(printable(displayPath(report.file)))}\n`;
    for (const d of problems) {
      const { range } = d;
      const paint = palette.severity[d.severity];
      const position = `${range.line}:${range.column}`.padEnd(positionWidth);
      const severity = paint(d.severity.padEnd(severityWidth));
      out += `  ${palette.dim(position)}  ${severity}  ${printable(d.message)}  ${palette.dim(d.code)}\n`;
      const endColumn = range.endLine === range.line ? range.endColumn : Number.POSITIVE_INFINITY;
      if (!d.frame) throw new Error(`The problems of "${report.file}" were located without their code frames.`);
      out += codeFrame(d.frame, range.line, range.column, endColumn, gutterWidth, palette, paint);
      for (const related of d.related ?? []) {
        const at = related.range;
        const file = related.file !== undefined && related.file !== report.file ? `${displayPath(related.file)}:` : "";
        const place = at ? `${file}${at.line}:${at.column}` : displayPath(related.file ?? report.file);
        out += `    ${palette.dim(`${place}: ${printable(related.message)}`)}\n`;
      }
    }
    out += "\n";
  }
  const counts = summary(reports);
  const total = counts.errors + counts.warnings + counts.infos;
  if (total === 0) return "";
  const files = reports.filter((r) => r.diagnostics.length > 0).length;
  const paint = counts.errors > 0 ? palette.severity.error : counts.warnings > 0 ? palette.severity.warning : plain;
  out += `${paint(palette.bold(`${problemCounts(counts)} in ${filesOfChecked(files, reports.length)}`))}\n`;
  if (counts.fixable > 0) {
    out += `${counts.fixable} of them can be fixed with --fix.\n`;
  }
  return out;
}
