import { isAbsolute, relative, resolve } from "node:path";
import { type RequestKind, type ResolvedSettings, readSource, requestKind, type SourceText } from "@mailroom/checker";
import { isDslFile } from "@mailroom/compiler";
import { LineIndex } from "@mailroom/syntax";
import { applyBaseline, makeBaseline, readBaseline, writeBaseline } from "./baseline.js";
import { builtJson, outputOf } from "./build.js";
import { ConfigResolver } from "./config.js";
import { docsBase, PUBLIC_DOCS_URL } from "./docs.js";
import { expandPaths, LINTED_FILE, writeOutput } from "./files.js";
import { fixFile } from "./fix.js";
import { FORMATS, type FormatContext, type FormatName, formatStylish } from "./format/index.js";
import { withBatchHeap } from "./heap.js";
import type { Io } from "./io.js";
import { UsageError } from "./io.js";
import { type CheckedFile, checkBuiltFile, checkSource } from "./lint.js";
import {
  type FileReport,
  filesOfChecked,
  type LocatedReport,
  locateReport,
  plural,
  problemCounts,
  summary,
} from "./report.js";

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

/**
 * How many files are read ahead of the one being checked. One hides most of the reading behind the checks. More
 * hid a few percent more of a run's time, measured, but kept texts waiting through enough young-generation
 * collections to be promoted to V8's old generation, which then grew until a full collection: a peak RSS of
 * 190 MiB instead of 130 MiB on 4,000 services, where one file ahead stays as flat as the heap itself.
 */
const READ_AHEAD = 1;

/** The texts of a run's files, taken in the order given, each read while the file before it is checked. */
class ReadAhead {
  readonly #pending = new Map<string, Promise<SourceText>>();
  #next = 0;

  constructor(readonly order: readonly string[]) {}

  take(file: string): Promise<SourceText> {
    const source = this.#pending.get(file) ?? readSource(file);
    this.#pending.delete(file);
    while (this.#pending.size < READ_AHEAD && this.#next < this.order.length) {
      // biome-ignore lint/style/noNonNullAssertion: within bounds.
      const next = this.order[this.#next++]!;
      if (next === file) continue;
      const read = readSource(next);
      // A read that throws (a bug, not the file's fault) is reported when its file's turn comes.
      read.catch(() => undefined);
      this.#pending.set(next, read);
    }
    return source;
  }
}

/** From how many files a lint holds its heap's growth down (see withBatchHeap). */
const BATCH = 100;

/** How many files beside the checked one related places point into (a configuration, say) keep their text. */
const OTHER_TEXTS = 8;

/**
 * Line indexes of the files related places point into besides the file checked, as read from disk (the last
 * few kept): a file linted earlier in the run no longer has its text in memory.
 */
class OtherTexts {
  readonly #indexes = new Map<string, LineIndex | undefined>();

  /** Reads the other files the report's related places point into; returns their indexes. */
  async for(report: FileReport): Promise<(file: string) => LineIndex | undefined> {
    const wanted = new Map<string, LineIndex | undefined>();
    for (const { related } of report.diagnostics) {
      for (const { file } of related ?? []) {
        if (file === undefined || file === report.file || wanted.has(file)) continue;
        let index = this.#indexes.get(file);
        if (!this.#indexes.has(file)) {
          const source = await readSource(file);
          index = source.ok ? new LineIndex(source.text) : undefined;
          this.#indexes.set(file, index);
          // biome-ignore lint/style/noNonNullAssertion: the map is not empty.
          if (this.#indexes.size > OTHER_TEXTS) this.#indexes.delete(this.#indexes.keys().next().value!);
        }
        wanted.set(file, index);
      }
    }
    return (file) => wanted.get(file);
  }
}

/** The errors of the reports, and the notes that count errors not listed (as those errors only). */
const onlyErrors = (reports: readonly LocatedReport[]): LocatedReport[] =>
  reports.map((r) => ({
    ...r,
    diagnostics: r.diagnostics.flatMap((d) => {
      if (d.unlisted)
        return d.unlisted.error > 0 ? [{ ...d, unlisted: { error: d.unlisted.error, warning: 0, info: 0 } }] : [];
      return d.severity === "error" ? [d] : [];
    }),
  }));

/**
 * `mailroom lint`: resolves each file's configuration, lints (fixing first with `--fix`), records or applies
 * a baseline, and writes every output. Returns the exit code: 1 when errors remain or warnings exceed
 * `--max-warnings`, else 0. A configuration with problems is reported on stderr and ends the run with 2
 * before anything is linted: linting with settings other than the ones meant would mislead; so does an output
 * file that cannot be written (after the others are written). A JSON file that is the build output of a DSL
 * file linted in the same run is only checked to be up to date (`stale-build`): its findings are the DSL's.
 * Files are checked one at a time, the next one read meanwhile, and each is located as soon as it is checked: a
 * run keeps the problems of every file, but the text of none (the outputs are written at the end, in order).
 */
export async function lint(paths: readonly string[], options: LintOptions, io: Io): Promise<number> {
  const resolver = new ConfigResolver(options.config);
  await resolver.init();
  const baseline = options.baseline !== undefined ? await readBaseline(options.baseline) : undefined;
  const found = await expandPaths(paths, LINTED_FILE);

  const targets: { file: string; settings: ResolvedSettings }[] = [];
  // The organizational units configurations name: linted as units when a directory searched holds them.
  const units = new Set<string>();
  const roots = new Set<string>();
  for (const { file, root } of found) {
    const settings = await resolver.settingsFor(file);
    if (root !== undefined) roots.add(resolve(root));
    for (const unit of settings.organizationalUnits ?? []) units.add(unit);
    if (!settings.ignored) targets.push({ file, settings });
    else if (root === undefined && settings.config) {
      io.err(`mailroom: "${file}" is ignored by ${shown(settings.config)}; not linted.\n`);
    }
  }
  const listed = new Set(targets.map(({ file }) => resolve(file)));
  for (const unit of [...units].sort()) {
    const inside = [...roots].some(
      (root) => !relative(root, unit).startsWith("..") && !isAbsolute(relative(root, unit)),
    );
    if (!inside || listed.has(unit)) continue;
    const settings = await resolver.settingsFor(unit);
    if (!settings.ignored) targets.push({ file: shown(unit), settings });
  }
  const kindOf = (file: string): RequestKind | undefined =>
    requestKind(file) ?? (units.has(resolve(file)) ? "unit" : undefined);
  const broken = await resolver.problems();
  if (broken.length > 0) {
    const reports = broken.map((r) => ({ ...r, file: shown(r.file) }));
    io.err(formatStylish(reports, { cwd: process.cwd(), color: false, version: "", docsUrl: PUBLIC_DOCS_URL }));
    io.err(`mailroom: ${plural(broken.length, "configuration")} with problems; nothing was linted.\n`);
    return 2;
  }

  const outputsOf = buildOutputs(targets.filter(({ file }) => kindOf(file) === undefined));
  const dslOfOutput = new Set(outputsOf.values());
  const settingsOf = new Map(targets.map(({ file, settings }) => [file, settings]));
  // The order files are checked in: the targets', but a build output's DSL file just before it when it comes after.
  const order = new Set(targets.flatMap(({ file }) => [outputsOf.get(file) ?? file, file]));
  const sources = new ReadAhead([...order]);
  const others = new OtherTexts();
  const frames = options.outputs.some((o) => o.format === "stylish");
  const locateFile = async (report: FileReport) => locateReport(report, frames, await others.for(report));

  let fixed = 0;
  let fixedFiles = 0;
  const check = async (file: string): Promise<CheckedFile> => {
    const source = await sources.take(file);
    const settings = settingsOf.get(file);
    const checkOptions = {
      rules: settings?.rules ?? {},
      ...(settings?.maxFindingsPerCode !== undefined && { maxFindingsPerCode: settings.maxFindingsPerCode }),
    };
    const kind = kindOf(file);
    if (kind !== undefined) {
      const { checkRequestFile } = await import("./requests.js");
      const result = await checkRequestFile(file, source, kind, settings ?? { ignored: false, rules: {} }, options.fix);
      fixed += result.fixed;
      if (result.fixed > 0) fixedFiles++;
      return result;
    }
    if (!options.fix) return checkSource(file, source, checkOptions);
    const result = await fixFile(file, source, checkOptions);
    fixed += result.fixed;
    if (result.fixed > 0) fixedFiles++;
    return result.checked;
  };
  /**
   * DSL files with a build output among the targets, checked when first wanted (their own turn or their output's,
   * whichever comes first) and kept until the other: their report, and what `build` would write now.
   */
  const dslChecked = new Map<string, { report: LocatedReport; built: string | undefined }>();
  const checkDsl = async (file: string) => {
    const done = dslChecked.get(file);
    if (done) {
      dslChecked.delete(file);
      return done;
    }
    const checked = await check(file);
    const result = { report: await locateFile(checked), built: builtJson(checked) };
    dslChecked.set(file, result);
    return result;
  };

  let reports: LocatedReport[] = [];
  const checkAll = async () => {
    for (const { file } of targets) {
      const dsl = outputsOf.get(file);
      if (dsl !== undefined) {
        // Up to date, a build output is no file of its own to report (a passing JUnit suite): its DSL file is.
        const { built } = await checkDsl(dsl);
        const report = await locateFile(checkBuiltFile(file, await sources.take(file), dsl, built));
        if (report.diagnostics.length > 0) reports.push(report);
      } else if (dslOfOutput.has(file)) reports.push((await checkDsl(file)).report);
      else reports.push(await locateFile(await check(file)));
    }
  };
  if (targets.length >= BATCH) await withBatchHeap(checkAll);
  else await checkAll();

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
  // A run's reports link one documentation: the first file's configuration's, else the repository's.
  const docsUrl = docsBase(targets.find(({ settings }) => settings.docsUrl)?.settings.docsUrl ?? PUBLIC_DOCS_URL);
  // Colour is asked for only when there is something to colour (see processIo).
  const color = visible.some((r) => r.diagnostics.length > 0) && io.color === true;
  const context: FormatContext = { cwd: process.cwd(), color, version: options.version, docsUrl };
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
  // One summary line on stderr, clean runs included (stdout stays the formats'), unless stylish on stdout ends with it.
  const stylishOnStdout = options.outputs.some((o) => o.format === "stylish" && o.file === undefined);
  const shownCounts = summary(visible);
  const shownTotal = shownCounts.errors + shownCounts.warnings + shownCounts.infos;
  if (shownTotal === 0) {
    // Said as narrowly as it is true: --quiet hides warnings, a baseline the problems it records.
    const none = options.quiet ? "no errors" : "no problems";
    const baselined = options.baseline !== undefined || options.writeBaseline !== undefined;
    io.err(`${plural(visible.length, "file")} checked, ${none}${baselined ? " outside the baseline" : ""}\n`);
  } else if (!stylishOnStdout) {
    const withProblems = visible.filter((r) => r.diagnostics.length > 0).length;
    io.err(`${problemCounts(shownCounts)} in ${filesOfChecked(withProblems, visible.length)}\n`);
  }
  const tooManyWarnings = options.maxWarnings !== undefined && counts.warnings > options.maxWarnings;
  if (tooManyWarnings) {
    io.err(`mailroom: found ${plural(counts.warnings, "warning")}; --max-warnings allows ${options.maxWarnings}.\n`);
  }
  if (unwritten > 0) return 2;
  return counts.errors > 0 || tooManyWarnings ? 1 : 0;
}
