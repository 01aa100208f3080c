/*
 * The worked example of a page: the first case of the service's test file (`<name>.service.test.yaml`), run by
 * the job simulation as `mailroom test` runs it, and shown as the simulation gives it: the files given, the
 * documents of each box with their pages and metadata values, the attachments, the archive entries no box takes
 * and the violations. What the case expects is not shown: `mailroom test` is what says whether it holds.
 */

import { dirname, join } from "node:path";
import type { Service } from "@mailroom/model";
import {
  type AreaUnit,
  caseFiles,
  type JobOutcome,
  readTestFile,
  referenceOf,
  runCase,
  type TestPath,
} from "@mailroom/runtime";
import type { ExampleDocumentDocs, WorkedExampleDocs } from "./model.js";

/** A service's test file, as the command line hands it over. */
export interface TestFileText {
  /** The path as shown to the user; the case's files are read relative to it. */
  readonly file: string;
  readonly text: string;
}

/**
 * The worked example of a service from the first case of its test file; null when the test file has problems
 * (`mailroom test` reports them). `areaUnit` is the configuration's, for a case that does not give its own.
 */
export async function workedExample(
  service: Service,
  test: TestFileText,
  areaUnit: AreaUnit = "pt",
): Promise<WorkedExampleDocs | null> {
  const read = readTestFile(test.file, test.text);
  const first = read.value?.cases[0];
  if (first === undefined) return null;
  const given = {
    testFile: test.file.replaceAll("\\", "/"),
    case: first.name,
    files: caseFiles(first).map(({ box, path }) => ({ box, path })),
    organizationalUnit: first.ou ?? null,
    now: first.now ?? null,
    nuid: first.nuid ?? null,
    requirements: Object.entries(first.requirements ?? {}).map(([name, value]) => ({ name, value })),
  };
  const run = await runCase(test.file, first, 0, service, areaUnit, read.locate);
  if (!run.ok) return { ...given, ...failed(run.problems.map((p) => p.message).join(" ")) };
  return { ...given, ...outcomeDocs(run.outcome, run.testPath, dirname(test.file)) };
}

/** What the simulation gave, or why it could not run. */
type Simulated = Pick<WorkedExampleDocs, "problem" | "documents" | "unmatched" | "violations">;

const failed = (problem: string): Simulated => ({ problem, documents: [], unmatched: [], violations: [] });

/** What the simulation puts before the paths the case wrote: the test file's folder. */
const prefixOf = (folder: string): string => join(folder, "x").slice(0, -1);

/** The outcome in the docs model: every document named `BOX#n`, as test files name them. */
function outcomeDocs(outcome: JobOutcome, testPath: TestPath, folder: string): Simulated {
  const written = (path: string) => testPath(path).replaceAll("\\", "/");
  const documents: ExampleDocumentDocs[] = outcome.documents.map(({ document, metadata, attachedTo }) => ({
    reference: referenceOf(document),
    box: document.box,
    file: written(document.file),
    archiveEntry: document.archiveEntry ?? null,
    pages: document.pages === undefined ? null : [document.pages[0], document.pages[1]],
    metadata: [...metadata].map(([name, result]) => ({
      name,
      value: "value" in result ? result.value : null,
      problem: "value" in result ? null : result.problem,
    })),
    attachedTo: attachedTo === undefined ? null : attachedTo.map(referenceOf),
  }));
  return {
    problem: null,
    documents,
    unmatched: outcome.unmatched.map((u) => ({ archive: written(u.archive), entry: u.entry })),
    violations: outcome.violations.map((v) => ({
      code: v.code,
      box: v.box,
      file: v.file === undefined ? null : written(v.file),
      // Messages name files as the simulation was given them: as the case wrote them, here too.
      message: v.message.replaceAll(prefixOf(folder), ""),
    })),
  };
}
