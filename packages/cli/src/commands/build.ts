import type { Command } from "commander";
import { type Io, type SetExitCode, UsageError } from "../io.js";

/** Registers `mailroom build`: `setExitCode` receives the command's exit code. */
export function registerBuild(program: Command, io: Io, setExitCode: SetExitCode): void {
  program
    .command("build")
    .description("compile *.service.yaml files to the API's JSON (beside each source unless told otherwise)")
    .argument("<paths...>", "files or directories; directories are searched for *.service.yaml and *.service.yml")
    .option("-o, --out <dir>", "write the JSON files into this directory")
    .option("--stdout", "print the JSON instead of writing files")
    .action(async (paths: string[], options: { out?: string; stdout?: boolean }) => {
      if (options.out !== undefined && options.stdout) throw new UsageError("Give --out or --stdout, not both.");
      const { build } = await import("../build.js");
      setExitCode(await build(paths, options, io));
    });
}
