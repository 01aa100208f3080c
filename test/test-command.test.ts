import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";

const FIXTURES = join(repoRoot, "test/fixtures/testing");
const TEST_FILE = "letters.service.test.yaml";
let root: string;
let folders = 0;

/** A PDF with one page per name, each name where the fixture service's area reads it. */
async function pdf(names: readonly string[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const name of names) document.addPage([595, 842]).drawText(name, { x: 55, y: 780, size: 12, font });
  return document.save();
}

const samples: Record<string, Uint8Array> = {};

/** A folder holding the fixture service, its test file (edited by `edit`) and the sample PDFs. */
function folder(edit: (text: string) => string = (text) => text): string {
  const dir = join(root, `case-${++folders}`);
  mkdirSync(dir);
  copyFileSync(join(FIXTURES, "letters.service.yaml"), join(dir, "letters.service.yaml"));
  writeFileSync(join(dir, TEST_FILE), edit(readFileSync(join(FIXTURES, TEST_FILE), "utf8")));
  for (const [name, bytes] of Object.entries(samples)) writeFileSync(join(dir, name), bytes);
  return dir;
}

/** Runs `mailroom test` in a folder, on its test file, with paths shown relative to it. */
const test = (dir: string, ...args: string[]) => runCli(["test", TEST_FILE, ...args], { cwd: dir, timeout: 60_000 });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "mailroom-test-"));
  samples["letters.pdf"] = await pdf(["ALICE MARTIN", "BOB DURAND"]);
  samples["receipt-bob.pdf"] = await pdf(["BOB DURAND"]);
  samples["receipt-carol.pdf"] = await pdf(["CAROL ROUX"]);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("mailroom test", () => {
  it("passes the cases whose expectations hold", async () => {
    const result = await test(folder());
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(
      `${TEST_FILE}  (letters.service.yaml)\n  ✓ two letters and a receipt\n  ✓ a receipt for nobody\n\n1 test file, 2 cases: 2 passed, 0 failed\n`,
    );
    expect(result.code).toBe(0);
  });

  it("shows each difference at its expectation: a metadata, an attachment, a violation", async () => {
    const dir = folder((text) =>
      text
        .replace("customer: BOB DURAND", "customer: BOB DURANT")
        .replace("attachedTo: [LETTERS#2]", "attachedTo: [LETTERS#1]")
        .replace("violations: [{ code: unattached, box: RECEIPTS }]", "violations: []"),
    );
    const result = await test(dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      [
        "  ✗ two letters and a receipt",
        `      ${TEST_FILE}:15:35  LETTERS#2 (letters.pdf, pages 2-2) metadata customer`,
        '        - expected: "BOB DURANT"',
        '        + actual:   "BOB DURAND"',
        `      ${TEST_FILE}:17:25  RECEIPTS#1 (receipt-bob.pdf, pages 1-1) attachedTo`,
        '        - expected: ["LETTERS#1"]',
        '        + actual:   ["LETTERS#2"]',
        "  ✗ a receipt for nobody",
        `      ${TEST_FILE}:25:19  violation unattached on box RECEIPTS`,
        "        - expected: no such violation (it is not listed)",
      ].join("\n"),
    );
    expect(result.stdout).toContain("0 passed, 2 failed");
  });

  it("reports a wrong count of documents once, at the box", async () => {
    const dir = folder((text) =>
      text.replace(
        "      LETTERS: letters.pdf\n      RECEIPTS: [",
        "      LETTERS: receipt-bob.pdf\n      RECEIPTS: [",
      ),
    );
    const result = await test(dir, "--case", "two letters and a receipt");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `${TEST_FILE}:11:11  box LETTERS\n        - expected: 2 documents\n        + actual:   1 document: LETTERS#1 (receipt-bob.pdf, pages 1-1)`,
    );
    expect(result.stdout).not.toContain("a receipt for nobody");
  });

  it("refuses a test file with broken YAML, located, with exit code 2", async () => {
    const result = await test(
      folder((text) => text.replace("RECEIPTS: [receipt-bob.pdf]", "RECEIPTS: [receipt-bob.pdf")),
    );
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(new RegExp(`  ${TEST_FILE}:\\d+:\\d+  error  .*  syntax-error`));
  });

  it("names an unknown box where it is written, with the nearest name", async () => {
    const result = await test(folder((text) => text.replace("        RECEIPTS:\n", "        RECIEPTS:\n")));
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      `${TEST_FILE}:16:9  error  Found box "RECIEPTS", which the service "Letters with receipts" does not have; expected one of its boxes. Did you mean "RECEIPTS"?  unknown-box`,
    );
  });

  it("refuses a missing or corrupted sample file, at its path, and still runs the other cases", async () => {
    const dir = folder((text) => text.replace("RECEIPTS: receipt-carol.pdf", "RECEIPTS: receipt-dave.pdf"));
    writeFileSync(join(dir, "letters.pdf"), (samples["letters.pdf"] as Uint8Array).slice(0, 300));
    const result = await test(dir);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(
      new RegExp(
        `! two letters and a receipt\\n      ${TEST_FILE}:6:16  error  Found that "letters.pdf" \\(box LETTERS\\) cannot be used: .*  bad-sample`,
      ),
    );
    writeFileSync(join(dir, "letters.pdf"), samples["letters.pdf"] as Uint8Array);
    const missing = await test(dir);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toContain(
      `  ✓ two letters and a receipt\n  ! a receipt for nobody\n      ${TEST_FILE}:23:17  error  Found that "receipt-dave.pdf" (box RECEIPTS) cannot be used: no such file; expected a file the box takes.  bad-sample`,
    );
  });

  it("refuses a path leaving the test file's folder, through .. or a symbolic link", async () => {
    const outside = folder((text) => text.replace("LETTERS: letters.pdf", "LETTERS: ../case-1/letters.pdf"));
    const escaped = await test(outside);
    expect(escaped.code).toBe(2);
    expect(escaped.stdout).toContain(
      `${TEST_FILE}:6:16  error  Found "../case-1/letters.pdf", which leads outside the workspace of the test file (the folder of the nearest mailroom.config.yaml, else of the git repository, else its own folder); expected a path inside it.  path-escape`,
    );
    const linked = folder();
    const target = join(root, "elsewhere.pdf");
    writeFileSync(target, samples["receipt-bob.pdf"] as Uint8Array);
    rmSync(join(linked, "receipt-bob.pdf"));
    symlinkSync(target, join(linked, "receipt-bob.pdf"));
    const link = await test(linked);
    expect(link.code).toBe(2);
    expect(link.stdout).toMatch(
      /:7:18 {2}error {2}Found "receipt-bob\.pdf", a symbolic link to ".*elsewhere\.pdf" outside .* {2}path-escape/,
    );
  });

  it("--update writes the outcome, keeping comments and layout, and round-trips", async () => {
    const dir = folder((text) =>
      text
        .replace("customer: BOB DURAND", "customer: BOB DURANT")
        .replace("        RECEIPTS:\n          - attachedTo: [LETTERS#2] # the receipt goes to Bob\n", "")
        .replace("    expect:\n      violations: [{ code: unattached, box: RECEIPTS }]\n", ""),
    );
    const before = readFileSync(join(dir, TEST_FILE), "utf8");
    const updated = await test(dir, "--update");
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain("↻ two letters and a receipt (updated)");
    const after = readFileSync(join(dir, TEST_FILE), "utf8");
    // Only the wrong value changed in the first case; the second, without expectations, got the whole outcome.
    expect(after).toBe(
      before.replace("customer: BOB DURANT", "customer: BOB DURAND") +
        [
          "    expect:",
          "      documents:",
          "        LETTERS:",
          "          - pages: [1, 1]",
          "            metadata: { customer: ALICE MARTIN }",
          "          - pages: [2, 2]",
          "            metadata: { customer: BOB DURAND }",
          "        RECEIPTS:",
          "          - pages: [1, 1]",
          "            metadata: { receiptCustomer: CAROL ROUX }",
          "            attachedTo: []",
          "      violations:",
          "        - { code: unattached, box: RECEIPTS, file: receipt-carol.pdf }",
          "",
        ].join("\n"),
    );
    expect(after).toContain("# Bob's letter is the second page.");
    const again = await test(dir);
    expect(again.code).toBe(0);
    await test(dir, "--update");
    expect(readFileSync(join(dir, TEST_FILE), "utf8")).toBe(after);
  });

  it("writes well-formed JSON and JUnit XML", async () => {
    const dir = folder((text) => text.replace("customer: ALICE MARTIN", 'customer: "<A & B>"'));
    const json = await test(dir, "--format", "json");
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.summary).toEqual({ files: 1, cases: 2, passed: 1, failed: 1, broken: 0, updated: 0, written: 0 });
    expect(report.files[0].cases[0].differences).toEqual([
      {
        line: 12,
        column: 35,
        path: "/cases/0/expect/documents/LETTERS/0/metadata/customer",
        subject: "LETTERS#1 (letters.pdf, pages 1-1) metadata customer",
        expected: '"<A & B>"',
        actual: '"ALICE MARTIN"',
        message: 'LETTERS#1 (letters.pdf, pages 1-1) metadata customer: expected "<A & B>", got "ALICE MARTIN"',
      },
    ]);
    const junit = await test(dir, "--format", "junit");
    expect(junit.code).toBe(1);
    const xml = junit.stdout;
    // No timings: the same files give the same report, byte for byte.
    expect((await test(dir, "--format", "junit")).stdout).toBe(xml);
    expect((await test(dir, "--format", "json")).stdout).toBe(json.stdout);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="mailroom test" tests="2" failures="1" errors="0">',
      ),
    ).toBe(true);
    expect(xml).toContain(`<testsuite name="${TEST_FILE}" tests="2" failures="1" errors="0"`);
    expect(xml).toContain("expected &quot;&lt;A &amp; B&gt;&quot;");
    // Every & starts an entity, and the elements nest.
    expect(xml.replace(/&(amp|lt|gt|quot|apos);/g, "")).not.toMatch(/[&]/);
    const tags = [...xml.matchAll(/<(\/?)(testsuites|testsuite|testcase|failure|error)\b[^>]*?(\/?)>/g)];
    const open: string[] = [];
    for (const [, closing, name, empty] of tags) {
      if (closing) expect(open.pop()).toBe(name);
      else if (!empty) open.push(name as string);
    }
    expect(open).toEqual([]);
  });
});
