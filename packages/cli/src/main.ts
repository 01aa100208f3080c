import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { ioReason, isSystemError, MailroomConfig } from "@mailroom/checker";
import { dslJsonSchema } from "@mailroom/compiler";
import { formatJsonSchema, generateJsonSchemas, toJsonSchema } from "@mailroom/model";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { build } from "./build.js";
import { registerDecompile } from "./commands/decompile.js";
import { registerFmt } from "./commands/fmt.js";
import { registerLsp } from "./commands/lsp.js";
import { explain } from "./explain.js";
import { UsageError, writeAtomic } from "./files.js";
import { FORMAT_NAMES } from "./format/index.js";
import { lint, pairOutputs } from "./lint-command.js";

const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string })
  .version;

/** Every schema `mailroom schema` writes: the API's objects and the DSL. */
export function allSchemas(): Record<string, Record<string, unknown>> {
  return {
    ...generateJsonSchemas(),
    "mailroom-config.schema.json": toJsonSchema(MailroomConfig, "mailroom: configuration (mailroom.config.yaml)"),
    "service-dsl.schema.json": dslJsonSchema(),
  };
}

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether output to `out` may be coloured: it is a terminal and NO_COLOR is unset. */
  readonly color?: boolean;
}

const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  color: process.stdout.isTTY === true && !process.env.NO_COLOR,
};

function wholeNumber(value: string): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number)) {
    throw new InvalidArgumentError("expected a whole number, 0 or more.");
  }
  return number;
}

const LINT_HELP = `
Output:
  Each --output-file takes the output of the --format given just before it; a --format without one
  goes to stdout (at most one may). With no --format, stylish goes to stdout (or to the one
  --output-file given). For example, CI can keep SARIF and still show problems in its log:
    mailroom lint services --format sarif --output-file mailroom.sarif --format stylish
  Colours only when stdout is a terminal and NO_COLOR is unset.

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

/**
 * Runs the CLI and returns its exit code: 0 clean, 1 problems found, 2 usage or internal error. User errors
 * are printed as one line; a stack trace is shown only for an internal error with MAILROOM_DEBUG set.
 */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let exitCode = 0;
  const program = new Command()
    .name("mailroom")
    .description("Author, compile and lint the services of the hybrid-mail job API.")
    .version(version, "-v, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .showHelpAfterError("(run mailroom --help for usage)")
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .exitOverride();

  const outputEvents: { kind: "format" | "output-file"; value: string }[] = [];
  const lintCommand = program
    .command("lint")
    .description("check service files (*.service.yaml, *.service.json) and report every problem with its location")
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
    .action(
      async (
        paths: string[],
        options: {
          maxWarnings?: number;
          quiet?: boolean;
          config?: string;
          baseline?: string;
          writeBaseline?: string;
          fix?: boolean;
        },
      ) => {
        const outputs = pairOutputs(outputEvents);
        exitCode = await lint(paths, { ...options, outputs, version }, io);
      },
    );
  lintCommand.on("option:format", (value: string) => outputEvents.push({ kind: "format", value }));
  lintCommand.on("option:output-file", (value: string) => outputEvents.push({ kind: "output-file", value }));

  program
    .command("explain")
    .description("print a rule's documentation, or what a diagnostic code means; with no code, list the rules")
    .argument("[code]", "a rule id, such as those in docs/rules, or a diagnostic code")
    .action((code: string | undefined) => {
      io.out(explain(code));
    });

  program
    .command("build")
    .description("compile *.service.yaml files to the API's JSON (beside each source unless told otherwise)")
    .argument("<paths...>", "files or directories; directories are searched for *.service.yaml and *.service.yml")
    .option("-o, --out <dir>", "write the JSON files into this directory")
    .option("--stdout", "print the JSON instead of writing files")
    .action(async (paths: string[], options: { out?: string; stdout?: boolean }) => {
      if (options.out !== undefined && options.stdout) throw new UsageError("Give --out or --stdout, not both.");
      exitCode = await build(paths, options, io);
    });

  program
    .command("schema")
    .description("write the JSON Schemas of services and related API objects")
    .option("-o, --out <dir>", "directory to write the schemas to", "schemas")
    .action(async (options: { out: string }) => {
      await mkdir(options.out, { recursive: true });
      for (const [name, schema] of Object.entries(allSchemas())) {
        await writeAtomic(join(options.out, name), formatJsonSchema(schema));
        io.out(`wrote ${join(options.out, name)}\n`);
      }
    });

  const setExitCode = (code: number) => {
    exitCode = code;
  };
  registerDecompile(program, io, setExitCode);
  registerFmt(program, io, setExitCode);
  registerLsp(program);

  try {
    await program.parseAsync(argv);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof UsageError) {
      io.err(`mailroom: ${error.message}\n`);
      return 2;
    }
    // The system refused what no file's report could hold (the schemas' directory, say): the user's to fix.
    if (isSystemError(error)) {
      io.err(`mailroom: ${error.path === undefined ? "" : `"${error.path}": `}${ioReason(error)}.\n`);
      return 2;
    }
    const detail = error instanceof Error ? error.message : String(error);
    io.err(`mailroom: internal error: ${detail}\n`);
    if (process.env.MAILROOM_DEBUG && error instanceof Error && error.stack) io.err(`${error.stack}\n`);
    return 2;
  }
}
