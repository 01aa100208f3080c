import type { Diagnostic } from "@mailroom/syntax";
import { LineIndex } from "@mailroom/syntax";

/** One file's diagnostics with the text they point into. */
export interface FileReport {
  readonly file: string;
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** `file:line:col  severity  message  code`, one line per problem, in file then text order. */
export function formatPlain(reports: readonly FileReport[]): string {
  const lines: string[] = [];
  for (const report of reports) {
    if (report.diagnostics.length === 0) continue;
    const index = new LineIndex(report.text);
    for (const d of report.diagnostics) {
      const { line, column } = index.position(d.span.offset);
      lines.push(`${report.file.replaceAll("\\", "/")}:${line}:${column}  ${d.severity}  ${d.message}  ${d.code}`);
    }
  }
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}

export function summary(reports: readonly FileReport[]): { errors: number; warnings: number; infos: number } {
  const counts = { errors: 0, warnings: 0, infos: 0 };
  for (const report of reports) {
    for (const d of report.diagnostics) {
      if (d.severity === "error") counts.errors++;
      else if (d.severity === "warning") counts.warnings++;
      else counts.infos++;
    }
  }
  return counts;
}
