import { isAbsolute, relative, resolve } from "node:path";
import type { FileSettings } from "@mailroom/checker";
import { isDslFile } from "@mailroom/compiler";
import { applyBaseline, makeBaseline, readBaseline, writeBaseline } from "./baseline.js";
import { builtJson, outputOf } from "./build.js";
import { ConfigResolver } from "./config.js";
import { expandPaths, UsageError, writeOutput } from "./files.js";
import { fixFile } from "./fix.js";
import { FORMATS, type FormatContext, type FormatName, formatStylish } from "./format/index.js";
import { type CheckedFile, checkBuiltFile, checkFile } from "./lint.js";
import type { Io } from "./main.js";
import { type FileReport, plural, summary } from "./report.js";

/** Where one format's output goes: a file, or stdout when `file` is undefined. */
export interface Output {
  readonly format: FormatName;
  readonly file?: string;
}

export interface LintOptions {
  readonly outputs: readonly Output[];
  readonly maxWarnings?: number;
  readonly quiet?: boolean;
  readonly config?: string;
  readonly baseline?: string;
  readonly writeBaseline?: string;
  readonly fix?: boolean;
  /** mailroom's version, for SARIF. */
  readonly version: string;
}

/**
 * Pairs `--format` and `--output-file` in the order given: each `--output-file` takes the output of the
 * `--format` just before it (of the default format when no `--format` is given at all); a format without an
 * output file goes to stdout, and only one may.
 */
export function pairOutputs(events: readonly { kind: "format" | "output-file"; value: string }[]): Output[] {
  const outputs: { format: FormatName; file?: string }[] = [];
  let defaulted = false;
  for (const { kind, value } of events) {
    if (kind === "format") {
      if (!(value in FORMATS)) throw new UsageError(`Unknown format "${value}".`);
      if (defaulted) {
        throw new UsageError("Give --output-file after the --format it is for; it came before any --format.");
      }
      outputs.push({ format: value as FormatName });
      continue;
    }
    const last = outputs.at(-1);
    if (last === undefined) {
      outputs.push({ format: "stylish", file: value });
      defaulted = true;
    } else if (last.file === undefined) last.file = value;
    else {
      throw new UsageError(
        `Found a second --output-file ("${value}") for --format ${last.format}; expected one output file per --format.`,
      );
    }
  }
  if (outputs.length === 0) outputs.push({ format: "stylish" });
  const toStdout = outputs.filter((o) => o.file === undefined);
  if (toStdout.length > 1) {
    throw new UsageError(
      `Found ${toStdout.length} formats for stdout (${toStdout.map((o) => o.format).join(", ")}); expected at most one: give the others an --output-file.`,
    );
  }
  const files = outputs.flatMap((o) => (o.file === undefined ? [] : [resolve(o.file)]));
  if (new Set(files).size < files.length) throw new UsageError("Found the same --output-file twice.");
  return outputs;
}

/** A path as messages show it: relative to the working directory when it is inside it. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

/**
 * The JSON files among the targets that `build` writes from a DSL file also among them (beside it, same name), each
 * with that DSL file: such a JSON file is the DSL's build output, checked to be up to date rather than linted again.
 */
function buildOutputs(targets: readonly { file: string }[]): Map<string, string> {
  const json = new Map(targets.filter(({ file }) => !isDslFile(file)).map(({ file }) => [resolve(file), file]));
  const outputs = new Map<string, string>();
  for (const { file } of targets) {
    const output = isDslFile(file) ? json.get(resolve(outputOf(file))) : undefined;
    if (output !== undefined) outputs.set(output, file);
  }
  return outputs;
}

const onlyErrors = (reports: readonly FileReport[]): FileReport[] =>
  reports.map((r) => ({ ...r, diagnostics: r.diagnostics.filter((d) => d.severity === "error") }));

/**
 * `mailroom lint`: resolves each file's configuration, lints (fixing first with `--fix`), records or applies
 * a baseline, and writes every output. Returns the exit code: 1 when errors remain or warnings exceed
 * `--max-warnings`, else 0. A configuration with problems is reported on stderr and ends the run with 2
 * before anything is linted: linting with settings other than the ones meant would mislead; so does an output
 * file that cannot be written (after the others are written). A JSON file that is the build output of a DSL
 * file linted in the same run is only checked to be up to date (`stale-build`): its findings are the DSL's.
 */
export async function lint(paths: readonly string[], options: LintOptions, io: Io): Promise<number> {
  const resolver = new ConfigResolver(options.config);
  await resolver.init();
  const baseline = options.baseline !== undefined ? await readBaseline(options.baseline) : undefined;
  const found = await expandPaths(paths);

  const targets: { file: string; settings: FileSettings }[] = [];
  for (const { file, root } of found) {
    const settings = await resolver.settingsFor(file);
    if (!settings.ignored) targets.push({ file, settings });
    else if (root === undefined && settings.config) {
      io.err(`mailroom: "${file}" is ignored by ${shown(settings.config)}; not linted.\n`);
    }
  }
  const broken = await resolver.problems();
  if (broken.length > 0) {
    const reports = broken.map((r) => ({ ...r, file: shown(r.file) }));
    io.err(formatStylish(reports, { cwd: process.cwd(), color: false, version: "" }));
    io.err(`mailroom: ${plural(broken.length, "configuration")} with problems; nothing was linted.\n`);
    return 2;
  }

  const outputsOf = buildOutputs(targets);
  const dslOfOutput = new Set(outputsOf.values());
  /** What `build` would write now for each DSL file with a build output among the targets. */
  const built = new Map<string, string | undefined>();
  const checked: (FileReport | undefined)[] = [];
  let fixed = 0;
  let fixedFiles = 0;
  for (const { file, settings } of targets) {
    if (outputsOf.has(file)) {
      checked.push(undefined); // once its DSL file is checked, below
      continue;
    }
    const check = { rules: settings.rules };
    let report: CheckedFile;
    if (options.fix) {
      const result = await fixFile(file, check);
      report = result.checked;
      fixed += result.fixed;
      if (result.fixed > 0) fixedFiles++;
    } else report = await checkFile(file, check);
    if (dslOfOutput.has(file)) built.set(file, builtJson(report));
    checked.push(report);
  }
  let reports: FileReport[] = [];
  for (const [i, { file }] of targets.entries()) {
    const dsl = outputsOf.get(file);
    // biome-ignore lint/style/noNonNullAssertion: every target but a build output was checked above.
    reports.push(dsl === undefined ? checked[i]! : await checkBuiltFile(file, dsl, built.get(dsl)));
  }

  let gone = 0;
  if (options.writeBaseline !== undefined) {
    const written = makeBaseline(options.writeBaseline, reports);
    await writeBaseline(options.writeBaseline, written);
    const counts = summary(reports);
    const total = counts.errors + counts.warnings + counts.infos;
    const files = Object.keys(written.files).length;
    io.err(`wrote ${options.writeBaseline}: ${plural(total, "problem")} in ${plural(files, "file")}\n`);
    reports = applyBaseline(options.writeBaseline, written, reports).reports;
  } else if (baseline !== undefined && options.baseline !== undefined) {
    ({ reports, gone } = applyBaseline(options.baseline, baseline, reports));
  }

  const counts = summary(reports);
  const visible = options.quiet ? onlyErrors(reports) : reports;
  const context: FormatContext = { cwd: process.cwd(), color: io.color === true, version: options.version };
  let unwritten = 0;
  for (const output of options.outputs) {
    const text = FORMATS[output.format](visible, { ...context, color: output.file === undefined && context.color });
    if (output.file === undefined) io.out(text);
    else {
      const problem = await writeOutput(resolve(output.file), text);
      if (problem) {
        io.err(`mailroom: ${problem.message}\n`);
        unwritten++;
      }
    }
  }

  if (options.fix && fixed > 0) io.err(`fixed ${plural(fixed, "problem")} in ${plural(fixedFiles, "file")}\n`);
  if (gone > 0) {
    io.err(`${plural(gone, "baselined problem")} no longer found; --write-baseline records the smaller baseline\n`);
  }
  const stylishOnStdout = options.outputs.some((o) => o.format === "stylish" && o.file === undefined);
  const shownCounts = summary(visible);
  if (!stylishOnStdout && shownCounts.errors + shownCounts.warnings > 0) {
    io.err(`${shownCounts.errors} error(s), ${shownCounts.warnings} warning(s) in ${targets.length} file(s)\n`);
  }
  const tooManyWarnings = options.maxWarnings !== undefined && counts.warnings > options.maxWarnings;
  if (tooManyWarnings) {
    io.err(`mailroom: found ${plural(counts.warnings, "warning")}; --max-warnings allows ${options.maxWarnings}.\n`);
  }
  if (unwritten > 0) return 2;
  return counts.errors > 0 || tooManyWarnings ? 1 : 0;
}
