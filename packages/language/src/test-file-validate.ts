import { dirname, relative } from "node:path";
import type { Service } from "@mailroom/model";
import {
  caseFiles,
  checkAgainstService,
  escapeProblem,
  expectationsProblem,
  type ReadTestFile,
  readTestFile,
  resolveCasePath,
} from "@mailroom/runtime";
import { type Diagnostic, diagnostic } from "@mailroom/syntax";
import type { ParsedTestFile, TestFileContext, TestFileHost } from "./test-file.js";

/** Per test-file version: what the reader made of it. */
const reads = new WeakMap<ParsedTestFile, ReadTestFile>();

function readOf(doc: ParsedTestFile): ReadTestFile {
  let read = reads.get(doc);
  if (!read) {
    read = readTestFile(doc.file, doc.text);
    reads.set(doc, read);
  }
  return read;
}

/**
 * Every problem `mailroom test` would refuse a test file for, as the editor can tell without running it: what
 * the reader reports (YAML, shape, duplicate cases), then, once the file reads, a service that cannot be found
 * or read, the box and metadata names the service does not have, sample files that are not there or lead
 * outside the test file's workspace, and cases without expectations.
 */
export async function validateTestFile(doc: ParsedTestFile, context: TestFileContext): Promise<Diagnostic[]> {
  const read = readOf(doc);
  const test = read.value;
  if (!test) return read.diagnostics;
  const unexpected = test.cases.flatMap((testCase, i) => expectationsProblem(testCase, i, read.locate) ?? []);
  const problems = [
    ...(await sampleProblems(doc, read, context.host)),
    ...serviceProblems(doc, read, context),
    ...unexpected,
  ];
  return problems.sort((a, b) => a.span.offset - b.span.offset);
}

function serviceProblems(doc: ParsedTestFile, read: ReadTestFile, context: TestFileContext): Diagnostic[] {
  const { service } = context;
  const test = read.value;
  if (!test) return [];
  const at = test.service === undefined ? { offset: 0, length: 0 } : read.locate(["service"]).span;
  const file = relative(dirname(doc.file), service.file);
  if ("problem" in service) return [diagnostic("broken-service", "missing", { file, reason: service.problem }, at)];
  const { source } = service.document;
  if (source.services.length !== 1)
    return [diagnostic("broken-service", "count", { file, count: source.services.length }, at)];
  if (source.diagnostics.some((d) => d.severity === "error"))
    return [diagnostic("broken-service", "errors", { file }, at)];
  return checkAgainstService(test, source.services[0]?.json as Service, read.locate);
}

/** The sample files (and OU) of every case, each checked on disk relative to the test file. */
async function sampleProblems(doc: ParsedTestFile, read: ReadTestFile, host: TestFileHost): Promise<Diagnostic[]> {
  const folder = dirname(doc.file);
  const problems: Diagnostic[] = [];
  for (const [c, testCase] of (read.value?.cases ?? []).entries()) {
    const paths = caseFiles(testCase).map((file) => ({ ...file, box: file.box as string | undefined }));
    if (testCase.ou !== undefined) paths.push({ box: undefined, path: testCase.ou, at: ["ou"] });
    for (const { box, path, at } of paths) {
      const span = read.locate(["cases", c, ...at]).span;
      const resolved = await resolveCasePath(folder, path, (p) => host.realPath(p));
      if (!resolved.ok) problems.push(escapeProblem(path, resolved, span));
      else if (!(await host.isFile(resolved.path))) {
        problems.push(
          box === undefined
            ? diagnostic("bad-sample", "unit", { file: path, problem: "no such file" }, span)
            : diagnostic("bad-sample", "unusable", { file: path, box, problem: "no such file" }, span),
        );
      }
    }
  }
  return problems;
}
