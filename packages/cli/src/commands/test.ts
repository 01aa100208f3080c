import { type Command, Option } from "commander";
import type { Io, SetExitCode } from "../io.js";
import type { TestOptions } from "../test-command.js";

const TEST_HELP = `
Runs the cases of each *.service.test.yaml (paths default to the current directory): each case's job is
simulated offline on its sample files (split, archives, metadata, reconcile, counts) and what it gives is
compared with what the case expects. docs/testing.md describes the format.

  mailroom test examples
  mailroom test examples/payslips.service.test.yaml --case "one payslip and its attestation"
  mailroom test examples --update             (write what the jobs give into the expectations)
  mailroom test examples --format junit > report.xml

Exit codes:
  0  every case passed (or, with --update, was updated)
  1  a case failed
  2  a test file or case is broken (YAML or schema errors, a service with errors, a sample file missing,
     unreadable, corrupted or outside the test file's folder), usage error or internal error
`;

/** `--case` may be repeated. */
const collect = (value: string, previous: string[]) => [...previous, value];

/** Registers `mailroom test`: `setExitCode` receives the command's exit code. */
export function registerTest(program: Command, io: Io, setExitCode: SetExitCode): void {
  program
    .command("test")
    .description("simulate jobs on sample files and compare them with the expectations of *.service.test.yaml")
    .argument("[paths...]", "test files or directories searched for *.service.test.yaml (default: .)")
    .addOption(
      new Option("--format <format>", "text, junit or json").choices(["text", "junit", "json"]).default("text"),
    )
    .option("-u, --update", "write what each job gives into its case's expectations")
    .addOption(new Option("--case <name>", "run only the case of this name (repeat)").argParser(collect).default([]))
    .option("--config <file>", "use this configuration instead of the nearest mailroom.config.yaml")
    .addHelpText("after", TEST_HELP)
    .action(async (paths: string[], options: TestOptions) => {
      const { runTests } = await import("../test-command.js");
      setExitCode(await runTests(paths, options, io));
    });
}
