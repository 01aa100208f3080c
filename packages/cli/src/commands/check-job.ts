import { type Command, InvalidArgumentError, Option } from "commander";
import type { CheckJobOptions } from "../check-job.js";
import type { Io, SetExitCode } from "../io.js";

const CHECK_JOB_HELP = `
Checks a job before it is sent, as mailroom lint checks job files (*.job.yaml): its service, its parts
(named from the boxes, counted from 0), the files per box, the stored files, the splits against the PDFs'
page counts, the requirements. Then prints the exact multipart request of POST /jobs: each part's name and
the "parameters" JSON. With --simulate, also what the platform makes of the files: the documents, the pack
groups per channel, and the violations (as mailroom eval simulates them).

  mailroom check-job examples/payslips.job.yaml --simulate
  mailroom check-job examples/payslips.service.yaml --file PAYSLIPS=payslips.pdf

The API shows three forms of an uploaded file's part name and does not settle which applies: --part-names
chooses one for a job built from --file (as mailroom docs --part-names does; default file__file).

Exit codes:
  0  the job is right (and, with --simulate, the job has no violation)
  1  the job has errors (nothing to send), or violations
  2  usage error, a file missing or unreadable, or an internal error
`;

/** `NAME=value`, collected into a list. */
const pair = (value: string, previous: [string, string][]) => {
  const at = value.indexOf("=");
  if (at <= 0) throw new InvalidArgumentError("Expected BOX=..., as in PAYSLIPS=payslips.pdf.");
  return [...previous, [value.slice(0, at), value.slice(at + 1)] as [string, string]];
};

/** Registers `mailroom check-job`: `setExitCode` receives the command's exit code. */
export function registerCheckJob(program: Command, io: Io, setExitCode: SetExitCode): void {
  program
    .command("check-job")
    .description("check a job against its service and print the exact request to send (no network)")
    .argument("<job|service>", "a job file (*.job.yaml, *.job.json), or a service file with --file for each box")
    .option("--service <name|id>", "the service, when the service file holds several")
    .addOption(new Option("--file <BOX=path>", "a file of the job, for a box (repeat)").argParser(pair).default([]))
    .option("--job-name <name>", "the job's name, for a job built from --file (default: the service's name)")
    .option("--part-names <form>", "the form of uploaded files' part names: file__file, file_main or file_file__")
    .option("--simulate", "also simulate the job: documents, pack groups per channel, violations")
    .option("--ou <file>", "the organizational unit, for --simulate (default: the configuration's)")
    .option("--now <instant>", "the clock, as an ISO-8601 instant such as 2024-03-15T10:00:00Z (default: now)")
    .addOption(new Option("--format <format>", "text or json").choices(["text", "json"]).default("text"))
    .option("--config <file>", "use this configuration instead of the nearest mailroom.config.yaml")
    .addHelpText("after", CHECK_JOB_HELP)
    .action(async (target: string, options: CheckJobOptions) => {
      const { checkJob } = await import("../check-job.js");
      setExitCode(await checkJob(target, options, io));
    });
}
