import type { Service } from "@mailroom/model";
import { checkAgainstService, readTestFile } from "@mailroom/runtime";
import { LineIndex } from "@mailroom/syntax";
import { describe, expect, it } from "vitest";

/** Each diagnostic as `line:column code message`, to read what was found and where. */
function found(text: string, diagnostics: readonly { code: string; message: string; span: { offset: number } }[]) {
  const lines = new LineIndex(text);
  return diagnostics.map((d) => {
    const { line, column } = lines.position(d.span.offset);
    return `${line}:${column} ${d.code} ${d.message}`;
  });
}

const service = {
  name: "payslips",
  properties: {
    boxes: [
      { "@type": "box.PDF", name: "PAYSLIPS", main: true, metadatas: [{ name: "employeeId" }, { name: "period" }] },
      { "@type": "box.PDF", name: "ATTESTATIONS", main: false, metadatas: [] },
      { "@type": "box.ARCHIVE", name: "BUNDLE" },
    ],
  },
} as unknown as Service;

describe("readTestFile", () => {
  it("reads a valid file into its value, with a locator", () => {
    const text = "cases:\n  - name: one\n    files: { PAYSLIPS: a.pdf }\n    expect:\n      violations: []\n";
    const read = readTestFile("x.service.test.yaml", text);
    expect(read.diagnostics).toEqual([]);
    expect(read.value?.cases[0]?.files).toEqual({ PAYSLIPS: "a.pdf" });
    const location = read.locate(["cases", 0, "expect", "violations"]);
    expect(text.slice(location.span.offset, location.span.offset + location.span.length)).toBe("[]");
  });

  it("reports YAML errors located, and no value", () => {
    const text = "cases:\n  - name: one\n    files: [unclosed\n";
    const read = readTestFile("x.service.test.yaml", text);
    expect(read.value).toBeUndefined();
    expect(read.diagnostics.length).toBeGreaterThan(0);
    expect(read.diagnostics.every((d) => d.severity === "error")).toBe(true);
    expect(found(text, read.diagnostics)[0]).toMatch(/^\d+:\d+ syntax-error /);
  });

  it("reports schema errors at the key or value, naming the file", () => {
    const text = [
      "cases:",
      "  - name: one",
      "    files: { PAYSLIPS: a.pdf }",
      "    expext: {}",
      "  - name: two",
      "    files: { PAYSLIPS: a.pdf }",
      "    expect:",
      "      documents:",
      "        ATTESTATIONS:",
      "          - attachedTo: [PAYSLIPS-1]",
      "            pages: [0, 1]",
      "",
    ].join("\n");
    const read = readTestFile("x.service.test.yaml", text);
    expect(read.value).toBeUndefined();
    const lines = found(text, read.diagnostics);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^4:5 misspelt-key .*"expext"/);
    expect(lines[1]).toMatch(/^10:26 invalid-value .*PAYSLIPS-1.*expected a document as BOX#n/);
    expect(lines[2]).toMatch(/^11:21 /);
  });

  it("reports a case name given twice, at the second, the first related", () => {
    const text = "cases:\n  - name: one\n    files: {}\n  - name: one\n    files: {}\n";
    const read = readTestFile("x.service.test.yaml", text);
    expect(found(text, read.diagnostics)).toEqual([
      `4:11 duplicate-case Found a second case named "one"; expected each case's name once in its file.`,
    ]);
    expect(read.diagnostics[0]?.related?.[0]?.span.offset).toBe(text.indexOf("one"));
  });
});

describe("checkAgainstService", () => {
  const check = (text: string) => {
    const read = readTestFile("x.service.test.yaml", text);
    expect(read.diagnostics).toEqual([]);
    // biome-ignore lint/style/noNonNullAssertion: no diagnostics, so a value.
    return found(text, checkAgainstService(read.value!, service, read.locate));
  };

  it("accepts the boxes and metadata the service has", () => {
    const text = [
      "cases:",
      "  - name: one",
      "    files: { PAYSLIPS: a.pdf, BUNDLE: b.zip }",
      "    expect:",
      "      documents:",
      "        PAYSLIPS: [{ metadata: { employeeId: A1, period: null } }]",
      "        ATTESTATIONS: [{ attachedTo: [PAYSLIPS#1] }]",
      "      violations: [{ code: unattached, box: ATTESTATIONS }]",
      "",
    ].join("\n");
    expect(check(text)).toEqual([]);
  });

  it("names unknown boxes and metadata where they are written, with the nearest name", () => {
    const text = [
      "cases:",
      "  - name: one",
      "    files: { PAYSLIP: a.pdf, NOWHERE: c.pdf }",
      "    expect:",
      "      documents:",
      "        PAYSLIPS: [{ metadata: { employeId: A1 } }]",
      "        ATTESTATIONS: [{ metadata: { x: y }, attachedTo: [ATTESTATIONS#1, PAYSLIP#2] }]",
      "        BUNDLE: []",
      "      violations: [{ code: unattached, box: ATTESTATION }]",
      "",
    ].join("\n");
    expect(check(text)).toEqual([
      '3:14 unknown-box Found box "PAYSLIP", which the service "payslips" does not have; expected one of its boxes. Did you mean "PAYSLIPS"?',
      '3:30 unknown-box Found box "NOWHERE", which the service "payslips" does not have; expected one of "PAYSLIPS", "ATTESTATIONS" or "BUNDLE".',
      '6:34 unknown-metadata Found metadata "employeId", which box PAYSLIPS does not define; expected one of its metadata. Did you mean "employeeId"?',
      '7:38 unknown-metadata Found metadata "x", but box ATTESTATIONS defines no metadata; expected none under "metadata".',
      '7:59 unknown-box Found box "ATTESTATIONS" in a document reference, which is not a MAIN box; expected a MAIN box ("PAYSLIPS"), since attachments go to MAIN documents.',
      '7:75 unknown-box Found box "PAYSLIP", which the service "payslips" does not have; expected one of its boxes. Did you mean "PAYSLIPS"?',
      '8:9 unknown-box Found archive box "BUNDLE" under "documents"; expected a box that holds documents: an archive\'s files go to the boxes whose parent it is.',
      '9:45 unknown-box Found box "ATTESTATION", which the service "payslips" does not have; expected one of its boxes. Did you mean "ATTESTATIONS"?',
    ]);
  });
});
