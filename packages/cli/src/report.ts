import type { Diagnostic, Span } from "@mailroom/syntax";
import { LineIndex } from "@mailroom/syntax";

/** One file's diagnostics with the text they point into. */
export interface FileReport {
  readonly file: string;
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** A range resolved to 1-based lines and columns (UTF-16 code units; the end is exclusive). */
export interface Range {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export interface LocatedRelated extends Range {
  readonly file: string;
  readonly message: string;
}

export interface LocatedEdit extends Range {
  readonly newText: string;
}

/** A diagnostic with its positions resolved, as machine-readable formats give it. */
export interface LocatedDiagnostic extends Range {
  readonly file: string;
  readonly severity: Diagnostic["severity"];
  readonly code: string;
  readonly message: string;
  /** Other places that explain the problem ("defined here"), when the diagnostic has any. */
  readonly related?: readonly LocatedRelated[];
  /** The unambiguous fix `--fix` would apply, when there is one. */
  readonly fix?: { readonly description: string; readonly edits: readonly LocatedEdit[] };
}

/** A path as reports show it: forward slashes on every platform. */
export const displayPath = (file: string): string => file.replaceAll("\\", "/");

/** Line indexes of the texts of a set of reports, built once per file on demand. */
export class TextIndex {
  readonly #texts = new Map<string, string>();
  readonly #indexes = new Map<string, LineIndex>();

  constructor(reports: readonly FileReport[]) {
    for (const report of reports) this.#texts.set(report.file, report.text);
  }

  /** The line index of a file's text; undefined for a file not among the reports. */
  of(file: string): LineIndex | undefined {
    let index = this.#indexes.get(file);
    const text = this.#texts.get(file);
    if (!index && text !== undefined) {
      index = new LineIndex(text);
      this.#indexes.set(file, index);
    }
    return index;
  }
}

export function rangeOf(index: LineIndex, span: Span): Range {
  const start = index.position(span.offset);
  const end = index.position(span.offset + span.length);
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/** Every diagnostic of the reports with its positions resolved, in file then text order. */
export function locate(reports: readonly FileReport[]): LocatedDiagnostic[] {
  const texts = new TextIndex(reports);
  const located: LocatedDiagnostic[] = [];
  for (const report of reports) {
    if (report.diagnostics.length === 0) continue;
    // biome-ignore lint/style/noNonNullAssertion: the report's own file is always indexed.
    const index = texts.of(report.file)!;
    for (const d of report.diagnostics) {
      const related = (d.related ?? []).flatMap((r): LocatedRelated[] => {
        const file = r.file ?? report.file;
        const relatedIndex = texts.of(file);
        return relatedIndex ? [{ file: displayPath(file), ...rangeOf(relatedIndex, r.span), message: r.message }] : [];
      });
      located.push({
        file: displayPath(report.file),
        ...rangeOf(index, d.span),
        severity: d.severity,
        code: d.code,
        message: d.message,
        ...(related.length > 0 ? { related } : {}),
        ...(d.fix
          ? {
              fix: {
                description: d.fix.description,
                edits: d.fix.edits.map((edit) => ({ ...rangeOf(index, edit.span), newText: edit.newText })),
              },
            }
          : {}),
      });
    }
  }
  return located;
}

export interface Counts {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
  /** Problems that carry a fix `--fix` would apply. */
  readonly fixable: number;
}

export function summary(reports: readonly FileReport[]): Counts {
  const counts = { errors: 0, warnings: 0, infos: 0, fixable: 0 };
  for (const report of reports) {
    for (const d of report.diagnostics) {
      if (d.severity === "error") counts.errors++;
      else if (d.severity === "warning") counts.warnings++;
      else counts.infos++;
      if (d.fix) counts.fixable++;
    }
  }
  return counts;
}

/** `2 errors`, `1 warning`: a count and a noun, singular or plural. */
export const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`;
