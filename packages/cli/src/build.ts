import { mkdir } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";
import { ConfigResolver } from "./config.js";
import { DSL_FILE, expandPaths, writeAtomic } from "./files.js";
import { formatPlain } from "./format/plain.js";
import { checkFile } from "./lint.js";
import type { Io } from "./main.js";
import { summary } from "./report.js";

/** The JSON text of a compiled service: two-space indent, keys in the model's order, final newline. */
export const formatServiceJson = (json: unknown): string => `${JSON.stringify(json, null, 2)}\n`;

/** `x.service.yaml` -> `x.service.json`. */
const outputName = (file: string): string => basename(file).replace(/\.ya?ml$/i, ".json");

/**
 * Compiles DSL files. A file with any error writes nothing; the others are written atomically, beside their
 * source, under `out` (keeping their path relative to the directory they were found in), or to stdout.
 * Diagnostics go to stderr so that `--stdout` output stays pure JSON. Rule severities come from each file's
 * `mailroom.config.yaml`, as for `lint` (its `ignore` globs are about linting and do not apply); a
 * configuration with problems builds nothing. Returns the exit code.
 */
export async function build(
  paths: readonly string[],
  options: { out?: string; stdout?: boolean },
  io: Io,
): Promise<number> {
  const files = await expandPaths(paths, DSL_FILE);
  const resolver = new ConfigResolver();
  const settings = [];
  for (const { file } of files) settings.push(await resolver.settingsFor(file));
  const broken = await resolver.problems();
  if (broken.length > 0) {
    io.err(formatPlain(broken));
    io.err("mailroom: the configuration has problems; nothing was built.\n");
    return 2;
  }
  const reports = [];
  let written = 0;
  for (const [i, { file, root }] of files.entries()) {
    const report = await checkFile(file, { rules: settings[i]?.rules ?? {} });
    reports.push(report);
    const service = report.document?.services[0];
    if (!service || report.diagnostics.some((d) => d.severity === "error")) continue;
    const text = formatServiceJson(service.json);
    if (options.stdout) {
      io.out(text);
      continue;
    }
    const target = options.out
      ? join(options.out, dirname(relative(root ?? dirname(file), file)), outputName(file))
      : join(dirname(file), outputName(file));
    await mkdir(dirname(target), { recursive: true });
    await writeAtomic(target, text);
    written++;
  }
  io.err(formatPlain(reports));
  const { errors, warnings } = summary(reports);
  if (!options.stdout) io.err(`built ${written} of ${files.length} file(s)`);
  if (errors + warnings > 0) io.err(`${options.stdout ? "" : "; "}${errors} error(s), ${warnings} warning(s)`);
  if (!options.stdout || errors + warnings > 0) io.err("\n");
  return errors > 0 ? 1 : 0;
}
