import type { Command } from "commander";
import type { DecompileCommandOptions } from "../decompile.js";
import type { Io, SetExitCode } from "../io.js";

const DECOMPILE_HELP = `
Each service becomes one DSL file named from its name and id (supplier-invoices-2204.service.yaml), in
canonical layout. A service whose DSL would not compile back to exactly its JSON is not written, and the
difference is reported; what the JSON breaks (a rule, the model) is kept as it is, with a comment saying so.
A JSON file built from a DSL file beside it (x.service.json beside x.service.yaml) is not decompiled beside
them, which would make a second copy of the service: edit the DSL, or give --out to decompile elsewhere.

Exit codes:
  0  every service was written
  1  a service could not be written (it cannot be said in the DSL without loss, its file exists, or
     its JSON file is built from a DSL file beside it)
  2  usage error or internal error
`;

/** Registers `mailroom decompile`: `setExitCode` receives the command's exit code. */
export function registerDecompile(program: Command, io: Io, setExitCode: SetExitCode): void {
  program
    .command("decompile")
    .description("turn services given as JSON (a service, an array, or the authentication response) into DSL files")
    .argument("<files...>", "JSON files; directories are searched for *.service.json")
    .option("-o, --out <dir>", "write the DSL files into this directory (default: beside each JSON file)")
    .option("--force", "overwrite DSL files that already exist")
    .addHelpText("after", DECOMPILE_HELP)
    .action(async (paths: string[], options: DecompileCommandOptions) => {
      const { decompileFiles } = await import("../decompile.js");
      setExitCode(await decompileFiles(paths, options, io));
    });
}
