import { access } from "node:fs/promises";
import { dirname } from "node:path";
import { readSource } from "@mailroom/checker";
import type { Service } from "@mailroom/model";
import {
  checkAgainstService,
  checkCase,
  escapeProblem,
  expectationsProblem,
  type JobInput,
  type LocatedDifference,
  type ReadTestFile,
  readTestFile,
  resolveCasePath,
  type ServiceTestFile,
  type TestCase,
  testedServiceFiles,
  updatedExpectations,
} from "@mailroom/runtime";
import { type Diagnostic, diagnostic } from "@mailroom/syntax";
import type { ConfigResolver } from "../config.js";
import { checkSource } from "../lint.js";
import { displayPath, type FileReport } from "../report.js";
import { writeBack } from "./write-back.js";

export interface CaseResult {
  readonly name: string;
  /** passed; failed (differences); broken (a file of the case cannot be used: `problems`); updated (--update). */
  readonly status: "passed" | "failed" | "broken" | "updated";
  readonly differences: readonly LocatedDifference[];
  readonly problems: readonly Diagnostic[];
}

/** One test file run: its text (positions are resolved in it), what stops it whole, and its cases. */
export interface FileResult {
  readonly file: string;
  readonly text: string;
  /** The service tested, as found (relative to the working directory). */
  readonly service?: string;
  /** Problems of the test file as a whole (its YAML, its shape, its service): no case ran. */
  readonly problems: readonly Diagnostic[];
  /** The service's own report, when it has errors. */
  readonly serviceReport?: FileReport;
  readonly cases: readonly CaseResult[];
  /** Whether --update rewrote the file. */
  readonly written: boolean;
}

export interface RunOptions {
  readonly update: boolean;
  /** Run only the cases of these names. */
  readonly cases: readonly string[];
}

const nowhere = { offset: 0, length: 0 };

/** Reads, checks and runs one test file; with `update`, writes the outcome of its cases into it. */
export async function runTestFile(file: string, options: RunOptions, resolver: ConfigResolver): Promise<FileResult> {
  const base = { file, text: "", problems: [] as Diagnostic[], cases: [], written: false };
  const source = await readSource(file);
  if (!source.ok) {
    const { unreadDiagnostic } = await import("@mailroom/checker");
    return { ...base, text: source.text, problems: [unreadDiagnostic(source)] };
  }
  const text = source.text;
  const read = readTestFile(file, text);
  if (!read.value) return { ...base, text, problems: read.diagnostics };
  const test = read.value;

  const loaded = await loadService(file, test, read, resolver);
  if ("problems" in loaded) return { ...base, text, ...loaded };
  const { service, servicePath } = loaded;
  const mismatches = checkAgainstService(test, service, read.locate);
  if (mismatches.length > 0) return { ...base, text, service: servicePath, problems: mismatches };

  const cases: CaseResult[] = [];
  const updates: { index: number; expect: NonNullable<TestCase["expect"]> }[] = [];
  for (const [index, testCase] of test.cases.entries()) {
    if (options.cases.length > 0 && !options.cases.includes(testCase.name)) continue;
    const unexpected = options.update ? undefined : expectationsProblem(testCase, index, read.locate);
    if (unexpected) {
      cases.push({ name: testCase.name, status: "broken", differences: [], problems: [unexpected] });
      continue;
    }
    const result = await checkCase(file, testCase, index, service, loaded.areaUnit, read.locate);
    if (!result.ok) {
      cases.push({ name: testCase.name, status: "broken", differences: [], problems: result.problems });
      continue;
    }
    const { differences } = result;
    const updating = options.update && (differences.length > 0 || testCase.expect === undefined);
    if (updating) updates.push({ index, expect: updatedExpectations(testCase, result.outcome, result.testPath) });
    const status = updating ? "updated" : differences.length > 0 ? "failed" : "passed";
    cases.push({ name: testCase.name, status, differences, problems: [] });
  }
  let written = false;
  if (updates.length > 0 && read.root) {
    const next = writeBack(text, read.root, updates);
    if (next !== text) {
      const { writeAtomic } = await import("../files.js");
      await writeAtomic(file, source.bom ? `\uFEFF${next}` : next);
      written = true;
    }
  }
  return { ...base, text, service: servicePath, cases, written };
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

type Loaded =
  | { service: Service; servicePath: string; areaUnit: JobInput["areaUnit"] }
  | { problems: Diagnostic[]; service?: string; serviceReport?: FileReport };

/**
 * The service a test file tests: `service` when given, else the file's name without `.test` (YAML, then JSON);
 * linted as `mailroom lint` does, with its configuration: a service with errors is not run.
 */
async function loadService(
  file: string,
  test: ServiceTestFile,
  read: ReadTestFile,
  resolver: ConfigResolver,
): Promise<Loaded> {
  const at = test.service === undefined ? nowhere : read.locate(["service"]).span;
  const [first, second] = testedServiceFiles(file, test.service);
  let servicePath = first as string;
  if (test.service !== undefined) {
    const resolved = await resolveCasePath(dirname(file), test.service);
    if (!resolved.ok) return { problems: [escapeProblem(test.service, resolved, at)] };
  } else if (second !== undefined && !(await exists(first as string)) && (await exists(second))) {
    servicePath = second;
  }
  const shown = displayPath(servicePath);
  const source = await readSource(servicePath);
  if (!source.ok) {
    return { problems: [diagnostic("broken-service", "missing", { file: shown, reason: source.message }, at)] };
  }
  const settings = await resolver.settingsFor(servicePath);
  const checked = checkSource(servicePath, source, { rules: settings.rules });
  if (checked.diagnostics.some((d) => d.severity === "error")) {
    const problem = diagnostic("broken-service", "errors", { file: shown }, at);
    return { problems: [problem], service: shown, serviceReport: checked };
  }
  const services = checked.document?.services ?? [];
  const [only] = services;
  if (services.length !== 1 || !only) {
    return { problems: [diagnostic("broken-service", "count", { count: services.length, file: shown }, at)] };
  }
  return { service: only.json as Service, servicePath: shown, areaUnit: settings.areaUnit ?? "pt" };
}
