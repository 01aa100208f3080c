import type { DocumentOutcome, JobOutcome } from "../outcome.js";
import {
  attachedOf,
  compareCase,
  type DocumentField,
  fieldHolds,
  pairUp,
  type TestPath,
  unmatchedMatches,
  valueText,
  violationAsExpected,
  violationMatches,
} from "./compare.js";
import type { Expectations, TestCase } from "./schema.js";

type ExpectedDocument = NonNullable<Expectations["documents"]>[string][number];

/**
 * The expectations of a case rewritten to what its job gave (`mailroom test --update`), keeping the subset the
 * case chose: a case without `expect` gets the whole outcome; otherwise each box, field, metadata and list it
 * gives is kept where it holds and replaced by the job's where it does not, so that a passing case comes back
 * unchanged and the result always passes.
 */
export function updatedExpectations(testCase: TestCase, outcome: JobOutcome, testPath: TestPath): Expectations {
  const expect = testCase.expect;
  if (!expect) return wholeOutcome(outcome, testPath);
  if (compareCase(testCase, outcome, testPath).length === 0) return expect;
  const updated: Expectations = {};
  for (const key of Object.keys(expect) as (keyof Expectations)[]) {
    if (key === "documents" && expect.documents) {
      updated.documents = Object.fromEntries(
        Object.entries(expect.documents).map(([box, documents]) => [
          box,
          updatedBox(documents, boxOf(outcome, box), testPath),
        ]),
      );
    }
    if (key === "unmatched" && expect.unmatched) {
      const { missing, extra } = pairUp(expect.unmatched, outcome.unmatched, unmatchedMatches(testPath));
      updated.unmatched =
        missing.length === 0 && extra.length === 0
          ? expect.unmatched
          : outcome.unmatched.map((u) => ({ archive: testPath(u.archive), entry: u.entry }));
    }
    if (key === "violations" && expect.violations) {
      const { missing, extra } = pairUp(expect.violations, outcome.violations, (e, v) =>
        violationMatches(e, v, testPath),
      );
      const withMessages = expect.violations.some((v) => v.message !== undefined);
      updated.violations =
        missing.length === 0 && extra.length === 0
          ? expect.violations
          : outcome.violations.map((v) => violationAsExpected(v, testPath, withMessages));
    }
  }
  return updated;
}

const boxOf = (outcome: JobOutcome, box: string) => outcome.documents.filter((d) => d.document.box === box);

/**
 * A box's documents: each written with the fields of the expected document at its place (the last one's for a
 * document beyond them, every field for a box expected empty), each field kept where it holds.
 */
function updatedBox(
  expected: readonly ExpectedDocument[],
  actual: readonly DocumentOutcome[],
  testPath: TestPath,
): ExpectedDocument[] {
  const manyFiles = new Set(actual.map((d) => d.document.file)).size > 1;
  return actual.map((document, i) => {
    const template = expected[i] ?? expected.at(-1);
    if (!template) return wholeDocument(document, testPath, manyFiles);
    const kept = i < expected.length;
    const written: ExpectedDocument = {};
    const holds = (field: DocumentField) => kept && fieldHolds(field, template, document, testPath);
    for (const field of Object.keys(template) as (keyof ExpectedDocument)[]) {
      if (field === "metadata") {
        written.metadata = Object.fromEntries(
          Object.entries(template.metadata ?? {}).map(([name, value]) => {
            const result = document.metadata.get(name);
            // A metadata the box does not define stays as written: checkAgainstService reports it.
            return [name, kept && (result === undefined || value === valueText(result)) ? value : valueText(result)];
          }),
        );
      } else {
        const value = holds(field) ? template[field] : actualField(field, document, testPath);
        if (value !== undefined) Object.assign(written, { [field]: value });
      }
    }
    return written;
  });
}

/** A field of a document as the job gives it (undefined: the document has no such thing). */
function actualField(
  field: Exclude<keyof ExpectedDocument, "metadata">,
  document: DocumentOutcome,
  testPath: TestPath,
) {
  const { file, archiveEntry, pages } = document.document;
  switch (field) {
    case "file":
      return testPath(file);
    case "archiveEntry":
      return archiveEntry;
    case "pages":
      return pages === undefined ? undefined : [pages[0], pages[1]];
    case "attachedTo":
      return attachedOf(document);
  }
}

/** Everything the job says of a document; its file only when its box's documents come from several. */
function wholeDocument(document: DocumentOutcome, testPath: TestPath, withFile: boolean): ExpectedDocument {
  const { file, archiveEntry, pages } = document.document;
  return {
    ...((withFile || archiveEntry !== undefined) && { file: testPath(file) }),
    ...(archiveEntry !== undefined && { archiveEntry }),
    ...(pages !== undefined && { pages: [pages[0], pages[1]] }),
    ...(document.metadata.size > 0 && {
      metadata: Object.fromEntries([...document.metadata].map(([name, result]) => [name, valueText(result)])),
    }),
    ...(document.attachedTo !== undefined && { attachedTo: attachedOf(document) }),
  };
}

/** The whole outcome as expectations: every box's documents, the unmatched entries if any, the violations. */
function wholeOutcome(outcome: JobOutcome, testPath: TestPath): Expectations {
  const boxes = [...new Set(outcome.documents.map((d) => d.document.box))];
  return {
    documents: Object.fromEntries(
      boxes.map((box) => {
        const documents = boxOf(outcome, box);
        const manyFiles = new Set(documents.map((d) => d.document.file)).size > 1;
        return [box, documents.map((d) => wholeDocument(d, testPath, manyFiles))];
      }),
    ),
    ...(outcome.unmatched.length > 0 && {
      unmatched: outcome.unmatched.map((u) => ({ archive: testPath(u.archive), entry: u.entry })),
    }),
    violations: outcome.violations.map((v) => violationAsExpected(v, testPath, false)),
  };
}
