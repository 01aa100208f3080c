import type { Command } from "commander";
import type { Io, SetExitCode } from "../io.js";

const INIT_HELP = `
Writes invoices.service.yaml (a service), invoices.service.test.yaml (its test cases),
samples/INV-2024-0001.pdf (a sample its cases run on), mailroom.config.yaml and organizational-unit.json
(an organizational unit as the API returns it). mailroom lint, fmt --check and test pass on them as written.

Exit codes:
  0  the files were written
  2  a file is already there (nothing is written unless --force), a file cannot be written, or usage error
`;

/** Registers `mailroom init`: `setExitCode` receives the command's exit code. */
export function registerInit(program: Command, io: Io, setExitCode: SetExitCode): void {
  program
    .command("init")
    .description("start a project: a service, its test file, a sample PDF, a configuration and an OU, all clean")
    .argument("[dir]", "the folder to write into (created when missing)", ".")
    .option("--force", "overwrite the files that are already there")
    .addHelpText("after", INIT_HELP)
    .action(async (dir: string, options: { force?: boolean }) => {
      const { init } = await import("../init.js");
      setExitCode(await init(dir, options, io));
    });
}
