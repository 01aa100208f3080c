import type { Diagnostic } from "@mailroom/syntax";
import { LineIndex } from "@mailroom/syntax";

/** One file's diagnostics with the text they point into. */
export interface FileReport {
  readonly file: string;
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** A diagnostic with its positions resolved, as machine-readable formats give it. */
export interface LocatedDiagnostic {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly severity: Diagnostic["severity"];
  readonly code: string;
  readonly message: string;
}

export function locate(reports: readonly FileReport[]): LocatedDiagnostic[] {
  const located: LocatedDiagnostic[] = [];
  for (const report of reports) {
    if (report.diagnostics.length === 0) continue;
    const index = new LineIndex(report.text);
    for (const d of report.diagnostics) {
      const start = index.position(d.span.offset);
      const end = index.position(d.span.offset + d.span.length);
      located.push({
        file: report.file.replaceAll("\\", "/"),
        line: start.line,
        column: start.column,
        endLine: end.line,
        endColumn: end.column,
        severity: d.severity,
        code: d.code,
        message: d.message,
      });
    }
  }
  return located;
}

/** A JSON array of every problem with start and end positions (1-based, end exclusive). */
export const formatJson = (reports: readonly FileReport[]): string => `${JSON.stringify(locate(reports), null, 2)}\n`;

/** `file:line:col  severity  message  code`, one line per problem, in file then text order. */
export function formatPlain(reports: readonly FileReport[]): string {
  return locate(reports)
    .map((d) => `${d.file}:${d.line}:${d.column}  ${d.severity}  ${d.message}  ${d.code}\n`)
    .join("");
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
