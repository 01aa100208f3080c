import type { Command } from "commander";
import type { FmtOptions } from "../fmt.js";
import type { Io, SetExitCode } from "../io.js";

const FMT_HELP = `
Without --check or --write, the formatted text of each file is printed and nothing on disk changes.
The canonical layout is described in docs/language.md ("Canonical layout"); the decompiler writes it too.
A file with syntax errors is reported and left as it is; so is a file with a "# mailroom-fmt-disable" line.

Exit codes:
  0  every file is (or now is) in canonical layout
  1  --check found files to format, or a file could not be formatted (syntax errors)
  2  usage error or internal error
`;

/** Registers `mailroom fmt`: `setExitCode` receives the command's exit code. */
export function registerFmt(program: Command, io: Io, setExitCode: SetExitCode): void {
  program
    .command("fmt")
    .description("print DSL files in the canonical layout, keeping comments; --check for CI, --write to rewrite")
    .argument("[paths...]", "files or directories (default: .); directories are searched for *.service.yaml/.yml")
    .option("--check", "list the files that are not in canonical layout and exit 1 if there are any")
    .option("--write", "rewrite the files that are not in canonical layout (atomically)")
    .addHelpText("after", FMT_HELP)
    .action(async (paths: string[], options: FmtOptions) => {
      const { fmt } = await import("../fmt.js");
      setExitCode(await fmt(paths, options, io));
    });
}
