import { isDslFile } from "@mailroom/compiler";
import { format } from "@mailroom/format";
import type { Command } from "commander";
import { DSL_FILE, expandPaths, readSource, UsageError, writeOutput } from "../files.js";
import { formatPlain } from "../format/plain.js";
import type { Io } from "../main.js";
import { displayPath, type FileReport, plural } from "../report.js";

const FMT_HELP = `
Without --check or --write, the formatted text of each file is printed and nothing on disk changes.
The canonical layout is described in docs/language.md ("Canonical layout"); the decompiler writes it too.
A file with syntax errors is reported and left as it is; so is a file with a "# mailroom-fmt-disable" line.

Exit codes:
  0  every file is (or now is) in canonical layout
  1  --check found files to format, or a file could not be formatted (syntax errors)
  2  usage error or internal error
`;

export interface FmtOptions {
  readonly check?: boolean;
  readonly write?: boolean;
}

/** Registers `mailroom fmt`: `setExitCode` receives the command's exit code. */
export function registerFmt(program: Command, io: Io, setExitCode: (code: number) => void): void {
  program
    .command("fmt")
    .description("print DSL files in the canonical layout, keeping comments; --check for CI, --write to rewrite")
    .argument("[paths...]", "files or directories (default: .); directories are searched for *.service.yaml/.yml")
    .option("--check", "list the files that are not in canonical layout and exit 1 if there are any")
    .option("--write", "rewrite the files that are not in canonical layout (atomically)")
    .addHelpText("after", FMT_HELP)
    .action(async (paths: string[], options: FmtOptions) => {
      setExitCode(await fmt(paths, options, io));
    });
}

/** Formats DSL files; returns the exit code. */
export async function fmt(paths: readonly string[], options: FmtOptions, io: Io): Promise<number> {
  if (options.check && options.write) throw new UsageError("Give --check or --write, not both.");
  const files = await expandPaths(paths.length > 0 ? paths : ["."], DSL_FILE);
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
      const span = { offset: source.offset, length: 0 };
      failed.push({
        file,
        text: source.text,
        diagnostics: [{ code: source.code, severity: "error", message: source.message, span }],
      });
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
