import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";

const FIXTURES = join(repoRoot, "test/fixtures/testing");
const TEST_FILE = "letters.service.test.yaml";
let root: string;
let workspaces = 0;
let letters: Uint8Array;
let dated: Uint8Array;

/** A PDF with one page per name, each name where the fixture service's area reads it. */
async function pdf(names: readonly string[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const name of names) document.addPage([595, 842]).drawText(name, { x: 55, y: 780, size: 12, font });
  return document.save();
}

/**
 * A workspace (a folder with `mailroom.config.yaml` when `config`) holding `samples/letters.pdf` and, in
 * `tests/`, the fixture service and a test file of the given text; returns the test file's folder.
 */
function workspace(testFile: string, config = true): string {
  const dir = join(root, `workspace-${++workspaces}`);
  mkdirSync(join(dir, "samples"), { recursive: true });
  mkdirSync(join(dir, "tests"));
  if (config) writeFileSync(join(dir, "mailroom.config.yaml"), "rules: {}\n");
  writeFileSync(join(dir, "samples", "letters.pdf"), letters);
  writeFileSync(join(dir, "samples", "dated.pdf"), dated);
  copyFileSync(join(FIXTURES, "letters.service.yaml"), join(dir, "tests", "letters.service.yaml"));
  writeFileSync(join(dir, "tests", TEST_FILE), testFile);
  return join(dir, "tests");
}

const test = (dir: string, ...args: string[]) => runCli(["test", TEST_FILE, ...args], { cwd: dir, timeout: 60_000 });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "mailroom-traps-"));
  letters = await pdf(["ALICE MARTIN", "BOB DURAND"]);
  dated = await pdf(["2024-02-28"]);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const CASE = (path: string) =>
  `cases:\n  - name: shared sample\n    files:\n      LETTERS: ${path}\n    expect:\n      violations: []\n`;

describe("test file paths", () => {
  it("may lead anywhere inside the workspace, the folder of mailroom.config.yaml", async () => {
    const result = await test(workspace(CASE("../samples/letters.pdf")));
    expect(result.stdout).toContain("  ✓ shared sample\n");
    expect(result.code).toBe(0);
  });

  it("are refused when they leave the workspace", async () => {
    // The sample of the first workspace, from the test folder of another.
    const outside = ["..", "..", "workspace-1", "samples", "letters.pdf"].join("/");
    const dir = workspace(CASE(outside));
    const result = await test(dir);
    expect(result.stdout).toContain(
      `${TEST_FILE}:4:16  error  Found "${outside}", which leads outside the workspace of the test file`,
    );
    expect(result.code).toBe(2);
  });

  it("stay inside the test file's folder when no configuration nor repository marks a workspace", async () => {
    const result = await test(workspace(CASE("../samples/letters.pdf"), false));
    expect(result.stdout).toMatch(
      /:4:16 {2}error {2}Found "\.\.\/samples\/letters\.pdf", which leads outside .* {2}path-escape/,
    );
    expect(result.code).toBe(2);
  });
});

describe("a case without expect", () => {
  const UNEXPECTED = "cases:\n  - name: a date\n    files:\n      LETTERS: ../samples/dated.pdf\n";

  it("is broken (exit 2), saying that it would pass whatever the outcome", async () => {
    const result = await test(workspace(UNEXPECTED));
    expect(result.stdout).toContain(
      `${TEST_FILE}:2:11  error  Case "a date" has no "expect", so it would pass whatever the outcome;`,
    );
    expect(result.stdout).toContain("no-expectations");
    expect(result.code).toBe(2);
  });

  it("gets its outcome from --update, a date-like text written as a quoted string, then passes", async () => {
    const dir = workspace(UNEXPECTED);
    const updated = await test(dir, "--update");
    expect(updated.code).toBe(0);
    const text = readFileSync(join(dir, TEST_FILE), "utf8");
    expect(text).toContain('metadata: { customer: "2024-02-28" }');
    const rerun = await test(dir);
    expect(rerun.stdout).toContain("  ✓ a date\n");
    expect(rerun.code).toBe(0);
  });
});
