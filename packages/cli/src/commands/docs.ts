import { type Command, InvalidArgumentError, Option } from "commander";
import type { DocsOptions } from "../generate-docs.js";
import { type Io, type SetExitCode, UsageError } from "../io.js";

const DOCS_HELP = `
Each service (DSL or JSON; a JSON file built from a DSL file given too is documented once, from the DSL) gets
one page: what it is, how to call it, how its files flow, its boxes, metadata (each explained in words) and
channels, with diagrams. A service with errors is documented too, with a warning and its findings.

  mailroom docs examples -o docs/services --format md --format html
  mailroom docs examples --inject README.md          (between <!-- mailroom-docs:start/end --> lines)
  mailroom docs examples -o docs/services --check    (in CI: exit 1 when the pages are out of date)
  mailroom docs examples -o out --template page.adoc.eta

Without -o or --inject, the Markdown (or the one --format given) is printed. The output is deterministic.
The docs model, the template variables and the page layout are described in docs/docs-generator.md.

Exit codes:
  0  the documentation is written (or, with --check, up to date)
  1  --check found stale or missing files, or a template, inject file or output could not be used
  2  usage error, configuration problems or internal error
`;

const FORMATS = ["md", "html", "json"];

/** Each `--format` adds one; a repeated one counts once. */
const collectFormat = (value: string, previous: string[]) => {
  if (!FORMATS.includes(value)) throw new InvalidArgumentError(`Allowed choices are ${FORMATS.join(", ")}.`);
  return previous.includes(value) ? previous : [...previous, value];
};

/** Registers `mailroom docs`: `setExitCode` receives the command's exit code. */
export function registerDocs(program: Command, io: Io, setExitCode: SetExitCode): void {
  program
    .command("docs")
    .description("generate the documentation of services: Markdown with Mermaid, self-contained HTML, JSON")
    .argument("<paths...>", "files or directories; directories are searched for *.service.yaml and *.service.json")
    .addOption(
      new Option("-f, --format <format>", "md, html or json; repeat for several (default: md)")
        .argParser(collectFormat)
        .default([]),
    )
    .option("-o, --out <dir>", "write one page per service and an index into this directory")
    .option("--inject <file>", "replace what stands between the mailroom-docs markers of this Markdown file")
    .option("--template <file>", "render each service through this Eta template instead of a built-in format")
    .option("--check", "write nothing; exit 1 and name the files that are stale or missing")
    .option("--config <file>", "use this configuration instead of the nearest mailroom.config.yaml")
    .option(
      "--part-names <form>",
      "how the example request names the parts of uploaded files: file__file (default), file_main or file_file__",
    )
    .addHelpText("after", DOCS_HELP)
    .action(async (paths: string[], options: DocsOptions) => {
      if (options.check && options.out === undefined && options.inject === undefined) {
        throw new UsageError("--check compares the files -o or --inject would write: give one of them.");
      }
      if (options.template !== undefined && options.format.length > 0) {
        throw new UsageError("Give --template or --format, not both.");
      }
      const { generateDocs } = await import("../generate-docs.js");
      setExitCode(await generateDocs(paths, options, io));
    });
}
