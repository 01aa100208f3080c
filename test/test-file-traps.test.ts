import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
  copyFileSync(join(FIXTURES, "letters.service.yaml"), join(dir, "tests", "letters.service.yaml"));
  writeFileSync(join(dir, "tests", TEST_FILE), testFile);
  return join(dir, "tests");
}

const test = (dir: string, ...args: string[]) => runCli(["test", TEST_FILE, ...args], { cwd: dir, timeout: 60_000 });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "mailroom-traps-"));
  letters = await pdf(["ALICE MARTIN", "BOB DURAND"]);
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
    const dir = workspace(CASE("../../workspace-1/samples/letters.pdf"));
    const result = await test(dir);
    expect(result.stdout).toContain(
      `${TEST_FILE}:4:16  error  Found "../../workspace-1/samples/letters.pdf", which leads outside the workspace of the test file`,
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
