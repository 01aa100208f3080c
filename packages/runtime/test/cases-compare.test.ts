import {
  compareCase,
  type DocumentOutcome,
  differenceMessage,
  type JobDocument,
  type JobOutcome,
  TestCase,
  updatedExpectations,
} from "@mailroom/runtime";
import { describe, expect, it } from "vitest";

/** The simulation is given paths under the test's folder; the test file writes them relative to it. */
const testPath = (given: string) => given.replace(/^tests\//, "");

const document = (box: string, position: number, file: string, pages?: [number, number]): JobDocument => ({
  box,
  file: `tests/${file}`,
  name: file,
  position,
  ...(pages && { pages }),
});

const payslip1 = document("PAYSLIPS", 1, "batch.pdf", [1, 1]);
const payslip2 = document("PAYSLIPS", 2, "batch.pdf", [2, 3]);
const outcome: JobOutcome = {
  documents: [
    { document: payslip1, metadata: new Map([["employeeId", { value: "AB1234" }]]) },
    {
      document: payslip2,
      metadata: new Map([["employeeId", { problem: "no text in the area", path: [] }]]),
    },
    {
      document: document("ATTESTATIONS", 1, "attest.pdf", [1, 1]),
      metadata: new Map(),
      attachedTo: [payslip2],
    },
  ] satisfies DocumentOutcome[],
  unmatched: [{ archive: "tests/annexes.zip", entry: "README.txt" }],
  violations: [{ code: "unattached", box: "ATTESTATIONS", file: "tests/attest.pdf", message: "goes to no document" }],
};

const caseOf = (expect: unknown) =>
  TestCase.parse({ name: "c", files: { PAYSLIPS: "batch.pdf" }, ...(expect === undefined ? {} : { expect }) });

const differences = (expect: unknown) =>
  compareCase(caseOf(expect), outcome, testPath, ["cases", 0]).map((d) => ({
    at: d.path.join("."),
    message: differenceMessage(d),
  }));

describe("compareCase", () => {
  it("passes what holds, checking only what is given", () => {
    expect(
      differences({
        documents: {
          PAYSLIPS: [
            { pages: [1, 1], metadata: { employeeId: "AB1234" } },
            { file: "./batch.pdf", metadata: { employeeId: null } },
          ],
          ATTESTATIONS: [{ attachedTo: ["PAYSLIPS#2"] }],
        },
        unmatched: [{ archive: "annexes.zip", entry: "README.txt" }],
        violations: [{ code: "unattached", box: "ATTESTATIONS", message: "no document" }],
      }),
    ).toEqual([]);
    expect(differences(undefined)).toEqual([]);
    expect(differences({})).toEqual([]);
  });

  it("names the document and metadata that differ, at the expectation", () => {
    expect(
      differences({
        documents: {
          PAYSLIPS: [{ metadata: { employeeId: "AB12345" } }, { pages: [2, 4], metadata: { employeeId: "X" } }],
        },
      }),
    ).toEqual([
      {
        at: "cases.0.expect.documents.PAYSLIPS.0.metadata.employeeId",
        message: 'PAYSLIPS#1 (batch.pdf, pages 1-1) metadata employeeId: expected "AB12345", got "AB1234"',
      },
      {
        at: "cases.0.expect.documents.PAYSLIPS.1.pages",
        message: "PAYSLIPS#2 (batch.pdf, pages 2-3) pages: expected [2,4], got [2,3]",
      },
      {
        at: "cases.0.expect.documents.PAYSLIPS.1.metadata.employeeId",
        message:
          'PAYSLIPS#2 (batch.pdf, pages 2-3) metadata employeeId: expected "X", got no value (no text in the area)',
      },
    ]);
  });

  it("reports a wrong count of documents once, listing those the job gave", () => {
    expect(differences({ documents: { PAYSLIPS: [{}], ATTESTATIONS: [] } })).toEqual([
      {
        at: "cases.0.expect.documents.PAYSLIPS",
        message:
          "box PAYSLIPS: expected 1 document, got 2 documents: PAYSLIPS#1 (batch.pdf, pages 1-1), PAYSLIPS#2 (batch.pdf, pages 2-3)",
      },
      {
        at: "cases.0.expect.documents.ATTESTATIONS",
        message: "box ATTESTATIONS: expected 0 documents, got 1 document: ATTESTATIONS#1 (attest.pdf, pages 1-1)",
      },
    ]);
  });

  it("names the attachment that goes elsewhere", () => {
    expect(differences({ documents: { ATTESTATIONS: [{ attachedTo: ["PAYSLIPS#1"] }] } })).toEqual([
      {
        at: "cases.0.expect.documents.ATTESTATIONS.0.attachedTo",
        message: 'ATTESTATIONS#1 (attest.pdf, pages 1-1) attachedTo: expected ["PAYSLIPS#1"], got ["PAYSLIPS#2"]',
      },
    ]);
  });

  it("reports violations missing and violations not expected", () => {
    expect(differences({ violations: [{ code: "element-count", box: "PAYSLIPS" }] })).toEqual([
      {
        at: "cases.0.expect.violations.0",
        message:
          "violation element-count on box PAYSLIPS: expected element-count on box PAYSLIPS, got no such violation",
      },
      {
        at: "cases.0.expect.violations",
        message:
          'violation unattached on box ATTESTATIONS: expected no such violation (it is not listed), got unattached on box ATTESTATIONS for "attest.pdf": "goes to no document"',
      },
    ]);
    expect(differences({ unmatched: [] })).toEqual([
      {
        at: "cases.0.expect.unmatched",
        message:
          'unmatched entry "README.txt" of "annexes.zip": expected a file matcher to take it (it is not listed), got no file matcher took it',
      },
    ]);
  });
});

describe("updatedExpectations", () => {
  const update = (expectations: unknown) => {
    const testCase = caseOf(expectations);
    const updated = updatedExpectations(testCase, outcome, testPath);
    // The result always passes, and updating again changes nothing.
    const again = { ...testCase, expect: updated };
    expect(compareCase(again, outcome, testPath)).toEqual([]);
    expect(updatedExpectations(again, outcome, testPath)).toEqual(updated);
    return updated;
  };

  it("gives a case without expectations the whole outcome", () => {
    expect(update(undefined)).toEqual({
      documents: {
        PAYSLIPS: [
          { pages: [1, 1], metadata: { employeeId: "AB1234" } },
          { pages: [2, 3], metadata: { employeeId: null } },
        ],
        ATTESTATIONS: [{ pages: [1, 1], attachedTo: ["PAYSLIPS#2"] }],
      },
      unmatched: [{ archive: "annexes.zip", entry: "README.txt" }],
      violations: [{ code: "unattached", box: "ATTESTATIONS", file: "attest.pdf" }],
    });
  });

  it("keeps the subset a case chose, and what holds as written", () => {
    const expectations = {
      documents: { PAYSLIPS: [{ file: "./batch.pdf", metadata: { employeeId: "AB12345" } }] },
      violations: [{ code: "unattached", box: "ATTESTATIONS", message: "no document" }],
    };
    expect(update(expectations)).toEqual({
      documents: {
        PAYSLIPS: [
          { file: "./batch.pdf", metadata: { employeeId: "AB1234" } },
          { file: "batch.pdf", metadata: { employeeId: null } },
        ],
      },
      violations: [{ code: "unattached", box: "ATTESTATIONS", message: "no document" }],
    });
    const passing = { documents: { ATTESTATIONS: [{ attachedTo: ["PAYSLIPS#2"] }] } };
    expect(update(passing)).toEqual(passing);
  });

  it("rewrites a list that does not hold, with messages when the case wrote some", () => {
    expect(update({ violations: [{ code: "element-count", box: "PAYSLIPS", message: "x" }], unmatched: [] })).toEqual({
      violations: [{ code: "unattached", box: "ATTESTATIONS", file: "attest.pdf", message: "goes to no document" }],
      unmatched: [{ archive: "annexes.zip", entry: "README.txt" }],
    });
  });
});
