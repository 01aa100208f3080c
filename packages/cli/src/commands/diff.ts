import { type Command, Option } from "commander";
import type { DiffOptions } from "../diff.js";
import { type Io, type SetExitCode, UsageError } from "../io.js";

const DIFF_HELP = `
Compares two versions of services as their documentation describes them (DSL and JSON alike: a DSL file and the
JSON built from it compare equal), and classes each change: breaking for integrators (a box, channel or output
file removed, fewer files accepted, a split no longer editable, a requirement newly read...), behaviour (values
change for the same files: an expression, a reconcile, a split, a file matcher...) or cosmetic (labels, the
description, the icon, order that does not matter). An authentication response's services are matched by id,
then by name. The classes are listed in docs/diff.md.

  mailroom diff old/payslips.service.yaml examples/payslips.service.yaml
  mailroom diff --git origin/main                   (every service file against its version at origin/main)
  mailroom diff --git HEAD~1 examples --format md   (a pull-request comment)

Exit codes:
  0  no breaking change (or --allow-breaking)
  1  a breaking change
  2  usage error, an input that cannot be read or has errors (reported as mailroom lint does), or internal error
`;

/** Registers `mailroom diff`: `setExitCode` receives the command's exit code. */
export function registerDiff(program: Command, io: Io, setExitCode: SetExitCode): void {
  program
    .command("diff")
    .description("what changed between two versions of services, classed breaking, behaviour or cosmetic")
    .argument("[paths...]", "<old> <new> files; with --git, files or directories (default: the current directory)")
    .addOption(new Option("-f, --format <format>", "output format").choices(["text", "md", "json"]).default("text"))
    .option("--git <rev>", "compare each service file with its version at this git revision")
    .option("--allow-breaking", "exit 0 even when a change is breaking")
    .option("--config <file>", "check both sides with this configuration instead of the nearest mailroom.config.yaml")
    .addHelpText("after", DIFF_HELP)
    .action(async (paths: string[], options: DiffOptions) => {
      if (options.git === undefined && paths.length !== 2) {
        throw new UsageError("Give two files to compare (old, then new), or --git <rev> [paths...].");
      }
      const { diff } = await import("../diff.js");
      setExitCode(await diff(paths, options, io));
    });
}
