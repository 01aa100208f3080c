import { basename, dirname, join, relative } from "node:path";
import { DSL_SERVICE_FILE } from "@mailroom/checker";
import { formatServiceJson } from "@mailroom/compiler";
import type { Diagnostic } from "@mailroom/syntax";
import { ConfigResolver, settingsOf } from "./config.js";
import { expandPaths, writeOutput } from "./files.js";
import { formatPlain } from "./format/plain.js";
import type { Io } from "./io.js";
import { type CheckedFile, checkFile } from "./lint.js";
import { summary } from "./report.js";

/** The JSON text `build` writes for a checked DSL file; none when it has errors (a file with errors builds nothing). */
export function builtJson(checked: CheckedFile): string | undefined {
  const service = checked.document?.services[0];
  if (!service || checked.diagnostics.some((d) => d.severity === "error")) return undefined;
  return formatServiceJson(service.json);
}

/** `x.service.yaml` -> `x.service.json`. */
const outputName = (file: string): string => basename(file).replace(/\.ya?ml$/i, ".json");

/**
 * Where `build` writes a DSL file's JSON: beside it, or under `out` at its path relative to the directory it was
 * found in (`root`).
 */
export const outputOf = (file: string, root?: string, out?: string): string =>
  out
    ? join(out, dirname(relative(root ?? dirname(file), file)), outputName(file))
    : join(dirname(file), outputName(file));

/**
 * Compiles DSL files. A file with any error writes nothing; the others are written atomically, beside their
 * source, under `out` (keeping their path relative to the directory they were found in), or to stdout. An output
 * that cannot be written is a `cannot-write` error of its source; the other files are still built.
 * Diagnostics go to stderr so that `--stdout` output stays pure JSON. Rule severities come from each file's
 * `mailroom.config.yaml`, as for `lint` (its `ignore` globs are about linting and do not apply); a
 * configuration with problems builds nothing. Returns the exit code.
 */
export async function build(
  paths: readonly string[],
  options: { out?: string; stdout?: boolean },
  io: Io,
): Promise<number> {
  const files = await expandPaths(paths, DSL_SERVICE_FILE);
  const settings = await settingsOf(new ConfigResolver(), files, io, "built");
  if (settings === undefined) return 2;
  const reports = [];
  let written = 0;
  for (const [i, { file, root }] of files.entries()) {
    const report = await checkFile(file, { rules: settings[i]?.rules ?? {} });
    const text = builtJson(report);
    let problem: Diagnostic | undefined;
    if (text !== undefined && options.stdout) io.out(text);
    else if (text !== undefined) {
      problem = await writeOutput(outputOf(file, root, options.out), text);
      if (!problem) written++;
    }
    reports.push(problem ? { ...report, text: report.text, diagnostics: [...report.diagnostics, problem] } : report);
  }
  io.err(formatPlain(reports));
  const { errors, warnings } = summary(reports);
  if (!options.stdout) io.err(`built ${written} of ${files.length} file(s)`);
  if (errors + warnings > 0) io.err(`${options.stdout ? "" : "; "}${errors} error(s), ${warnings} warning(s)`);
  if (!options.stdout || errors + warnings > 0) io.err("\n");
  return errors > 0 ? 1 : 0;
}
