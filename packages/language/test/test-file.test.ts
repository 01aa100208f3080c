import { readFileSync } from "node:fs";
import { join } from "node:path";
import { testedServiceFiles } from "@mailroom/runtime";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../src/document.js";
import { type FolderEntry, parseTestFile, type TestFileContext, type TestFileHost } from "../src/test-file.js";
import { completeTestFile } from "../src/test-file-completion.js";
import { hoverTestFile } from "../src/test-file-hover.js";
import { validateTestFile } from "../src/test-file-validate.js";

/** A service with a MAIN box with metadata, an attachment box, and an archive box. */
const SERVICE = readFileSync(join(import.meta.dirname, "../../../examples/payslips.service.yaml"), "utf8");
const FOLDER = "/srv/tests";
const TEST_FILE = `${FOLDER}/payslips.service.test.yaml`;
const SERVICE_FILE = `${FOLDER}/payslips.service.yaml`;

/** A file system of a few files (paths relative to FOLDER), for the host. */
function hostOf(files: readonly string[]): TestFileHost {
  const absolute = files.map((file) => `${FOLDER}/${file}`);
  return {
    isFile: async (path) => absolute.includes(path),
    realPath: async (path) => (absolute.includes(path) || path === FOLDER ? path : undefined),
    async list(folder) {
      const entries = new Map<string, FolderEntry>();
      for (const file of absolute) {
        if (!file.startsWith(`${folder}/`)) continue;
        const [name, ...rest] = file.slice(folder.length + 1).split("/");
        entries.set(name as string, { name: name as string, folder: rest.length > 0 });
      }
      return [...entries.values()];
    },
  };
}

const SAMPLES = ["samples/payslips/PAIE.pdf", "samples/payslips/ATTEST.pdf", "samples/notes.txt", "ou.json"];

const context = (files: readonly string[] = SAMPLES): TestFileContext => ({
  service: { file: SERVICE_FILE, document: parseDocument(SERVICE_FILE, SERVICE) },
  host: hostOf(files),
});

/** The test file with the cursor at `|`. */
function at(withCursor: string) {
  const offset = withCursor.indexOf("|");
  const text = withCursor.slice(0, offset) + withCursor.slice(offset + 1);
  return { doc: parseTestFile(TEST_FILE, text, 1), offset };
}

async function labels(withCursor: string, given = context()): Promise<string[]> {
  const { doc, offset } = at(withCursor);
  return (await completeTestFile(doc, offset, given)).items.map((item) => item.label);
}

const CASE = `cases:
  - name: one payslip
    files:
      PAYSLIPS: samples/payslips/PAIE.pdf
`;

describe("completion in a test file", () => {
  it("offers the service's boxes under files, without those already given", async () => {
    const found = await labels(`${CASE}      AT|\n`);
    expect(found).toContain("ATTESTATIONS");
    expect(found).not.toContain("PAYSLIPS");
    const { doc, offset } = at(`${CASE}      AT|\n`);
    const attestations = (await completeTestFile(doc, offset, context())).items.find((i) => i.label === "ATTESTATIONS");
    expect(attestations?.insertText).toBe("ATTESTATIONS: ");
  });

  it("offers the boxes under expect.documents and the box's metadata under metadata", async () => {
    expect(await labels(`${CASE}    expect:\n      documents:\n        |\n`)).toContain("PAYSLIPS");
    const metadata = await labels(
      `${CASE}    expect:\n      documents:\n        PAYSLIPS:\n          - metadata:\n              employeeId: AB12345\n              emp|\n`,
    );
    expect(metadata).toContain("employeeName");
    expect(metadata).not.toContain("employeeId");
    expect(metadata).not.toContain("attestationEmployeeId");
    const flow = await labels(
      `${CASE}    expect:\n      documents:\n        ATTESTATIONS:\n          - metadata: { att| }\n`,
    );
    expect(flow).toEqual(["attestationEmployeeId"]);
  });

  it("offers BOX#n of the MAIN boxes under attachedTo, up to the documents the case expects", async () => {
    const text = `${CASE}    expect:\n      documents:\n        PAYSLIPS:\n          - pages: [1, 1]\n          - pages: [2, 2]\n        ATTESTATIONS:\n          - attachedTo: [|]\n`;
    expect(await labels(text)).toEqual(["PAYSLIPS#1", "PAYSLIPS#2"]);
    const { doc, offset } = at(
      `${CASE}    expect:\n      documents:\n        ATTESTATIONS:\n          - attachedTo: |\n`,
    );
    const items = (await completeTestFile(doc, offset, context())).items;
    expect(items.map((i) => i.insertText)).toEqual(["[PAYSLIPS#1]"]);
  });

  it("offers the keys of the schema at the cursor, with their descriptions", async () => {
    const { doc, offset } = at(`${CASE}    |\n`);
    const items = (await completeTestFile(doc, offset, context())).items;
    expect(items.map((i) => i.label)).toEqual(expect.arrayContaining(["expect", "now", "ou", "areaUnit"]));
    expect(items.map((i) => i.label)).not.toContain("files");
    expect(items.find((i) => i.label === "now")?.documentation).toContain("ISO-8601");
    expect(await labels(`${CASE}    expect:\n      |\n`)).toEqual(["documents", "unmatched", "violations"]);
  });

  it("offers violation codes, boxes of violations and area units", async () => {
    const violations = `${CASE}    expect:\n      violations:\n        - code: |\n`;
    expect(await labels(violations)).toEqual(expect.arrayContaining(["unattached", "element-count"]));
    const box = `${CASE}    expect:\n      violations:\n        - code: unattached\n          box: |\n`;
    expect(await labels(box)).toEqual(["PAYSLIPS", "ATTESTATIONS"]);
    expect(await labels(`${CASE}    areaUnit: |\n`)).toEqual(["pt", "mm"]);
  });

  it("offers the files beside the test file where a path goes: folders, then the files the place takes", async () => {
    const files = `cases:\n  - name: x\n    files:\n      PAYSLIPS: |\n`;
    expect(await labels(files)).toEqual(["samples"]);
    const deeper = `cases:\n  - name: x\n    files:\n      PAYSLIPS: samples/payslips/P|\n`;
    const { doc, offset } = at(deeper);
    const list = await completeTestFile(doc, offset, context());
    expect(list.incomplete).toBe(true);
    expect(list.items.map((i) => i.label)).toEqual(["ATTEST.pdf", "PAIE.pdf"]);
    // The item replaces the segment being typed, not the folders before it.
    expect(list.items[0]?.span).toEqual({ offset: offset - 1, length: 1 });
    expect(await labels(`cases:\n  - name: x\n    files: {}\n    ou: |\n`)).toEqual(["samples", "ou.json"]);
    expect(await labels(`cases:\n  - name: x\n    files:\n      PAYSLIPS: ../|\n`)).toEqual([]);
  });

  it("offers no service names when the service cannot be found, but still the schema's keys", async () => {
    const missing: TestFileContext = { service: { file: SERVICE_FILE, problem: "no such file" }, host: hostOf([]) };
    expect(await labels(`${CASE}      AT|\n`, missing)).toEqual([]);
    expect(await labels(`${CASE}    are|\n`, missing)).toContain("areaUnit");
  });
});

describe("hover in a test file", () => {
  it("shows the schema's description of a key", () => {
    const { doc, offset } = at(`${CASE}    are|aUnit: mm\n`);
    expect(hoverTestFile(doc, offset)?.contents).toContain("The unit of the service's areas");
    expect(hoverTestFile(doc, doc.text.indexOf("PAIE"))).toBeUndefined();
  });
});

describe("diagnostics of a test file", () => {
  const validate = (text: string, given = context()) => validateTestFile(parseTestFile(TEST_FILE, text, 1), given);

  it("has none for a test file whose names and samples are right", async () => {
    expect(await validate(`${CASE}    ou: ou.json\n    expect: {}\n`)).toEqual([]);
  });

  it("reports what the reader reports: a YAML error", async () => {
    const found = await validate(`${CASE}    expect: [\n`);
    expect(found.map((d) => d.code)).toEqual(["syntax-error"]);
  });

  it("reports a box the service does not have, with the nearest name, at the name", async () => {
    const text = `${CASE}      ATTESTATION: samples/payslips/ATTEST.pdf\n    expect: {}\n`;
    const [found, ...rest] = await validate(text);
    expect(rest).toEqual([]);
    expect(found?.code).toBe("unknown-box");
    expect(found?.message).toContain('Did you mean "ATTESTATIONS"?');
    expect(text.slice(found?.span.offset, (found?.span.offset ?? 0) + (found?.span.length ?? 0))).toBe("ATTESTATION");
  });

  it("reports a sample or organizational unit that is not there, and a path leaving the folder, at the path", async () => {
    const text = `cases:\n  - name: x\n    files:\n      PAYSLIPS: [samples/payslips/PAIE.pdf, samples/GONE.pdf]\n      ATTESTATIONS: ../ATTEST.pdf\n    ou: unit.json\n    expect: {}\n`;
    const found = await validate(text);
    const spans = found.map((d) => [d.code, text.slice(d.span.offset, d.span.offset + d.span.length)]);
    expect(spans).toEqual([
      ["bad-sample", "samples/GONE.pdf"],
      ["path-escape", "../ATTEST.pdf"],
      ["bad-sample", "unit.json"],
    ]);
    expect(found[0]?.message).toContain("box PAYSLIPS");
  });

  it("reports a case without expect, at its name, as mailroom test does", async () => {
    const found = await validate(CASE);
    expect(found.map((d) => [d.code, CASE.slice(d.span.offset, d.span.offset + d.span.length)])).toEqual([
      ["no-expectations", "one payslip"],
    ]);
  });

  it("reports a service that cannot be found, at `service` when the file gives it", async () => {
    const missing: TestFileContext = {
      service: { file: `${FOLDER}/other.service.yaml`, problem: "no such file" },
      host: hostOf(SAMPLES),
    };
    const text = `service: other.service.yaml\n${CASE}`;
    const [found] = await validate(text, missing);
    expect(found?.code).toBe("broken-service");
    expect(found?.message).toContain('"other.service.yaml"');
    expect(found?.span).toEqual({ offset: "service: ".length, length: "other.service.yaml".length });
  });
});

describe("the service a test file tests", () => {
  it("is `service` when given, else the test file's name without .test, YAML then JSON", () => {
    expect(testedServiceFiles(TEST_FILE, undefined)).toEqual([SERVICE_FILE, `${FOLDER}/payslips.service.json`]);
    expect(testedServiceFiles(TEST_FILE, "lib/a.service.json")).toEqual([`${FOLDER}/lib/a.service.json`]);
  });
});
