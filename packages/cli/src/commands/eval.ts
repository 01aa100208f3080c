import { type Command, InvalidArgumentError, Option } from "commander";
import type { EvalOptions } from "../evaluate.js";
import type { Io, SetExitCode } from "../io.js";

const EVAL_HELP = `
Simulates the job on the files given: archives extracted into boxes by their file matchers, PDFs cut by their
split, attachments paired with MAIN documents by their reconcile, counts checked; then evaluates every metadata
of every document with the semantics of the service's Java runtime, and prints each value, or why there is none,
and the violations of the job. An archive box takes a ZIP file.

  mailroom eval examples/payslips.service.yaml --file PAYSLIPS=payslips.pdf --ou examples/organizational-unit.json

Values are texts (dates as milliseconds since the epoch). The unit of areas is not given by the API: PDF points
unless --area-unit or mailroom.config.yaml's areaUnit says mm; confirm it against the platform (docs/evaluation.md).

Exit codes:
  0  every metadata has a value and the job has no violation
  1  the job has violations (printed with the values), or a metadata could not be evaluated (each is
     reported where its expression is written)
  2  usage error, a file missing, unreadable or not what its box takes, a service with errors, or an internal error
`;

/** `NAME=value`, collected into a list. */
const pair = (what: string) => (value: string, previous: [string, string][]) => {
  const at = value.indexOf("=");
  if (at <= 0) throw new InvalidArgumentError(`Expected ${what}=..., as in PAYSLIPS=payslips.pdf.`);
  return [...previous, [value.slice(0, at), value.slice(at + 1)] as [string, string]];
};

/** Registers `mailroom eval`: `setExitCode` receives the command's exit code. */
export function registerEval(program: Command, io: Io, setExitCode: SetExitCode): void {
  program
    .command("eval")
    .description("evaluate a service's metadata on real files, with the Java runtime's semantics")
    .argument("<service>", "a service file, DSL or JSON")
    .option("--service <name|id>", "the service to evaluate, when the file holds several")
    .addOption(
      new Option("--file <BOX=path>", "a file of the job, for a box (repeat)").argParser(pair("BOX")).default([]),
    )
    .option("--ou <file>", "the organizational unit, as the API returns it (JSON)")
    .addOption(
      new Option("--requirement <NAME=value>", "a requirement of the job (repeat)").argParser(pair("NAME")).default([]),
    )
    .option("--nuid <value>", "the output file's NUID")
    .option("--now <instant>", "the clock, as an ISO-8601 instant such as 2024-03-15T10:00:00Z (default: now)")
    .addOption(
      new Option("--area-unit <unit>", "the unit of areas (default: pt, or areaUnit of the configuration)").choices([
        "pt",
        "mm",
      ]),
    )
    .addOption(new Option("--format <format>", "text or json").choices(["text", "json"]).default("text"))
    .option("--config <file>", "use this configuration instead of the nearest mailroom.config.yaml")
    .addHelpText("after", EVAL_HELP)
    .action(async (service: string, options: EvalOptions) => {
      const { evaluate } = await import("../evaluate.js");
      setExitCode(await evaluate(service, options, io));
    });
}
