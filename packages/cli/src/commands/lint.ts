import { type Command, InvalidArgumentError, Option } from "commander";
import { FORMAT_NAMES } from "../format/names.js";
import type { Io, SetExitCode } from "../io.js";
import type { LintOptions } from "../lint-command.js";

const LINT_HELP = `
Output:
  Each --output-file takes the output of the --format given just before it; a --format without one
  goes to stdout (at most one may). With no --format, stylish goes to stdout (or to the one
  --output-file given). For example, CI can keep SARIF and still show problems in its log:
    mailroom lint services --format sarif --output-file mailroom.sarif --format stylish
  Colours when stdout is a terminal, unless --no-color, NO_COLOR or FORCE_COLOR=0 says not; --color
  or FORCE_COLOR=1 colours output that is not a terminal's (stylish to stdout only).

Configuration:
  The nearest mailroom.config.yaml above each file (or --config) sets each rule's severity
  (off, info, warning, error) and options, per-glob overrides and ignored files; see
  docs/configuration.md. A configuration with problems is reported and nothing is linted (exit 2).

Exit codes:
  0  no errors, and no more warnings than --max-warnings
  1  errors, or more warnings than --max-warnings
  2  usage error, a configuration or baseline with problems, an --output-file that cannot be
     written, or an internal error
`;

function wholeNumber(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number)) {
    throw new InvalidArgumentError("expected a whole number, 0 or more.");
  }
  return number;
}

/** Registers `mailroom lint`: `setExitCode` receives the command's exit code. */
export function registerLint(program: Command, io: Io, setExitCode: SetExitCode, version: string): void {
  const outputEvents: { kind: "format" | "output-file"; value: string }[] = [];
  const lintCommand = program
    .command("lint")
    .description(
      "check service files (*.service.yaml, *.service.json) and the job, delivery and unit files that call them, and report every problem with its location",
    )
    .argument("<paths...>", "files or directories; directories are searched for service files")
    .addOption(
      new Option("-f, --format <format>", "output format; may be given several times (see Output)")
        .choices(FORMAT_NAMES)
        .default("stylish"),
    )
    .option("-o, --output-file <file>", "write the output of the --format before it to this file")
    .option("--max-warnings <n>", "exit 1 when there are more than n warnings", wholeNumber)
    .option("--quiet", "report errors only (warnings still count for --max-warnings)")
    .option("-c, --config <file>", "use this configuration instead of the nearest mailroom.config.yaml")
    .option("--baseline <file>", "report only problems not recorded in this baseline")
    .option("--write-baseline <file>", "record every problem found in this baseline file, then report none")
    .option("--fix", "apply the unambiguous fixes to the files, then report what remains")
    .addHelpText("after", LINT_HELP)
    .action(async (paths: string[], options: Omit<LintOptions, "outputs" | "version">) => {
      const { lint, pairOutputs } = await import("../lint-command.js");
      setExitCode(await lint(paths, { ...options, outputs: pairOutputs(outputEvents), version }, io));
    });
  lintCommand.on("option:format", (value: string) => outputEvents.push({ kind: "format", value }));
  lintCommand.on("option:output-file", (value: string) => outputEvents.push({ kind: "output-file", value }));
}
