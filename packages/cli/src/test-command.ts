import { TEST_FILE } from "@mailroom/checker";
import { ConfigResolver } from "./config.js";
import { expandPaths } from "./files.js";
import { formatPlain } from "./format/plain.js";
import { type Io, UsageError } from "./io.js";
import { jsonOutput, junitOutput, summarize, textOutput } from "./testing/outputs.js";
import { type FileResult, runTestFile } from "./testing/run-file.js";

export interface TestOptions {
  readonly format: "text" | "junit" | "json";
  readonly update?: boolean;
  readonly case: string[];
  readonly config?: string;
}

/**
 * `mailroom test`: runs every case of every `*.service.test.yaml` found (a service with errors is not run), and
 * reports each case passed or failed with its differences, or why its test file or case cannot run. Returns the
 * exit code: 0 all passed, 1 a case failed, 2 a test file or case is broken.
 */
export async function runTests(paths: readonly string[], options: TestOptions, io: Io): Promise<number> {
  const files = await expandPaths(paths.length > 0 ? paths : ["."], TEST_FILE);
  const resolver = new ConfigResolver(options.config);
  await resolver.init();
  const results: FileResult[] = [];
  for (const { file } of files) {
    results.push(await runTestFile(file, { update: options.update === true, cases: options.case }, resolver));
  }
  const broken = await resolver.problems();
  if (broken.length > 0) {
    io.err(formatPlain(broken));
    io.err("mailroom: the configuration has problems; nothing was tested.\n");
    return 2;
  }
  // The errors of services not run, on stderr: the formats' output stays what it is.
  const services = results.flatMap((r) => (r.serviceReport ? [r.serviceReport] : []));
  if (services.length > 0) io.err(formatPlain(services));
  if (options.case.length > 0 && results.every((r) => r.problems.length === 0 && r.cases.length === 0)) {
    throw new UsageError(`No case named ${options.case.map((c) => `"${c}"`).join(" or ")}.`);
  }
  const output = options.format === "json" ? jsonOutput : options.format === "junit" ? junitOutput : textOutput;
  io.out(output(results));
  return summarize(results).exitCode;
}
