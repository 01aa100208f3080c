import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { registerBuild } from "./commands/build.js";
import { registerCheckJob } from "./commands/check-job.js";
import { registerDecompile } from "./commands/decompile.js";
import { registerDiff } from "./commands/diff.js";
import { registerDocs } from "./commands/docs.js";
import { registerEval } from "./commands/eval.js";
import { registerExplain } from "./commands/explain.js";
import { registerFmt } from "./commands/fmt.js";
import { registerInit } from "./commands/init.js";
import { registerLint } from "./commands/lint.js";
import { registerLsp } from "./commands/lsp.js";
import { registerPull } from "./commands/pull.js";
import { registerSchema } from "./commands/schema.js";
import { registerTest } from "./commands/test.js";
import { type Io, processIo, UsageError } from "./io.js";

/*
 * The command line: each command registers its options from a light module of its own (commands/) and loads
 * what it runs only when it runs, so that `--version`, `--help` and each command load no more than they need.
 */

const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string })
  .version;

/**
 * Runs the CLI and returns its exit code: 0 clean, 1 problems found, 2 usage or internal error. User errors
 * are printed as one line; a stack trace is shown only for an internal error with MAILROOM_DEBUG set.
 */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let exitCode = 0;
  const setExitCode = (code: number) => {
    exitCode = code;
  };
  // --color and --no-color, read once parsed: the commands see them through `session.color`.
  let colorFlag: boolean | undefined;
  const session: Io = {
    out: (text) => io.out(text),
    err: (text) => io.err(text),
    get color() {
      return colorFlag ?? io.color;
    },
  };
  const program = new Command()
    .name("mailroom")
    .description("Author, compile and lint the services of the hybrid-mail job API.")
    .version(version, "-v, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .showHelpAfterError("(run mailroom --help for usage)")
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .option("--color", "colour the output, even when it is not a terminal (else FORCE_COLOR, NO_COLOR)")
    .option("--no-color", "never colour the output")
    .on("option:color", () => {
      colorFlag = true;
    })
    .on("option:no-color", () => {
      colorFlag = false;
    })
    .exitOverride();
  registerInit(program, session, setExitCode);
  registerLint(program, session, setExitCode, version);
  registerExplain(program, session);
  registerBuild(program, session, setExitCode);
  registerSchema(program, session);
  registerDecompile(program, session, setExitCode);
  registerFmt(program, session, setExitCode);
  registerDocs(program, session, setExitCode);
  registerEval(program, session, setExitCode);
  registerTest(program, session, setExitCode);
  registerDiff(program, session, setExitCode);
  registerCheckJob(program, session, setExitCode);
  registerPull(program, session, setExitCode);
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
    const { ioReason, isSystemError } = await import("@mailroom/checker");
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
