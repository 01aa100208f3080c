import { posix } from "node:path";
import type { PathSegment } from "@mailroom/syntax";
import type { JobDocument } from "../job.js";
import type { DocumentOutcome, JobOutcome, MetadataResult, UnmatchedEntry, Violation } from "../outcome.js";
import { describeDocument, referenceOf } from "../simulate/words.js";
import type { Expectations, TestCase } from "./schema.js";

/**
 * One expectation the outcome does not meet: where the test file writes it, what it is about, and both sides in
 * words, as a diff shows them: `PAYSLIPS#1 (a.pdf, pages 1-1) metadata employeeId`, `"AB12345"`, `"AB1234"`.
 */
export interface Difference {
  /** The JSON path, in the test file, of the expectation (or of the list that lacks something). */
  readonly path: readonly PathSegment[];
  /** What differs: the document, metadata, attachment, list. */
  readonly subject: string;
  /** What the test file expects there, in words (JSON for values). */
  readonly expected: string;
  /** What the job gave, in words. */
  readonly actual: string;
}

/** A difference in one sentence: `<subject>: expected <expected>, got <actual>`. */
export const differenceMessage = (d: Difference): string => `${d.subject}: expected ${d.expected}, got ${d.actual}`;

/** How the outcome's paths (as given to the simulation) read in the test file, relative to it. */
export type TestPath = (given: string) => string;

type ExpectedDocument = NonNullable<Expectations["documents"]>[string][number];
/** The fields of an expected document compared whole (metadata are compared one by one). */
export type DocumentField = Exclude<keyof ExpectedDocument, "metadata">;
type ExpectedViolation = NonNullable<Expectations["violations"]>[number];

/** A metadata's value as a test file writes it: its text, or null when it has none. */
export const valueText = (result: MetadataResult | undefined): string | null =>
  result !== undefined && "value" in result ? result.value : null;

/** The MAIN documents an attachment goes to, as `BOX#n`, sorted (the order of a reconcile's pairs means nothing). */
export const attachedOf = (document: DocumentOutcome): string[] =>
  (document.attachedTo ?? []).map(referenceOf).sort(byReference);

const byReference = (a: string, b: string) => {
  const [boxA = "", nA = "0"] = a.split("#");
  const [boxB = "", nB = "0"] = b.split("#");
  return boxA === boxB ? Number(nA) - Number(nB) : boxA < boxB ? -1 : 1;
};

/** Two relative paths that name the same file (`./a.pdf` and `a.pdf`). */
export const samePath = (a: string, b: string): boolean => posix.normalize(a) === posix.normalize(b);

/** A document named for a reader, its file as the test file writes it: `PAYSLIPS#2 (samples/batch.pdf, pages 3-4)`. */
const nameOf = (document: JobDocument, testPath: TestPath): string =>
  describeDocument({ ...document, file: testPath(document.file) });

/** Whether the field of an expected document holds for the document. */
export function fieldHolds(
  field: DocumentField,
  expected: ExpectedDocument,
  document: DocumentOutcome,
  testPath: TestPath,
): boolean {
  const actual = document.document;
  switch (field) {
    case "file":
      return expected.file === undefined || samePath(expected.file, testPath(actual.file));
    case "archiveEntry":
      return expected.archiveEntry === undefined || expected.archiveEntry === actual.archiveEntry;
    case "pages":
      return (
        expected.pages === undefined ||
        (expected.pages[0] === actual.pages?.[0] && expected.pages[1] === actual.pages?.[1])
      );
    case "attachedTo":
      return (
        expected.attachedTo === undefined || same([...expected.attachedTo].sort(byReference), attachedOf(document))
      );
  }
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether an expected violation describes a violation of the job. */
export function violationMatches(expected: ExpectedViolation, violation: Violation, testPath: TestPath): boolean {
  return (
    expected.code === violation.code &&
    expected.box === violation.box &&
    (expected.file === undefined ||
      (violation.file !== undefined && samePath(expected.file, testPath(violation.file)))) &&
    (expected.message === undefined || violation.message.includes(expected.message))
  );
}

/** Pairs each expected item with an actual one it matches, first come first served; returns what stays unpaired. */
export function pairUp<E, A>(
  expected: readonly E[],
  actual: readonly A[],
  matches: (e: E, a: A) => boolean,
): { missing: number[]; extra: A[] } {
  const left = [...actual];
  const missing: number[] = [];
  expected.forEach((item, i) => {
    const at = left.findIndex((candidate) => matches(item, candidate));
    if (at < 0) missing.push(i);
    else left.splice(at, 1);
  });
  return { missing, extra: left };
}

/** Whether an expected unmatched entry is an entry of the outcome. */
export const unmatchedMatches = (testPath: TestPath) => (e: UnmatchedEntry, a: UnmatchedEntry) =>
  samePath(e.archive, testPath(a.archive)) && e.entry === a.entry;

const show = (value: unknown) => JSON.stringify(value);

/**
 * Compares what a case expects with the outcome of its job. Only what the case gives is checked: the documents
 * of the boxes it names (their count, then each field given), the metadata it names, attachments, unmatched
 * archive entries and violations (each list whole, in any order). Each difference is located at the expectation
 * it contradicts, under `at` (the case's path in the test file).
 */
export function compareCase(
  testCase: TestCase,
  outcome: JobOutcome,
  testPath: TestPath,
  at: readonly PathSegment[] = [],
): Difference[] {
  const expect = testCase.expect;
  if (!expect) return [];
  const base = [...at, "expect"];
  const differences: Difference[] = [];
  for (const [box, expected] of Object.entries(expect.documents ?? {})) {
    differences.push(...compareBox(box, expected, outcome, testPath, [...base, "documents", box]));
  }
  if (expect.unmatched) {
    const { missing, extra } = pairUp(expect.unmatched, outcome.unmatched, unmatchedMatches(testPath));
    for (const i of missing) {
      const { archive, entry } = expect.unmatched[i] as UnmatchedEntry;
      differences.push({
        path: [...base, "unmatched", i],
        subject: `unmatched entry "${entry}" of "${archive}"`,
        expected: "no file matcher to take it",
        actual: "a matcher took it, or the archive has no such entry",
      });
    }
    for (const { archive, entry } of extra) {
      differences.push({
        path: [...base, "unmatched"],
        subject: `unmatched entry "${entry}" of "${testPath(archive)}"`,
        expected: "a file matcher to take it (it is not listed)",
        actual: "no file matcher took it",
      });
    }
  }
  if (expect.violations) {
    const { missing, extra } = pairUp(expect.violations, outcome.violations, (e, v) =>
      violationMatches(e, v, testPath),
    );
    for (const i of missing) {
      const violation = expect.violations[i] as ExpectedViolation;
      const like = outcome.violations.filter((v) => v.code === violation.code && v.box === violation.box);
      differences.push({
        path: [...base, "violations", i],
        subject: `violation ${violation.code} on box ${violation.box}`,
        expected: describeExpectedViolation(violation),
        actual: like.length === 0 ? "no such violation" : like.map((v) => describeViolation(v, testPath)).join("; "),
      });
    }
    for (const violation of extra) {
      differences.push({
        path: [...base, "violations"],
        subject: `violation ${violation.code} on box ${violation.box}`,
        expected: "no such violation (it is not listed)",
        actual: describeViolation(violation, testPath),
      });
    }
  }
  return differences;
}

const describeExpectedViolation = (v: ExpectedViolation) =>
  `${v.code} on box ${v.box}${v.file === undefined ? "" : ` for "${v.file}"`}${v.message === undefined ? "" : ` saying ${show(v.message)}`}`;

const describeViolation = (v: Violation, testPath: TestPath) =>
  `${v.code} on box ${v.box}${v.file === undefined ? "" : ` for "${testPath(v.file)}"`}: ${show(v.message)}`;

/** A violation as a test file writes it; its message only when asked (it is long, and a substring is enough). */
export function violationAsExpected(violation: Violation, testPath: TestPath, message: boolean): ExpectedViolation {
  return {
    code: violation.code,
    box: violation.box,
    ...(violation.file !== undefined && { file: testPath(violation.file) }),
    ...(message && { message: violation.message }),
  };
}

function compareBox(
  box: string,
  expected: readonly ExpectedDocument[],
  outcome: JobOutcome,
  testPath: TestPath,
  path: readonly PathSegment[],
): Difference[] {
  const actual = outcome.documents.filter((d) => d.document.box === box);
  if (actual.length !== expected.length) {
    const listed = actual.slice(0, 10).map((d) => nameOf(d.document, testPath));
    const more = actual.length > 10 ? `, and ${actual.length - 10} more` : "";
    return [
      {
        path,
        subject: `box ${box}`,
        expected: count(expected.length),
        actual: actual.length === 0 ? "none" : `${count(actual.length)}: ${listed.join(", ")}${more}`,
      },
    ];
  }
  return expected.flatMap((document, i) =>
    compareDocument(document, actual[i] as DocumentOutcome, testPath, [...path, i]),
  );
}

const count = (n: number) => `${n} document${n === 1 ? "" : "s"}`;

function compareDocument(
  expected: ExpectedDocument,
  actual: DocumentOutcome,
  testPath: TestPath,
  path: readonly PathSegment[],
): Difference[] {
  const name = nameOf(actual.document, testPath);
  const document = actual.document;
  const differences: Difference[] = [];
  const differ = (field: DocumentField, expectedValue: unknown, actualValue: unknown) => {
    if (fieldHolds(field, expected, actual, testPath)) return;
    differences.push({
      path: [...path, field],
      subject: `${name} ${field}`,
      expected: show(expectedValue),
      actual: actualValue === undefined ? "none" : show(actualValue),
    });
  };
  differ("file", expected.file, testPath(document.file));
  differ("archiveEntry", expected.archiveEntry, document.archiveEntry);
  differ("pages", expected.pages, document.pages);
  for (const [metadata, value] of Object.entries(expected.metadata ?? {})) {
    const result = actual.metadata.get(metadata);
    if (value === valueText(result)) continue;
    differences.push({
      path: [...path, "metadata", metadata],
      subject: `${name} metadata ${metadata}`,
      expected: value === null ? "no value" : show(value),
      actual:
        result === undefined
          ? "no such metadata"
          : "value" in result
            ? show(result.value)
            : `no value (${result.problem})`,
    });
  }
  differ("attachedTo", expected.attachedTo, attachedOf(actual));
  return differences;
}
