import { described } from "@mailroom/model";
import type { Diagnostic, Fix, RelatedInformation, Span, TextEdit } from "@mailroom/syntax";
import { LineIndex } from "@mailroom/syntax";
import * as z from "zod";
import { fingerprintOf } from "./baseline.js";
import { type FrameLine, frameLine } from "./format/frame.js";

/** One file's diagnostics with the text they point into, as checked. */
export interface FileReport {
  readonly file: string;
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** A related place with its range; none for a place in a file that could not be read. */
export interface RangedRelated extends RelatedInformation {
  readonly range?: Range;
}

export interface RangedFix extends Fix {
  readonly edits: readonly (TextEdit & { readonly range: Range })[];
}

/** A diagnostic with what the outputs need of its file's text, taken while the text was at hand. */
export interface LocatedProblem extends Diagnostic {
  readonly range: Range;
  readonly related?: readonly RangedRelated[];
  readonly fix?: RangedFix;
  /** What the problem is, not where (`fingerprintOf`): for baselines and SARIF. */
  readonly fingerprint: string;
  /** What the code frame shows of the problem's first line, when a format frames problems (stylish). */
  readonly frame?: FrameLine;
}

/** One file's problems located: all a lint keeps of a file once it is checked, so that its text can go. */
export interface LocatedReport {
  readonly file: string;
  readonly diagnostics: readonly LocatedProblem[];
}

/** What the formats take: reports as checked (their text at hand), or already located (a lint run's). */
export type Report = FileReport | LocatedReport;

/*
 * The shape of `mailroom lint --format json`, as zod schemas: the types the formatters use and
 * `schemas/lint-output.schema.json`, which other tools read the output with, come from here.
 */
const position = (what: string) => described(z.number().int().min(1), what);

/** A range resolved to 1-based lines and columns (UTF-16 code units; the end is exclusive). */
const Range = z.strictObject({
  line: position("Line of the start, from 1."),
  column: position("Column of the start, from 1, in UTF-16 code units."),
  endLine: position("Line of the end, from 1."),
  endColumn: position("Column just after the end, from 1, in UTF-16 code units."),
});
export type Range = Readonly<z.infer<typeof Range>>;

const LocatedRelated = Range.extend({
  file: described(z.string(), "The file of this place, as the problem's file is given."),
  message: described(z.string(), 'What this place has to do with the problem ("The first one is here.").'),
});
export type LocatedRelated = Readonly<z.infer<typeof LocatedRelated>>;

const LocatedEdit = Range.extend({ newText: described(z.string(), "The text that replaces the range.") });
export type LocatedEdit = Readonly<z.infer<typeof LocatedEdit>>;

/** A diagnostic with its positions resolved, as machine-readable formats give it. */
const LocatedDiagnostic = Range.extend({
  file: described(z.string(), "The file, as given on the command line or found in a directory, with forward slashes."),
  severity: described(z.enum(["error", "warning", "info"]), "How serious the problem is, after the configuration."),
  code: described(z.string(), "The rule or diagnostic code; `mailroom explain <code>` prints its page."),
  message: described(z.string(), "What was found and what was expected."),
  related: described(
    z.array(LocatedRelated).optional(),
    'Other places that explain the problem ("defined here"), when there are any.',
  ),
  fix: described(
    z
      .strictObject({
        description: described(z.string(), 'What the fix does, as `--fix` would say it: Change to "SIRET".'),
        edits: described(z.array(LocatedEdit), "The edits, in the problem's file, none overlapping."),
      })
      .optional(),
    "The unambiguous fix `--fix` would apply, when there is one.",
  ),
});
export type LocatedDiagnostic = Readonly<Omit<z.infer<typeof LocatedDiagnostic>, "related" | "fix">> & {
  readonly related?: readonly LocatedRelated[];
  readonly fix?: { readonly description: string; readonly edits: readonly LocatedEdit[] };
};

/** The whole output: every problem, in file then text order. */
export const LintOutput = z.array(LocatedDiagnostic);

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

/**
 * Locates a checked file's problems in its text: ranges, fingerprints and, with `frames`, what their code frames
 * show. A related place in another file is located by `other` (undefined when that file's text is unknown).
 */
export function locateReport(
  report: FileReport,
  frames: boolean,
  other: (file: string) => LineIndex | undefined,
): LocatedReport {
  if (report.diagnostics.length === 0) return { file: report.file, diagnostics: [] };
  const index = new LineIndex(report.text);
  const indexOf = (file: string | undefined) => (file === undefined || file === report.file ? index : other(file));
  const diagnostics = report.diagnostics.map((d): LocatedProblem => {
    const range = rangeOf(index, d.span);
    return {
      ...d,
      range,
      related: d.related?.map((r): RangedRelated => {
        const where = indexOf(r.file);
        return where ? { ...r, range: rangeOf(where, r.span) } : r;
      }),
      fix: d.fix && { ...d.fix, edits: d.fix.edits.map((edit) => ({ ...edit, range: rangeOf(index, edit.span) })) },
      fingerprint: fingerprintOf(report.text, d),
      ...(frames ? { frame: frameLine(index.lineText(range.line), range.column) } : {}),
    };
  });
  return { file: report.file, diagnostics };
}

/**
 * The reports located, those given as checked located in their texts (a related place in another file is
 * located when that file is among them), with code frames when `frames` is set.
 */
export function located(reports: readonly Report[], frames = false): LocatedReport[] {
  const checked = reports.filter((r): r is FileReport => "text" in r);
  const texts = new TextIndex(checked);
  return reports.map((r) => ("text" in r ? locateReport(r, frames, (file) => texts.of(file)) : r));
}

/** Every diagnostic of the reports with its positions resolved, in file then text order: the JSON output. */
export function locate(reports: readonly Report[]): LocatedDiagnostic[] {
  return located(reports).flatMap((report) =>
    report.diagnostics.map((d): LocatedDiagnostic => {
      const related = (d.related ?? []).flatMap((r): LocatedRelated[] =>
        r.range ? [{ file: displayPath(r.file ?? report.file), ...r.range, message: r.message }] : [],
      );
      return {
        file: displayPath(report.file),
        ...d.range,
        severity: d.severity,
        code: d.code,
        message: d.message,
        ...(related.length > 0 ? { related } : {}),
        ...(d.fix
          ? {
              fix: {
                description: d.fix.description,
                edits: d.fix.edits.map((edit) => ({ ...edit.range, newText: edit.newText })),
              },
            }
          : {}),
      };
    }),
  );
}

export interface Counts {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
  /** Problems that carry a fix `--fix` would apply. */
  readonly fixable: number;
}

/** The counts of the reports' problems; a `more-findings` note counts as the findings it stands for. */
export function summary(reports: readonly { readonly diagnostics: readonly Diagnostic[] }[]): Counts {
  const counts = { errors: 0, warnings: 0, infos: 0, fixable: 0 };
  for (const report of reports) {
    for (const d of report.diagnostics) {
      if (d.unlisted) {
        counts.errors += d.unlisted.error;
        counts.warnings += d.unlisted.warning;
        counts.infos += d.unlisted.info;
      } else if (d.severity === "error") counts.errors++;
      else if (d.severity === "warning") counts.warnings++;
      else counts.infos++;
      if (d.fix) counts.fixable++;
    }
  }
  return counts;
}

/** `2 errors`, `1 warning`: a count and a noun, singular or plural. */
export const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** `3 problems (2 errors, 1 warning)`: a summary's counts, infos only when there are some. */
export function problemCounts(counts: Counts): string {
  const parts = [plural(counts.errors, "error"), plural(counts.warnings, "warning")];
  if (counts.infos > 0) parts.push(plural(counts.infos, "info"));
  return `${plural(counts.errors + counts.warnings + counts.infos, "problem")} (${parts.join(", ")})`;
}

/** `1 of 2 files checked`: how many files have problems, out of how many were checked. */
export const filesOfChecked = (withProblems: number, checked: number): string =>
  `${withProblems} of ${plural(checked, "file")} checked`;
