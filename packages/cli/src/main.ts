import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { dslJsonSchema } from "@mailroom/compiler";
import { formatJsonSchema, generateJsonSchemas } from "@mailroom/model";
import { Command, CommanderError, Option } from "commander";
import { build } from "./build.js";
import { expandPaths, UsageError, writeAtomic } from "./files.js";
import { checkFile } from "./lint.js";
import { formatJson, formatPlain, summary } from "./report.js";

const version = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string })
  .version;

/** Every schema `mailroom schema` writes: the API's objects and the DSL. */
export function allSchemas(): Record<string, Record<string, unknown>> {
  return { ...generateJsonSchemas(), "service-dsl.schema.json": dslJsonSchema() };
}

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

const processIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

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

  program
    .command("lint")
    .description("check service files (*.service.yaml, *.service.json) and report every problem with its location")
    .argument("<paths...>", "files or directories; directories are searched for service files")
    .addOption(new Option("-f, --format <format>", "output format").choices(["plain", "json"]).default("plain"))
    .action(async (paths: string[], options: { format: "plain" | "json" }) => {
      const files = await expandPaths(paths);
      const reports = [];
      for (const { file } of files) reports.push(await checkFile(file));
      io.out(options.format === "json" ? formatJson(reports) : formatPlain(reports));
      const { errors, warnings } = summary(reports);
      if (errors + warnings > 0) {
        io.err(`${errors} error(s), ${warnings} warning(s) in ${files.length} file(s)\n`);
      }
      exitCode = errors > 0 ? 1 : 0;
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
    const detail = error instanceof Error ? error.message : String(error);
    io.err(`mailroom: internal error: ${detail}\n`);
    if (process.env.MAILROOM_DEBUG && error instanceof Error && error.stack) io.err(`${error.stack}\n`);
    return 2;
  }
}
