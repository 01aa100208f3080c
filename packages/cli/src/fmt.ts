import { DSL_SERVICE_FILE, readSource } from "@mailroom/checker";
import { isDslFile } from "@mailroom/compiler";
import { format } from "@mailroom/format";
import { expandPaths, unreadFile, writeOutput } from "./files.js";
import { formatPlain } from "./format/plain.js";
import { type Io, UsageError } from "./io.js";
import { displayPath, type FileReport, plural } from "./report.js";

export interface FmtOptions {
  readonly check?: boolean;
  readonly write?: boolean;
}

/** Formats DSL files; returns the exit code. */
export async function fmt(paths: readonly string[], options: FmtOptions, io: Io): Promise<number> {
  if (options.check && options.write) throw new UsageError("Give --check or --write, not both.");
  const files = await expandPaths(paths.length > 0 ? paths : ["."], DSL_SERVICE_FILE);
  for (const { file, root } of files) {
    if (root === undefined && !isDslFile(file)) {
      throw new UsageError(`File "${displayPath(file)}" is not a DSL file (.yaml or .yml); fmt formats the DSL only.`);
    }
  }
  const failed: FileReport[] = [];
  const unformatted: string[] = [];
  for (const { file } of files) {
    const source = await readSource(file);
    if (!source.ok) {
      failed.push(unreadFile(file, source));
      continue;
    }
    const result = format(source.text);
    if (result.diagnostics.length > 0) {
      failed.push({ file, text: source.text, diagnostics: result.diagnostics });
      continue;
    }
    const changed = result.text !== source.text;
    if (options.check) {
      if (changed) unformatted.push(file);
    } else if (options.write) {
      if (changed) {
        const problem = await writeOutput(file, (source.bom ? "\uFEFF" : "") + result.text);
        if (problem) failed.push({ file, text: source.text, diagnostics: [problem] });
        else unformatted.push(file);
      }
    } else io.out(result.text);
  }
  if (options.check) for (const file of unformatted) io.out(`${displayPath(file)}\n`);
  io.err(formatPlain(failed));
  const notes: string[] = [];
  if (options.check && unformatted.length > 0) {
    notes.push(
      `${unformatted.length} of ${plural(files.length, "file")} not in canonical layout (mailroom fmt --write formats them)`,
    );
  }
  if (options.write) notes.push(`formatted ${unformatted.length} of ${plural(files.length, "file")}`);
  if (failed.length > 0) notes.push(`${plural(failed.length, "file")} left as is: errors`);
  if (notes.length > 0) io.err(`${notes.join("; ")}\n`);
  return failed.length > 0 || (options.check && unformatted.length > 0) ? 1 : 0;
}
